import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Selection } from '../../../core/contracts/odds';
import type { Db } from '../../db/client';
import { matches } from '../../db/schema/matches';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { FORECAST_NOW, callApi, createFan, createForecastMatch, newIdempotencyKey, prepareForecastWorld, testClock, testOddsService, type Fan } from '../forecast/forecast-test-support';
import { buildGuessingTestApp } from './guessing-test-support';
import { settleBetsForMatch } from './settle-bets';

const HOME: Selection = { market: '1x2', period: 'ft', pick: 'home', line: null };
const HOUR = 3_600_000;

/** What a fan tripped over in the guessing contest (the betting day's order and speed, the streak ranking). */
describe.each(TEST_DATABASE_KINDS)('guessing: what a fan tripped over, on %s', (kind) => {
  const database = useTestDatabase(kind);
  const db = (): Db => database.current.db;
  const clock = testClock();
  let app: FastifyInstance;

  beforeAll(async () => {
    await prepareForecastWorld(db());
    app = await buildGuessingTestApp({ db: db(), now: clock, config: { maxStake: 10_000, dailyCap: 50_000, postponedVoidHours: 48 } });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function betOnHome(fan: Fan, matchId: number) {
    const markets = await callApi(app, { method: 'GET', url: `/api/guessing/matches/${matchId}/markets` });
    const odds = (markets.body.data.markets as (Selection & { odds: number })[]).find((m) => m.market === '1x2' && m.period === 'ft' && m.pick === 'home')!.odds;
    const placed = await callApi(app, { method: 'POST', url: '/api/guessing/bets', token: fan.token, body: { kind: 'single', legs: [{ match_id: matchId, selection: HOME, odds }], stake: 10, idempotency_key: newIdempotencyKey() } });
    expect(placed.status).toBe(200);
  }

  async function finish(matchId: number, score: [number, number]) {
    await db().update(matches).set({ statusId: 8, homeScore: score[0], awayScore: score[1], htHome: 0, htAway: 0 }).where(eq(matches.id, matchId));
    await db().transaction((tx) => settleBetsForMatch(tx, { matchId, cause: 'test', now: clock() }));
  }

  it('lists a fan whose four settled bets were all lost, with a streak of 0 and four settled (not "no settled bets yet")', async () => {
    const fan = await createFan(db(), { points: 1000, nickname: 'kaybeden' });
    for (let i = 0; i < 4; i++) {
      const matchId = await createForecastMatch(db());
      await betOnHome(fan, matchId);
      await finish(matchId, [0, 1]);
    }
    const record = await callApi(app, { method: 'GET', url: '/api/guessing/record', token: fan.token });
    expect(record.body.data).toMatchObject({ bets: 4, lost: 4, current_streak: 0, best_streak: 0 });
    const ranking = await callApi(app, { method: 'GET', url: '/api/guessing/rankings/streak' });
    expect(ranking.status).toBe(200);
    const row = (ranking.body.data.list as { user: { id: number; nickname: string }; current_streak: number; best_streak: number; settled: number }[]).find((entry) => entry.user.id === fan.id);
    expect(row).toMatchObject({ user: { nickname: 'kaybeden' }, current_streak: 0, best_streak: 0, settled: 4 });
  });

  it('ranks a fan on a streak above a fan without a win', async () => {
    const winner = await createFan(db(), { points: 1000 });
    const matchId = await createForecastMatch(db());
    await betOnHome(winner, matchId);
    await finish(matchId, [2, 0]);
    const ranking = await callApi(app, { method: 'GET', url: '/api/guessing/rankings/streak' });
    const ids = (ranking.body.data.list as { user: { id: number }; current_streak: number }[]).map((entry) => [entry.user.id, entry.current_streak]);
    const winnerAt = ids.findIndex(([id]) => id === winner.id);
    expect(ids[winnerAt]).toEqual([winner.id, 1]);
    expect(ids.slice(winnerAt + 1).every(([, streak]) => streak === 0)).toBe(true);
  });

  it("lists the day's open matches first, then the closed ones, each by kick-off", async () => {
    // A day of its own: tomorrow of the test clock.
    const day = Math.floor(FORECAST_NOW.getTime() / 86_400_000) * 86_400 + 86_400;
    const at = (hours: number) => new Date((day * 1000) + hours * HOUR);
    clock.set(at(12));
    const finished = await createForecastMatch(db(), { kickOff: at(8), status: 8, score: [1, 1] });
    const cutOff = await createForecastMatch(db(), { kickOff: at(12.1) });
    const late = await createForecastMatch(db(), { kickOff: at(20) });
    const early = await createForecastMatch(db(), { kickOff: at(14) });
    try {
      const answer = await callApi(app, { method: 'GET', url: `/api/guessing/day?sport=football&day=${day}`, language: 'tr' });
      expect(answer.status).toBe(200);
      const list = answer.body.data.matches as { match: { id: number }; open: boolean; reason_text: string | null; markets: unknown[] }[];
      expect(list.map((entry) => [entry.match.id, entry.open])).toEqual([
        [early, true],
        [late, true],
        [finished, false],
        [cutOff, false],
      ]);
      expect(list[0]!.markets.length).toBeGreaterThan(0);
      expect(list[2]!.markets).toEqual([]);
      expect(list[3]!.reason_text).toBeTruthy();
    } finally {
      clock.set(FORECAST_NOW);
    }
  });

  it("shows the day with the league's fit at hand while a new result refits it; a bet is checked against the new fit", async () => {
    const odds = testOddsService(db());
    const matchId = await createForecastMatch(db());
    const before = await odds.priceMatches([matchId], { stale: true });
    const homeBefore = before.get(matchId)!.markets.find((m) => m.market === '1x2' && m.period === 'ft' && m.pick === 'home')!.odds;
    // A lopsided result in the same league changes its fit.
    await createForecastMatch(db(), { kickOff: new Date(FORECAST_NOW.getTime() - 2 * HOUR), status: 8, score: [9, 0] });
    const shown = await odds.priceMatches([matchId], { stale: true });
    expect(shown.get(matchId)!.markets.find((m) => m.market === '1x2' && m.period === 'ft' && m.pick === 'home')!.odds).toBe(homeBefore);
    const strict = await odds.priceMatch(matchId);
    const fresh = strict!.markets;
    // Once the refit is in, the display shows it too.
    const after = await odds.priceMatches([matchId], { stale: true });
    expect(after.get(matchId)!.markets).toEqual(fresh);
  });
});
