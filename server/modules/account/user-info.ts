import { eq } from 'drizzle-orm';
import { ACCOUNT_CANCELLATION_DAYS, type UserInfo } from '../../../core/contracts/account';
import { utcDay } from '../../../core/time/utc-day';
import type { Db, DbTransaction } from '../../db/client';
import { users } from '../../db/schema/users';
import { AppError } from '../../errors';
import { followCountsOf } from '../social/public';

const DAY_MS = 86_400_000;

type UserRow = typeof users.$inferSelect;

function isStreakAlive(lastDay: string | null, now: Date): boolean {
  if (lastDay === null) return false;
  return lastDay === utcDay(now) || lastDay === utcDay(new Date(now.getTime() - DAY_MS));
}

/** A users row as the UserInfo answer; `now` decides whether today's check-in is done. */
export function toUserInfo(row: UserRow, now: Date, follows: { fans: number; following: number }): UserInfo {
  const requestedAt = row.cancellationRequestedAt;
  return {
    id: row.id,
    nickname: row.nickname,
    email: row.email,
    avatar: row.avatar,
    gender: row.gender,
    phone: row.phone,
    address: row.address,
    telegram: row.telegram,
    whatsapp: row.whatsapp,
    instagram: row.instagram,
    facebook: row.facebook,
    role: row.role,
    status: row.status,
    points: row.pointsBalance,
    invite_code: row.inviteCode,
    // one follow relation for fans and tipsters (docs/decisions/140)
    fans_count: follows.fans,
    following_count: follows.following,
    event_msg_status: row.eventMsgStatus,
    locale: row.locale,
    theme: row.theme,
    odds_format: row.oddsFormat,
    checkin: {
      // A streak is alive while the last check-in was today or yesterday; after a missed day
      // it reads 0 until the next check-in starts a new one.
      streak: isStreakAlive(row.lastCheckinDay, now) ? row.checkinStreak : 0,
      last_day: row.lastCheckinDay,
      checked_in_today: row.lastCheckinDay !== null && row.lastCheckinDay === utcDay(now),
    },
    cancellation: requestedAt
      ? {
          requested_at: requestedAt.toISOString(),
          closes_at: new Date(requestedAt.getTime() + ACCOUNT_CANCELLATION_DAYS * DAY_MS).toISOString(),
        }
      : null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * A user's own account information (docs/api/accounts.md `UserInfo`). Throws NOT_FOUND for an
 * unknown id. `now` (default: the clock) decides `checkin.checked_in_today` by its UTC day.
 */
export async function getUserInfo(db: Db | DbTransaction, options: { userId: number; now?: Date }): Promise<UserInfo> {
  const [row] = await db.select().from(users).where(eq(users.id, options.userId)).limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return toUserInfo(row, options.now ?? new Date(), await followCountsOf(db, row.id));
}
