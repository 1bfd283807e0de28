import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { FORECAST_NOW, callApi, createFan, createForecastMatch, prepareForecastWorld, testClock } from '../forecast/forecast-test-support';
import { StaffBetMatchListSchema, StaffBetMatchSchema } from '../../../core/contracts/guessing';
import { buildGuessingTestApp, expectBetBooksBalanced, insertBetsForTest } from './guessing-test-support';

describe.each(TEST_DATABASE_KINDS)('staff view of the guessing contest on %s', (kind) => {
  const database = useTestDatabase(kind);
  const db = (): Db => database.current.db;
  const clock = testClock();
  let app: FastifyInstance;

  beforeAll(async () => {
    await prepareForecastWorld(db());
    app = await buildGuessingTestApp({ db: db(), now: clock });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('is for staff only: 401 signed out, 403 for a fan', async () => {
    const fan = await createFan(db());
    const matchId = await createForecastMatch(db());
    for (const url of ['/api/staff/guessing/matches', `/api/staff/guessing/matches/${matchId}`]) {
      const signedOut = await callApi(app, { method: 'GET', url });
      expect(signedOut.status, url).toBe(401);
      expect(signedOut.text).toContain('Please log in first');
      const refused = await callApi(app, { method: 'GET', url, token: fan.token });
      expect(refused.status, url).toBe(403);
    }
  });

  it('lists the matches with open legs and counts each market, then shows a staff void with its reason', async () => {
    const staff = await createFan(db(), { role: 'staff' });
    const fans = await Promise.all([createFan(db(), { points: 10_000 }), createFan(db(), { points: 10_000 })]);
    const early = await createForecastMatch(db(), { kickOff: new Date(FORECAST_NOW.getTime() + 3_600_000) });
    const late = await createForecastMatch(db(), { kickOff: new Date(FORECAST_NOW.getTime() + 7_200_000) });
    const quiet = await createForecastMatch(db());
    await insertBetsForTest(db(), [
      { userId: fans[0]!.id, stake: 100, legs: [{ matchId: early, market: '1x2', pick: 'home' }] },
      { userId: fans[1]!.id, stake: 50, legs: [{ matchId: early, market: '1x2', pick: 'away' }] },
      { userId: fans[0]!.id, stake: 30, legs: [{ matchId: early, market: 'over_under', period: 'ht', pick: 'over', line: 0.5 }, { matchId: late, market: 'handicap', pick: 'home', line: -0.5 }] },
      { userId: fans[1]!.id, stake: 20, legs: [{ matchId: late, market: 'corners_over_under', pick: 'under', line: 9.5 }] },
    ]);

    const list = await callApi(app, { method: 'GET', url: '/api/staff/guessing/matches?size=50', token: staff.token });
    expect(list.status).toBe(200);
    const data = StaffBetMatchListSchema.parse(list.body.data);
    const ids = data.list.map((entry) => entry.match.id);
    expect(ids).toContain(early);
    expect(ids).toContain(late);
    expect(ids).not.toContain(quiet);
    expect(ids.indexOf(early)).toBeLessThan(ids.indexOf(late));
    expect(data.total).toBeGreaterThanOrEqual(2);
    const earlyEntry = data.list.find((entry) => entry.match.id === early)!;
    expect(earlyEntry.match.home.name).not.toBe('');
    expect(earlyEntry.markets).toEqual([
      { market: '1x2', period: 'ft', legs: { open: 2, graded: 0, staff_void: 0 }, bets: { open: 2, settled: 0 }, open_stake: 150, voids: [] },
      { market: 'over_under', period: 'ht', legs: { open: 1, graded: 0, staff_void: 0 }, bets: { open: 1, settled: 0 }, open_stake: 30, voids: [] },
    ]);
    expect(data.list.find((entry) => entry.match.id === late)!.markets.map((m) => [m.market, m.period])).toEqual([
      ['handicap', 'ft'],
      ['corners_over_under', 'ft'],
    ]);

    const voided = await callApi(app, { method: 'POST', url: `/api/staff/guessing/matches/${early}/void-market`, token: staff.token, body: { market: '1x2', period: 'ft', reason: 'Feed sent the wrong teams' } });
    expect(voided.body.data).toEqual({ legs: 2, bets: 2 });

    const one = await callApi(app, { method: 'GET', url: `/api/staff/guessing/matches/${early}`, token: staff.token, language: 'tr' });
    expect(one.status).toBe(200);
    const detail = StaffBetMatchSchema.parse(one.body.data);
    expect(detail.markets[0]).toEqual({
      market: '1x2',
      period: 'ft',
      legs: { open: 0, graded: 2, staff_void: 2 },
      bets: { open: 0, settled: 2 },
      open_stake: 0,
      voids: [{ reason: 'Feed sent the wrong teams', legs: 2 }],
    });
    expect(detail.markets[1]?.legs.open).toBe(1);

    // a match without bets answers with no markets; an unknown one is 404 in the reader's language
    expect((await callApi(app, { method: 'GET', url: `/api/staff/guessing/matches/${quiet}`, token: staff.token })).body.data.markets).toEqual([]);
    const unknown = await callApi(app, { method: 'GET', url: '/api/staff/guessing/matches/99999999', token: staff.token });
    expect([unknown.status, unknown.body.message]).toEqual([404, 'Match not found']);
    const bad = await callApi(app, { method: 'GET', url: '/api/staff/guessing/matches?size=500', token: staff.token });
    expect(bad.status).toBe(400);
    await expectBetBooksBalanced(db(), expect);
  });
});
