// guessing_settle: how long settling a round of bets takes once its matches end — the real
// outbox deliveries with the real subscriber (settleBetsForMatch: grading, leg and bet updates,
// settlement log rows, the winners' ledger and house rows, in each delivery's transaction) —
// beside a bare baseline in the same database and run: one UPDATE per bet (what a bet-by-bet
// settlement costs at the least, without any ledger row). The bets (a mix of singles and
// parlays of 2–4 legs over `matches` matches) are written in bulk, not placed.
//
//   benchGuessingSettle({ kind: 'pglite' | 'postgres', bets: 100_000, matches: 10 })
//
// PostgreSQL: TEST_DATABASE_URL names a server where a throw-away database is created and
// dropped (default postgres://postgres@127.0.0.1:5432/postgres); PGlite runs in a temporary directory.
import { eq, sql } from 'drizzle-orm';
import { betSettlements, bets } from '../server/db/schema/guessing';
import { pointsLedger } from '../server/db/schema/points';
import { createManualClock } from '../server/jobs/clock';
import { createJobRunner, type JobRunner } from '../server/jobs/runner';
import { createBuyer, createMatch, finishFootball, prepareForecastDatabase } from '../server/modules/forecast/settlement-test-support';
import { insertBetsForTest, type TestBetInput, type TestLegInput } from '../server/modules/guessing/guessing-test-support';
import { registerGuessingSettlement } from '../server/modules/guessing/settle-bets';
import { createTestDatabase } from '../server/test-support/databases';

export interface GuessingSettleOptions {
  kind: 'pglite' | 'postgres';
  bets: number;
  matches?: number;
}

export interface GuessingSettleResult {
  kind: 'pglite' | 'postgres';
  bets: number;
  matches: number;
  parlays: number;
  /** bets that paid something (one ledger row and one house row each) */
  paid: number;
  /** every delivery: outbox reads, the subscriber's work, the delivery marks, the commits */
  deliveryMs: number;
  /** settleBetsForMatch alone, summed over the deliveries */
  settleMs: number;
  perBetUs: number;
  baseline: {
    /** one UPDATE per bet, in one transaction */
    updatePerBetMs: number;
  };
  ratioToUpdatePerBet: number;
}

const SELECTIONS: Omit<TestLegInput, 'matchId'>[] = [
  { market: '1x2', pick: 'home', oddsMilli: 2100 },
  { market: '1x2', pick: 'draw', oddsMilli: 3300 },
  { market: '1x2', pick: 'away', oddsMilli: 3600 },
  { market: 'handicap', pick: 'home', line: -0.75, oddsMilli: 2050 },
  { market: 'handicap', pick: 'away', line: 0.25, oddsMilli: 1850 },
  { market: 'over_under', pick: 'over', line: 2.5, oddsMilli: 1950 },
  { market: 'over_under', pick: 'under', line: 2.25, oddsMilli: 1900 },
  { market: 'over_under', period: 'ht', pick: 'over', line: 0.5, oddsMilli: 1450 },
];

export async function benchGuessingSettle(options: GuessingSettleOptions): Promise<GuessingSettleResult> {
  const matchCount = options.matches ?? 10;
  const database = await createTestDatabase(options.kind);
  const { db } = database;
  try {
    await prepareForecastDatabase(db);
    const matchIds = Array.from({ length: matchCount }, (_, index) => 9_920_001 + index);
    for (const matchId of matchIds) await createMatch(db, { matchId });
    const bettors: number[] = [];
    for (let index = 0; index < 500; index++) bettors.push((await createBuyer(db, 100_000_000)).id);
    // Two bets in three are singles; the rest parlays of 2–4 legs on consecutive matches.
    const inputs: TestBetInput[] = [];
    let parlays = 0;
    for (let index = 0; index < options.bets; index++) {
      const legCount = index % 3 === 2 ? 2 + (Math.floor(index / 3) % 3) : 1;
      if (legCount > 1) parlays += 1;
      const legs = Array.from({ length: legCount }, (_, leg) => ({ matchId: matchIds[(index + leg) % matchCount]!, ...SELECTIONS[(index * 5 + leg * 3) % SELECTIONS.length]! }));
      inputs.push({ userId: bettors[index % bettors.length]!, stake: 10 + (index % 190), legs });
    }
    await insertBetsForTest(db, inputs);

    // Baseline on the same rows, changing nothing a reader would see.
    const ids = (await db.select({ id: bets.id }).from(bets)).map((row) => row.id);
    let started = performance.now();
    await db.transaction(async (tx) => {
      for (const id of ids) await tx.update(bets).set({ settlementVersion: sql`${bets.settlementVersion}` }).where(eq(bets.id, id));
    });
    const updatePerBetMs = performance.now() - started;

    for (const [index, matchId] of matchIds.entries()) {
      await finishFootball(db, { matchId, score: [index % 4, (index * 3) % 5], ht: [index % 2, (index >> 1) % 2] });
    }

    // The real deliveries: the runner hands each match_finished to the settlement subscriber.
    let settleMs = 0;
    const runner = createJobRunner({
      db,
      leadership: { acquired: Promise.resolve(), release: async () => {} },
      clock: createManualClock(Date.now()),
      onError: (name, error) => {
        throw new Error(`${name} failed: ${String(error)}`);
      },
    });
    const timed: Pick<JobRunner, 'subscribe' | 'register'> = {
      register: () => undefined,
      subscribe: (name, types, handler) =>
        runner.subscribe(name, types, async (event, context) => {
          const at = performance.now();
          await handler(event, context);
          settleMs += performance.now() - at;
        }),
    };
    registerGuessingSettlement(timed, { db, postponedVoidHours: 48 });
    started = performance.now();
    await runner.start();
    await runner.idle();
    const deliveryMs = performance.now() - started;
    await runner.stop();

    const [written] = await db.select({ rows: sql<string>`count(*)` }).from(betSettlements);
    if (Number(written?.rows) !== options.bets) throw new Error(`expected ${options.bets} settlement rows, found ${written?.rows}`);
    const [paid] = await db.select({ rows: sql<string>`count(*)` }).from(pointsLedger).where(eq(pointsLedger.reason, 'bet_payout'));
    const round = (value: number) => Math.round(value * 10) / 10;
    return {
      kind: options.kind,
      bets: options.bets,
      matches: matchCount,
      parlays,
      paid: Number(paid?.rows ?? 0),
      deliveryMs: round(deliveryMs),
      settleMs: round(settleMs),
      perBetUs: round((settleMs * 1000) / options.bets),
      baseline: { updatePerBetMs: round(updatePerBetMs) },
      ratioToUpdatePerBet: Math.round((settleMs / updatePerBetMs) * 1000) / 1000,
    };
  } finally {
    await database.close();
  }
}
