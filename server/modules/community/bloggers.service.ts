import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { BloggerProfile } from '../../../core/contracts/bloggers';
import type { Db, DbTransaction } from '../../db/client';
import { forecastFollows, forecastPlans } from '../../db/schema/forecast';
import { users } from '../../db/schema/users';
import { AppError, isAppError } from '../../errors';
import { followCountsOf, isBlockedEitherWay } from '../social/public';

/**
 * A fan's page header (docs/decisions/145). Unknown, closed, or blocked either way with the
 * reader: NOT_FOUND with the same message as a missing account, so nothing tells them apart.
 */
export async function getBloggerProfile(tx: Db | DbTransaction, options: { id: number; readerId: number | null }): Promise<BloggerProfile> {
  const notFound = () => new AppError('NOT_FOUND', { message: 'social.user.notFound' });
  const [user] = await tx
    .select({ id: users.id, nickname: users.nickname, avatar: users.avatar })
    .from(users)
    .where(and(eq(users.id, options.id), ne(users.status, 'closed')))
    .limit(1);
  if (!user) throw notFound();
  const { readerId } = options;
  if (readerId !== null && (await isBlockedEitherWay(tx, readerId, user.id))) throw notFound();
  const isOwn = readerId === user.id;
  const [counts, followed, plan] = await Promise.all([
    followCountsOf(tx, user.id),
    readerId !== null && !isOwn
      ? tx
          .select({ one: sql<number>`1` })
          .from(forecastFollows)
          .where(and(eq(forecastFollows.followerId, readerId), eq(forecastFollows.tipsterId, user.id)))
          .limit(1)
      : Promise.resolve([]),
    tx
      .select({ one: sql<number>`1` })
      .from(forecastPlans)
      .where(and(eq(forecastPlans.userId, user.id), isNull(forecastPlans.hiddenAt)))
      .limit(1),
  ]);
  return {
    id: user.id,
    nickname: user.nickname,
    avatar: user.avatar,
    fans_count: counts.fans,
    following_count: counts.following,
    is_followed: followed.length > 0,
    is_own: isOwn,
    is_tipster: plan.length > 0,
  };
}

/** The pages' read of a fan's header: null where the API answers 404. */
export function bloggerPageReads(db: Db) {
  return {
    async profile(options: { id: number; readerId: number | null }): Promise<BloggerProfile | null> {
      try {
        return await getBloggerProfile(db, options);
      } catch (error) {
        if (isAppError(error) && error.code === 'NOT_FOUND') return null;
        throw error;
      }
    },
  };
}
