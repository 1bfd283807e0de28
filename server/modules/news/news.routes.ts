import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { apiSuccessSchema, ErrorBodySchema } from '../../../core/contracts/api';
import type { Endpoint } from '../../../core/contracts/endpoints';
import { newsEndpoints, NewsUuidParamsSchema } from '../../../core/contracts/news';
import { LOCALES, type Locale } from '../../../core/locale';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { requireRole } from '../../http/current-user';
import type { SiteOrigin } from '../../http/site-origin';
import { readUploads, registerUploads, uploadKeys, type UploadPipeline } from '../../http/uploads';
import { buildNewsSitemapXml, buildRssXml } from './news-feeds';
import { createArticle, editArticle, listArticles, listRecent, publishArticle, readArticle, staffArticle, staffListArticles, unpublishArticle } from './news.service';

export interface NewsRouteOptions {
  db: Db;
  siteOrigin: SiteOrigin;
  /** the upload pipeline of covers; without it the cover upload answers 503 */
  uploads?: UploadPipeline;
  now?: () => Date;
}

const STAFF_ROLES = ['staff', 'admin'] as const;
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };
const ok = <T>(data: T) => ({ code: 0 as const, msg: 'success', data });
/** The news sitemap holds what was released in the last two days (Google News' rule). */
export const NEWS_SITEMAP_WINDOW_MS = 2 * 86_400_000;
/** A feed carries the latest 50 articles of its language. */
export const RSS_ITEMS = 50;
const RSS_WINDOW_MS = 365 * 86_400_000;

function schemaOf<Q extends z.ZodType | undefined, B extends z.ZodType | undefined, D extends z.ZodType, P extends z.ZodType | undefined = undefined>(
  endpoint: Endpoint<Q, B, D>,
  extra: { summary: string; params?: P; tags?: string[] },
) {
  const schema = {
    tags: extra.tags ?? ['news'],
    summary: extra.summary,
    params: extra.params as P,
    querystring: endpoint.query as Q,
    body: endpoint.body as B,
    response: { 200: apiSuccessSchema(endpoint.data), ...errors },
  };
  for (const part of ['params', 'querystring', 'body'] as const) if (schema[part] === undefined) delete schema[part];
  return schema;
}

/**
 * Sports news' API (docs/decisions/144): public reads of published articles; staff write,
 * publish and unpublish (401 signed out, 403 without a staff role); the news sitemap and one
 * RSS feed per language.
 */
export const newsRoutes: FastifyPluginAsyncZod<NewsRouteOptions> = async (app, options) => {
  const { db } = options;
  const now = () => options.now?.() ?? new Date();
  const e = newsEndpoints;
  await registerUploads(app);

  app.get(e.list.path, { schema: schemaOf(e.list, { summary: 'The latest published articles of a language, by sport, type or tag' }) }, async (request) => {
    const q = request.query;
    const tag = q.tag_type && q.tag_id ? { type: q.tag_type, id: q.tag_id } : undefined;
    return ok(await listArticles(db, { locale: q.locale, sport: q.sport, type: q.type, tag, cursor: q.cursor, size: q.size, now: now() }));
  });

  app.get(e.get.path, { schema: schemaOf(e.get, { summary: 'One published article in a language, or the languages it is written in', params: NewsUuidParamsSchema }) }, async (request) => {
    const answer = await readArticle(db, { uuid: request.params.uuid, locale: request.query.locale, now: now() });
    if (!answer) throw new AppError('NOT_FOUND', { message: 'news.article.notFound' });
    return ok(answer);
  });

  const staffSchema = <Q extends z.ZodType | undefined, B extends z.ZodType | undefined, D extends z.ZodType, P extends z.ZodType | undefined = undefined>(endpoint: Endpoint<Q, B, D>, summary: string, params?: P) =>
    schemaOf(endpoint, { summary, params, tags: ['staff'] });

  app.get(e.staffList.path, { schema: staffSchema(e.staffList, 'Staff list every article, drafts included, last changed first') }, async (request, reply) => {
    requireRole(request, STAFF_ROLES);
    void reply.header('cache-control', 'private, no-store');
    return ok(await staffListArticles(db, request.query));
  });

  app.get(e.staffGet.path, { schema: staffSchema(e.staffGet, 'Staff read an article with every translation', NewsUuidParamsSchema) }, async (request, reply) => {
    requireRole(request, STAFF_ROLES);
    void reply.header('cache-control', 'private, no-store');
    return ok(await staffArticle(db, request.params.uuid));
  });

  app.post(e.staffCreate.path, { schema: staffSchema(e.staffCreate, 'Staff write a new article (a draft) in up to three languages') }, async (request) => {
    const staff = requireRole(request, STAFF_ROLES);
    return ok(await db.transaction((tx) => createArticle(tx, { staff, input: request.body, now: now() })));
  });

  app.put(e.staffEdit.path, { schema: staffSchema(e.staffEdit, 'Staff rewrite an article; a language left out is removed', NewsUuidParamsSchema) }, async (request) => {
    const staff = requireRole(request, STAFF_ROLES);
    return ok(await db.transaction((tx) => editArticle(tx, { uuid: request.params.uuid, staff, input: request.body, now: now() })));
  });

  app.post(e.staffPublish.path, { schema: staffSchema(e.staffPublish, 'Staff publish an article (the first time sets its release date)', NewsUuidParamsSchema) }, async (request) => {
    const staff = requireRole(request, STAFF_ROLES);
    return ok(await db.transaction((tx) => publishArticle(tx, { uuid: request.params.uuid, staff, now: now() })));
  });

  app.post(e.staffUnpublish.path, { schema: staffSchema(e.staffUnpublish, 'Staff take an article off the site (a draft again)', NewsUuidParamsSchema) }, async (request) => {
    const staff = requireRole(request, STAFF_ROLES);
    return ok(await db.transaction((tx) => unpublishArticle(tx, { uuid: request.params.uuid, staff, now: now() })));
  });

  app.post(e.staffUpload.path, { schema: { tags: ['staff'], summary: 'Staff upload a cover picture (multipart, field `file`, up to 10 MB)', response: { 200: apiSuccessSchema(e.staffUpload.data), ...errors } } }, async (request) => {
    requireRole(request, STAFF_ROLES);
    if (!options.uploads) throw new AppError('UPLOAD_FAILED');
    const { files } = await readUploads(request, options.uploads, { maxFiles: 1, maxMegabytes: 10, kinds: ['image'], visibility: 'public' });
    const file = files[0];
    if (!file) throw new AppError('UPLOAD_EMPTY');
    // the largest variant first: the page shows it, lists take the small one
    const keys = uploadKeys([file]).sort((a, b) => (a === file.key ? -1 : b === file.key ? 1 : 0));
    return ok({ keys, preview_key: file.key, width: file.width, height: file.height });
  });

  /* Feeds. */

  app.get('/news-sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const at = now();
    const since = new Date(at.getTime() - NEWS_SITEMAP_WINDOW_MS);
    const items = (await Promise.all(LOCALES.map(({ code }) => listRecent(db, { locale: code, since, now: at, limit: 1000 })))).flat();
    items.sort((a, b) => b.released_at.localeCompare(a.released_at) || a.uuid.localeCompare(b.uuid));
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=300').send(buildNewsSitemapXml({ origin: options.siteOrigin(request), items }));
  });

  for (const { code } of LOCALES) {
    const path = code === 'tr' ? '/sports/rss.xml' : `/${code}/sports/rss.xml`;
    app.get(path, { schema: { hide: true } }, async (request, reply) => {
      const at = now();
      const items = await listRecent(db, { locale: code as Locale, since: new Date(at.getTime() - RSS_WINDOW_MS), now: at, limit: RSS_ITEMS });
      return reply
        .type('application/rss+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(buildRssXml({ origin: options.siteOrigin(request), locale: code as Locale, items, now: at }));
    });
  }
};
