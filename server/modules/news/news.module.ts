import type { NewsReadServices } from '../../../core/contracts/news';
import type { Db } from '../../db/client';
import type { TribunModule } from '../definition';
import { newsRoutes } from './news.routes';
import { listArticles, readArticle } from './news.service';

/** What the news pages read on the server: the same answers as the public API. */
export function createNewsPageReads(db: Db, now: () => Date = () => new Date()): NewsReadServices {
  return {
    list: (options) => listArticles(db, { ...options, size: options.size ?? 20, now: now() }),
    article: (options) => readArticle(db, { ...options, now: now() }),
  };
}

/** Sports news (issue 25, docs/decisions/144): staff articles in three linked languages, their pages, the news sitemap and the feeds. */
export const newsModule: TribunModule = {
  name: 'news',
  async routes(app, context) {
    await app.register(newsRoutes, { db: context.db, siteOrigin: context.siteOrigin, uploads: context.options.files?.uploads });
  },
  pageReads: ({ db }) => ({ reads: { news: createNewsPageReads(db) } }),
};
