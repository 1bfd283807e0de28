import type { AppLoadContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { NewsArticle, NewsArticleRead, NewsReadServices } from '../../../../core/contracts/news';
import { findRedirect } from '../../../../core/routing/redirects';
import { articleAlternates, articleMeta, newsArticleJsonLd } from '../news-seo';
import { loader as articleLoader } from './article';
import { loader as listLoader } from './sports';

const UUID = '0b6f1c9e-3c1a-4a57-9d0e-2f1f7b0a9c11';
const ARTICLE: NewsArticle = {
  uuid: UUID,
  sport: 'football',
  type: 'transfer',
  locale: 'en',
  title: 'Title </script><script>alert(1)</script>',
  summary: 'Summary',
  cover_keys: ['public/abc/w1280.webp', 'public/abc/w320.webp'],
  release_date: '2026-11-27',
  released_at: '2026-11-27T10:00:00.000Z',
  path: `/sports/transfer/2026-11-27/${UUID}`,
  body_html: '<p>x</p>',
  modified_at: '2026-11-27T12:00:00.000Z',
  tags: [{ type: 'team', id: 3, name: 'Team' }],
  locales: ['en', 'zh'],
};

function contextWith(read: NewsArticleRead | null): AppLoadContext {
  const news: NewsReadServices = { list: async () => ({ list: [], next_cursor: null }), article: async () => read };
  return { news } as unknown as AppLoadContext;
}

async function thrown(run: () => Promise<unknown>): Promise<Response> {
  try {
    await run();
  } catch (error) {
    if (error instanceof Response) return error;
    if (error && typeof error === 'object' && 'init' in error) return new Response(null, (error as { init: ResponseInit }).init);
    throw error;
  }
  throw new Error('expected the loader to throw');
}

const args = (url: string, params: Record<string, string>, context: AppLoadContext) =>
  ({ request: new Request(`http://localhost${url}`), params, context }) as unknown as Parameters<typeof listLoader>[0];

describe('the sports pages', () => {
  it('sends the old site’s addresses to today’s types for good', async () => {
    expect(findRedirect('/sports_102/2020-01-01/abc123')).toEqual({ location: '/sports/102', status: 301 });
    const moved = await thrown(() => listLoader(args('/en/sports/102', { type: '102' }, contextWith(null))));
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/en/sports/transfer');
    const unknown = await thrown(() => listLoader(args('/sports/999', { type: '999' }, contextWith(null))));
    expect(unknown.headers.get('location')).toBe('/sports');
    expect((await thrown(() => listLoader(args('/sports/gossip', { type: 'gossip' }, contextWith(null))))).status).toBe(404);
  });

  it('moves a wrong type or date to the article’s address, and answers a draft or unknown uuid 404', async () => {
    const context = contextWith({ kind: 'article', article: ARTICLE });
    const wrong = await thrown(() => articleLoader(args(`/en/sports/report/2026-01-01/${UUID}`, { type: 'report', releaseDate: '2026-01-01', uuid: UUID }, context)));
    expect(wrong.status).toBe(301);
    expect(wrong.headers.get('location')).toBe(`/en${ARTICLE.path}`);
    const missing = await thrown(() => articleLoader(args(`/en${ARTICLE.path}`, { type: 'transfer', releaseDate: '2026-11-27', uuid: UUID }, contextWith(null))));
    expect(missing.status).toBe(404);
    const malformed = await thrown(() => articleLoader(args('/en/sports/transfer/2026-11-27/x', { type: 'transfer', releaseDate: '2026-11-27', uuid: 'x' }, context)));
    expect(malformed.status).toBe(404);
  });

  it('answers a language the article is not written in with 404 and the languages it is', async () => {
    const read: NewsArticleRead = { kind: 'untranslated', uuid: UUID, type: 'transfer', release_date: '2026-11-27', locales: ['en'], titles: { en: 'T' } };
    const answer = (await articleLoader(args(ARTICLE.path, { type: 'transfer', releaseDate: '2026-11-27', uuid: UUID }, contextWith(read)))) as unknown as { init: ResponseInit; data: { read: NewsArticleRead } };
    expect(answer.init.status).toBe(404);
    expect(answer.data.read).toEqual(read);
  });

  it('names every existing version with hreflang and x-default, and describes the article as NewsArticle', () => {
    expect(articleAlternates(ARTICLE, 'https://tribun.example')).toEqual([
      { hreflang: 'en', href: `https://tribun.example/en${ARTICLE.path}` },
      { hreflang: 'zh', href: `https://tribun.example/zh${ARTICLE.path}` },
      { hreflang: 'x-default', href: `https://tribun.example/en${ARTICLE.path}` },
    ]);
    const ld = newsArticleJsonLd(ARTICLE, 'https://tribun.example');
    expect(ld).toMatchObject({
      '@type': 'NewsArticle',
      headline: ARTICLE.title,
      datePublished: ARTICLE.released_at,
      dateModified: ARTICLE.modified_at,
      inLanguage: 'en-US',
      image: ['https://tribun.example/files/public/abc/w1280.webp'],
      publisher: { '@type': 'Organization', name: 'Tribün' },
    });
    const meta = articleMeta(ARTICLE, 'https://tribun.example');
    expect(meta).toContainEqual({ tagName: 'link', rel: 'canonical', href: `https://tribun.example/en${ARTICLE.path}` });
    expect(meta).toContainEqual({ property: 'og:type', content: 'article' });
    expect(meta).toContainEqual({ property: 'og:image', content: 'https://tribun.example/files/public/abc/w1280.webp' });
  });
});
