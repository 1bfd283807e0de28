import { eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Sport } from '../../../core/contracts/matches';
import type { Market, Period, Pick } from '../../../core/contracts/odds';
import { canonicalPlanContent, newSalt, planFingerprint } from '../../../core/forecast/fingerprint';
import { seedCatalog } from '../../catalog/seed-catalog';
import type { Db } from '../../db/client';
import { forecastPlans, forecastUnlocks } from '../../db/schema/forecast';
import { houseLedger } from '../../db/schema/points';
import { setErrorHandling } from '../../http/error-handler';
import { createSiteOrigin } from '../../http/site-origin';
import { createTestUser } from '../../test-support/users';
import { currentUserPlugin } from '../../http/current-user';
import { sessionLookup } from '../auth/public';
import { recordHouseEntry } from '../points/house';
import { grantPoints, spendPoints } from '../points/ledger';
import { createMatchWrites, type MatchUpdate, type MatchWrites } from '../matches/match-writes';
import { forecastRecordsRoutes } from './forecast-records.routes';
import { forecastStaffRoutes, type ForecastStaffRoutesOptions } from './forecast-staff.routes';

/**
 * Test helpers of the settlement, records and staff suites: matches written through the real
 * match write service (so the outbox events exist), and plans and unlocks written straight into
 * their tables with a valid fingerprint and balanced ledgers — the publishing and unlocking
 * services are tested on their own.
 */

/** Süper Lig (1): Galatasaray (7) – Fenerbahçe (6); NBA (101): Atlanta Hawks (1001) – Boston Celtics (1002). */
const FIXTURE: Record<Sport, { competitionId: number; homeTeamId: number; awayTeamId: number }> = {
  football: { competitionId: 1, homeTeamId: 7, awayTeamId: 6 },
  basketball: { competitionId: 101, homeTeamId: 1001, awayTeamId: 1002 },
};

export async function prepareForecastDatabase(db: Db): Promise<void> {
  await seedCatalog(db);
}

/** The match write service with a publish that goes nowhere (live delivery is tested in server/live). */
export function matchWritesFor(db: Db, now?: () => number): MatchWrites {
  return createMatchWrites({ db, publish: async () => undefined, now });
}

/** A fixture of `sport` kicking off at `kickOff` (unix seconds; two hours ago by default). */
export async function createMatch(db: Db, options: { matchId: number; sport?: Sport; kickOff?: number }): Promise<void> {
  const sport = options.sport ?? 'football';
  await matchWritesFor(db).upsertFixtures([
    { matchId: options.matchId, sport, ...FIXTURE[sport], matchTime: options.kickOff ?? Math.floor(Date.now() / 1000) - 7200 },
  ]);
}

/** Plays a football match to its end: a live update then the final whistle with the half-time score. */
export async function finishFootball(db: Db, options: { matchId: number; score: [number, number]; ht: [number, number] | null }): Promise<void> {
  const writes = matchWritesFor(db);
  await writes.applyUpdate({ matchId: options.matchId, sport: 'football', statusId: 4, homeScore: 0, awayScore: 0, kind: 'score' });
  await writes.applyUpdate({
    matchId: options.matchId,
    sport: 'football',
    statusId: 8,
    homeScore: options.score[0],
    awayScore: options.score[1],
    halfTime: options.ht,
    kind: 'score',
  });
}

/** Plays a basketball match to its end with these period scores. */
export async function finishBasketball(db: Db, options: { matchId: number; periods: [number, number][] }): Promise<void> {
  const total = options.periods.reduce<[number, number]>((sum, [home, away]) => [sum[0] + home, sum[1] + away], [0, 0]);
  const writes = matchWritesFor(db);
  await writes.applyUpdate({ matchId: options.matchId, sport: 'basketball', statusId: 2, homeScore: 0, awayScore: 0, periods: [], kind: 'score' });
  await writes.applyUpdate({ matchId: options.matchId, sport: 'basketball', statusId: 10, homeScore: total[0], awayScore: total[1], periods: options.periods, kind: 'score' });
}

/** Moves a match to another status through the write service (postponed, cancelled, abandoned…). */
export async function setStatus(db: Db, update: Omit<MatchUpdate, 'kind' | 'homeScore' | 'awayScore'> & { homeScore?: number; awayScore?: number }): Promise<void> {
  await matchWritesFor(db).applyUpdate({ homeScore: 0, awayScore: 0, ...update, kind: 'score' });
}

export async function createTipster(db: Db, nickname?: string) {
  return createTestUser(db, { nickname });
}

/** A user with `points` in their balance, granted through the ledger. */
export async function createBuyer(db: Db, points = 1000, nickname?: string) {
  const user = await createTestUser(db, { nickname });
  if (points > 0) await grantPoints(db, { userId: user.id, amount: points, reason: 'welcome', idempotencyKey: 'welcome' });
  return user;
}

export interface TestPlanInput {
  tipsterId: number;
  matchId: number;
  sport?: Sport;
  market: Market;
  period?: Period;
  pick: Pick;
  line?: number | null;
  odds?: number;
  price?: number;
  description?: string;
  publishedAt?: Date;
}

/** A plan row as the publishing service writes it, with its canonical text, salt and fingerprint. */
export async function insertPlan(db: Db, input: TestPlanInput): Promise<number> {
  const [id] = await insertPlans(db, [input]);
  return id!;
}

let planSequence = 0;

/** Many plans in one statement (the crash test and the benchmark publish thousands). */
export async function insertPlans(db: Db, inputs: readonly TestPlanInput[]): Promise<number[]> {
  const rows = await Promise.all(
    inputs.map(async (input) => {
      const sport = input.sport ?? 'football';
      const publishedAt = input.publishedAt ?? new Date(Date.now() - 86_400_000);
      const line = input.line ?? null;
      const odds = input.odds ?? 1.9;
      const price = input.price ?? 0;
      const description = input.description ?? 'A plan written for the tests.';
      const content = {
        tipsterId: input.tipsterId,
        matchId: input.matchId,
        sport,
        market: input.market,
        period: input.period ?? 'ft',
        pick: input.pick,
        line,
        odds,
        description,
        price,
        publishedAt: publishedAt.toISOString(),
      };
      const canonical = canonicalPlanContent(content);
      const salt = newSalt();
      planSequence += 1;
      return {
        userId: input.tipsterId,
        matchId: input.matchId,
        sport,
        market: input.market,
        period: input.period ?? 'ft',
        pick: input.pick,
        lineQuarters: line === null ? null : Math.round(line * 4),
        oddsMilli: Math.round(odds * 1000),
        description,
        excerpt: null,
        price,
        salt,
        canonical,
        fingerprint: await planFingerprint(canonical, salt),
        publishedAt,
        kickOffAt: new Date(publishedAt.getTime() + 3_600_000),
        idempotencyKey: `test-plan-${planSequence}-${salt.slice(0, 8)}`,
      };
    }),
  );
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += 500) {
    const inserted = await db
      .insert(forecastPlans)
      .values(rows.slice(start, start + 500))
      .returning({ id: forecastPlans.id });
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

/**
 * An unlock as the unlocking service books it: the buyer pays the price, the tipster gets 70%
 * and the house the rest, each under its own key, in one transaction.
 */
export async function unlockForTest(db: Db, options: { planId: number; buyerId: number }): Promise<number> {
  return db.transaction(async (tx) => {
    const [plan] = await tx.select({ price: forecastPlans.price, userId: forecastPlans.userId }).from(forecastPlans).where(eq(forecastPlans.id, options.planId));
    if (!plan || plan.price === 0) throw new Error(`plan ${options.planId} is not a paid plan`);
    const key = `plan_unlock:${options.planId}`;
    await spendPoints(tx, { userId: options.buyerId, amount: plan.price, reason: 'plan_unlock', reference: `plan:${options.planId}`, idempotencyKey: key });
    const sellerShare = Math.floor((plan.price * 70) / 100);
    const houseShare = plan.price - sellerShare;
    if (sellerShare > 0) {
      await grantPoints(tx, {
        userId: plan.userId,
        amount: sellerShare,
        reason: 'plan_sale',
        reference: `plan:${options.planId}`,
        idempotencyKey: `plan_sale:${options.planId}:${options.buyerId}`,
      });
    }
    await recordHouseEntry(tx, { amount: houseShare, reason: 'plan_unlock', idempotencyKey: `plan_unlock:${options.planId}:${options.buyerId}` });
    const [unlock] = await tx
      .insert(forecastUnlocks)
      .values({ planId: options.planId, buyerId: options.buyerId, price: plan.price, sellerShare, houseShare, createdAt: new Date() })
      .returning({ id: forecastUnlocks.id });
    await tx
      .update(forecastPlans)
      .set({ sellCount: sql`${forecastPlans.sellCount} + 1`, sellIncome: sql`${forecastPlans.sellIncome} + ${sellerShare}` })
      .where(eq(forecastPlans.id, options.planId));
    return unlock!.id;
  });
}

/** Σ of the house's books for one reason. */
export async function houseTotal(db: Db, reason: string): Promise<number> {
  const [row] = await db.select({ total: sql<string>`coalesce(sum(${houseLedger.amount}), 0)` }).from(houseLedger).where(eq(houseLedger.reason, reason));
  return Number(row?.total ?? 0);
}

/**
 * A Fastify instance with the signed-in user, the one error handler and the records and staff
 * plugins of the prediction centre, compiled like the real app (server/app.ts registers the same
 * plugins), for `app.inject()` tests.
 */
export async function buildForecastRecordsTestApp(
  db: Db,
  options: { now?: () => Date; publisher?: ForecastStaffRoutesOptions['publisher'] } = {},
): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  setErrorHandling(app);
  await app.register(currentUserPlugin, { findSessionUser: sessionLookup(db), siteOrigin: createSiteOrigin({ allowLoopback: true }) });
  await app.register(forecastRecordsRoutes, { db, now: options.now });
  await app.register(forecastStaffRoutes, { db, now: options.now, publisher: options.publisher });
  await app.ready();
  return app;
}
