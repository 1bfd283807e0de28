import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { accountEndpoints } from '../core/contracts/account';
import { successEnvelopeSchema } from '../core/contracts/api';
import { collectionsEndpoints } from '../core/contracts/collections';
import { contactEndpoints } from '../core/contracts/contact';
import { endpointPath, type Endpoint, type EndpointBody, type EndpointData, type EndpointQuery } from '../core/contracts/endpoints';
import { forecastEndpoints, staffForecastEndpoints } from '../core/contracts/forecast';
import { guessingEndpoints, staffGuessingEndpoints } from '../core/contracts/guessing';
import { importsEndpoints } from '../core/contracts/imports';
import { apiLinks } from '../core/contracts/links';
import { liveEndpoints } from '../core/contracts/live';
import { matchCentreEndpoints } from '../core/contracts/match-centre';
import { matchesEndpoints } from '../core/contracts/matches';
import { notificationsEndpoints } from '../core/contracts/notifications';
import { pointsEndpoints } from '../core/contracts/points';
import { profileEndpoints } from '../core/contracts/profile';
import { reviewEndpoints } from '../core/contracts/review';
import { searchEndpoints } from '../core/contracts/search';
import type { PublicConfig } from '../core/contracts/services';
import { socialEndpoints } from '../core/contracts/social';
import { staffEndpoints } from '../core/contracts/staff';
import { buildApp } from './app';
import { seedCatalog } from './catalog/seed-catalog';
import { createForecastMatch } from './modules/forecast/forecast-test-support';
import { createMatchService } from './modules/matches/matches.service';
import { useTestDatabase } from './test-support/db';
import { createTestUser } from './test-support/users';

/**
 * The endpoints the browser calls are named once in core/contracts (decision 137). Here the real
 * app answers them: every definition is a route of the server with its method, and the answers
 * a signed-in reader and a staff member get parse with the endpoint's own schema, as the
 * browser's callEndpoint checks them (its `data`, and the envelope's `code`).
 */
const PUBLIC_CONFIG: PublicConfig = { brokerWsUrl: null, buildId: 'test', appStore: { enabled: false, iosUrl: '', androidUrl: '' } };

const ENDPOINT_GROUPS: Record<string, Record<string, Endpoint>> = {
  accountEndpoints,
  profileEndpoints,
  pointsEndpoints,
  collectionsEndpoints,
  forecastEndpoints,
  staffForecastEndpoints,
  guessingEndpoints,
  staffGuessingEndpoints,
  staffEndpoints,
  importsEndpoints,
  reviewEndpoints,
  contactEndpoints,
  searchEndpoints,
  matchesEndpoints,
  matchCentreEndpoints,
  notificationsEndpoints,
  socialEndpoints,
};

let app: FastifyInstance;

/** The address a definition names, one per value of a path parameter the server registers per value (the sport). */
function registeredPaths(path: string): string[] {
  return path.includes(':sport') ? ['football', 'basketball'].map((sport) => path.replace(':sport', sport)) : [path];
}

/** Calls an endpoint as the browser's callEndpoint does, and checks the answer against its contract. */
async function call<E extends Endpoint>(
  endpoint: E,
  request: { token?: string; params?: Record<string, string | number>; query?: EndpointQuery<E>; body?: EndpointBody<E> } = {},
): Promise<EndpointData<E>> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) if (value !== undefined) query.set(key, String(value));
  const search = query.toString();
  const response = await app.inject({
    method: endpoint.method,
    url: `${endpointPath(endpoint.path, request.params)}${search === '' ? '' : `?${search}`}`,
    headers: { language: 'en', ...(request.token ? { token: request.token } : {}) },
    ...(endpoint.method === 'POST' ? { payload: (request.body ?? {}) as object } : {}),
  });
  expect(response.statusCode, `${endpoint.method} ${endpoint.path}: ${response.body.slice(0, 300)}`).toBe(200);
  const checked = successEnvelopeSchema(z.literal(endpoint.code ?? 0), endpoint.data).safeParse(response.json());
  expect(checked.success ? null : checked.error.issues.slice(0, 3), `${endpoint.method} ${endpoint.path} answers outside its contract`).toBeNull();
  return (checked.data as { data: EndpointData<E> }).data;
}

describe('the endpoints named in core/contracts', () => {
  const database = useTestDatabase('pglite');

  beforeAll(async () => {
    const { db } = database.current;
    await seedCatalog(db);
    app = await buildApp({ db, matches: createMatchService({ db }), publicConfig: PUBLIC_CONFIG, apiDocs: false });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('are every one a route of the server, with its method', () => {
    const missing: string[] = [];
    for (const [group, endpoints] of Object.entries(ENDPOINT_GROUPS)) {
      for (const [name, endpoint] of Object.entries(endpoints)) {
        for (const url of registeredPaths(endpoint.path)) {
          if (!app.hasRoute({ method: endpoint.method, url })) missing.push(`${group}.${name}: ${endpoint.method} ${url}`);
        }
      }
    }
    for (const url of Object.values(apiLinks)) if (!app.hasRoute({ method: 'GET', url })) missing.push(`link ${url}`);
    expect(missing).toEqual([]);
    // The live token's route needs a broker; server/modules/live/live.test.ts calls it on both.
    expect(liveEndpoints.token.path).toBe('/api/live/token');
  });

  it("answer a signed-in reader within their contracts: account, points, favourites, the prediction centre's and the contest's reads and writes", async () => {
    const { db } = database.current;
    const reader = await createTestUser(db);
    const tipster = await createTestUser(db);
    const token = reader.token;
    const kickOff = new Date(Date.now() + 6 * 3_600_000);
    const matchId = await createForecastMatch(db, { kickOff });

    expect((await call(accountEndpoints.info, { token })).id).toBe(reader.id);
    expect((await call(profileEndpoints.saveSettings, { token, body: { theme: 'dark' } })).theme).toBe('dark');
    expect((await call(profileEndpoints.updateInfo, { token, body: { gender: 'female', telegram: '' } })).gender).toBe('female');
    expect((await call(pointsEndpoints.checkin, { token })).streak).toBe(1);
    expect((await call(pointsEndpoints.records, { token, query: { page: 1, size: 20 } })).list.length).toBeGreaterThan(0);
    expect(await call(collectionsEndpoints.addMatch, { token, params: { sport: 'football' }, body: { match_id: matchId } })).toEqual({ match_id: matchId, is_collect: true });
    expect((await call(collectionsEndpoints.list, { token })).matches.map((m) => m.match_id)).toEqual([matchId]);

    expect((await call(forecastEndpoints.markets, { token, params: { matchId } })).match_id).toBe(matchId);
    expect((await call(forecastEndpoints.quota, { token })).used).toBe(0);
    expect((await call(forecastEndpoints.plans, { token, query: { view: 'upToDate', page: 1, size: 20 } })).page).toBe(1);
    expect((await call(forecastEndpoints.successRate)).settled).toBeGreaterThanOrEqual(0);
    expect((await call(forecastEndpoints.rankings, { query: { period: 'week', kind: 'rate' } })).period).toBe('week');
    expect((await call(forecastEndpoints.follow, { token, params: { userId: tipster.id } })).is_followed).toBe(true);
    expect((await call(forecastEndpoints.tipster, { token, params: { userId: tipster.id } })).is_followed).toBe(true);
    expect((await call(forecastEndpoints.unfollow, { token, params: { userId: tipster.id } })).is_followed).toBe(false);
    expect((await call(socialEndpoints.follow, { token, params: { id: tipster.id } })).fans_count).toBe(1);
    expect((await call(socialEndpoints.listFollowers, { token, params: { id: tipster.id } })).list.map((person) => person.id)).toEqual([reader.id]);
    expect((await call(socialEndpoints.listFollowing, { params: { id: reader.id } })).list.map((person) => person.id)).toEqual([tipster.id]);
    expect((await call(socialEndpoints.unfollow, { token, params: { id: tipster.id } })).is_followed).toBe(false);
    expect((await call(socialEndpoints.block, { token, params: { id: tipster.id } })).is_blocked).toBe(true);
    expect((await call(socialEndpoints.listBlocks, { token, params: { id: reader.id } })).list.map((person) => person.id)).toEqual([tipster.id]);
    expect((await call(socialEndpoints.unblock, { token, params: { id: tipster.id } })).is_blocked).toBe(false);

    const day = await call(guessingEndpoints.day, { query: { sport: 'football' } });
    expect(day.sport).toBe('football');
    expect((await call(guessingEndpoints.markets, { params: { matchId } })).match.id).toBe(matchId);
    expect((await call(guessingEndpoints.bets, { token, query: { status: 'all', page: 1 } })).total).toBe(0);
    expect((await call(guessingEndpoints.record, { token })).bets).toBe(0);
    expect(Array.isArray((await call(guessingEndpoints.streak)).list)).toBe(true);

    expect((await call(matchesEndpoints.footballMatch, { params: { id: matchId } })).match.match_id).toBe(matchId);
    expect(await call(matchCentreEndpoints.footballLineups, { params: { id: matchId } })).toEqual({ home: null, away: null });
    const today = Math.floor(kickOff.getTime() / 86_400_000) * 86_400;
    const list = await call(matchesEndpoints.footballList, { query: { day: today } });
    expect(Object.keys(list.teamIndexArr).length).toBeGreaterThan(0);
    expect(Array.isArray((await call(matchesEndpoints.basketballList, { query: { timestamp: today } })).matchWaitList)).toBe(true);
    expect((await call(searchEndpoints.search, { query: { q: 'galatasaray' } })).teams.length).toBeGreaterThan(0);
    expect((await call(contactEndpoints.send, { token, body: { name: 'Ada', email: 'ada@example.test', topic: 'general', message: 'A question about the points.' } })).id).toBeGreaterThan(0);

    expect(await call(accountEndpoints.logout, { token })).toBeNull();
  });

  it('answer staff within their contracts: users and ledger, the inbox, the review queue, seasons, settlements and the contest', async () => {
    const { db } = database.current;
    const staff = await createTestUser(db, { role: 'admin' });
    const fan = await createTestUser(db);
    const token = staff.token;

    expect((await call(staffEndpoints.status, { token })).simulator).toBeDefined();
    expect((await call(staffEndpoints.users, { token, query: { q: fan.nickname, page: 1, size: 20 } })).list.map((u) => u.id)).toEqual([fan.id]);
    const adjusted = await call(staffEndpoints.adjustPoints, { token, params: { id: fan.id }, body: { amount: 50, reason: 'Welcome back', idempotencyKey: `grant-${fan.id}` } });
    expect(adjusted.balance).toBe(50);
    expect((await call(staffEndpoints.ledger, { token, params: { id: fan.id }, query: { page: 1, size: 50 } })).list).toHaveLength(1);

    const sent = await call(contactEndpoints.send, { token: fan.token, body: { name: 'Fan', email: 'fan@example.test', topic: 'points', message: 'Where did my points go?' } });
    expect((await call(contactEndpoints.staffList, { token, query: { status: 'open', page: 1, size: 20 } })).list.some((m) => m.id === sent.id)).toBe(true);
    expect((await call(contactEndpoints.staffMessage, { token, params: { id: sent.id } })).status).toBe('open');
    expect((await call(contactEndpoints.staffAnswer, { token, params: { id: sent.id }, body: { answer: 'They are back.' } })).status).toBe('answered');
    expect((await call(contactEndpoints.staffClose, { token, params: { id: sent.id } })).status).toBe('closed');

    expect(Array.isArray((await call(reviewEndpoints.kinds, { token })).planned)).toBe(true);
    expect((await call(reviewEndpoints.queue, { token, query: { status: 'pending', size: 20 } })).next_cursor).toBeNull();
    expect(Array.isArray((await call(importsEndpoints.seasons, { token })).list)).toBe(true);
    expect((await call(staffForecastEndpoints.settlements, { token, query: { page: 1, size: 20 } })).total).toBe(0);
    expect((await call(staffGuessingEndpoints.matches, { token, query: { page: 1, size: 10 } })).total).toBe(0);
  });
});
