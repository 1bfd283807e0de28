import { afterEach, describe, expect, it } from 'vitest';
import { isAppError } from '../../errors';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { createTestUser } from '../../test-support/users';
import { getUserInfo } from '../account/user-info';
import { checkinPoints, createPointsService } from './points.service';
import { balanceOf, expectLedgerBalanced, ledgerOf, rejectionOf } from './points-test-support';

const RULES = { points: 10, streakBonus: 5, streakCap: 7 };
const DAY_MS = 86_400_000;
/** 2025-10-18 00:00 UTC */
const DAY0 = Date.UTC(2025, 9, 18);

describe('checkinPoints', () => {
  it('adds the streak bonus per consecutive day up to the cap', () => {
    expect([1, 2, 3, 7, 8, 30].map((streak) => checkinPoints(RULES, streak))).toEqual([10, 15, 20, 40, 40, 40]);
    expect(checkinPoints({ points: 3, streakBonus: 0, streakCap: 1 }, 12)).toBe(3);
  });
});

describe.each(TEST_DATABASE_KINDS)('daily check-in on %s', (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.current.db;
  let clock = new Date(DAY0);
  const service = () => createPointsService({ db: db(), checkin: RULES, now: () => clock });
  const at = (day: number, hours = 12) => new Date(DAY0 + day * DAY_MS + hours * 3_600_000);

  afterEach(async () => {
    await expectLedgerBalanced(db());
  });

  it('grants once per UTC day; the streak grows on consecutive days up to the cap and restarts after a gap', async () => {
    const { id: userId } = await createTestUser(db());
    const granted: [number, number][] = [];
    for (let day = 0; day < 9; day += 1) {
      clock = at(day);
      const result = await service().checkin({ userId });
      granted.push([result.streak, result.granted]);
    }
    expect(granted).toEqual([
      [1, 10],
      [2, 15],
      [3, 20],
      [4, 25],
      [5, 30],
      [6, 35],
      [7, 40],
      [8, 40],
      [9, 40],
    ]);
    // a day missed: back to 1
    clock = at(10);
    expect(await service().checkin({ userId })).toEqual({ granted: 10, streak: 1, balance: 265 });
    expect(await balanceOf(db(), userId)).toBe(265);
    const ledger = await ledgerOf(db(), userId);
    expect(ledger).toHaveLength(10);
    expect(ledger.at(-1)).toMatchObject({ reason: 'checkin', idempotencyKey: 'checkin:2025-10-28', amount: 10 });
    const info = await getUserInfo(db(), { userId, now: clock });
    expect(info.checkin).toEqual({ streak: 1, last_day: '2025-10-28', checked_in_today: true });
  });

  it('answers 409 ALREADY_CHECKED_IN for a second check-in the same UTC day, and allows one right after midnight', async () => {
    const { id: userId } = await createTestUser(db());
    clock = at(0, 0);
    await service().checkin({ userId });
    clock = at(0, 23.999);
    const error = await rejectionOf(service().checkin({ userId }));
    expect(isAppError(error) && [error.code, error.status, error.messageKey]).toEqual([
      'ALREADY_CHECKED_IN',
      409,
      'points.checkin.already',
    ]);
    clock = at(1, 0);
    expect(await service().checkin({ userId })).toMatchObject({ streak: 2, granted: 15 });
  });

  it('grants once when many check-ins of one user arrive at the same moment', async () => {
    const { id: userId } = await createTestUser(db());
    clock = at(0);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => service().checkin({ userId })));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(
      new Set(results.flatMap((result) => (result.status === 'rejected' && isAppError(result.reason) ? [result.reason.code] : []))),
    ).toEqual(new Set(['ALREADY_CHECKED_IN']));
    expect(await balanceOf(db(), userId)).toBe(10);
  });
});
