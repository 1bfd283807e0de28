// forecast_settle: how long settling every plan of one match takes when the match ends — the
// real outbox delivery with the real subscriber (settlePlansForMatch: grade, settlement log rows,
// plan updates, in the delivery's transaction) — beside bare baselines in the same database and
// run: one UPDATE per plan (what a row-by-row settlement costs at the least) and a single UPDATE
// touching every plan of the match (the floor of writing them at all).
//
//   benchForecastSettle({ kind: 'pglite' | 'postgres', plans: 10_000 })
//
// PostgreSQL: TEST_DATABASE_URL names a server where a throw-away database is created and
// dropped (default postgres://postgres@127.0.0.1:5432/postgres); PGlite runs in a temporary directory.
import { eq, sql } from 'drizzle-orm';
import type { Selection } from '../core/contracts/odds';
import { forecastPlans, forecastSettlements } from '../server/db/schema/forecast';
import { createManualClock } from '../server/jobs/clock';
import { createJobRunner, type JobRunner } from '../server/jobs/runner';
import { registerForecastSettlement } from '../server/modules/forecast/settle-plans';
import {
  createMatch,
  createTipster,
  finishFootball,
  insertPlans,
  prepareForecastDatabase,
  type TestPlanInput,
} from '../server/modules/forecast/settlement-test-support';
import { createTestDatabase } from '../server/test-support/databases';

export interface ForecastSettleOptions {
  kind: 'pglite' | 'postgres';
  /** open plans on the match that ends */
  plans: number;
}

export interface ForecastSettleResult {
  kind: 'pglite' | 'postgres';
  plans: number;
  /** settlement rows written by the delivery (one per plan) */
  settlementRows: number;
  /** the whole delivery: outbox read, the subscriber's work, the delivery mark, the commit */
  deliveryMs: number;
  /** settlePlansForMatch alone, inside that delivery */
  settleMs: number;
  perPlanUs: number;
  baseline: {
    /** one UPDATE per plan, in one transaction */
    updatePerPlanMs: number;
    /** one UPDATE of all the match's plans */
    singleUpdateMs: number;
  };
  /** settleMs ÷ updatePerPlanMs: below 1 means settling costs less than touching each plan once by itself */
  ratioToUpdatePerPlan: number;
}

/** A spread of markets like a busy match's: a few dozen distinct selections over thousands of plans. */
const SELECTIONS: Selection[] = [];
for (const pick of ['home', 'draw', 'away'] as const) SELECTIONS.push({ market: '1x2', period: 'ft', pick, line: null });
for (const line of [-1.5, -1.25, -1, -0.75, -0.5, -0.25, 0, 0.25, 0.5]) {
  SELECTIONS.push({ market: 'handicap', period: 'ft', pick: 'home', line }, { market: 'handicap', period: 'ft', pick: 'away', line: -line });
}
for (const line of [1.5, 2, 2.25, 2.5, 2.75, 3, 3.5]) {
  SELECTIONS.push({ market: 'over_under', period: 'ft', pick: 'over', line }, { market: 'over_under', period: 'ft', pick: 'under', line });
}
for (const pick of ['home', 'draw', 'away'] as const) SELECTIONS.push({ market: '1x2', period: 'ht', pick, line: null });

const now = () => performance.now();


export async function benchForecastSettle(options: ForecastSettleOptions): Promise<ForecastSettleResult> {
  const database = await createTestDatabase(options.kind);
  const { db } = database;
  try {
    await prepareForecastDatabase(db);
    const matchId = 9_900_001;
    await createMatch(db, { matchId });
    const tipsters = [];
    for (let index = 0; index < 50; index++) tipsters.push(await createTipster(db));
    const inputs: TestPlanInput[] = [];
    for (let index = 0; index < options.plans; index++) {
      const selection = SELECTIONS[index % SELECTIONS.length]!;
      inputs.push({ tipsterId: tipsters[index % tipsters.length]!.id, matchId, ...selection, odds: 1.5 + (index % 10) / 10 });
    }
    await insertPlans(db, inputs);
    const ids = (await db.select({ id: forecastPlans.id }).from(forecastPlans).where(eq(forecastPlans.matchId, matchId))).map((row) => row.id);

    // Baselines on the same rows, changing nothing a reader would see.
    let started = now();
    await db.transaction(async (tx) => {
      for (const id of ids) await tx.update(forecastPlans).set({ sellCount: sql`${forecastPlans.sellCount}` }).where(eq(forecastPlans.id, id));
    });
    const updatePerPlanMs = now() - started;
    started = now();
    await db.update(forecastPlans).set({ sellCount: sql`${forecastPlans.sellCount}` }).where(eq(forecastPlans.matchId, matchId));
    const singleUpdateMs = now() - started;

    await finishFootball(db, { matchId, score: [2, 1], ht: [1, 0] });

    // The real delivery: the runner hands match_finished to the settlement subscriber.
    let settleMs = 0;
    const runner = createJobRunner({
      db,
      leadership: { acquired: Promise.resolve(), release: async () => {} },
      clock: createManualClock(Date.now()),
      onError: (name, error) => {
        throw new Error(`${name} failed: ${String(error)}`);
      },
    });
    const timed: Pick<JobRunner, 'subscribe'> = {
      subscribe: (name, types, handler) =>
        runner.subscribe(name, types, async (event, context) => {
          const at = now();
          await handler(event, context);
          settleMs = now() - at;
        }),
    };
    registerForecastSettlement(timed, { db });
    started = now();
    await runner.start();
    await runner.idle();
    const deliveryMs = now() - started;
    await runner.stop();

    const [written] = await db.select({ rows: sql<string>`count(*)` }).from(forecastSettlements).where(eq(forecastSettlements.matchId, matchId));
    const settlementRows = Number(written?.rows ?? 0);
    if (settlementRows !== options.plans) throw new Error(`expected ${options.plans} settlement rows, found ${settlementRows}`);
    const round = (value: number) => Math.round(value * 10) / 10;
    return {
      kind: options.kind,
      plans: options.plans,
      settlementRows,
      deliveryMs: round(deliveryMs),
      settleMs: round(settleMs),
      perPlanUs: round((settleMs * 1000) / options.plans),
      baseline: { updatePerPlanMs: round(updatePerPlanMs), singleUpdateMs: round(singleUpdateMs) },
      ratioToUpdatePerPlan: Math.round((settleMs / updatePerPlanMs) * 1000) / 1000,
    };
  } finally {
    await database.close();
  }
}
