import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Plan } from '../../../core/contracts/forecast';
import type { Sport } from '../../../core/contracts/matches';
import type { Selection } from '../../../core/contracts/odds';
import { seedCatalog } from '../../catalog/seed-catalog';
import type { Db } from '../../db/client';
import { matches } from '../../db/schema/matches';
import { setErrorHandling } from '../../http/error-handler';
import { createSiteOrigin } from '../../http/site-origin';
import { insertMatches } from '../../test-support/match-centre-data';
import { createTestUser } from '../../test-support/users';
import { currentUserPlugin } from '../../http/current-user';
import { sessionLookup } from '../auth/public';
import { grantPoints } from '../points/ledger';
import { createOddsService, type OddsService } from '../odds/odds.service';
import { DEFAULT_FORECAST_CONFIG, type ForecastConfig } from './forecast-config';
import { DEFAULT_ODDS_MARGIN } from '../odds/odds-config';
import { forecastRoutes } from './forecast.routes';
import { publishPlan } from './publish-plan';

/**
 * Test helpers of the prediction-centre suites (publishing, unlocking, the leak test; the
 * records and pages suites may use them too). Everything goes through the real services and a
 * real database; only the clock is the test's.
 *
 * The world: the catalog's competitions and teams (seedCatalog), matches written straight into
 * `matches` at the times a test names, fans with points granted through the ledger, and plans
 * published through `publishPlan` — the same path as POST /api/forecast/plans.
 */

/** The tests' server clock: 2025-10-18 12:00 UTC (15:00 in Istanbul), movable. */
export const FORECAST_NOW = new Date('2025-10-18T12:00:00.000Z');

export interface TestClock {
  (): Date;
  set(date: Date | string): void;
  advance(ms: number): void;
}

export function testClock(start: Date = FORECAST_NOW): TestClock {
  let current = new Date(start);
  const clock = (() => new Date(current)) as TestClock;
  clock.set = (date) => {
    current = new Date(date);
  };
  clock.advance = (ms) => {
    current = new Date(current.getTime() + ms);
  };
  return clock;
}

/** Competitions and teams of the catalog; run once per database before creating matches. */
export async function prepareForecastWorld(db: Db): Promise<void> {
  await seedCatalog(db);
}

/** Süper Lig (1): Galatasaray (7) – Fenerbahçe (6); NBA (101): Atlanta Hawks (1001) – Boston Celtics (1002). */
const FIXTURE: Record<Sport, { competitionId: number; home: number; away: number }> = {
  football: { competitionId: 1, home: 7, away: 6 },
  basketball: { competitionId: 101, home: 1001, away: 1002 },
};

let nextMatchId = 8_100_000;

/**
 * A match of the catalog's teams kicking off at `kickOff` (six hours after FORECAST_NOW by
 * default), not started unless `status` says otherwise. Answers its id.
 */
export async function createForecastMatch(
  db: Db,
  options: {
    sport?: Sport;
    kickOff?: Date;
    status?: number;
    note?: 'postponed';
    matchId?: number;
    /** [home, away]; give a finished match a real-looking score: the odds model learns from it */
    score?: [number, number];
  } = {},
): Promise<number> {
  const sport = options.sport ?? 'football';
  const id = options.matchId ?? (nextMatchId += 1);
  const fixture = FIXTURE[sport];
  const kickOff = options.kickOff ?? new Date(FORECAST_NOW.getTime() + 6 * 3_600_000);
  await insertMatches(db, [
    {
      id,
      sport,
      competitionId: fixture.competitionId,
      home: fixture.home,
      away: fixture.away,
      time: Math.floor(kickOff.getTime() / 1000),
      status: options.status ?? 1,
      note: options.note,
      score: options.score,
    },
  ]);
  return id;
}

/** Moves a match to another status (a kick-off, a cancellation, the final whistle). */
export async function setMatchStatus(db: Db, matchId: number, statusId: number): Promise<void> {
  await db.update(matches).set({ statusId }).where(eq(matches.id, matchId));
}

export interface Fan {
  id: number;
  nickname: string;
  token: string;
}

/** A signed-in user holding `points` (granted through the ledger, so the books balance). */
export async function createFan(db: Db, options: { points?: number; nickname?: string; role?: 'user' | 'staff' | 'admin' } = {}): Promise<Fan> {
  const user = await createTestUser(db, { nickname: options.nickname, role: options.role });
  if ((options.points ?? 0) > 0) {
    await grantPoints(db, { userId: user.id, amount: options.points ?? 0, reason: 'staff_grant', idempotencyKey: 'forecast-test:seed' });
  }
  return { id: user.id, nickname: user.nickname, token: user.token };
}

/** The odds service the tests price with: the default margin, on the test clock. */
export function testOddsService(db: Db, options: { now?: () => Date; margin?: number } = {}): OddsService {
  return createOddsService({ db, margin: options.margin ?? DEFAULT_ODDS_MARGIN, now: options.now });
}

/** One odds service per database for publishTestPlan, so its fitted models are reused. */
const sharedOdds = new WeakMap<Db, OddsService>();
function sharedOddsService(db: Db): OddsService {
  let odds = sharedOdds.get(db);
  if (!odds) {
    odds = testOddsService(db);
    sharedOdds.set(db, odds);
  }
  return odds;
}

/** The full-time home win: priced on every match the odds model prices. */
export const HOME_WIN: Selection = { market: '1x2', period: 'ft', pick: 'home', line: null };

export function newIdempotencyKey(): string {
  return `test-${randomBytes(8).toString('hex')}`;
}

/** Publishes a plan through the real service, as POST /api/forecast/plans does. */
export async function publishTestPlan(
  db: Db,
  options: {
    tipsterId: number;
    matchId: number;
    selection?: Selection;
    description?: string;
    /** 0 publishes a free plan; 100 by default */
    price?: number;
    now?: Date;
    odds?: OddsService;
    config?: ForecastConfig;
  },
): Promise<Plan> {
  const now = options.now ?? FORECAST_NOW;
  const price = options.price ?? 100;
  return publishPlan({
    db,
    odds: options.odds ?? sharedOddsService(db),
    config: options.config ?? { ...DEFAULT_FORECAST_CONFIG, dailyLimit: 1000 },
    userId: options.tipsterId,
    body: {
      match_id: options.matchId,
      selection: options.selection ?? HOME_WIN,
      description: options.description ?? 'Galatasaray are unbeaten at home this season and Fenerbahçe travel without their captain.',
      free: price === 0,
      price: price === 0 ? undefined : price,
      idempotency_key: newIdempotencyKey(),
    },
    now,
    locale: 'en',
  });
}

/**
 * The prediction centre's routes on a Fastify instance compiled like the real app (zod
 * validator and serializer, the one error handler, the current-user plugin), on the test clock.
 */
export async function buildForecastTestApp(options: {
  db: Db;
  now?: () => Date;
  config?: ForecastConfig;
  odds?: OddsService;
}): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  setErrorHandling(app);
  await app.register(currentUserPlugin, { findSessionUser: sessionLookup(options.db), siteOrigin: createSiteOrigin({ allowLoopback: true }) });
  await app.register(forecastRoutes, {
    db: options.db,
    odds: options.odds ?? testOddsService(options.db, { now: options.now }),
    config: options.config ?? DEFAULT_FORECAST_CONFIG,
    now: options.now,
  });
  await app.ready();
  return app;
}

export interface ApiAnswer {
  status: number;
  /** the parsed JSON body */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read whatever came back
  /** the raw text, for leak searches */
  text: string;
}

/** One request to the test app: `token` signs in, `language` picks the answer's language (en by default). */
export async function callApi(
  app: FastifyInstance,
  request: { method: 'GET' | 'POST' | 'DELETE'; url: string; token?: string; language?: string; body?: unknown },
): Promise<ApiAnswer> {
  const response = await app.inject({
    method: request.method,
    url: request.url,
    headers: { language: request.language ?? 'en', ...(request.token ? { token: request.token } : {}) },
    ...(request.body === undefined ? {} : { payload: request.body as object }),
  });
  return { status: response.statusCode, body: response.json(), text: response.body };
}
