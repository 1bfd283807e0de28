import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users';
import { pointsLedger } from '../../db/schema/points';
import { isAppError, type AppError } from '../../errors';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { createTestUser } from '../../test-support/users';
import { isUniqueViolation } from '../../db/errors';
import { creditPointsBatch, grantPoints, spendPoints, type BatchCredit } from './ledger';
import { createPointsService } from './points.service';
import { balanceOf, expectLedgerBalanced, ledgerOf, rejectionOf } from './points-test-support';

const RULES = { points: 10, streakBonus: 5, streakCap: 7 };

function appErrorCode(error: unknown): string {
  return isAppError(error) ? error.code : `not an AppError: ${String(error)}`;
}

describe.each(TEST_DATABASE_KINDS)('points ledger on %s', (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.current.db;
  const service = () => createPointsService({ db: db(), checkin: RULES });

  async function userWith(points: number): Promise<number> {
    const { id } = await createTestUser(db());
    if (points > 0) await grantPoints(db(), { userId: id, amount: points, reason: 'welcome', idempotencyKey: 'welcome' });
    return id;
  }

  afterEach(async () => {
    await expectLedgerBalanced(db());
  });

  it('writes one row per change, with the balance after it, and moves the balance', async () => {
    const userId = await userWith(0);
    const granted = await grantPoints(db(), {
      userId,
      amount: 100,
      reason: 'welcome',
      reference: 'signup',
      idempotencyKey: 'welcome',
      now: new Date('2025-10-18T10:00:00Z'),
    });
    expect(granted).toMatchObject({
      userId,
      amount: 100,
      balanceAfter: 100,
      reason: 'welcome',
      reference: 'signup',
      idempotencyKey: 'welcome',
      createdAt: new Date('2025-10-18T10:00:00Z'),
    });
    const spent = await spendPoints(db(), { userId, amount: 30, reason: 'plan_unlock', idempotencyKey: 'plan:7' });
    expect(spent).toMatchObject({ amount: -30, balanceAfter: 70, reference: null });
    expect(await balanceOf(db(), userId)).toBe(70);
    expect((await ledgerOf(db(), userId)).map((row) => [row.amount, row.balanceAfter])).toEqual([
      [100, 100],
      [-30, 70],
    ]);
  });

  it('never lets a balance go below zero: the spend fails with POINTS_INSUFFICIENT and writes nothing', async () => {
    const userId = await userWith(5);
    const error = await rejectionOf(spendPoints(db(), { userId, amount: 6, reason: 'bet', idempotencyKey: 'bet:1' }));
    expect(appErrorCode(error)).toBe('POINTS_INSUFFICIENT');
    expect((error as AppError).status).toBe(409);
    expect((error as AppError).messageKey).toBe('points.insufficient');
    expect(await balanceOf(db(), userId)).toBe(5);
    expect(await ledgerOf(db(), userId)).toHaveLength(1);
    // exactly the whole balance is fine
    await spendPoints(db(), { userId, amount: 5, reason: 'bet', idempotencyKey: 'bet:2' });
    expect(await balanceOf(db(), userId)).toBe(0);
  });

  it('answers a replayed key with the original entry and changes nothing', async () => {
    const userId = await userWith(50);
    const first = await spendPoints(db(), { userId, amount: 20, reason: 'plan_unlock', idempotencyKey: 'plan:1' });
    const again = await spendPoints(db(), { userId, amount: 20, reason: 'plan_unlock', idempotencyKey: 'plan:1' });
    expect(again).toEqual(first);
    expect(await balanceOf(db(), userId)).toBe(30);
    // even when the balance could no longer pay for it
    await spendPoints(db(), { userId, amount: 30, reason: 'plan_unlock', idempotencyKey: 'plan:2' });
    expect(await spendPoints(db(), { userId, amount: 20, reason: 'plan_unlock', idempotencyKey: 'plan:1' })).toEqual(first);
    expect(await ledgerOf(db(), userId)).toHaveLength(3);
  });

  it('refuses a replayed key with another amount, reason or direction: 409 IDEMPOTENCY_MISMATCH', async () => {
    const userId = await userWith(50);
    await spendPoints(db(), { userId, amount: 20, reason: 'plan_unlock', idempotencyKey: 'plan:1' });
    for (const attempt of [
      () => spendPoints(db(), { userId, amount: 21, reason: 'plan_unlock', idempotencyKey: 'plan:1' }),
      () => spendPoints(db(), { userId, amount: 20, reason: 'bet', idempotencyKey: 'plan:1' }),
      () => grantPoints(db(), { userId, amount: 20, reason: 'plan_unlock', idempotencyKey: 'plan:1' }),
    ]) {
      const error = await rejectionOf(attempt());
      expect(appErrorCode(error)).toBe('IDEMPOTENCY_MISMATCH');
      expect((error as AppError).status).toBe(409);
    }
    expect(await balanceOf(db(), userId)).toBe(30);
  });

  it('keeps keys per user: the same key of two users is two changes', async () => {
    const a = await userWith(10);
    const b = await userWith(10);
    await spendPoints(db(), { userId: a, amount: 3, reason: 'bet', idempotencyKey: 'bet:1' });
    await spendPoints(db(), { userId: b, amount: 4, reason: 'bet', idempotencyKey: 'bet:1' });
    expect([await balanceOf(db(), a), await balanceOf(db(), b)]).toEqual([7, 6]);
  });

  it.each([0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1, Infinity])(
    'refuses amount %s before touching the database',
    async (amount) => {
      const userId = await userWith(10);
      await expect(spendPoints(db(), { userId, amount, reason: 'bet', idempotencyKey: 'k' })).rejects.toThrow(RangeError);
      await expect(grantPoints(db(), { userId, amount, reason: 'bet', idempotencyKey: 'k' })).rejects.toThrow(RangeError);
      expect(await ledgerOf(db(), userId)).toHaveLength(1);
    },
  );

  it('neither credits nor debits a closed account, and knows no unknown user', async () => {
    const userId = await userWith(10);
    await db().update(users).set({ status: 'closed' }).where(eq(users.id, userId));
    for (const attempt of [
      () => grantPoints(db(), { userId, amount: 1, reason: 'welcome', idempotencyKey: 'again' }),
      () => spendPoints(db(), { userId, amount: 1, reason: 'bet', idempotencyKey: 'bet' }),
    ]) {
      const error = await rejectionOf(attempt());
      expect(appErrorCode(error)).toBe('ACCOUNT_CLOSED');
      expect((error as AppError).status).toBe(409);
    }
    expect(await balanceOf(db(), userId)).toBe(10);
    const unknown = await rejectionOf(grantPoints(db(), { userId: 999_999, amount: 1, reason: 'welcome', idempotencyKey: 'x' }));
    expect(appErrorCode(unknown)).toBe('NOT_FOUND');
  });

  it("is part of the caller's transaction: rolled back with it", async () => {
    const userId = await userWith(10);
    await expect(
      db().transaction(async (tx) => {
        await spendPoints(tx, { userId, amount: 4, reason: 'mall_order', idempotencyKey: 'order:1' });
        throw new Error('the order could not be written');
      }),
    ).rejects.toThrow('the order could not be written');
    expect(await balanceOf(db(), userId)).toBe(10);
    expect(await ledgerOf(db(), userId)).toHaveLength(1);
  });

  it("returns the winner's entry to a concurrent replay inside the caller's transaction, which goes on", async () => {
    const userId = await userWith(10);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = db().transaction(async (tx) => {
      const entry = await spendPoints(tx, { userId, amount: 7, reason: 'bet', idempotencyKey: 'bet:race' });
      await held; // keeps the user's row locked while the second transaction runs into it
      return entry;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = db().transaction(async (tx) => {
      const entry = await spendPoints(tx, { userId, amount: 7, reason: 'bet', idempotencyKey: 'bet:race' });
      // the caller's transaction is still usable after the lost race
      await grantPoints(tx, { userId, amount: 1, reason: 'checkin', idempotencyKey: 'after-race' });
      return entry;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    const [winner, replay] = await Promise.all([first, second]);
    expect(replay).toEqual(winner);
    expect(await balanceOf(db(), userId)).toBe(4);
    expect((await ledgerOf(db(), userId)).map((row) => row.amount)).toEqual([10, -7, 1]);
  });

  it("recognises a unique violation in this driver's error shape", async () => {
    const userId = await userWith(1);
    const error = await rejectionOf(
      db().insert(pointsLedger).values({ userId, amount: 0, balanceAfter: 1, reason: 'welcome', idempotencyKey: 'welcome' }),
    );
    expect(isUniqueViolation(error, 'points_ledger_user_idempotency_key')).toBe(true);
    expect(isUniqueViolation(error, 'users_email_key')).toBe(false);
    expect(isUniqueViolation(new Error('other'))).toBe(false);
    const check = await rejectionOf(db().execute(sql`update users set points_balance = -1 where id = ${userId}`));
    expect(isUniqueViolation(check)).toBe(false);
  });

  describe('batch credits (settlement payouts)', () => {
    const credit = (userId: number, amount: number, key: string, reason = 'bet_payout'): BatchCredit => ({ userId, amount, reason, reference: `bet:${key}`, idempotencyKey: key });
    const batch = (credits: BatchCredit[]) => db().transaction((tx) => creditPointsBatch(tx, credits, new Date('2026-11-24T10:00:00Z')));

    it('writes one row per credit in order, each with the balance after it, and moves each balance once', async () => {
      const [a, b] = [await userWith(10), await userWith(0)];
      expect(await batch([credit(a, 5, 'p:1'), credit(b, 7, 'p:2'), credit(a, 3, 'p:3')])).toEqual(['credited', 'credited', 'credited']);
      expect((await ledgerOf(db(), a)).map((row) => [row.amount, row.balanceAfter, row.idempotencyKey])).toEqual([
        [10, 10, 'welcome'],
        [5, 15, 'p:1'],
        [3, 18, 'p:3'],
      ]);
      expect([await balanceOf(db(), a), await balanceOf(db(), b)]).toEqual([18, 7]);
    });

    it('answers a replayed key as replayed and changes nothing; another amount or reason is 409 IDEMPOTENCY_MISMATCH for the whole batch', async () => {
      const userId = await userWith(0);
      await batch([credit(userId, 5, 'p:r')]);
      expect(await batch([credit(userId, 5, 'p:r'), credit(userId, 2, 'p:s')])).toEqual(['replayed', 'credited']);
      expect(await balanceOf(db(), userId)).toBe(7);
      for (const wrong of [credit(userId, 6, 'p:r'), credit(userId, 5, 'p:r', 'bet_correction')]) {
        expect(appErrorCode(await rejectionOf(batch([credit(userId, 1, 'p:t'), wrong])))).toBe('IDEMPOTENCY_MISMATCH');
      }
      // the batch rolled back whole: p:t was not written
      expect(await balanceOf(db(), userId)).toBe(7);
      expect(await ledgerOf(db(), userId)).toHaveLength(2);
    });

    it('refuses credits to a closed account, an unknown user, or past the ceiling, and writes the rest', async () => {
      const [open, closed] = [await userWith(0), await userWith(10)];
      await db().update(users).set({ status: 'closed' }).where(eq(users.id, closed));
      const nearCeiling = await userWith(0);
      await db().update(users).set({ pointsBalance: Number.MAX_SAFE_INTEGER - 5 }).where(eq(users.id, nearCeiling));
      const results = await batch([credit(closed, 5, 'c:1'), credit(open, 5, 'c:2'), credit(999_999, 5, 'c:3'), credit(nearCeiling, 9, 'c:4'), credit(nearCeiling, 3, 'c:5')]);
      expect(results).toEqual(['refused', 'credited', 'refused', 'refused', 'credited']);
      expect(await balanceOf(db(), closed)).toBe(10);
      expect(await balanceOf(db(), open)).toBe(5);
      expect(await balanceOf(db(), nearCeiling)).toBe(Number.MAX_SAFE_INTEGER - 2);
      // keep the books of the ceiling user balanced for afterEach: its balance was set by hand
      await db().execute(sql`delete from points_ledger where user_id = ${nearCeiling}`);
      await db().update(users).set({ pointsBalance: 0 }).where(eq(users.id, nearCeiling));
    });

    it('refuses amounts that are not positive safe integers before writing anything', async () => {
      const userId = await userWith(0);
      for (const amount of [0, -5, 1.5, Number.MAX_SAFE_INTEGER + 2]) {
        await expect(batch([credit(userId, 1, `ok:${amount}`), credit(userId, amount, `bad:${amount}`)])).rejects.toThrow(RangeError);
      }
      expect(await ledgerOf(db(), userId)).toHaveLength(0);
    });

    it('credits once when two batches with the same keys race, and concurrent spends stay exact', async () => {
      const userId = await userWith(10);
      const credits = Array.from({ length: 20 }, (_, i) => credit(userId, 1, `race:${i}`));
      const [first, second, ...spends] = await Promise.allSettled([
        batch(credits),
        batch([...credits].reverse()),
        ...Array.from({ length: 15 }, (_, i) => service().spend({ userId, amount: 2, reason: 'bet', idempotencyKey: `spend:${i}` })),
      ]);
      expect([first.status, second.status]).toEqual(['fulfilled', 'fulfilled']);
      const outcomes = [...(first as PromiseFulfilledResult<string[]>).value, ...(second as PromiseFulfilledResult<string[]>).value];
      expect(outcomes.filter((o) => o === 'credited')).toHaveLength(20);
      expect(outcomes.filter((o) => o === 'replayed')).toHaveLength(20);
      const spent = spends.filter((r) => r.status === 'fulfilled').length;
      expect(await balanceOf(db(), userId)).toBe(10 + 20 - 2 * spent);
    });
  });

  describe('under load', () => {
    it('lets exactly 10 of 1,000 concurrent spends of 1 through a balance of 10', async () => {
      const userId = await userWith(10);
      const results = await Promise.allSettled(
        Array.from({ length: 1000 }, (_, index) =>
          service().spend({ userId, amount: 1, reason: 'bet', idempotencyKey: `bet:${index}` }),
        ),
      );
      const succeeded = results.filter((result) => result.status === 'fulfilled');
      const failed = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
      expect(succeeded).toHaveLength(10);
      expect(new Set(failed.map((result) => appErrorCode(result.reason)))).toEqual(new Set(['POINTS_INSUFFICIENT']));
      expect(await balanceOf(db(), userId)).toBe(0);
      const ledger = await ledgerOf(db(), userId);
      expect(ledger).toHaveLength(11);
      expect(ledger.reduce((sum, row) => sum + row.amount, 0)).toBe(0);
      expect(new Set(ledger.map((row) => row.balanceAfter))).toEqual(new Set([10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]));
    });

    it('spends once for 50 concurrent requests with one key, and all get the same entry', async () => {
      const userId = await userWith(100);
      const entries = await Promise.all(
        Array.from({ length: 50 }, () => service().spend({ userId, amount: 30, reason: 'plan_unlock', idempotencyKey: 'plan:9' })),
      );
      expect(new Set(entries.map((entry) => entry.id)).size).toBe(1);
      expect(entries[0]).toMatchObject({ amount: -30, balanceAfter: 70 });
      expect(await balanceOf(db(), userId)).toBe(70);
      expect(await ledgerOf(db(), userId)).toHaveLength(2);
    });

    it('spends once when concurrent requests with one key disagree on the amount; the others get 409', async () => {
      const userId = await userWith(100);
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, (_, index) =>
          service().spend({ userId, amount: index % 2 === 0 ? 10 : 11, reason: 'bet', idempotencyKey: 'bet:mixed' }),
        ),
      );
      const fulfilled = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      const rejected = results.flatMap((result) => (result.status === 'rejected' ? [appErrorCode(result.reason)] : []));
      expect(fulfilled.length).toBeGreaterThan(0);
      expect(new Set(fulfilled.map((entry) => entry.amount)).size).toBe(1);
      expect(new Set(rejected)).toEqual(new Set(['IDEMPOTENCY_MISMATCH']));
      expect(fulfilled.length + rejected.length).toBe(20);
      expect(await balanceOf(db(), userId)).toBe(100 + (fulfilled[0]?.amount ?? 0));
    });
  });
});
