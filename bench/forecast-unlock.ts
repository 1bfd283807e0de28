// forecast_unlock: how many plan unlocks a second the server completes — the real unlockPlan
// service (plan row lock, unlock row, the buyer's debit, the tipster's credit, the house's row,
// the sales counters, in one transaction) — in two shapes, beside a bare baseline in the same
// database and run:
//   - hot plan: every buyer unlocks the same plan (all unlocks queue on its row and its tipster);
//   - many plans: each buyer unlocks a plan of its own, spread over 50 tipsters;
//   - baseline: the same number of transactions, each one plain INSERT into the house ledger.
// Requests run `concurrency` at a time over the database's pool (PGlite runs them one by one).
//
//   benchForecastUnlock({ kind: 'pglite' | 'postgres', buyers: 1000, concurrency: 16 })
//
// PostgreSQL: TEST_DATABASE_URL names a server where a throw-away database is created and
// dropped (default postgres://postgres@127.0.0.1:5432/postgres); PGlite runs in a temporary directory.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { DEFAULT_EVENT_MSG_STATUS } from '../core/contracts/account';
import type { Db } from '../server/db/client';
import { forecastUnlocks } from '../server/db/schema/forecast';
import { houseLedger, pointsLedger } from '../server/db/schema/points';
import { users } from '../server/db/schema/users';
import { DEFAULT_FORECAST_CONFIG } from '../server/modules/forecast/forecast-config';
import { createForecastMatch, prepareForecastWorld, publishTestPlan } from '../server/modules/forecast/forecast-test-support';
import { unlockPlan } from '../server/modules/forecast/unlock-plan';
import { createTestDatabase } from '../server/test-support/databases';

export interface ForecastUnlockOptions {
  kind: 'pglite' | 'postgres';
  /** buyers in each shape (each unlocks once) */
  buyers: number;
  /** unlocks in flight at once; 16 by default */
  concurrency?: number;
}

export interface ThroughputResult {
  operations: number;
  ms: number;
  perSecond: number;
}

export interface ForecastUnlockResult {
  kind: 'pglite' | 'postgres';
  buyers: number;
  concurrency: number;
  hotPlan: ThroughputResult;
  manyPlans: ThroughputResult;
  /** one INSERT per transaction, the same count and concurrency */
  baseline: ThroughputResult;
  /** unlocks per second ÷ baseline transactions per second */
  ratioHotToBaseline: number;
  ratioManyToBaseline: number;
}

const PRICE = 100;
const clock = () => performance.now();


/** `count` accounts holding `points` each, written in bulk with their opening ledger rows (the books balance). */
async function insertUsers(db: Db, count: number, points: number, tag: string): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < count; start += 500) {
    const rows = Array.from({ length: Math.min(500, count - start) }, (_, offset) => {
      const nickname = `${tag}_${start + offset}`;
      return {
        email: `${nickname}@bench.test`,
        emailVerifiedAt: new Date(),
        nickname,
        nicknameKey: nickname,
        inviteCode: randomBytes(5).toString('hex').toUpperCase(),
        eventMsgStatus: { ...DEFAULT_EVENT_MSG_STATUS },
        pointsBalance: points,
      };
    });
    const inserted = await db.insert(users).values(rows).returning({ id: users.id });
    if (points > 0) {
      await db.insert(pointsLedger).values(
        inserted.map((row) => ({ userId: row.id, amount: points, balanceAfter: points, reason: 'staff_grant', idempotencyKey: 'bench:seed' })),
      );
    }
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

/** Runs `tasks` with at most `concurrency` in flight; answers the wall time. */
async function timed(tasks: (() => Promise<unknown>)[], concurrency: number): Promise<ThroughputResult> {
  let next = 0;
  const started = clock();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, tasks.length) }, async () => {
      while (next < tasks.length) {
        const task = tasks[next++]!;
        await task();
      }
    }),
  );
  const ms = clock() - started;
  return { operations: tasks.length, ms: Math.round(ms * 10) / 10, perSecond: Math.round((tasks.length / ms) * 1000 * 10) / 10 };
}

export async function benchForecastUnlock(options: ForecastUnlockOptions): Promise<ForecastUnlockResult> {
  const concurrency = options.concurrency ?? 16;
  const database = await createTestDatabase(options.kind);
  const { db } = database;
  const config = DEFAULT_FORECAST_CONFIG;
  const now = new Date();
  try {
    await prepareForecastWorld(db);
    const kickOff = new Date(Date.now() + 7 * 86_400_000);
    const matchId = await createForecastMatch(db, { matchId: 9_900_101, kickOff });
    const tipsters = await insertUsers(db, 50, 0, 'tipster');
    const hotBuyers = await insertUsers(db, options.buyers, PRICE, 'hot');
    const spreadBuyers = await insertUsers(db, options.buyers, PRICE, 'spread');
    const bigLimit = { ...config, dailyLimit: 1_000_000 };

    const hot = await publishTestPlan(db, { tipsterId: tipsters[0]!, matchId, price: PRICE, now, config: bigLimit });
    const spreadPlans: number[] = [];
    for (let index = 0; index < options.buyers; index++) {
      const plan = await publishTestPlan(db, { tipsterId: tipsters[index % tipsters.length]!, matchId, price: PRICE, now, config: bigLimit });
      spreadPlans.push(plan.id);
    }

    const unlock = (planId: number, buyerId: number) => () => unlockPlan({ db, config, planId, buyerId, now, locale: 'en' });
    const hotPlan = await timed(hotBuyers.map((buyer) => unlock(hot.id, buyer)), concurrency);
    const manyPlans = await timed(spreadBuyers.map((buyer, index) => unlock(spreadPlans[index]!, buyer)), concurrency);
    const baseline = await timed(
      Array.from({ length: options.buyers }, (_, index) => () =>
        db.transaction(async (tx) => {
          await tx.insert(houseLedger).values({ amount: 1, reason: 'bench', idempotencyKey: `bench:baseline:${index}` });
        }),
      ),
      concurrency,
    );

    const [sold] = await db.select({ rows: sql<string>`count(*)` }).from(forecastUnlocks);
    if (Number(sold?.rows) !== 2 * options.buyers) throw new Error(`expected ${2 * options.buyers} unlocks, found ${sold?.rows}`);
    const ratio = (value: number) => Math.round((value / baseline.perSecond) * 1000) / 1000;
    return {
      kind: options.kind,
      buyers: options.buyers,
      concurrency,
      hotPlan,
      manyPlans,
      baseline,
      ratioHotToBaseline: ratio(hotPlan.perSecond),
      ratioManyToBaseline: ratio(manyPlans.perSecond),
    };
  } finally {
    await database.close();
  }
}
