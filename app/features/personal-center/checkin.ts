import type { UserInfo } from '../../../core/contracts/account';
import type { CheckinData } from '../../../core/contracts/points';

const DAY_MS = 86_400_000;

function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * The check-in streak as it stands today: the stored streak while it is alive (checked in
 * today, or yesterday and today's is still open), 0 once a UTC day was missed.
 */
export function currentStreak(checkin: UserInfo['checkin'], nowMs: number): number {
  if (checkin.last_day === null) return 0;
  const today = utcDay(nowMs);
  if (checkin.checked_in_today || checkin.last_day === today) return checkin.streak;
  return checkin.last_day === utcDay(nowMs - DAY_MS) ? checkin.streak : 0;
}

/** The user after a successful check-in: the new balance and streak, today's check-in done. */
export function afterCheckin(user: UserInfo, answer: CheckinData, nowMs: number): UserInfo {
  return {
    ...user,
    points: answer.balance,
    checkin: { streak: answer.streak, last_day: utcDay(nowMs), checked_in_today: true },
  };
}
