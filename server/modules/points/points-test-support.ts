import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../../app';
import type { AppOptions } from '../../app-options';
import type { Db } from '../../db/client';
import { pointsLedger } from '../../db/schema/points';
import { users } from '../../db/schema/users';
import { createMatchService } from '../matches/matches.service';

/**
 * Test helpers of the points, profile, collections and staff suites. The HTTP tests run the
 * real application (server/app.ts: every plugin, the error handler, the 64 KiB body limit)
 * against a real database.
 */
export async function buildTestApp(db: Db, options: Partial<AppOptions> = {}): Promise<FastifyInstance> {
  const app = await buildApp({
    db,
    matches: createMatchService({ db }),
    publicConfig: {
      brokerWsUrl: null,
      buildId: 'test',
      appStore: { enabled: false, iosUrl: '', androidUrl: '' },
    },
    ...options,
  });
  await app.ready();
  return app;
}

/** The points invariant (DESIGN.md "Points are money"): for every user, sum of ledger rows = balance. */
export async function expectLedgerBalanced(db: Db): Promise<void> {
  const balances = await db.select({ id: users.id, balance: users.pointsBalance }).from(users);
  const sums = await db
    .select({ userId: pointsLedger.userId, sum: sql<string>`sum(${pointsLedger.amount})` })
    .from(pointsLedger)
    .groupBy(pointsLedger.userId);
  const sumOf = new Map(sums.map((row) => [row.userId, Number(row.sum)]));
  for (const user of balances) expect(sumOf.get(user.id) ?? 0, `ledger sum of user ${user.id}`).toBe(user.balance);
}

/** A user's balance as stored. */
export async function balanceOf(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ balance: users.pointsBalance }).from(users).where(eq(users.id, userId));
  return row?.balance ?? Number.NaN;
}

/** A user's ledger rows, oldest first. */
export async function ledgerOf(db: Db, userId: number) {
  return db.select().from(pointsLedger).where(eq(pointsLedger.userId, userId)).orderBy(pointsLedger.id);
}

/** The error a promise rejects with (fails the test if it resolves). */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}
