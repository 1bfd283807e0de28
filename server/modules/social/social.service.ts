import { and, count, desc, eq, inArray, lt, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { BlockState, FollowState, SocialListData, SocialListQuery, SocialPerson } from '../../../core/contracts/social';
import { socialFollowedNotification } from '../../../core/contracts/social-notifications';
import type { Db, DbTransaction } from '../../db/client';
import { forecastFollows } from '../../db/schema/forecast';
import { users } from '../../db/schema/users';
import { AppError } from '../../errors';
import { notification, type Notices } from '../notifications/public';
import { userBlocks } from './schema';

/**
 * The social graph's verbs (docs/decisions/140): one follow relation for fans and tipsters (the
 * rows of `forecast_follows`), and blocks, which hide both ways. Each runs in the caller's
 * transaction; the routes count the action's limits before it.
 */

type Tx = Db | DbTransaction;

const userNotFound = () => new AppError('NOT_FOUND', { message: 'social.user.notFound' });

/**
 * The rule "a block hides both ways": a condition that `column` (a user id) is not someone
 * `userId` blocked nor someone who blocked `userId`. Other features add it to their reads.
 */
export function notBlockedWith(userId: number, column: AnyColumn | SQL): SQL {
  return sql`${column} not in (select ${userBlocks.blockedId} from ${userBlocks} where ${userBlocks.blockerId} = ${userId} union all select ${userBlocks.blockerId} from ${userBlocks} where ${userBlocks.blockedId} = ${userId})`;
}

/** Whether either of two fans blocked the other. */
export async function isBlockedEitherWay(tx: Tx, a: number, b: number): Promise<boolean> {
  if (a === b) return false;
  const [row] = await tx
    .select({ one: sql<number>`1` })
    .from(userBlocks)
    .where(or(and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)), and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a))))
    .limit(1);
  return row !== undefined;
}

/** The fans of `ids` a block stands between with `readerId`, either way: for lists computed without the reader (rankings). */
export async function blockedAmong(tx: Tx, readerId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ blockerId: userBlocks.blockerId, blockedId: userBlocks.blockedId })
    .from(userBlocks)
    .where(or(and(eq(userBlocks.blockerId, readerId), inArray(userBlocks.blockedId, [...ids])), and(eq(userBlocks.blockedId, readerId), inArray(userBlocks.blockerId, [...ids]))));
  return new Set(rows.map((row) => (row.blockerId === readerId ? row.blockedId : row.blockerId)));
}

/** Follow rows on `side` of `userId` whose other fan's account is open: a closed account counts nowhere, as it lists nowhere. */
async function countFollows(tx: Tx, userId: number, side: 'fans' | 'following'): Promise<number> {
  const [mine, theirs] = side === 'fans' ? [forecastFollows.tipsterId, forecastFollows.followerId] : [forecastFollows.followerId, forecastFollows.tipsterId];
  const [row] = await tx
    .select({ n: count() })
    .from(forecastFollows)
    .innerJoin(users, eq(users.id, theirs))
    .where(and(eq(mine, userId), ne(users.status, 'closed')));
  return Number(row?.n ?? 0);
}

/** A fan's fans (followers) and the fans they follow. */
export async function followCountsOf(tx: Tx, userId: number): Promise<{ fans: number; following: number }> {
  const [fans, following] = await Promise.all([countFollows(tx, userId, 'fans'), countFollows(tx, userId, 'following')]);
  return { fans, following };
}

/** An account that is not closed, or NOT_FOUND. */
async function getOpenUser(tx: Tx, id: number): Promise<{ id: number }> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), ne(users.status, 'closed')))
    .limit(1);
  if (!row) throw userNotFound();
  return row;
}

/**
 * Follows and blocks between two fans take one lock for the pair, so a follow cannot slip in
 * between a block's check and its removal of the follows (PostgreSQL; PGlite runs one at a time).
 */
async function lockPair(tx: DbTransaction, a: number, b: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${Math.min(a, b)}::int, ${Math.max(a, b)}::int)`);
}

/**
 * Follows a fan or tipster. Again: nothing changes. Yourself: 409 FOLLOW_SELF; a closed or
 * unknown account: 404; blocked either way: 403. The followed fan hears of it once per follower.
 */
export async function followUser(
  tx: DbTransaction,
  options: {
    follower: { id: number; nickname: string };
    followeeId: number;
    now: Date;
    notices: Notices;
  },
): Promise<FollowState> {
  const { follower, followeeId } = options;
  if (follower.id === followeeId) throw new AppError('FOLLOW_SELF');
  await getOpenUser(tx, followeeId);
  await lockPair(tx, follower.id, followeeId);
  if (await isBlockedEitherWay(tx, follower.id, followeeId)) throw new AppError('FORBIDDEN', { message: 'social.follow.blocked' });
  const added = await tx
    .insert(forecastFollows)
    .values({
      followerId: follower.id,
      tipsterId: followeeId,
      createdAt: options.now,
    })
    .onConflictDoNothing()
    .returning();
  if (added.length > 0) {
    await options.notices.notify(
      notification(socialFollowedNotification, {
        userId: followeeId,
        actorId: follower.id,
        object: { type: 'user', id: follower.id },
        dedupeKey: `social.followed:${follower.id}`,
        data: { user_id: follower.id, nickname: follower.nickname },
      }),
    );
  }
  return {
    user_id: followeeId,
    is_followed: true,
    fans_count: await countFollows(tx, followeeId, 'fans'),
  };
}

/** Stops following; not following already is not an error. */
export async function unfollowUser(tx: Tx, options: { followerId: number; followeeId: number }): Promise<FollowState> {
  if (options.followerId === options.followeeId) throw new AppError('FOLLOW_SELF');
  await tx.delete(forecastFollows).where(and(eq(forecastFollows.followerId, options.followerId), eq(forecastFollows.tipsterId, options.followeeId)));
  return {
    user_id: options.followeeId,
    is_followed: false,
    fans_count: await countFollows(tx, options.followeeId, 'fans'),
  };
}

/**
 * Blocks a fan: the follows between the two go, both ways, in the same transaction, and neither
 * can follow the other until it is lifted. Again: nothing changes. Yourself: 409.
 */
export async function blockUser(tx: DbTransaction, options: { blockerId: number; blockedId: number; now: Date }): Promise<BlockState> {
  const { blockerId, blockedId } = options;
  if (blockerId === blockedId) throw new AppError('BLOCK_SELF');
  await getOpenUser(tx, blockedId);
  await lockPair(tx, blockerId, blockedId);
  await tx.insert(userBlocks).values({ blockerId, blockedId, createdAt: options.now }).onConflictDoNothing();
  await tx
    .delete(forecastFollows)
    .where(or(and(eq(forecastFollows.followerId, blockerId), eq(forecastFollows.tipsterId, blockedId)), and(eq(forecastFollows.followerId, blockedId), eq(forecastFollows.tipsterId, blockerId))));
  return { user_id: blockedId, is_blocked: true };
}

/** Lifts a block; the follows it removed stay removed. */
export async function unblockUser(tx: Tx, options: { blockerId: number; blockedId: number }): Promise<BlockState> {
  if (options.blockerId === options.blockedId) throw new AppError('BLOCK_SELF');
  await tx.delete(userBlocks).where(and(eq(userBlocks.blockerId, options.blockerId), eq(userBlocks.blockedId, options.blockedId)));
  return { user_id: options.blockedId, is_blocked: false };
}

/** Rows after `cursor` (`<ms>.<id>`) in (time, id) descending order. */
function after(cursor: string | undefined, at: AnyColumn, id: AnyColumn): SQL | undefined {
  if (!cursor) return undefined;
  const [ms, lastId] = cursor.split('.').map(Number) as [number, number];
  const time = new Date(ms);
  return or(lt(at, time), and(eq(at, time), lt(id, lastId)));
}

async function peopleOf(
  tx: Tx,
  rows: readonly {
    id: number;
    nickname: string;
    avatar: string;
    since: Date;
  }[],
  size: number,
  readerId: number | null,
): Promise<SocialListData> {
  const page = rows.slice(0, size);
  const last = page.at(-1);
  const ids = page.map((row) => row.id);
  const followed =
    readerId !== null && ids.length > 0
      ? new Set(
          (
            await tx
              .select({ id: forecastFollows.tipsterId })
              .from(forecastFollows)
              .where(and(eq(forecastFollows.followerId, readerId), inArray(forecastFollows.tipsterId, ids)))
          ).map((row) => row.id),
        )
      : new Set<number>();
  const list: SocialPerson[] = page.map((row) => ({
    id: row.id,
    nickname: row.nickname,
    avatar: row.avatar,
    is_followed: followed.has(row.id),
    since: row.since.toISOString(),
  }));
  return {
    list,
    next_cursor: rows.length > size && last ? `${last.since.getTime()}.${last.id}` : null,
  };
}

/**
 * A fan's followers (`followers`) or the fans they follow (`following`), newest first. Closed
 * accounts and anyone blocked either way with the reader are left out; the list of someone who
 * blocked the reader, or whom the reader blocked, is missing to them (404).
 */
export async function listFollows(
  tx: Tx,
  options: SocialListQuery & {
    userId: number;
    side: 'followers' | 'following';
    readerId: number | null;
  },
): Promise<SocialListData> {
  await getOpenUser(tx, options.userId);
  if (options.readerId !== null && (await isBlockedEitherWay(tx, options.readerId, options.userId))) throw userNotFound();
  const [mine, theirs] = options.side === 'followers' ? [forecastFollows.tipsterId, forecastFollows.followerId] : [forecastFollows.followerId, forecastFollows.tipsterId];
  const conditions: (SQL | undefined)[] = [eq(mine, options.userId), ne(users.status, 'closed'), after(options.cursor, forecastFollows.createdAt, theirs)];
  if (options.readerId !== null) conditions.push(notBlockedWith(options.readerId, theirs));
  const rows = await tx
    .select({
      id: users.id,
      nickname: users.nickname,
      avatar: users.avatar,
      since: forecastFollows.createdAt,
    })
    .from(forecastFollows)
    .innerJoin(users, eq(users.id, theirs))
    .where(and(...conditions))
    .orderBy(desc(forecastFollows.createdAt), desc(theirs))
    .limit(options.size + 1);
  return peopleOf(tx, rows, options.size, options.readerId);
}

/** The fans the reader blocked, last blocked first: their owner only (another's: 403). */
export async function listBlocks(tx: Tx, options: SocialListQuery & { ownerId: number; readerId: number }): Promise<SocialListData> {
  if (options.ownerId !== options.readerId) throw new AppError('FORBIDDEN', { message: 'social.blocks.private' });
  const rows = await tx
    .select({
      id: users.id,
      nickname: users.nickname,
      avatar: users.avatar,
      since: userBlocks.createdAt,
    })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(and(eq(userBlocks.blockerId, options.readerId), after(options.cursor, userBlocks.createdAt, userBlocks.blockedId)))
    .orderBy(desc(userBlocks.createdAt), desc(userBlocks.blockedId))
    .limit(options.size + 1);
  return peopleOf(tx, rows, options.size, options.readerId);
}
