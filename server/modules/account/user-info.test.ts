import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { UserInfoSchema } from '../../../core/contracts/account';
import { users } from '../../db/schema/users';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { createTestUser } from '../../test-support/users';
import { getUserInfo } from './user-info';

describe.each(TEST_DATABASE_KINDS)('getUserInfo on %s', (kind) => {
  const database = useTestDatabase(kind);

  it('answers the balance, the check-in of the UTC day of `now` and the closing day of a cancellation', async () => {
    const { db } = database.current;
    const user = await createTestUser(db, { nickname: 'Checker' });
    const requestedAt = new Date('2025-05-01T08:00:00.000Z');
    await db
      .update(users)
      .set({ pointsBalance: 250, checkinStreak: 3, lastCheckinDay: '2025-05-02', cancellationRequestedAt: requestedAt, status: 'pending_cancellation' })
      .where(eq(users.id, user.id));

    const sameDay = await getUserInfo(db, { userId: user.id, now: new Date('2025-05-02T23:59:59.000Z') });
    expect(UserInfoSchema.parse(sameDay)).toEqual(sameDay);
    expect(sameDay).toMatchObject({
      id: user.id,
      nickname: 'Checker',
      points: 250,
      status: 'pending_cancellation',
      checkin: { streak: 3, last_day: '2025-05-02', checked_in_today: true },
      cancellation: { requested_at: '2025-05-01T08:00:00.000Z', closes_at: '2025-05-16T08:00:00.000Z' },
      fans_count: 0,
      following_count: 0,
      odds_format: null,
    });
    const nextDay = await getUserInfo(db, { userId: user.id, now: new Date('2025-05-03T00:00:00.000Z') });
    expect(nextDay.checkin.checked_in_today).toBe(false);
    // The day after a check-in the streak still stands (checking in today continues it) …
    expect(nextDay.checkin.streak).toBe(3);
    // … one missed day breaks it.
    const dayAfter = await getUserInfo(db, { userId: user.id, now: new Date('2025-05-04T00:00:00.000Z') });
    expect(dayAfter.checkin).toEqual({ streak: 0, last_day: '2025-05-02', checked_in_today: false });
  });

  it('is 404 for an unknown user', async () => {
    await expect(getUserInfo(database.current.db, { userId: 999_999 })).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 });
  });
});
