import { eq, sql } from 'drizzle-orm';
import type { Db, DbTransaction } from '../../db/client';
import { houseLedger } from '../../db/schema/points';
import { AppError } from '../../errors';
import { isUniqueViolation } from '../../db/errors';

/**
 * The house's books (decision 074): what the house receives (its share of a plan unlock, later
 * the contest's stakes) and what it pays (the refund of a voided plan, later payouts). The house
 * has no balance and no guard; what keeps it honest is that every row is written in the same
 * transaction as the user's ledger row it mirrors, so Σ house rows + Σ user ledger rows moved by
 * a feature is zero.
 *
 * Idempotent by key, like the users' ledger: a replay with the same key and amount returns the
 * original row (`created: false`) and writes nothing; the same key with another amount is 409
 * IDEMPOTENCY_MISMATCH. A concurrent replay that loses the race on the unique index rolls back
 * its savepoint and answers the winner's row.
 */

export interface HouseEntry {
  /** positive: the house receives; negative: the house pays. A non-zero safe integer. */
  amount: number;
  /** a code: plan_unlock, plan_refund, … */
  reason: string;
  /** what the entry is about (a plan id, a bet id) */
  reference?: string | null;
  /** unique over the whole house ledger */
  idempotencyKey: string;
  now?: Date;
}

export interface RecordedHouseEntry {
  id: number;
  amount: number;
  /** false when the key was already recorded (a replay) */
  created: boolean;
}

const REASON_PATTERN = /^[a-z][a-z0-9_]{0,49}$/;

/** Writes one row of the house ledger, once per idempotency key (rules above). */
export async function recordHouseEntry(db: Db | DbTransaction, entry: HouseEntry): Promise<RecordedHouseEntry> {
  if (!Number.isSafeInteger(entry.amount) || entry.amount === 0) {
    throw new RangeError(`a house amount must be a non-zero safe integer, got ${entry.amount}`);
  }
  if (!REASON_PATTERN.test(entry.reason)) throw new RangeError(`bad house reason ${JSON.stringify(entry.reason)}`);
  if (entry.idempotencyKey.length === 0 || entry.idempotencyKey.length > 200) {
    throw new RangeError('an idempotency key has 1 to 200 characters');
  }
  try {
    // A savepoint inside the caller's transaction: a lost race rolls back this row only.
    return await db.transaction(async (tx) => {
      const existing = await findHouseEntry(tx, entry.idempotencyKey);
      if (existing) return replay(existing, entry.amount);
      const [row] = await tx
        .insert(houseLedger)
        .values({
          amount: entry.amount,
          reason: entry.reason,
          reference: entry.reference ?? null,
          idempotencyKey: entry.idempotencyKey,
          createdAt: entry.now ?? new Date(),
        })
        .returning({ id: houseLedger.id, amount: houseLedger.amount });
      if (!row) throw new Error('house ledger insert returned nothing');
      return { ...row, created: true };
    });
  } catch (error) {
    if (!isUniqueViolation(error, 'house_ledger_idempotency_key')) throw error;
    const winner = await findHouseEntry(db, entry.idempotencyKey);
    if (!winner) throw error;
    return replay(winner, entry.amount);
  }
}

async function findHouseEntry(db: Db | DbTransaction, idempotencyKey: string) {
  const [row] = await db
    .select({ id: houseLedger.id, amount: houseLedger.amount })
    .from(houseLedger)
    .where(eq(houseLedger.idempotencyKey, idempotencyKey))
    .limit(1);
  return row ?? null;
}

function replay(row: { id: number; amount: number }, amount: number): RecordedHouseEntry {
  if (row.amount !== amount) throw new AppError('IDEMPOTENCY_MISMATCH');
  return { id: row.id, amount: row.amount, created: false };
}

/**
 * Many house rows in one insert, inside the caller's transaction: the mirrors of a batch of
 * user credits written in the same transaction (creditPointsBatch). Fresh keys only — a key
 * already recorded fails the insert and rolls the caller's transaction back.
 */
export async function recordHouseEntries(tx: DbTransaction, entries: readonly Omit<HouseEntry, 'now'>[], now: Date): Promise<void> {
  for (const entry of entries) {
    if (!Number.isSafeInteger(entry.amount) || entry.amount === 0) throw new RangeError(`a house amount must be a non-zero safe integer, got ${entry.amount}`);
    if (!REASON_PATTERN.test(entry.reason)) throw new RangeError(`bad house reason ${JSON.stringify(entry.reason)}`);
    if (entry.idempotencyKey.length === 0 || entry.idempotencyKey.length > 200) throw new RangeError('an idempotency key has 1 to 200 characters');
  }
  if (entries.length === 0) return;
  const rows = JSON.stringify(entries.map((e) => ({ amount: e.amount, reason: e.reason, reference: e.reference ?? null, idempotency_key: e.idempotencyKey })));
  await tx.execute(sql`
    insert into ${houseLedger} (amount, reason, reference, idempotency_key, created_at)
    select amount, reason, reference, idempotency_key, ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${rows}::jsonb) as v(amount bigint, reason text, reference text, idempotency_key text)`);
}
