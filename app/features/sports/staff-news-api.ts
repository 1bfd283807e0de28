import type { NewsArticleInput } from '../../../core/contracts/news';
import { endpointCalls } from '../../lib/endpoint-calls';

/** The staff console's news pages and their API (core/contracts/news.ts, docs/decisions/144). */
export const STAFF_NEWS = '/staff/news';
export const STAFF_NEWS_NEW = '/staff/news/new';
export const staffNewsPath = (uuid: string) => `${STAFF_NEWS}/${uuid}`;

const news = endpointCalls(async () => (await import('../../../core/contracts/news')).newsEndpoints);

export const staffNewsApi = {
  list: (query: { page: number; size: number }) => news('staffList', { query }),
  get: (uuid: string) => news('staffGet', { params: { uuid } }),
  create: (body: NewsArticleInput) => news('staffCreate', { body }),
  edit: (uuid: string, body: NewsArticleInput) => news('staffEdit', { params: { uuid }, body }),
  publish: (uuid: string) => news('staffPublish', { params: { uuid } }),
  unpublish: (uuid: string) => news('staffUnpublish', { params: { uuid } }),
  upload: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return news('staffUpload', { body: form });
  },
};
