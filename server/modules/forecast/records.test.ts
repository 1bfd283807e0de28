import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RankingData, SuccessRateData, TipsterProfileData } from '../../../core/contracts/forecast';
import type { Outcome } from '../../../core/contracts/odds';
import type { Db } from '../../db/client';
import { forecastFollows, forecastPlans } from '../../db/schema/forecast';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { userBlocks } from '../social/schema';
import { csvCell, toCsv, type ExportedRecord } from './records';
import { settlePlansForMatch } from './settle-plans';
import {
  buildForecastRecordsTestApp,
  createBuyer,
  createMatch,
  createTipster,
  finishFootball,
  insertPlan,
  prepareForecastDatabase,
  setStatus,
  unlockForTest,
  type TestPlanInput,
} from './settlement-test-support';

/** Wednesday 22 October 2025, 15:00 in Istanbul: the week began Monday 20th 00:00 (+03), the month on the 1st. */
const NOW = new Date('2025-10-22T12:00:00Z');
const THIS_WEEK = new Date('2025-10-21T18:00:00Z');
const THIS_MONTH = new Date('2025-10-10T18:00:00Z');
const LONG_AGO = new Date('2025-08-01T18:00:00Z');

/** On a 2–1 result with 1–1 at half time, each of these selections ends as its outcome. */
const SELECTION_FOR: Record<Exclude<Outcome, 'void'>, Omit<TestPlanInput, 'tipsterId' | 'matchId'>> = {
  win: { market: '1x2', pick: 'home' },
  loss: { market: '1x2', pick: 'away' },
  push: { market: 'handicap', pick: 'home', line: -1 },
  half_win: { market: 'handicap', pick: 'home', line: -0.75 },
  half_loss: { market: 'handicap', pick: 'home', line: -1.25 },
};

/** A minimal RFC 4180 reader: quoted fields, doubled quotes, CRLF records. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      index++;
    } else field += char;
  }
  return rows;
}

describe.each(TEST_DATABASE_KINDS)('tipster records and rankings on %s', (kind) => {
  const database = useTestDatabase(kind);
  const db = (): Db => database.current.db;
  let app: FastifyInstance;
  let nextMatchId = 7_400_000;
  const people: Record<string, { id: number; token: string; nickname: string }> = {};
  let openPlan = 0;
  let hiddenPlan = 0;
  let aylaPlans: number[] = [];

  /** Plans of one tipster, settled at `at` in this order: one finished match (2–1, 1–1 at half time), a cancelled one for voids. */
  async function record(tipsterId: number, outcomes: Outcome[], at: Date): Promise<number[]> {
    const played = ++nextMatchId;
    const cancelled = ++nextMatchId;
    await createMatch(db(), { matchId: played });
    await createMatch(db(), { matchId: cancelled });
    const ids: number[] = [];
    for (const outcome of outcomes) {
      const input = outcome === 'void' ? { matchId: cancelled, ...SELECTION_FOR.win } : { matchId: played, ...SELECTION_FOR[outcome] };
      ids.push(await insertPlan(db(), { tipsterId, odds: 1.9, publishedAt: new Date(at.getTime() - 86_400_000), ...input }));
    }
    await finishFootball(db(), { matchId: played, score: [2, 1], ht: [1, 1] });
    await setStatus(db(), { matchId: cancelled, sport: 'football', statusId: 12 });
    await db().transaction(async (tx) => {
      await settlePlansForMatch(tx, { matchId: played, cause: 'test', now: at });
      await settlePlansForMatch(tx, { matchId: cancelled, cause: 'test', now: at });
    });
    return ids;
  }

  beforeAll(async () => {
    await prepareForecastDatabase(db());
    app = await buildForecastRecordsTestApp(db(), { now: () => NOW });
    for (const name of ['ayla', 'baran', 'cem', 'deniz', 'eda']) people[name] = await createTipster(db(), `${name}_${kind}`);
    const fan = await createBuyer(db(), 500, `fan_${kind}`);
    const other = await createBuyer(db(), 0, `other_${kind}`);
    people.fan = fan;

    // Ayla: win, push, win, void, half win, loss, win this week — and one paid plan still open.
    aylaPlans = await record(people.ayla!.id, ['win', 'push', 'win', 'void', 'half_win', 'loss', 'win'], THIS_WEEK);
    hiddenPlan = aylaPlans[0]!;
    const upcoming = ++nextMatchId;
    await createMatch(db(), { matchId: upcoming, kickOff: Math.floor(NOW.getTime() / 1000) + 86_400 });
    openPlan = await insertPlan(db(), {
      tipsterId: people.ayla!.id,
      matchId: upcoming,
      market: 'over_under',
      pick: 'under',
      line: 3.75,
      odds: 2.345,
      price: 100,
      description: 'secret reasoning, "quoted", not for free',
    });
    await unlockForTest(db(), { planId: openPlan, buyerId: fan.id });
    await db().insert(forecastFollows).values([
      { followerId: fan.id, tipsterId: people.ayla!.id },
      { followerId: other.id, tipsterId: people.ayla!.id },
    ]);
    await db().update(forecastPlans).set({ hiddenAt: NOW, hiddenReason: 'insults', hiddenBy: other.id }).where(eq(forecastPlans.id, hiddenPlan));

    // Baran: five wins this week. Cem: four wins this week (one short of the weekly minimum).
    await record(people.baran!.id, ['win', 'win', 'win', 'win', 'win'], THIS_WEEK);
    await record(people.cem!.id, ['win', 'win', 'win', 'win'], THIS_WEEK);
    // Deniz: ten wins earlier this month, then a loss this week. Eda: one loss long ago.
    await record(people.deniz!.id, Array<Outcome>(10).fill('win'), THIS_MONTH);
    await record(people.deniz!.id, ['loss'], THIS_WEEK);
    await record(people.eda!.id, ['loss'], LONG_AGO);
  });

  afterAll(async () => {
    await app?.close();
  });

  async function get<T>(url: string, token?: string): Promise<T> {
    const response = await app.inject({ method: 'GET', url, headers: token ? { token } : {} });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: T }).data;
  }

  it('shows a tipster’s record with sample sizes: push and void neither break nor extend a streak', async () => {
    const profile = await get<TipsterProfileData>(`/api/forecast/tipsters/${people.ayla!.id}`, people.fan!.token);
    expect(profile.tipster).toEqual({ id: people.ayla!.id, nickname: people.ayla!.nickname, avatar: 'a01' });
    expect(profile.stats).toMatchObject({
      settled: 5,
      wins: 3.5,
      win_rate: 0.7,
      current_streak: 1,
      running_num_max: 3,
      my_guess_total: 8,
      sell_count: 1,
      sell_income: 70,
    });
    expect(profile.stats.wilson_lower).toBeGreaterThan(0);
    expect(profile.stats.wilson_lower).toBeLessThan(0.7);
    expect(profile.stats.shrunk_rate).toBeGreaterThan(0.5);
    expect(profile.stats.shrunk_rate).toBeLessThan(0.7);
    expect(profile).toMatchObject({ is_followed: true, followers: 2 });
    // One point per decided plan (the void is left out), cumulative level-stakes profit at odds 1.9.
    expect(profile.history.map((point) => point.outcome)).toEqual(['win', 'push', 'win', 'half_win', 'loss', 'win']);
    expect(profile.history.at(-1)!.profit).toBeCloseTo(0.9 + 0 + 0.9 + 0.45 - 1 + 0.9, 10);
    expect(profile.history.at(-1)!.win_rate).toBeCloseTo(0.7, 10);

    const anonymous = await get<TipsterProfileData>(`/api/forecast/tipsters/${people.ayla!.id}`);
    expect(anonymous.is_followed).toBe(false);
    const missing = await app.inject({ method: 'GET', url: '/api/forecast/tipsters/99999999' });
    expect(missing.statusCode).toBe(404);
  });

  it('ranks by win rate only tipsters with the period’s minimum of settled plans, and by streak everyone who won', async () => {
    const week = await get<RankingData>('/api/forecast/rankings?period=week&kind=rate');
    expect(week).toMatchObject({ period: 'week', kind: 'rate', min_settled: 5, from: '2025-10-19T21:00:00.000Z' });
    expect(week.list.map((row) => [row.rank, row.tipster.id, row.stats.settled, row.stats.win_rate])).toEqual([
      [1, people.baran!.id, 5, 1],
      [2, people.ayla!.id, 5, 0.7],
    ]);
    expect(week.list[1]!.stats).toMatchObject({ my_guess_total: 8, sell_count: 1, sell_income: 70 });

    const streak = await get<RankingData>('/api/forecast/rankings?period=week&kind=streak');
    expect(streak.list.map((row) => [row.tipster.id, row.stats.running_num_max])).toEqual([
      [people.baran!.id, 5],
      [people.cem!.id, 4],
      [people.ayla!.id, 3],
    ]);

    const month = await get<RankingData>('/api/forecast/rankings?period=month&kind=rate');
    expect(month).toMatchObject({ min_settled: 10, from: '2025-09-30T21:00:00.000Z' });
    expect(month.list.map((row) => [row.tipster.id, row.stats.settled, row.stats.wins])).toEqual([[people.deniz!.id, 11, 10]]);

    const allTime = await get<RankingData>('/api/forecast/rankings?period=all&kind=streak');
    expect(allTime.from).toBeNull();
    expect(allTime.list[0]).toMatchObject({ rank: 1, tipster: { id: people.deniz!.id }, stats: { running_num_max: 10, current_streak: 0 } });
    expect(allTime.list.some((row) => row.tipster.id === people.eda!.id)).toBe(false);
    expect((await get<RankingData>('/api/forecast/rankings?period=all&kind=rate')).list).toEqual([]);
    expect((await get<RankingData>('/api/forecast/rankings?period=week&kind=rate&sport=basketball')).list).toEqual([]);

    const bad = await app.inject({ method: 'GET', url: '/api/forecast/rankings?period=year' });
    expect(bad.statusCode).toBe(400);
  });

  it('leaves a tipster a block stands between out of the reader’s rankings and profile, keeping the others’ ranks', async () => {
    const reader = people.fan as { id: number; token: string };
    await db().insert(userBlocks).values({ blockerId: people.baran!.id, blockedId: reader.id, createdAt: NOW });
    try {
      const mine = await app.inject({ method: 'GET', url: '/api/forecast/rankings?period=week&kind=rate', headers: { token: reader.token } });
      expect(mine.headers['cache-control']).toBe('private, no-store');
      expect((mine.json() as { data: RankingData }).data.list.map((row) => [row.rank, row.tipster.id])).toEqual([[2, people.ayla!.id]]);
      const anyone = await app.inject({ method: 'GET', url: '/api/forecast/rankings?period=week&kind=rate' });
      expect(anyone.headers['cache-control']).toBe('public, max-age=60');
      expect((anyone.json() as { data: RankingData }).data.list.map((row) => row.tipster.id)).toEqual([people.baran!.id, people.ayla!.id]);
      const profile = await app.inject({ method: 'GET', url: `/api/forecast/tipsters/${people.baran!.id}`, headers: { token: reader.token } });
      const missing = await app.inject({ method: 'GET', url: '/api/forecast/tipsters/99999999', headers: { token: reader.token } });
      expect([profile.statusCode, profile.body]).toEqual([404, missing.body]);
    } finally {
      await db().delete(userBlocks).where(eq(userBlocks.blockedId, reader.id));
    }
  });

  it('computes the site’s success rate from the last 30 days, with its sample size and window', async () => {
    const rate = await get<SuccessRateData>('/api/forecast/success-rate');
    // Ayla 3.5 of 5, Baran 5 of 5, Cem 4 of 4, Deniz 10 of 11; Eda's loss is older than 30 days.
    expect(rate).toEqual({ rate: 22.5 / 25, settled: 25, from: '2025-09-22T12:00:00.000Z', to: NOW.toISOString() });
  });

  it('exports the whole record as JSON and CSV without ever showing an open plan’s pick', async () => {
    const json = await app.inject({ method: 'GET', url: `/api/forecast/tipsters/${people.ayla!.id}/export?format=json` });
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(json.headers['content-disposition']).toBe(`attachment; filename="tribun-tipster-${people.ayla!.id}-record.json"`);
    const document = json.json() as ExportedRecord;
    expect(document.plans).toHaveLength(8);
    const [open] = await db().select().from(forecastPlans).where(eq(forecastPlans.id, openPlan));
    const exportedOpen = document.plans.find((plan) => plan.plan_id === openPlan)!;
    expect(exportedOpen).toMatchObject({ status: 'open', pick: null, line: null, odds: null, outcome: null, salt: null, canonical: null, price: 100 });
    expect(exportedOpen.fingerprint).toBe(open!.fingerprint);
    const settled = document.plans.find((plan) => plan.plan_id === aylaPlans[2])!;
    expect(settled).toMatchObject({ pick: 'home', odds: 1.9, outcome: 'win', settlement_version: 1 });
    expect(settled.canonical).toMatch(/^tribun-plan-v1\n/);
    expect(settled.salt).toMatch(/^[0-9a-f]{64}$/);
    // A plan staff hid keeps its record, but not its proof (the canonical text holds the description).
    expect(document.plans.find((plan) => plan.plan_id === hiddenPlan)).toMatchObject({ hidden: true, outcome: 'win', salt: null, canonical: null });

    const csv = await app.inject({ method: 'GET', url: `/api/forecast/tipsters/${people.ayla!.id}/export?format=csv` });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="tribun-tipster-${people.ayla!.id}-record.csv"`);
    for (const body of [json.body, csv.body]) {
      expect(body).not.toContain('3.75');
      expect(body).not.toContain('2.345');
      expect(body).not.toContain('secret reasoning');
      expect(body).not.toContain(open!.salt);
    }
    const rows = parseCsv(csv.body.replace(/^\uFEFF/, ''));
    expect(rows[0]).toContain('canonical');
    expect(rows).toHaveLength(9);
    const header = rows[0]!;
    const column = (name: string) => header.indexOf(name);
    const csvSettled = rows.find((row) => row[column('plan_id')] === String(settled.plan_id))!;
    // The canonical text (quotes, commas, a line break) survives the round trip exactly.
    expect(csvSettled[column('canonical')]).toBe(settled.canonical);
    expect(csvSettled[column('receipt')]).toBe(settled.receipt);
    expect(csvSettled[column('competition')]).toBe(settled.competition);
    expect(csvSettled[column('pick')]).toBe('home');
    expect(rows.find((row) => row[column('plan_id')] === String(openPlan))![column('odds')]).toBe('');
  });

  it('quotes CSV cells by RFC 4180 and defuses text a spreadsheet would run as a formula', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell(-0.75)).toBe('-0.75');
    expect(csvCell(null)).toBe('');
    expect(csvCell(true)).toBe('true');
    const record = {
      tipster: { id: 1, nickname: '=cmd', avatar: 'a01' },
      exported_at: NOW.toISOString(),
      plans: [],
    } satisfies ExportedRecord;
    expect(toCsv(record).endsWith('\r\n')).toBe(true);
  });
});
