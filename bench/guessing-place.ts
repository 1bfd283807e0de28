// guessing_place: how many bets a second the server places — the real placeBet service (pricing
// by the odds model, the bettor's row lock, the daily cap, the bet and its legs, the stake's
// ledger debit and the house's row, in one transaction) — for many bettors at once, singles and
// two-leg parlays, beside a bare baseline in the same database and run: the same number of
// transactions, each one plain INSERT into the house ledger. Requests run `concurrency` at a
// time over the database's pool (PGlite runs them one by one).
//
//   benchGuessingPlace({ kind: 'pglite' | 'postgres', bets: 2000, concurrency: 16 })
//
// PostgreSQL: TEST_DATABASE_URL names a server where a throw-away database is created and
// dropped (default postgres://postgres@127.0.0.1:5432/postgres); PGlite runs in a temporary directory.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { PricedSelection } from '../core/contracts/odds';
import { bets } from '../server/db/schema/guessing';
import { houseLedger } from '../server/db/schema/points';
import { createFan, createForecastMatch, FORECAST_NOW, prepareForecastWorld, testOddsService } from '../server/modules/forecast/forecast-test-support';
import { offeredMarkets } from '../server/modules/markets/match-markets';
import { DEFAULT_GUESSING_CONFIG } from '../server/modules/guessing/guessing-config';
import { placeBet } from '../server/modules/guessing/place-bet';
import { createTestDatabase } from '../server/test-support/databases';

export interface GuessingPlaceOptions {
  kind: 'pglite' | 'postgres';
  /** bets placed (and baseline transactions) */
  bets: number;
  /** bettors the bets are spread over */
  bettors?: number;
  /** placements in flight at once; 16 by default */
  concurrency?: number;
}

export interface PlaceThroughput {
  operations: number;
  ms: number;
  perSecond: number;
}

export interface GuessingPlaceResult {
  kind: 'pglite' | 'postgres';
  bettors: number;
  concurrency: number;
  placements: PlaceThroughput;
  /** one INSERT per transaction, the same count and concurrency */
  baseline: PlaceThroughput;
  /** placements per second ÷ baseline transactions per second */
  ratioToBaseline: number;
}

const MATCHES = 5;

/** Runs `tasks` with at most `concurrency` in flight; answers the wall time and the rate. */
async function runConcurrently(tasks: (() => Promise<unknown>)[], concurrency: number): Promise<PlaceThroughput> {
  let next = 0;
  const started = performance.now();
  const lanes = Array.from({ length: Math.min(concurrency, tasks.length) }, async () => {
    for (let task = tasks[next++]; task; task = tasks[next++]) await task();
  });
  await Promise.all(lanes);
  const ms = performance.now() - started;
  return { operations: tasks.length, ms: Math.round(ms * 10) / 10, perSecond: Math.round((tasks.length / ms) * 10_000) / 10 };
}

export async function benchGuessingPlace(options: GuessingPlaceOptions): Promise<GuessingPlaceResult> {
  const concurrency = options.concurrency ?? 16;
  const bettorCount = options.bettors ?? 200;
  const database = await createTestDatabase(options.kind);
  const { db } = database;
  const now = FORECAST_NOW;
  try {
    await prepareForecastWorld(db);
    const matchIds: number[] = [];
    for (let index = 0; index < MATCHES; index++) matchIds.push(await createForecastMatch(db, { matchId: 9_910_001 + index }));
    const bettors: number[] = [];
    for (let index = 0; index < bettorCount; index++) bettors.push((await createFan(db, { points: 10_000_000 })).id);
    const odds = testOddsService(db, { now: () => now });
    // The menus the slips are built from, priced once as a page would show them.
    const menus: PricedSelection[][] = [];
    for (const matchId of matchIds) menus.push(offeredMarkets(await odds.priceMatch(matchId)));
    const config = { ...DEFAULT_GUESSING_CONFIG, dailyCap: 1_000_000_000 };

    const leg = (index: number, offset: number) => {
      const match = (index + offset) % MATCHES;
      const offered = menus[match]![(index * 7 + offset) % menus[match]!.length]!;
      return { match_id: matchIds[match]!, selection: { market: offered.market, period: offered.period, pick: offered.pick, line: offered.line }, odds: offered.odds };
    };
    const placements = await runConcurrently(
      Array.from({ length: options.bets }, (_, index) => () =>
        placeBet({
          db,
          odds,
          config,
          userId: bettors[index % bettors.length]!,
          body: {
            kind: index % 2 === 0 ? 'single' : 'parlay',
            legs: index % 2 === 0 ? [leg(index, 0)] : [leg(index, 0), leg(index, 1)],
            stake: 10 + (index % 50),
            idempotency_key: randomUUID(),
          },
          now,
          locale: 'en',
        }),
      ),
      concurrency,
    );
    const baseline = await runConcurrently(
      Array.from({ length: options.bets }, (_, index) => () =>
        db.transaction(async (tx) => {
          await tx.insert(houseLedger).values({ amount: 1, reason: 'bench', idempotencyKey: `bench:baseline:${index}` });
        }),
      ),
      concurrency,
    );

    const [placed] = await db.select({ rows: sql<string>`count(*)` }).from(bets);
    if (Number(placed?.rows) !== options.bets) throw new Error(`expected ${options.bets} bets, found ${placed?.rows}`);
    return {
      kind: options.kind,
      bettors: bettorCount,
      concurrency,
      placements,
      baseline,
      ratioToBaseline: Math.round((placements.perSecond / baseline.perSecond) * 1000) / 1000,
    };
  } finally {
    await database.close();
  }
}
