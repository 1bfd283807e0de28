import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';
import { AppError } from '../../errors';
import { withNotifications, type NoticeLog, type NoticePublisher } from '../notifications/public';
import { followUser, unfollowUser } from '../social/public';

export interface FollowData {
  user_id: number;
  is_followed: boolean;
}

/**
 * Following tipsters (the myFollow list), the same follow as a fan's (docs/decisions/140). Following twice or unfollowing someone not followed
 * is not an error; following yourself is 409 FOLLOW_SELF; an unknown or closed account is 404.
 */
export async function followTipster(
  db: Db,
  options: { followerId: number; tipsterId: number; now: Date; publisher?: NoticePublisher; log?: NoticeLog },
): Promise<FollowData> {
  if (options.followerId === options.tipsterId) throw new AppError('FOLLOW_SELF');
  const [tipster] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, options.tipsterId), ne(users.status, 'closed')))
    .limit(1);
  if (!tipster) throw new AppError('NOT_FOUND', { message: 'forecast.tipster.notFound' });
  const [follower] = await db.select({ id: users.id, nickname: users.nickname }).from(users).where(eq(users.id, options.followerId)).limit(1);
  if (!follower) throw new AppError('UNAUTHENTICATED');
  // one follow relation with the fans' (docs/decisions/140): the social graph's follow, so a block
  // either way stops it and the tipster is told of a new follower exactly as from a fan's page
  await withNotifications({ db, publisher: options.publisher, log: options.log }, (tx, notices) =>
    followUser(tx, { follower: { id: follower.id, nickname: follower.nickname ?? '' }, followeeId: options.tipsterId, now: options.now, notices }),
  );
  return { user_id: options.tipsterId, is_followed: true };
}

export async function unfollowTipster(db: Db, options: { followerId: number; tipsterId: number }): Promise<FollowData> {
  await db.transaction((tx) => unfollowUser(tx, { followerId: options.followerId, followeeId: options.tipsterId }));
  return { user_id: options.tipsterId, is_followed: false };
}
