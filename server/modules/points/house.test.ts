import { describe, expect, it } from 'vitest';
import { houseLedger } from '../../db/schema/points';
import { isAppError } from '../../errors';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { recordHouseEntry } from './house';
import { rejectionOf } from './points-test-support';

describe.each(TEST_DATABASE_KINDS)('house ledger on %s', (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.current.db;

  it('writes one signed row per key and answers a replay with the same row, unchanged', async () => {
    const received = await recordHouseEntry(db(), {
      amount: 30,
      reason: 'plan_unlock',
      reference: 'plan:1',
      idempotencyKey: 'house-test:a',
      now: new Date('2025-10-18T10:00:00Z'),
    });
    expect(received).toEqual({ id: expect.any(Number), amount: 30, created: true });
    const paid = await recordHouseEntry(db(), { amount: -100, reason: 'plan_refund', idempotencyKey: 'house-test:b' });
    expect(paid).toMatchObject({ amount: -100, created: true });

    const replayed = await recordHouseEntry(db(), { amount: 30, reason: 'plan_unlock', idempotencyKey: 'house-test:a' });
    expect(replayed).toEqual({ id: received.id, amount: 30, created: false });
    const rows = await db().select().from(houseLedger).orderBy(houseLedger.id);
    expect(rows.map((row) => [row.amount, row.reason, row.reference, row.idempotencyKey])).toEqual([
      [30, 'plan_unlock', 'plan:1', 'house-test:a'],
      [-100, 'plan_refund', null, 'house-test:b'],
    ]);
    expect(rows[0]?.createdAt).toEqual(new Date('2025-10-18T10:00:00Z'));
  });

  it('refuses the same key with another amount (409 IDEMPOTENCY_MISMATCH) and writes nothing', async () => {
    await recordHouseEntry(db(), { amount: 15, reason: 'plan_unlock', idempotencyKey: 'house-test:c' });
    const error = await rejectionOf(recordHouseEntry(db(), { amount: 16, reason: 'plan_unlock', idempotencyKey: 'house-test:c' }));
    expect(isAppError(error) && error.code).toBe('IDEMPOTENCY_MISMATCH');
    const rows = await db().select().from(houseLedger);
    expect(rows.filter((row) => row.idempotencyKey === 'house-test:c')).toHaveLength(1);
  });

  it('writes a key once when replays race, and rolls back with the caller’s transaction', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, () => recordHouseEntry(db(), { amount: 7, reason: 'plan_unlock', idempotencyKey: 'house-test:d' })),
    );
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(new Set(results.map((result) => result.id)).size).toBe(1);

    await rejectionOf(
      db().transaction(async (tx) => {
        await recordHouseEntry(tx, { amount: 9, reason: 'plan_unlock', idempotencyKey: 'house-test:e' });
        throw new Error('the feature failed after the house row');
      }),
    );
    const keys = (await db().select().from(houseLedger)).map((row) => row.idempotencyKey);
    expect(keys).toContain('house-test:d');
    expect(keys).not.toContain('house-test:e');
  });

  it('refuses a zero, fractional or unsafe amount and a malformed reason', async () => {
    for (const amount of [0, 1.5, Number.MAX_SAFE_INTEGER + 1]) {
      await expect(recordHouseEntry(db(), { amount, reason: 'plan_unlock', idempotencyKey: 'house-test:f' })).rejects.toThrow(RangeError);
    }
    await expect(recordHouseEntry(db(), { amount: 1, reason: 'Bad Reason', idempotencyKey: 'house-test:f' })).rejects.toThrow(RangeError);
    await expect(recordHouseEntry(db(), { amount: 1, reason: 'plan_unlock', idempotencyKey: '' })).rejects.toThrow(RangeError);
  });
});
