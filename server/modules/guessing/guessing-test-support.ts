import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Sport } from '../../../core/contracts/matches';
import type { Market, Period, Pick } from '../../../core/contracts/odds';
import { combinedOddsMilli, potentialReturn } from '../../../core/guessing/bets';
import type { Db } from '../../db/client';
import { betLegs, bets } from '../../db/schema/guessing';
import { houseLedger, pointsLedger } from '../../db/schema/points';
import { users } from '../../db/schema/users';
import { setErrorHandling } from '../../http/error-handler';
import { createSiteOrigin } from '../../http/site-origin';
import { currentUserPlugin } from '../../http/current-user';
import { sessionLookup } from '../auth/public';
import type { OddsService } from '../odds/odds.service';
import { chunks } from '../../lib/chunks';
import { recordHouseEntry } from '../points/house';
import { spendPoints } from '../points/ledger';
import { testOddsService } from '../forecast/forecast-test-support';
import { DEFAULT_GUESSING_CONFIG, type GuessingConfig } from './guessing-config';
import { guessingRoutes } from './guessing.routes';

/** The guessing routes on a Fastify instance compiled like the real app, on the test clock. */
export async function buildGuessingTestApp(options: { db: Db; now?: () => Date; config?: GuessingConfig; odds?: OddsService }): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  setErrorHandling(app);
  await app.register(currentUserPlugin, { findSessionUser: sessionLookup(options.db), siteOrigin: createSiteOrigin({ allowLoopback: true }) });
  await app.register(guessingRoutes, {
    db: options.db,
    odds: options.odds ?? testOddsService(options.db, { now: options.now }),
    config: options.config ?? DEFAULT_GUESSING_CONFIG,
    now: options.now,
  });
  await app.ready();
  return app;
}

/** Σ ledger rows = balance for every account, and Σ house rows of bets = −Σ user rows of bets. */
export async function expectBetBooksBalanced(db: Db, expect: (value: unknown, message?: string) => { toBe(value: unknown): void }): Promise<void> {
  const sums = await db.select({ userId: pointsLedger.userId, total: sql<string>`sum(${pointsLedger.amount})::text` }).from(pointsLedger).groupBy(pointsLedger.userId);
  const ledgerOf = new Map(sums.map((row) => [row.userId, Number(row.total)]));
  for (const user of await db.select({ id: users.id, balance: users.pointsBalance }).from(users)) {
    expect(ledgerOf.get(user.id) ?? 0, `ledger of user ${user.id}`).toBe(user.balance);
  }
  const [userSide] = await db
    .select({ total: sql<string>`coalesce(sum(${pointsLedger.amount}), 0)::text` })
    .from(pointsLedger)
    .where(sql`${pointsLedger.reason} like 'bet_%'`);
  const [houseSide] = await db
    .select({ total: sql<string>`coalesce(sum(${houseLedger.amount}), 0)::text` })
    .from(houseLedger)
    .where(sql`${houseLedger.reason} like 'bet_%'`);
  expect(Number(houseSide?.total ?? 0) + 0, 'house result of bets').toBe(0 - Number(userSide?.total ?? 0) + 0);
}

/** A leg of a test bet; the odds default to 1.900. */
export interface TestLegInput {
  matchId: number;
  sport?: Sport;
  market: Market;
  period?: Period;
  pick: Pick;
  line?: number | null;
  oddsMilli?: number;
}

export interface TestBetInput {
  userId: number;
  stake: number;
  legs: TestLegInput[];
}

let betSequence = 0;

/**
 * Bets written straight into their tables, as placement leaves them (open, odds frozen), in
 * multi-row statements — the crash test and the benchmark place tens of thousands; placement is
 * tested on its own. The stakes are debited with one ledger row per bettor (and received by the
 * house under the same key), so every balance still equals its ledger and the house's bet rows
 * still equal stakes − payouts. The bettors need the points.
 */
export async function insertBetsForTest(db: Db, inputs: readonly TestBetInput[], options: { placedAt?: Date } = {}): Promise<number[]> {
  const placedAt = options.placedAt ?? new Date(Date.now() - 86_400_000);
  const ids: number[] = [];
  for (const slice of chunks(inputs, 2000)) {
    const inserted = await db
      .insert(bets)
      .values(
        slice.map((input) => {
          const odds = input.legs.map((leg) => leg.oddsMilli ?? 1900);
          betSequence += 1;
          return {
            userId: input.userId,
            kind: input.legs.length === 1 ? ('single' as const) : ('parlay' as const),
            stake: input.stake,
            oddsMilli: combinedOddsMilli(odds),
            potentialReturn: potentialReturn(input.stake, odds),
            idempotencyKey: `test-bet-${process.pid}-${betSequence}`,
            placedAt,
          };
        }),
      )
      .returning({ id: bets.id });
    const sliceIds = inserted.map((row) => row.id);
    ids.push(...sliceIds);
    const legs = slice.flatMap((input, index) =>
      input.legs.map((leg) => ({
        betId: sliceIds[index]!,
        matchId: leg.matchId,
        sport: leg.sport ?? ('football' as const),
        market: leg.market,
        period: leg.period ?? ('ft' as const),
        pick: leg.pick,
        lineQuarters: leg.line === undefined || leg.line === null ? null : Math.round(leg.line * 4),
        oddsMilli: leg.oddsMilli ?? 1900,
      })),
    );
    for (const legSlice of chunks(legs, 2000)) await db.insert(betLegs).values(legSlice);
  }
  const staked = new Map<number, number>();
  for (const input of inputs) staked.set(input.userId, (staked.get(input.userId) ?? 0) + input.stake);
  betSequence += 1;
  for (const [userId, amount] of staked) {
    const key = `bet_stake:test-${process.pid}-${betSequence}:${userId}`;
    await db.transaction(async (tx) => {
      await spendPoints(tx, { userId, amount, reason: 'bet_stake', idempotencyKey: key });
      await recordHouseEntry(tx, { amount, reason: 'bet_stake', idempotencyKey: key });
    });
  }
  return ids;
}
