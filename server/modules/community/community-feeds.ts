import { and, desc, eq, getTableColumns, gt, inArray, lt, max, ne, sql, type SQL } from 'drizzle-orm';
import type { HotListQuery, PostListData, PostListQuery, WeeklyData, WeeklyQuery } from '../../../core/contracts/community';
import type { Db, DbTransaction } from '../../db/client';
import { forecastFollows } from '../../db/schema/forecast';
import { users } from '../../db/schema/users';
import { AppError, invalidFields } from '../../errors';
import { notBlockedWith } from '../social/public';
import { isHiddenByBlock, pageOf, postAnswers, weekStartDay, type CommunityConfig, type Reader } from './community.service';
import { communityHotGenerations, communityHotRanks, communityPostWeekLikes, communityPosts, type CommunityPostStatus } from './schema';

/**
 * The community's other lists (docs/decisions/141): the following feed, the hot list, the weekly
 * ranking and a fan's posts. Each answers posts as the reader sees them (postAnswers) and leaves
 * out the fans blocked either way.
 */

type Tx = Db | DbTransaction;

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Lemmy's window for the hot rank: a post older than this ranks 0 and leaves the list. */
export const HOT_WINDOW_DAYS = 7;
/**
 * Minutes a generation of ranks is kept after a newer one replaced it: a reader paging through
 * the hot list keeps reading the generation of their first page for this long (and the one
 * before the newest is always kept).
 */
export const HOT_GENERATION_KEEP_MINUTES = 30;
const INT_MAX = 2_147_483_647;

/**
 * Lemmy's hot rank (lemmy/crates/db_schema `hot_rank`, migration 2023-07 "hot_rank"):
 * `10000 × log10(max(1, 3 + score)) / (hours + 2)^1.8`, with its guard: a post dated in the
 * future ranks as if posted now, one older than HOT_WINDOW_DAYS ranks 0. The score is the post's
 * likes (one per fan; comments do not count, see the decision).
 */
export function hotRank(likes: number, createdAt: Date, now: Date): number {
  const ageMs = now.getTime() - createdAt.getTime();
  if (ageMs >= HOT_WINDOW_DAYS * DAY_MS) return 0;
  const hours = Math.max(0, ageMs) / HOUR_MS;
  return (10000 * Math.log10(Math.max(1, 3 + likes))) / Math.pow(hours + 2, 1.8);
}

/** The same rank in SQL, over community_posts at `now` (the job writes it; hotRank is its reference). */
function hotRankSql(now: Date): SQL<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql<number>`10000 * log(greatest(1, 3 + ${communityPosts.likeCount})::double precision) / power(greatest(0, extract(epoch from (${at} - ${communityPosts.createdAt}))::double precision / 3600) + 2, 1.8)`;
}

/**
 * Writes a new generation of hot ranks at `now`: every published post of the last
 * HOT_WINDOW_DAYS with its rank, then drops the generations computed more than
 * HOT_GENERATION_KEEP_MINUTES ago, except the one before it (a reader paging through an older
 * generation keeps reading it meanwhile). One refresh at a time (an advisory lock), in one
 * transaction: a reader sees the whole generation or none of it.
 */
export async function refreshHotRanks(db: Db, now: Date): Promise<{ generation: number; posts: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(25, 141)`);
    const [last] = await tx.select({ generation: max(communityHotGenerations.generation) }).from(communityHotGenerations);
    const generation = (last?.generation ?? 0) + 1;
    await tx.insert(communityHotGenerations).values({ generation, computedAt: now });
    const since = new Date(now.getTime() - HOT_WINDOW_DAYS * DAY_MS);
    const inserted = await tx.execute(sql`
      insert into ${communityHotRanks} (generation, post_id, rank)
      select ${generation}::int, ${communityPosts.id}, ${hotRankSql(now)}
      from ${communityPosts}
      where ${communityPosts.status} = 'published' and ${communityPosts.createdAt} > ${since.toISOString()}::timestamptz`);
    // the ranks of a dropped generation go with it (on delete cascade)
    const keepSince = new Date(now.getTime() - HOT_GENERATION_KEEP_MINUTES * 60_000);
    const dropped = await tx
      .select({ generation: communityHotGenerations.generation })
      .from(communityHotGenerations)
      .where(and(lt(communityHotGenerations.generation, generation - 1), lt(communityHotGenerations.computedAt, keepSince)));
    if (dropped.length > 0) {
      const old = dropped.map((row) => row.generation);
      await tx.delete(communityHotRanks).where(inArray(communityHotRanks.generation, old));
      await tx.delete(communityHotGenerations).where(inArray(communityHotGenerations.generation, old));
    }
    return { generation, posts: affectedRows(inserted) };
  });
}

/** Rows an INSERT … SELECT wrote, as node-postgres (rowCount) and PGlite (affectedRows) tell it. */
function affectedRows(result: unknown): number {
  const counts = result as { rowCount?: number | null; affectedRows?: number };
  return Number(counts.rowCount ?? counts.affectedRows ?? 0);
}

/** The hot list's cursor: `<generation>_<rank>_<post id>` of the last post of the page before. */
export function parseHotCursor(cursor: string): { generation: number; rank: number; postId: number } {
  const parts = cursor.split('_');
  const invalid = () => invalidFields([{ field: 'cursor', message: 'community.cursorInvalid' }]);
  if (parts.length !== 3) throw invalid();
  const [generationText, rankText, idText] = parts as [string, string, string];
  if (!/^\d{1,10}$/.test(generationText) || !/^\d{1,10}$/.test(idText) || !/^\d+(\.\d+)?(e-?\d{1,3})?$/.test(rankText)) throw invalid();
  const generation = Number(generationText);
  const rank = Number(rankText);
  const postId = Number(idText);
  if (generation < 1 || generation > INT_MAX || postId < 1 || postId > INT_MAX || !Number.isFinite(rank) || rank < 1e-300) throw invalid();
  return { generation, rank, postId };
}

/**
 * Published posts by their stored hot rank, highest first (ties: newer first). A cursor reads the
 * generation its first page read, so pages neither repeat nor skip a post while the job refreshes
 * the ranks; a cursor whose generation is gone (HOT_GENERATION_KEEP_MINUTES later) goes on in the
 * newest one by rank and id. Posts older than HOT_WINDOW_DAYS at `now` are left out whatever their stored rank.
 */
export async function listHotPosts(tx: Tx, options: HotListQuery & { reader: Reader | null; now: Date; config: CommunityConfig }): Promise<PostListData> {
  const after = options.cursor ? parseHotCursor(options.cursor) : null;
  const [newest] = await tx.select({ generation: max(communityHotGenerations.generation) }).from(communityHotGenerations);
  if (!newest?.generation) return { list: [], next_cursor: null };
  let generation = newest.generation;
  if (after && after.generation !== generation) {
    const [kept] = await tx.select({ generation: communityHotGenerations.generation }).from(communityHotGenerations).where(eq(communityHotGenerations.generation, after.generation));
    if (kept) generation = kept.generation;
  }
  const conditions: SQL[] = [
    eq(communityHotRanks.generation, generation),
    eq(communityPosts.status, 'published'),
    gt(communityPosts.createdAt, new Date(options.now.getTime() - HOT_WINDOW_DAYS * DAY_MS)),
  ];
  if (options.sport) conditions.push(eq(communityPosts.sport, options.sport));
  if (options.reader) conditions.push(notBlockedWith(options.reader.id, communityPosts.authorId));
  if (after) conditions.push(sql`(${communityHotRanks.rank}, ${communityHotRanks.postId}) < (${after.rank}::double precision, ${after.postId}::int)`);
  const rows = await tx
    .select({ post: getTableColumns(communityPosts), rank: communityHotRanks.rank })
    .from(communityHotRanks)
    .innerJoin(communityPosts, eq(communityPosts.id, communityHotRanks.postId))
    .where(and(...conditions))
    .orderBy(desc(communityHotRanks.rank), desc(communityHotRanks.postId))
    .limit(options.size + 1);
  const { page, next_cursor } = pageOf(rows, options.size, (last) => `${generation}_${String(last.rank)}_${last.post.id}`);
  return { list: await postAnswers(tx, page.map((row) => row.post), options.reader, options), next_cursor };
}

/**
 * The posts of the fans the reader follows (forecast_follows), newest first: published ones of
 * open accounts not blocked either way. Signed-in readers only.
 */
export async function listFollowingPosts(tx: Tx, options: PostListQuery & { reader: Reader | null; now: Date; config: CommunityConfig }): Promise<PostListData> {
  const { reader } = options;
  if (!reader) throw new AppError('UNAUTHENTICATED');
  const conditions: SQL[] = [
    eq(communityPosts.status, 'published'),
    inArray(communityPosts.authorId, tx.select({ id: forecastFollows.tipsterId }).from(forecastFollows).where(eq(forecastFollows.followerId, reader.id))),
    ne(users.status, 'closed'),
    notBlockedWith(reader.id, communityPosts.authorId),
  ];
  if (options.sport) conditions.push(eq(communityPosts.sport, options.sport));
  if (options.cursor) conditions.push(lt(communityPosts.id, Number(options.cursor)));
  const rows = await tx
    .select(getTableColumns(communityPosts))
    .from(communityPosts)
    .innerJoin(users, eq(users.id, communityPosts.authorId))
    .where(and(...conditions))
    .orderBy(desc(communityPosts.id))
    .limit(options.size + 1);
  const { page, next_cursor } = pageOf(rows, options.size, (last) => String(last.id));
  return { list: await postAnswers(tx, page, reader, options), next_cursor };
}

/** The Monday 00:00 UTC starting the ISO week of `day`. */
export function weekStartOf(day: Date): Date {
  return new Date(`${weekStartDay(day)}T00:00:00Z`);
}

/** A `YYYY-MM-DD` the calendar has (years 2000–2999), or the field's 400. */
function parseWeekDay(value: string): Date {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  if (!real || year < 2000 || year > 2999) throw invalidFields([{ field: 'week', message: 'community.week.invalid' }]);
  return date;
}

/**
 * The most liked posts of one ISO week (Monday 00:00 UTC to the next Monday): the likes given in
 * that week to posts published now (kept per week by the like's transaction,
 * community_post_week_likes), most first, ties by the earlier post (the lower id: ids follow the
 * order of posting), read in the order of its index. Without `week`, the current
 * week so far; with it, the week holding that day.
 */
export async function listWeekly(tx: Tx, options: WeeklyQuery & { reader: Reader | null; now: Date; config: CommunityConfig }): Promise<WeeklyData> {
  const weekStart = weekStartDay(options.week ? parseWeekDay(options.week) : options.now);
  const conditions: SQL[] = [eq(communityPostWeekLikes.weekStart, weekStart), gt(communityPostWeekLikes.likes, 0), eq(communityPosts.status, 'published')];
  if (options.sport) conditions.push(eq(communityPosts.sport, options.sport));
  if (options.reader) conditions.push(notBlockedWith(options.reader.id, communityPosts.authorId));
  const rows = await tx
    .select({ post: getTableColumns(communityPosts), likes: communityPostWeekLikes.likes })
    .from(communityPostWeekLikes)
    .innerJoin(communityPosts, eq(communityPosts.id, communityPostWeekLikes.postId))
    .where(and(...conditions))
    .orderBy(desc(communityPostWeekLikes.likes), communityPostWeekLikes.postId)
    .limit(options.size);
  const answers = await postAnswers(tx, rows.map((row) => row.post), options.reader, options);
  return {
    week_start: weekStart,
    list: answers.map((post, index) => ({ rank: index + 1, likes_in_week: rows[index]!.likes, post })),
  };
}

const userNotFound = () => new AppError('NOT_FOUND', { message: 'community.user.notFound' });

/**
 * A fan's posts, newest first: the published ones, and to the fan themselves their waiting and
 * hidden ones too. A missing or closed account, or one blocked either way, is NOT_FOUND, the same
 * answer for each.
 */
export async function listUserPosts(
  tx: Tx,
  options: Omit<PostListQuery, 'feed'> & { userId: number; reader: Reader | null; now: Date; config: CommunityConfig },
): Promise<PostListData> {
  const [user] = await tx.select({ id: users.id, status: users.status }).from(users).where(eq(users.id, options.userId));
  if (!user || user.status === 'closed' || (await isHiddenByBlock(tx, options.reader, user.id))) throw userNotFound();
  const isSelf = options.reader?.id === user.id;
  const statuses: CommunityPostStatus[] = isSelf ? ['published', 'pending_review', 'hidden'] : ['published'];
  const conditions: SQL[] = [eq(communityPosts.authorId, user.id), inArray(communityPosts.status, statuses)];
  if (options.sport) conditions.push(eq(communityPosts.sport, options.sport));
  if (options.cursor) conditions.push(lt(communityPosts.id, Number(options.cursor)));
  const rows = await tx.select().from(communityPosts).where(and(...conditions)).orderBy(desc(communityPosts.id)).limit(options.size + 1);
  const { page, next_cursor } = pageOf(rows, options.size, (last) => String(last.id));
  return { list: await postAnswers(tx, page, options.reader, options), next_cursor };
}
