import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { forecastFollows } from '../../db/schema/forecast';
import { users } from '../../db/schema/users';
import { AppError } from '../../errors';
import { isBlockedEitherWay } from '../social/public';

export interface FollowData {
  user_id: number;
  is_followed: boolean;
}

/**
 * Following tipsters (the myFollow list), the same follow as a fan's (docs/decisions/140). Following twice or unfollowing someone not followed
 * is not an error; following yourself is 409 FOLLOW_SELF; an unknown or closed account is 404.
 */
export async function followTipster(db: Db, options: { followerId: number; tipsterId: number; now: Date }): Promise<FollowData> {
  if (options.followerId === options.tipsterId) throw new AppError('FOLLOW_SELF');
  const [tipster] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, options.tipsterId), ne(users.status, 'closed')))
    .limit(1);
  if (!tipster) throw new AppError('NOT_FOUND', { message: 'forecast.tipster.notFound' });
  // one follow relation with the fans' (docs/decisions/140): a block either way stops it here too
  if (await isBlockedEitherWay(db, options.followerId, options.tipsterId)) throw new AppError('FORBIDDEN', { message: 'social.follow.blocked' });
  await db
    .insert(forecastFollows)
    .values({ followerId: options.followerId, tipsterId: options.tipsterId, createdAt: options.now })
    .onConflictDoNothing();
  return { user_id: options.tipsterId, is_followed: true };
}

export async function unfollowTipster(db: Db, options: { followerId: number; tipsterId: number }): Promise<FollowData> {
  if (options.followerId === options.tipsterId) throw new AppError('FOLLOW_SELF');
  await db
    .delete(forecastFollows)
    .where(and(eq(forecastFollows.followerId, options.followerId), eq(forecastFollows.tipsterId, options.tipsterId)));
  return { user_id: options.tipsterId, is_followed: false };
}
