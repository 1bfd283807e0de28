import { z } from 'zod';
import type { Locale } from '../locale';
import { defineEndpoint } from './endpoints';
import { SportSchema, type Sport } from './matches';
import { multiLineText, singleLineText } from './text';

/**
 * Sports news (issue 25, docs/decisions/144): articles written by staff. One article is one uuid
 * with up to three linked translations (tr, en, zh); its address is
 * `/sports/{type}/{release_date}/{uuid}` under each language's prefix. Staff write drafts and
 * publish them; readers see only published articles released by now, in the language they read.
 */

/** The `{type}` of the address, in the order the pages list them. */
export const NEWS_TYPES = ['news', 'transfer', 'preview', 'report', 'analysis', 'interview'] as const;
export type NewsType = (typeof NEWS_TYPES)[number];

/**
 * The old site's three-digit sports codes (`/sports_{code}/{date}/{id}` → `/sports/{code}`,
 * specification section 2) read onto today's types; an unknown code goes to `/sports`.
 */
export const LEGACY_NEWS_CODES: Readonly<Record<string, NewsType>> = {
  '101': 'news',
  '102': 'transfer',
  '103': 'preview',
  '104': 'report',
  '105': 'analysis',
  '106': 'interview',
};

export const NEWS_LOCALES = ['tr', 'en', 'zh'] as const satisfies readonly Locale[];
export const NEWS_STATUSES = ['draft', 'published'] as const;
export type NewsStatus = (typeof NEWS_STATUSES)[number];

export const NEWS_TITLE_MAX = 160;
export const NEWS_SUMMARY_MAX = 400;
/** The most characters of an article's words (counted without markup). */
export const NEWS_BODY_TEXT_MAX = 30_000;
/** The most HTML a body may arrive as. */
export const NEWS_BODY_HTML_MAX = 120_000;
export const NEWS_TAGS_MAX = 12;

export function isNewsType(value: unknown): value is NewsType {
  return typeof value === 'string' && (NEWS_TYPES as readonly string[]).includes(value);
}

/** An article's uuid: lowercase RFC 4122 form (what `crypto.randomUUID` makes). */
export const NEWS_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Any short text: a malformed uuid answers 404 exactly like an unknown one. */
export const NewsUuidParamsSchema = z.object({ uuid: z.string().max(100) });

export const NewsTagSchema = z.object({
  type: z.enum(['match', 'team', 'competition'], { error: 'news.tag.invalid' }),
  id: z.number({ error: 'news.tag.invalid' }).int({ error: 'news.tag.invalid' }).min(1, { error: 'news.tag.invalid' }).max(2_147_483_647, { error: 'news.tag.invalid' }),
});
export type NewsTag = z.infer<typeof NewsTagSchema>;

/** A stored file's key as the upload pipeline names it: only public pictures are covers. */
const CoverKeySchema = singleLineText().regex(/^public\/[A-Za-z0-9_-]{1,64}\/[A-Za-z0-9_.-]{1,64}$/, { error: 'news.cover.unavailable' });
export const NewsCoverInputSchema = z.object({ keys: z.array(CoverKeySchema).min(1, { error: 'news.cover.unavailable' }).max(4, { error: 'news.cover.unavailable' }) });

export const NewsTranslationInputSchema = z.object({
  title: singleLineText().trim().min(1, { error: 'news.title.required' }).max(NEWS_TITLE_MAX, { error: 'news.title.tooLong' }),
  summary: multiLineText().trim().min(1, { error: 'news.summary.required' }).max(NEWS_SUMMARY_MAX, { error: 'news.summary.tooLong' }),
  /** the editor's HTML; the server keeps only its allow-listed form */
  body: multiLineText().max(NEWS_BODY_HTML_MAX, { error: 'news.body.tooLarge' }),
});
export type NewsTranslationInput = z.infer<typeof NewsTranslationInputSchema>;

export const NewsArticleInputSchema = z.object({
  sport: SportSchema,
  type: z.enum(NEWS_TYPES, { error: 'news.type.invalid' }),
  cover: NewsCoverInputSchema.nullable().optional(),
  tags: z.array(NewsTagSchema).max(NEWS_TAGS_MAX, { error: 'news.tag.tooMany' }).optional().default([]),
  /** the linked translations; at least one. A language left out of an edit is removed. */
  translations: z
    .object({ tr: NewsTranslationInputSchema.optional(), en: NewsTranslationInputSchema.optional(), zh: NewsTranslationInputSchema.optional() })
    .refine((value) => value.tr !== undefined || value.en !== undefined || value.zh !== undefined, { error: 'news.translations.required' }),
});
export type NewsArticleInput = z.infer<typeof NewsArticleInputSchema>;

const INT_MAX = 2_147_483_647;
const size = z.coerce.number().int().min(1).max(50).optional().default(20);
/** The position in a list: `<released_at ms>.<article id>` of the last of the page before. */
const NewsCursorSchema = z
  .string()
  .regex(/^\d{1,15}\.\d{1,10}$/, { error: 'news.cursorInvalid' })
  .refine((value) => Number(value.split('.')[1]) <= INT_MAX, { error: 'news.cursorInvalid' });

export const NewsLocaleSchema = z.enum(NEWS_LOCALES, { error: 'news.locale.invalid' });

export const NewsListQuerySchema = z.object({
  locale: NewsLocaleSchema.optional().default('tr'),
  sport: SportSchema.optional(),
  type: z.enum(NEWS_TYPES, { error: 'news.type.invalid' }).optional(),
  tag_type: z.enum(['match', 'team', 'competition'], { error: 'news.tag.invalid' }).optional(),
  tag_id: z.coerce.number().int().min(1).max(INT_MAX).optional(),
  cursor: NewsCursorSchema.optional(),
  size,
});
export type NewsListQuery = z.infer<typeof NewsListQuerySchema>;
export const NewsArticleQuerySchema = z.object({ locale: NewsLocaleSchema.optional().default('tr') });

export const NewsTagViewSchema = NewsTagSchema.extend({ name: z.string() });
export type NewsTagView = z.infer<typeof NewsTagViewSchema>;

/** An article in one language, as lists show it. */
export const NewsCardSchema = z.object({
  uuid: z.string(),
  sport: SportSchema,
  type: z.enum(NEWS_TYPES),
  locale: NewsLocaleSchema,
  title: z.string(),
  summary: z.string(),
  /** the cover's variant keys (`/files/<key>`), the largest first; null without a cover */
  cover_keys: z.array(z.string()).nullable(),
  /** YYYY-MM-DD (UTC): the `{release_date}` of the address */
  release_date: z.string(),
  released_at: z.string(),
  /** the unprefixed address; the page adds the language prefix */
  path: z.string(),
});
export type NewsCard = z.infer<typeof NewsCardSchema>;

export const NewsListDataSchema = z.object({ list: z.array(NewsCardSchema), next_cursor: z.string().nullable() });
export type NewsListData = z.infer<typeof NewsListDataSchema>;

/** One published article as a reader of one language sees it, or the languages it exists in. */
export const NewsArticleSchema = NewsCardSchema.extend({
  /** sanitised HTML (the allow-list of docs/decisions/144) */
  body_html: z.string(),
  modified_at: z.string(),
  tags: z.array(NewsTagViewSchema),
  /** every language the article is written in (hreflang), this one included */
  locales: z.array(NewsLocaleSchema),
});
export type NewsArticle = z.infer<typeof NewsArticleSchema>;

/** The page of an article: it in the asked language, or only where it exists (no translation in that language). */
export type NewsArticleRead =
  | { kind: 'article'; article: NewsArticle }
  | { kind: 'untranslated'; uuid: string; type: NewsType; release_date: string; locales: NewsArticle['locales']; titles: Partial<Record<Locale, string>> };

export const NewsArticleReadSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('article'), article: NewsArticleSchema }),
  z.object({
    kind: z.literal('untranslated'),
    uuid: z.string(),
    type: z.enum(NEWS_TYPES),
    release_date: z.string(),
    locales: z.array(NewsLocaleSchema),
    titles: z.object({ tr: z.string().optional(), en: z.string().optional(), zh: z.string().optional() }),
  }),
]);

const StaffTranslationSchema = z.object({
  title: z.string(),
  summary: z.string(),
  body_html: z.string(),
  updated_at: z.string(),
  updated_by: z.number().int().nullable(),
});

/** An article as staff edit it: every language, drafts included. */
export const StaffNewsArticleSchema = z.object({
  uuid: z.string(),
  sport: SportSchema,
  type: z.enum(NEWS_TYPES),
  status: z.enum(NEWS_STATUSES),
  cover_keys: z.array(z.string()).nullable(),
  tags: z.array(NewsTagViewSchema),
  translations: z.object({ tr: StaffTranslationSchema.optional(), en: StaffTranslationSchema.optional(), zh: StaffTranslationSchema.optional() }),
  /** set at the first publication; null for an article never published */
  release_date: z.string().nullable(),
  released_at: z.string().nullable(),
  created_at: z.string(),
  created_by: z.number().int(),
  updated_at: z.string(),
  updated_by: z.number().int(),
  /** the unprefixed public address, once released */
  path: z.string().nullable(),
});
export type StaffNewsArticle = z.infer<typeof StaffNewsArticleSchema>;

export const StaffNewsListQuerySchema = z.object({
  status: z.enum(NEWS_STATUSES, { error: 'news.status.invalid' }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
  size,
});
export const StaffNewsListDataSchema = z.object({ list: z.array(StaffNewsArticleSchema), total: z.number().int(), page: z.number().int(), size: z.number().int() });
export type StaffNewsListData = z.infer<typeof StaffNewsListDataSchema>;

/** What the cover upload stored: the keys an article's `cover.keys` then names. */
export const NewsUploadDataSchema = z.object({ keys: z.array(z.string()), preview_key: z.string(), width: z.number().int(), height: z.number().int() });

export const newsEndpoints = {
  list: defineEndpoint({ method: 'GET', path: '/api/news/articles', query: NewsListQuerySchema, data: NewsListDataSchema }),
  get: defineEndpoint({ method: 'GET', path: '/api/news/articles/:uuid', query: NewsArticleQuerySchema, data: NewsArticleReadSchema }),
  staffList: defineEndpoint({ method: 'GET', path: '/api/staff/news/articles', query: StaffNewsListQuerySchema, data: StaffNewsListDataSchema }),
  staffGet: defineEndpoint({ method: 'GET', path: '/api/staff/news/articles/:uuid', data: StaffNewsArticleSchema }),
  staffCreate: defineEndpoint({ method: 'POST', path: '/api/staff/news/articles', body: NewsArticleInputSchema, data: StaffNewsArticleSchema }),
  staffEdit: defineEndpoint({ method: 'PUT', path: '/api/staff/news/articles/:uuid', body: NewsArticleInputSchema, data: StaffNewsArticleSchema }),
  staffPublish: defineEndpoint({ method: 'POST', path: '/api/staff/news/articles/:uuid/publish', data: StaffNewsArticleSchema }),
  staffUnpublish: defineEndpoint({ method: 'POST', path: '/api/staff/news/articles/:uuid/unpublish', data: StaffNewsArticleSchema }),
  /** one cover picture (multipart, field `file`) */
  staffUpload: defineEndpoint({ method: 'POST', path: '/api/staff/news/uploads', body: z.custom<FormData>(() => true), data: NewsUploadDataSchema }),
};

/** The unprefixed public address of an article. */
export function newsArticlePath(article: { type: NewsType; release_date: string; uuid: string }): string {
  return `/sports/${article.type}/${article.release_date}/${article.uuid}`;
}

/** What the pages read on the server (the same answers as the public API). */
export interface NewsReadServices {
  list(options: { locale: Locale; sport?: Sport; type?: NewsType; tag?: { type: NewsTag['type']; id: number }; size?: number; cursor?: string }): Promise<NewsListData>;
  /** null when no published article has this uuid */
  article(options: { uuid: string; locale: Locale }): Promise<NewsArticleRead | null>;
}

declare module './services' {
  interface ServerLoadContext {
    /** the news pages' reads; absent in loader tests without them */
    news?: NewsReadServices;
  }
}
