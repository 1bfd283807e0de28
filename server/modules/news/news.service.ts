import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, exists, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  NEWS_BODY_TEXT_MAX,
  NEWS_LOCALES,
  isNewsType,
  newsArticlePath,
  type NewsArticle,
  type NewsArticleInput,
  type NewsArticleRead,
  type NewsCard,
  type NewsListData,
  type NewsTag,
  type NewsTagView,
  type NewsType,
  type StaffNewsArticle,
  type StaffNewsListData,
} from '../../../core/contracts/news';
import type { Sport } from '../../../core/contracts/matches';
import type { Locale } from '../../../core/locale';
import type { Db, DbTransaction } from '../../db/client';
import { competitions } from '../../db/schema/competitions';
import { matches } from '../../db/schema/matches';
import { teams } from '../../db/schema/teams';
import { AppError, invalidFields } from '../../errors';
import { claimStoredFiles, releaseStoredFiles } from '../../storage/stored-files';
import { articleTextOf, sanitizeArticleHtml } from './article-html';
import { newsArticleTags, newsArticles, newsTranslations } from './schema';

/**
 * Sports news' verbs (docs/decisions/144). Writes run in the caller's transaction and are staff
 * only (the routes check the role). Readers see an article only when it is published and
 * released by now; anything else — a draft, an unknown or malformed uuid — is NOT_FOUND alike.
 */

type Tx = Db | DbTransaction;
type ArticleRow = typeof newsArticles.$inferSelect;
type TranslationRow = typeof newsTranslations.$inferSelect;
type NewsLocale = (typeof NEWS_LOCALES)[number];

export interface StaffActor {
  id: number;
}

const notFound = () => new AppError('NOT_FOUND', { message: 'news.article.notFound' });

/** YYYY-MM-DD of an instant in UTC: the `{release_date}` of the address. */
export function releaseDateOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/* Writing. */

interface CleanTranslation {
  locale: NewsLocale;
  title: string;
  summary: string;
  bodyHtml: string;
  bodyText: string;
}

/** The translations of an input, their bodies sanitised; a body with no words or too many is refused before anything is written. */
export function cleanTranslations(input: NewsArticleInput): CleanTranslation[] {
  const cleaned: CleanTranslation[] = [];
  const errors: { field: string; message: 'news.body.required' | 'news.body.tooLong'; params?: Record<string, number> }[] = [];
  for (const locale of NEWS_LOCALES) {
    const translation = input.translations[locale];
    if (!translation) continue;
    const bodyHtml = sanitizeArticleHtml(translation.body);
    const bodyText = articleTextOf(bodyHtml);
    if (bodyText.length === 0 && !bodyHtml.includes('<img')) errors.push({ field: `translations.${locale}.body`, message: 'news.body.required' });
    else if (bodyText.length > NEWS_BODY_TEXT_MAX) errors.push({ field: `translations.${locale}.body`, message: 'news.body.tooLong', params: { max: NEWS_BODY_TEXT_MAX } });
    cleaned.push({ locale, title: translation.title, summary: translation.summary, bodyHtml, bodyText });
  }
  if (errors.length > 0) throw invalidFields(errors);
  return cleaned;
}

/** Each tag must name a match, team or competition of the article's sport; repeated tags count once. */
async function checkTags(tx: Tx, tags: readonly NewsTag[], sport: Sport): Promise<NewsTag[]> {
  const unique = [...new Map(tags.map((tag) => [`${tag.type}:${tag.id}`, tag])).values()];
  for (const type of ['match', 'team', 'competition'] as const) {
    const ids = unique.filter((tag) => tag.type === type).map((tag) => tag.id);
    if (ids.length === 0) continue;
    const table = type === 'match' ? matches : type === 'team' ? teams : competitions;
    const found = await tx.select({ id: table.id }).from(table).where(and(inArray(table.id, ids), eq(table.sport, sport)));
    if (found.length !== ids.length) throw invalidFields([{ field: 'tags', message: 'news.tag.unknown' }]);
  }
  return unique;
}

/** Takes the cover's keys (the writer's own unclaimed uploads) unless the article holds them already; gives back the ones it no longer names. */
async function swapCover(tx: DbTransaction, options: { before: string[] | null; after: string[] | null; staff: StaffActor; now: Date }): Promise<void> {
  const before = new Set(options.before ?? []);
  const after = options.after ?? [];
  const fresh = after.filter((key) => !before.has(key));
  if (fresh.length > 0) {
    const { missing } = await claimStoredFiles(tx, { keys: fresh, ownerId: options.staff.id, now: options.now });
    if (missing.length > 0) throw invalidFields([{ field: 'cover', message: 'news.cover.unavailable' }]);
  }
  const dropped = [...before].filter((key) => !after.includes(key));
  await releaseStoredFiles(tx, dropped);
}

function coverKeysOf(input: NewsArticleInput): string[] | null {
  if (!input.cover) return null;
  const keys = [...new Set(input.cover.keys)];
  return keys.length > 0 ? keys : null;
}

async function writeParts(tx: DbTransaction, article: ArticleRow, input: NewsArticleInput, translations: CleanTranslation[], tags: NewsTag[], staff: StaffActor, now: Date) {
  const existing = await tx.select().from(newsTranslations).where(eq(newsTranslations.articleId, article.id));
  const kept = new Set(translations.map((t) => t.locale));
  const gone = existing.filter((row) => !kept.has(row.locale)).map((row) => row.locale);
  if (gone.length > 0) await tx.delete(newsTranslations).where(and(eq(newsTranslations.articleId, article.id), inArray(newsTranslations.locale, gone)));
  for (const translation of translations) {
    const before = existing.find((row) => row.locale === translation.locale);
    const unchanged = before && before.title === translation.title && before.summary === translation.summary && before.bodyHtml === translation.bodyHtml;
    if (unchanged) continue;
    const values = { title: translation.title, summary: translation.summary, bodyHtml: translation.bodyHtml, bodyText: translation.bodyText, updatedAt: now, updatedBy: staff.id };
    await tx
      .insert(newsTranslations)
      .values({ articleId: article.id, locale: translation.locale, ...values })
      .onConflictDoUpdate({ target: [newsTranslations.articleId, newsTranslations.locale], set: values });
  }
  await tx.delete(newsArticleTags).where(eq(newsArticleTags.articleId, article.id));
  if (tags.length > 0) await tx.insert(newsArticleTags).values(tags.map((tag) => ({ articleId: article.id, tagType: tag.type, tagId: tag.id })));
  void input;
}

/** A new draft with its translations, cover and tags. */
export async function createArticle(tx: DbTransaction, options: { staff: StaffActor; input: NewsArticleInput; now: Date }): Promise<StaffNewsArticle> {
  const { staff, input, now } = options;
  const translations = cleanTranslations(input);
  const tags = await checkTags(tx, input.tags, input.sport);
  const coverKeys = coverKeysOf(input);
  const [article] = await tx
    .insert(newsArticles)
    .values({ uuid: randomUUID(), sport: input.sport, type: input.type, status: 'draft', coverKeys, createdAt: now, createdBy: staff.id, updatedAt: now, updatedBy: staff.id })
    .returning();
  if (!article) throw new Error('article insert returned nothing');
  await swapCover(tx, { before: null, after: coverKeys, staff, now });
  await writeParts(tx, article, input, translations, tags, staff, now);
  return staffArticle(tx, article.uuid);
}

async function lockArticle(tx: Tx, uuid: string): Promise<ArticleRow> {
  const [article] = await tx.select().from(newsArticles).where(eq(newsArticles.uuid, uuid)).for('update');
  if (!article) throw notFound();
  return article;
}

/** Rewrites an article: its sport, type, cover, tags and translations (a language left out is removed). A published one changes in place. */
export async function editArticle(tx: DbTransaction, options: { uuid: string; staff: StaffActor; input: NewsArticleInput; now: Date }): Promise<StaffNewsArticle> {
  const { staff, input, now } = options;
  const article = await lockArticle(tx, options.uuid);
  const translations = cleanTranslations(input);
  const tags = await checkTags(tx, input.tags, input.sport);
  const coverKeys = coverKeysOf(input);
  await swapCover(tx, { before: article.coverKeys, after: coverKeys, staff, now });
  await tx.update(newsArticles).set({ sport: input.sport, type: input.type, coverKeys, updatedAt: now, updatedBy: staff.id }).where(eq(newsArticles.id, article.id));
  await writeParts(tx, article, input, translations, tags, staff, now);
  return staffArticle(tx, article.uuid);
}

/** Publishes an article; the first publication sets its release (the address's date), a later one keeps it. */
export async function publishArticle(tx: DbTransaction, options: { uuid: string; staff: StaffActor; now: Date }): Promise<StaffNewsArticle> {
  const article = await lockArticle(tx, options.uuid);
  if (article.status !== 'published') {
    await tx
      .update(newsArticles)
      .set({ status: 'published', releasedAt: article.releasedAt ?? options.now, updatedAt: options.now, updatedBy: options.staff.id })
      .where(eq(newsArticles.id, article.id));
  }
  return staffArticle(tx, article.uuid);
}

/** Takes an article off the site (a draft again); its address answers 404 until it is published again. */
export async function unpublishArticle(tx: DbTransaction, options: { uuid: string; staff: StaffActor; now: Date }): Promise<StaffNewsArticle> {
  const article = await lockArticle(tx, options.uuid);
  if (article.status !== 'draft') {
    await tx.update(newsArticles).set({ status: 'draft', updatedAt: options.now, updatedBy: options.staff.id }).where(eq(newsArticles.id, article.id));
  }
  return staffArticle(tx, article.uuid);
}

/* Staff reads. */

async function tagViews(tx: Tx, articleIds: readonly number[], locale: Locale): Promise<Map<number, NewsTagView[]>> {
  const byArticle = new Map<number, NewsTagView[]>();
  if (articleIds.length === 0) return byArticle;
  const rows = await tx.select().from(newsArticleTags).where(inArray(newsArticleTags.articleId, [...articleIds]));
  const idsOf = (type: NewsTag['type']) => [...new Set(rows.filter((row) => row.tagType === type).map((row) => row.tagId))];
  const names = new Map<string, string>();
  const teamIds = idsOf('team');
  const competitionIds = idsOf('competition');
  const matchIds = idsOf('match');
  const matchRows = matchIds.length ? await tx.select({ id: matches.id, home: matches.homeTeamId, away: matches.awayTeamId }).from(matches).where(inArray(matches.id, matchIds)) : [];
  const allTeamIds = [...new Set([...teamIds, ...matchRows.flatMap((row) => [row.home, row.away])])];
  const teamRows = allTeamIds.length ? await tx.select({ id: teams.id, name: teams.name }).from(teams).where(inArray(teams.id, allTeamIds)) : [];
  const teamName = new Map(teamRows.map((row) => [row.id, row.name]));
  for (const id of teamIds) names.set(`team:${id}`, teamName.get(id) ?? `#${id}`);
  for (const row of matchRows) names.set(`match:${row.id}`, `${teamName.get(row.home) ?? '?'} – ${teamName.get(row.away) ?? '?'}`);
  if (competitionIds.length) {
    const competitionRows = await tx.select({ id: competitions.id, tr: competitions.nameTr, en: competitions.nameEn, zh: competitions.nameZh }).from(competitions).where(inArray(competitions.id, competitionIds));
    for (const row of competitionRows) names.set(`competition:${row.id}`, row[locale]);
  }
  const order = { competition: 0, team: 1, match: 2 } as const;
  for (const row of [...rows].sort((a, b) => order[a.tagType] - order[b.tagType] || a.tagId - b.tagId)) {
    const list = byArticle.get(row.articleId) ?? [];
    list.push({ type: row.tagType, id: row.tagId, name: names.get(`${row.tagType}:${row.tagId}`) ?? `#${row.tagId}` });
    byArticle.set(row.articleId, list);
  }
  return byArticle;
}

function asNewsType(type: string): NewsType {
  return isNewsType(type) ? type : 'news';
}

async function staffAnswers(tx: Tx, rows: ArticleRow[]): Promise<StaffNewsArticle[]> {
  const ids = rows.map((row) => row.id);
  const translationRows = ids.length ? await tx.select().from(newsTranslations).where(inArray(newsTranslations.articleId, ids)) : [];
  const tags = await tagViews(tx, ids, 'en');
  return rows.map((row) => {
    const translations: StaffNewsArticle['translations'] = {};
    for (const t of translationRows.filter((t) => t.articleId === row.id)) {
      translations[t.locale] = { title: t.title, summary: t.summary, body_html: t.bodyHtml, updated_at: t.updatedAt.toISOString(), updated_by: t.updatedBy };
    }
    const releaseDate = row.releasedAt ? releaseDateOf(row.releasedAt) : null;
    const type = asNewsType(row.type);
    return {
      uuid: row.uuid,
      sport: row.sport,
      type,
      status: row.status,
      cover_keys: row.coverKeys,
      tags: tags.get(row.id) ?? [],
      translations,
      release_date: releaseDate,
      released_at: row.releasedAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
      created_by: row.createdBy,
      updated_at: row.updatedAt.toISOString(),
      updated_by: row.updatedBy,
      path: releaseDate ? newsArticlePath({ type, release_date: releaseDate, uuid: row.uuid }) : null,
    };
  });
}

export async function staffArticle(tx: Tx, uuid: string): Promise<StaffNewsArticle> {
  const [row] = await tx.select().from(newsArticles).where(eq(newsArticles.uuid, uuid));
  if (!row) throw notFound();
  const [answer] = await staffAnswers(tx, [row]);
  return answer!;
}

/** Every article for staff, last changed first. */
export async function staffListArticles(tx: Tx, options: { status?: 'draft' | 'published'; page: number; size: number }): Promise<StaffNewsListData> {
  const where = options.status ? eq(newsArticles.status, options.status) : undefined;
  const [rows, [total]] = await Promise.all([
    tx.select().from(newsArticles).where(where).orderBy(desc(newsArticles.updatedAt), desc(newsArticles.id)).limit(options.size).offset((options.page - 1) * options.size),
    tx.select({ n: count() }).from(newsArticles).where(where),
  ]);
  return { list: await staffAnswers(tx, rows), total: total?.n ?? 0, page: options.page, size: options.size };
}

/* Public reads. */

function isPublic(now: Date): SQL {
  return and(eq(newsArticles.status, 'published'), lte(newsArticles.releasedAt, now))!;
}

function cardOf(row: ArticleRow, translation: TranslationRow): NewsCard {
  const releasedAt = row.releasedAt ?? row.createdAt;
  const type = asNewsType(row.type);
  const releaseDate = releaseDateOf(releasedAt);
  return {
    uuid: row.uuid,
    sport: row.sport,
    type,
    locale: translation.locale,
    title: translation.title,
    summary: translation.summary,
    cover_keys: row.coverKeys,
    release_date: releaseDate,
    released_at: releasedAt.toISOString(),
    path: newsArticlePath({ type, release_date: releaseDate, uuid: row.uuid }),
  };
}

/**
 * The latest published articles written in a language, newest release first, by sport, type or
 * tag. `cursor` is `<released_at ms>.<id>` of the last of the page before.
 */
export async function listArticles(
  tx: Tx,
  options: { locale: Locale; sport?: Sport; type?: NewsType; tag?: { type: NewsTag['type']; id: number }; cursor?: string; size: number; now: Date },
): Promise<NewsListData> {
  const conditions: (SQL | undefined)[] = [isPublic(options.now), eq(newsTranslations.locale, options.locale)];
  if (options.sport) conditions.push(eq(newsArticles.sport, options.sport));
  if (options.type) conditions.push(eq(newsArticles.type, options.type));
  if (options.tag) {
    const tag = options.tag;
    conditions.push(
      exists(
        tx
          .select({ one: sql`1` })
          .from(newsArticleTags)
          .where(and(eq(newsArticleTags.articleId, newsArticles.id), eq(newsArticleTags.tagType, tag.type), eq(newsArticleTags.tagId, tag.id))),
      ),
    );
  }
  if (options.cursor) {
    const [ms, id] = options.cursor.split('.').map(Number);
    const at = new Date(ms!);
    conditions.push(or(lt(newsArticles.releasedAt, at), and(eq(newsArticles.releasedAt, at), lt(newsArticles.id, id!))));
  }
  const rows = await tx
    .select({ article: newsArticles, translation: newsTranslations })
    .from(newsArticles)
    .innerJoin(newsTranslations, eq(newsTranslations.articleId, newsArticles.id))
    .where(and(...conditions))
    .orderBy(desc(newsArticles.releasedAt), desc(newsArticles.id))
    .limit(options.size + 1);
  const page = rows.slice(0, options.size);
  const last = page.at(-1);
  const nextCursor = rows.length > options.size && last ? `${last.article.releasedAt!.getTime()}.${last.article.id}` : null;
  return { list: page.map((row) => cardOf(row.article, row.translation)), next_cursor: nextCursor };
}

/**
 * One published article in a language; when it is not written in that language, the languages
 * it is written in (the page says so and links them). null for anything not published.
 */
export async function readArticle(tx: Tx, options: { uuid: string; locale: Locale; now: Date }): Promise<NewsArticleRead | null> {
  const [row] = await tx.select().from(newsArticles).where(and(eq(newsArticles.uuid, options.uuid), isPublic(options.now)));
  if (!row) return null;
  const translations = await tx.select().from(newsTranslations).where(eq(newsTranslations.articleId, row.id));
  const locales = NEWS_LOCALES.filter((locale) => translations.some((t) => t.locale === locale));
  if (locales.length === 0) return null;
  const translation = translations.find((t) => t.locale === options.locale);
  const releaseDate = releaseDateOf(row.releasedAt!);
  if (!translation) {
    const titles: Partial<Record<Locale, string>> = {};
    for (const t of translations) titles[t.locale] = t.title;
    return { kind: 'untranslated', uuid: row.uuid, type: asNewsType(row.type), release_date: releaseDate, locales, titles };
  }
  const tags = await tagViews(tx, [row.id], options.locale);
  const modified = [row.releasedAt!, translation.updatedAt, row.updatedAt].reduce((a, b) => (b > a ? b : a));
  const article: NewsArticle = {
    ...cardOf(row, translation),
    body_html: translation.bodyHtml,
    modified_at: modified.toISOString(),
    tags: tags.get(row.id) ?? [],
    locales,
  };
  return { kind: 'article', article };
}

/** Published articles of a language released in [since, now], newest first: the news sitemap and the feed. */
export async function listRecent(tx: Tx, options: { locale: Locale; since: Date; now: Date; limit: number }): Promise<(NewsCard & { modified_at: string })[]> {
  const rows = await tx
    .select({ article: newsArticles, translation: newsTranslations })
    .from(newsArticles)
    .innerJoin(newsTranslations, eq(newsTranslations.articleId, newsArticles.id))
    .where(and(isPublic(options.now), eq(newsTranslations.locale, options.locale), sql`${newsArticles.releasedAt} >= ${options.since.toISOString()}`))
    .orderBy(desc(newsArticles.releasedAt), desc(newsArticles.id))
    .limit(options.limit);
  return rows.map((row) => ({ ...cardOf(row.article, row.translation), modified_at: [row.article.releasedAt!, row.translation.updatedAt].reduce((a, b) => (b > a ? b : a)).toISOString() }));
}
