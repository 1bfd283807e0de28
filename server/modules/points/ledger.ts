import { and, eq, ne, sql } from 'drizzle-orm';
import { MAX_POINTS } from '../../../core/contracts/points';
import type { Db, DbTransaction } from '../../db/client';
import { pointsLedger } from '../../db/schema/points';
import { users } from '../../db/schema/users';
import { AppError } from '../../errors';
import { isUniqueViolation } from '../../db/errors';

/**
 * The points ledger (DESIGN.md "Points are money"). Every change of a balance goes through
 * grantPoints or spendPoints, and they keep these rules:
 *
 * 1. One change = one ledger row written in the same transaction as one guarded update of
 *    users.points_balance: `UPDATE users SET points_balance = points_balance + $delta
 *    WHERE id = $id AND status <> 'closed' AND points_balance + $delta BETWEEN 0 AND max
 *    RETURNING points_balance`. The row lock taken by that update serialises the changes of
 *    one user, so the sum of a user's ledger rows always equals the balance.
 * 2. The balance never goes negative: when the guard leaves no row to update, nothing is
 *    written and the spend fails with 409 POINTS_INSUFFICIENT ('Insufficient points').
 * 3. Idempotent by (user, idempotency key): a replay with the same amount and reason returns
 *    the original entry and changes nothing; with another amount or reason it is 409
 *    IDEMPOTENCY_MISMATCH. Two concurrent requests with one key both pass the look-up, but the
 *    unique index (points_ledger_user_idempotency_key) fails the later insert; its transaction
 *    (a savepoint when the caller passed one in) rolls back, balance update included, and the
 *    caller gets the winner's entry.
 * 4. Amounts are positive safe integers (the sign comes from grant or spend).
 * 5. Closed accounts are neither credited nor debited (409 ACCOUNT_CLOSED); an unknown user is
 *    404 NOT_FOUND.
 */

export interface LedgerEntry {
  id: number;
  userId: number;
  /** positive for grants, negative for spends */
  amount: number;
  balanceAfter: number;
  reason: string;
  reference: string | null;
  idempotencyKey: string;
  createdAt: Date;
}

export interface PointsChange {
  userId: number;
  /** how many points to grant or to take: a positive safe integer */
  amount: number;
  /** a code: welcome, checkin, staff_grant, staff_deduct, … */
  reason: string;
  /** what the change is about (a plan id, an order id, a staff note) */
  reference?: string | null;
  /** the same key never changes a user's balance twice */
  idempotencyKey: string;
  now?: Date;
}

/**
 * Adds points to a user's balance (rules 1, 3, 4, 5 above). Given a Db it runs in a
 * transaction of its own; given the caller's transaction, inside it (as a savepoint).
 */
export async function grantPoints(tx: Db | DbTransaction, options: PointsChange): Promise<LedgerEntry> {
  return changeBalance(tx, options, 1);
}

/** Takes points from a user's balance, never below zero (rules 1–5 above); transactions as grantPoints. */
export async function spendPoints(tx: Db | DbTransaction, options: PointsChange): Promise<LedgerEntry> {
  return changeBalance(tx, options, -1);
}

const REASON_PATTERN = /^[a-z][a-z0-9_]{0,49}$/;

async function changeBalance(db: Db | DbTransaction, options: PointsChange, sign: 1 | -1): Promise<LedgerEntry> {
  if (!Number.isSafeInteger(options.amount) || options.amount <= 0) {
    throw new RangeError(`points amount must be a positive safe integer, got ${options.amount}`);
  }
  if (!REASON_PATTERN.test(options.reason)) throw new RangeError(`bad ledger reason ${JSON.stringify(options.reason)}`);
  if (options.idempotencyKey.length === 0 || options.idempotencyKey.length > 200) {
    throw new RangeError('an idempotency key has 1 to 200 characters');
  }
  const delta = sign * options.amount;
  const now = options.now ?? new Date();

  try {
    // A transaction of its own on a Db, a savepoint inside the caller's transaction: either
    // way a lost race on the idempotency key rolls back exactly this change.
    return await db.transaction(async (tx) => {
      const existing = await findEntry(tx, options.userId, options.idempotencyKey);
      if (existing) return replay(existing, delta, options.reason);

      const [updated] = await tx
        .update(users)
        .set({ pointsBalance: sql`${users.pointsBalance} + ${delta}::bigint` })
        .where(
          and(
            eq(users.id, options.userId),
            ne(users.status, 'closed'),
            sql`${users.pointsBalance} + ${delta}::bigint between 0 and ${MAX_POINTS}::bigint`,
          ),
        )
        .returning({ balance: users.pointsBalance });
      if (!updated) {
        // While this request waited for the user's row, a request with the same key may
        // have won and taken the points this one would have needed.
        const winner = await findEntry(tx, options.userId, options.idempotencyKey);
        if (winner) return replay(winner, delta, options.reason);
        throw await explainRefusal(tx, options.userId, delta);
      }

      const [row] = await tx
        .insert(pointsLedger)
        .values({
          userId: options.userId,
          amount: delta,
          balanceAfter: updated.balance,
          reason: options.reason,
          reference: options.reference ?? null,
          idempotencyKey: options.idempotencyKey,
          createdAt: now,
        })
        .returning();
      if (!row) throw new Error('ledger insert returned nothing');
      return row;
    });
  } catch (error) {
    if (!isIdempotencyKeyConflict(error)) throw error;
    const winner = await findEntry(db, options.userId, options.idempotencyKey);
    if (!winner) throw error;
    return replay(winner, delta, options.reason);
  }
}

async function findEntry(db: Db | DbTransaction, userId: number, idempotencyKey: string): Promise<LedgerEntry | null> {
  const [row] = await db
    .select()
    .from(pointsLedger)
    .where(and(eq(pointsLedger.userId, userId), eq(pointsLedger.idempotencyKey, idempotencyKey)))
    .limit(1);
  return row ?? null;
}

function replay(entry: LedgerEntry, delta: number, reason: string): LedgerEntry {
  if (entry.amount !== delta || entry.reason !== reason) {
    throw new AppError('IDEMPOTENCY_MISMATCH');
  }
  return entry;
}

async function explainRefusal(tx: DbTransaction, userId: number, delta: number): Promise<AppError> {
  const [user] = await tx.select({ status: users.status }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return new AppError('NOT_FOUND', { message: 'points.userNotFound' });
  if (user.status === 'closed') return new AppError('ACCOUNT_CLOSED');
  if (delta < 0) return new AppError('POINTS_INSUFFICIENT');
  return new AppError('POINTS_LIMIT');
}

/** A lost race on the ledger's idempotency index (rule 3). */
function isIdempotencyKeyConflict(error: unknown): boolean {
  return isUniqueViolation(error, 'points_ledger_user_idempotency_key');
}

/** One credit of a batch (creditPointsBatch): what grantPoints takes, minus the clock. */
export interface BatchCredit {
  userId: number;
  amount: number;
  reason: string;
  reference: string | null;
  idempotencyKey: string;
}

/**
 * What became of each credit of a batch: written now, already written by an earlier run with the
 * same key (a replay: nothing changes), or refused (a closed account, or a balance the credit
 * would take past the ceiling: nothing written, as grantPoints' 409s).
 */
export type BatchCreditResult = 'credited' | 'replayed' | 'refused';

/**
 * Many credits in a few statements, inside the caller's transaction — settlement pays thousands
 * of winners per match, and one grantPoints each costs a savepoint and four round trips. The
 * rules are grantPoints' (1, 3, 4, 5 above), applied to each credit in order:
 *
 * - the users' rows are locked in id order (no deadlock with another batch), so the balances
 *   read are the balances updated; each user's credits are applied in the order given, and each
 *   ledger row carries the balance after it, so Σ a user's rows = the balance still holds;
 * - a key already in the ledger for that user is a replay (the same amount and reason, else 409
 *   IDEMPOTENCY_MISMATCH for the whole batch — the caller's transaction rolls back);
 * - a credit to a closed account, or past MAX_POINTS, is refused and writes nothing;
 * - the balance updates are guarded by the balance read under the lock, and the ledger rows are
 *   one insert (a duplicate key in the batch itself fails it: the transaction rolls back).
 */
export async function creditPointsBatch(tx: DbTransaction, credits: readonly BatchCredit[], now: Date): Promise<BatchCreditResult[]> {
  for (const credit of credits) {
    if (!Number.isSafeInteger(credit.amount) || credit.amount <= 0) throw new RangeError(`points amount must be a positive safe integer, got ${credit.amount}`);
    if (!REASON_PATTERN.test(credit.reason)) throw new RangeError(`bad ledger reason ${JSON.stringify(credit.reason)}`);
    if (credit.idempotencyKey.length === 0 || credit.idempotencyKey.length > 200) throw new RangeError('an idempotency key has 1 to 200 characters');
  }
  const results: BatchCreditResult[] = credits.map(() => 'refused');
  if (credits.length === 0) return results;
  const userIds = [...new Set(credits.map((c) => c.userId))].sort((a, b) => a - b);
  const locked = (await tx.execute(sql`
    select id, points_balance::text as balance, status from ${users}
    where id in (select value::int from jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb))
    order by id for update`)) as unknown as { rows: { id: number; balance: string; status: string }[] };
  const accounts = new Map(locked.rows.map((row) => [row.id, { before: Number(row.balance), balance: Number(row.balance), open: row.status !== 'closed' }]));

  const keys = JSON.stringify(credits.map((c) => ({ user_id: c.userId, key: c.idempotencyKey })));
  const existing = (await tx.execute(sql`
    select l.user_id, l.idempotency_key, l.amount::text as amount, l.reason
    from ${pointsLedger} l
    join jsonb_to_recordset(${keys}::jsonb) as k(user_id int, key text) on l.user_id = k.user_id and l.idempotency_key = k.key`)) as unknown as {
    rows: { user_id: number; idempotency_key: string; amount: string; reason: string }[];
  };
  const written = new Map(existing.rows.map((row) => [`${row.user_id}|${row.idempotency_key}`, row]));

  const rows: { user_id: number; amount: number; balance_after: number; reason: string; reference: string | null; idempotency_key: string }[] = [];
  credits.forEach((credit, i) => {
    const earlier = written.get(`${credit.userId}|${credit.idempotencyKey}`);
    if (earlier) {
      if (Number(earlier.amount) !== credit.amount || earlier.reason !== credit.reason) throw new AppError('IDEMPOTENCY_MISMATCH');
      results[i] = 'replayed';
      return;
    }
    const account = accounts.get(credit.userId);
    if (!account || !account.open || account.balance + credit.amount > MAX_POINTS) return;
    account.balance += credit.amount;
    rows.push({ user_id: credit.userId, amount: credit.amount, balance_after: account.balance, reason: credit.reason, reference: credit.reference, idempotency_key: credit.idempotencyKey });
    results[i] = 'credited';
  });
  if (rows.length === 0) return results;

  const moves = [...accounts].filter(([, a]) => a.balance !== a.before).map(([id, a]) => ({ id, before: a.before, after: a.balance }));
  const updated = (await tx.execute(sql`
    update ${users} u set points_balance = v.after
    from jsonb_to_recordset(${JSON.stringify(moves)}::jsonb) as v(id int, before bigint, after bigint)
    where u.id = v.id and u.points_balance = v.before and u.status <> 'closed'
    returning u.id`)) as unknown as { rows: unknown[] };
  // The rows are locked above, so this cannot happen; if it ever did, roll everything back.
  if (updated.rows.length !== moves.length) throw new Error('balances changed during a batch credit');
  await tx.execute(sql`
    insert into ${pointsLedger} (user_id, amount, balance_after, reason, reference, idempotency_key, created_at)
    select user_id, amount, balance_after, reason, reference, idempotency_key, ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(user_id int, amount bigint, balance_after bigint, reason text, reference text, idempotency_key text)`);
  return results;
}
