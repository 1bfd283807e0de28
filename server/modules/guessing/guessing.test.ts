import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PricedSelection, Selection } from '../../../core/contracts/odds';
import type { Db } from '../../db/client';
import { betSettlements, bets } from '../../db/schema/guessing';
import { houseLedger, pointsLedger } from '../../db/schema/points';
import { matchEvents } from '../../db/schema/match-events';
import { matches } from '../../db/schema/matches';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { balanceOf } from '../points/points-test-support';
import { FORECAST_NOW, callApi, createFan, createForecastMatch, newIdempotencyKey, prepareForecastWorld, testClock, type Fan } from '../forecast/forecast-test-support';
import { buildGuessingTestApp, expectBetBooksBalanced } from './guessing-test-support';
import { MIN_CORNER_RESULTS } from '../odds/odds.service';
import { settleBetsForMatch, voidPostponedBets } from './settle-bets';

const HOME: Selection = { market: '1x2', period: 'ft', pick: 'home', line: null };

describe.each(TEST_DATABASE_KINDS)('guessing contest on %s', (kind) => {
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
  afterEach(async () => {
    clock.set(FORECAST_NOW);
    await expectBetBooksBalanced(db(), expect);
  });

  async function marketsOf(matchId: number): Promise<PricedSelection[]> {
    const answer = await callApi(app, { method: 'GET', url: `/api/guessing/matches/${matchId}/markets` });
    expect(answer.status).toBe(200);
    return answer.body.data.markets;
  }
  function priceOf(markets: PricedSelection[], selection: Selection): number {
    const found = markets.find((m) => m.market === selection.market && m.period === selection.period && m.pick === selection.pick && m.line === selection.line);
    if (!found) throw new Error(`not offered: ${JSON.stringify(selection)}`);
    return found.odds;
  }
  async function leg(matchId: number, selection: Selection = HOME) {
    return { match_id: matchId, selection, odds: priceOf(await marketsOf(matchId), selection) };
  }
  const place = (fan: Fan, body: unknown, language = 'en') => callApi(app, { method: 'POST', url: '/api/guessing/bets', token: fan.token, body, language });
  const betCount = async () => Number((await db().select({ n: sql<string>`count(*)::text` }).from(bets))[0]!.n);

  async function finish(matchId: number, score: [number, number], ht: [number, number] = [0, 0]) {
    await db().update(matches).set({ statusId: 8, homeScore: score[0], awayScore: score[1], htHome: ht[0], htAway: ht[1] }).where(eq(matches.id, matchId));
    return db().transaction((tx) => settleBetsForMatch(tx, { matchId, cause: 'test', now: clock() }));
  }

  it('refuses every broken slip with its message and writes nothing', async () => {
    const fan = await createFan(db(), { points: 1000 });
    const matchId = await createForecastMatch(db());
    const good = await leg(matchId);
    const before = await betCount();
    const cases: { body: object; status: number; en: string; tr?: string; zh?: string }[] = [
      { body: { legs: [good], stake: 10 }, status: 400, en: 'Choose single or parlay first', tr: 'Önce kupon türünü seçin' },
      { body: { kind: 'single', legs: [good] }, status: 400, en: 'The stake must be a whole number of points above 0', zh: '投入积分必须为正整数' },
      { body: { kind: 'single', legs: [good], stake: 2.5 }, status: 400, en: 'The stake must be a whole number of points above 0' },
      { body: { kind: 'single', legs: [good], stake: 0 }, status: 400, en: 'The stake must be a whole number of points above 0' },
      { body: { kind: 'parlay', legs: [good], stake: 10 }, status: 400, en: 'A parlay needs at least two selections', tr: 'Kombine kupon en az iki seçim gerektirir' },
      { body: { kind: 'parlay', legs: [good, { ...good, selection: { ...HOME, pick: 'away' } }], stake: 10 }, status: 400, en: 'Two selections on the same match cannot be combined' },
      { body: { kind: 'single', legs: [good], stake: 10_001 }, status: 409, en: 'You can stake at most 10000 points on one slip' },
      { body: { kind: 'single', legs: [{ ...good, match_id: 99_999_999 }], stake: 10 }, status: 404, en: 'Match not found' },
      { body: { kind: 'single', legs: [{ ...good, odds: good.odds + 0.01 }], stake: 10 }, status: 409, en: 'The odds have changed; check your selections and try again' },
      { body: { kind: 'single', legs: [{ ...good, selection: { market: 'handicap', period: 'ft', pick: 'home', line: 9.75 } }], stake: 10 }, status: 409, en: 'This market is closed' },
      { body: { kind: 'single', legs: [good], stake: 1001 }, status: 409, en: 'Insufficient points' },
    ];
    for (const item of cases) {
      for (const language of ['en', 'tr', 'zh'] as const) {
        const expected = item[language];
        if (!expected) continue;
        const answer = await place(fan, { ...item.body, idempotency_key: newIdempotencyKey() }, language);
        expect(answer.status, JSON.stringify(item.body)).toBe(item.status);
        expect(answer.text).toContain(expected);
      }
    }
    expect(await betCount()).toBe(before);
    expect(await balanceOf(db(), fan.id)).toBe(1000);
    const signedOut = await callApi(app, { method: 'POST', url: '/api/guessing/bets', body: { kind: 'single', legs: [good], stake: 10, idempotency_key: newIdempotencyKey() } });
    expect(signedOut.status).toBe(401);
    expect(signedOut.text).toContain('Please log in first');
  });

  it('closes a match by the server clock: 15 minutes before kick-off, at kick-off, and when not playable', async () => {
    const fan = await createFan(db(), { points: 1000 });
    const kickOff = new Date(FORECAST_NOW.getTime() + 3_600_000);
    const matchId = await createForecastMatch(db(), { kickOff });
    const body = { kind: 'single', legs: [await leg(matchId)], stake: 10 };
    clock.set(new Date(kickOff.getTime() - 15 * 60_000 - 1));
    expect((await place(fan, { ...body, idempotency_key: newIdempotencyKey() })).status).toBe(200);
    clock.set(new Date(kickOff.getTime() - 15 * 60_000));
    const late = await place(fan, { ...body, idempotency_key: newIdempotencyKey() }, 'tr');
    expect([late.status, late.body.message]).toEqual([409, 'Tahminler başlama saatinden 15 dakika önce kapanır']);
    clock.set(kickOff);
    expect((await place(fan, { ...body, idempotency_key: newIdempotencyKey() })).text).toContain('Match already started');
    clock.set(FORECAST_NOW);
    const postponed = await createForecastMatch(db(), { status: 9 });
    const closed = await place(fan, { kind: 'single', legs: [{ ...body.legs[0]!, match_id: postponed }], stake: 10, idempotency_key: newIdempotencyKey() });
    expect([closed.status, closed.body.message]).toEqual([409, 'This market is closed']);
    expect(await balanceOf(db(), fan.id)).toBe(990);
  });

  it('races placements against the kick-off write: each is booked before it or refused after it, never a 5xx', async () => {
    const fan = await createFan(db(), { points: 1000 });
    const matchId = await createForecastMatch(db());
    const single = await leg(matchId);
    const attempt = () => place(fan, { kind: 'single', legs: [single], stake: 10, idempotency_key: newIdempotencyKey() });
    // The feed's kick-off write (status 2, first half) lands in the middle of twenty placements.
    const racing = Array.from({ length: 10 }, attempt);
    const kickOff = db().update(matches).set({ statusId: 2 }).where(eq(matches.id, matchId));
    racing.push(...Array.from({ length: 10 }, attempt));
    const [answers] = await Promise.all([Promise.all(racing), kickOff]);
    expect(answers.every((a) => a.status === 200 || (a.status === 409 && a.body.message === 'Match already started'))).toBe(true);
    const booked = answers.filter((a) => a.status === 200).length;
    // Once the kick-off is committed, nothing more is booked.
    const after = await Promise.all(Array.from({ length: 5 }, attempt));
    expect(after.map((a) => a.status)).toEqual([409, 409, 409, 409, 409]);
    expect(await balanceOf(db(), fan.id)).toBe(1000 - 10 * booked);
    const stored = await db().select({ n: sql<number>`count(*)::int` }).from(bets).where(eq(bets.userId, fan.id));
    expect(stored[0]!.n).toBe(booked);
  });

  it('answers a double click with the one bet it made, and enforces the daily cap', async () => {
    const fan = await createFan(db(), { points: 100_000 });
    const matchId = await createForecastMatch(db());
    const body = { kind: 'single', legs: [await leg(matchId)], stake: 10_000, idempotency_key: newIdempotencyKey() };
    const [first, second] = await Promise.all([place(fan, body), place(fan, body)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.data.id).toBe(first.body.data.id);
    expect(await balanceOf(db(), fan.id)).toBe(90_000);
    for (let i = 0; i < 4; i++) expect((await place(fan, { ...body, idempotency_key: newIdempotencyKey() })).status).toBe(200);
    const capped = await place(fan, { ...body, stake: 1, idempotency_key: newIdempotencyKey() });
    expect([capped.status, capped.body.message]).toEqual([409, 'You can stake at most 50000 points a day; 0 left today']);
  });

  it('takes exactly k bets at once from a balance covering k', async () => {
    const k = 4;
    const fan = await createFan(db(), { points: 100 * k });
    const matchId = await createForecastMatch(db());
    const single = await leg(matchId);
    const answers = await Promise.all(
      Array.from({ length: k + 3 }, () => place(fan, { kind: 'single', legs: [single], stake: 100, idempotency_key: newIdempotencyKey() })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(k);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.message === 'Insufficient points')).toBe(true);
    expect(await balanceOf(db(), fan.id)).toBe(0);
  });

  it('settles singles and parlays with quarter lines, once, and corrects a result with version 2', async () => {
    const fan = await createFan(db(), { points: 1000 });
    const m1 = await createForecastMatch(db());
    const m2 = await createForecastMatch(db());
    const quarter: Selection = { market: 'over_under', period: 'ft', pick: 'over', line: 2.25 };
    const single = await place(fan, { kind: 'single', legs: [await leg(m1, quarter)], stake: 100, idempotency_key: newIdempotencyKey() });
    const parlay = await place(fan, { kind: 'parlay', legs: [await leg(m1), await leg(m2)], stake: 100, idempotency_key: newIdempotencyKey() });
    expect([single.status, parlay.status]).toEqual([200, 200]);
    const overOdds = single.body.data.legs[0].odds as number;
    const [homeOdds, secondOdds] = parlay.body.data.legs.map((l: { odds: number }) => l.odds) as [number, number];

    expect(await finish(m1, [2, 0])).toHaveLength(1); // the parlay waits for m2
    const halfLoss = await callApi(app, { method: 'GET', url: `/api/guessing/bets/${single.body.data.id}`, token: fan.token });
    expect([halfLoss.body.data.status, halfLoss.body.data.payout, halfLoss.body.data.legs[0].outcome]).toEqual(['settled', 50, 'half_loss']);
    expect(await finish(m1, [2, 0])).toEqual([]); // delivered twice: nothing new

    await finish(m2, [1, 0]);
    const won = await callApi(app, { method: 'GET', url: `/api/guessing/bets/${parlay.body.data.id}`, token: fan.token });
    const expected = Math.floor((100 * Math.round(homeOdds * 1000) * Math.round(secondOdds * 1000)) / 1_000_000);
    expect([won.body.data.status, won.body.data.payout]).toEqual(['settled', expected]);

    // m1 corrected to 3–0: the over 2.25 wins now — version 2 credits the difference
    const corrected = await finish(m1, [3, 0]);
    expect(corrected.map((bet) => [bet.betId, bet.version])).toEqual([[single.body.data.id, 2]]);
    const rows = await db().select().from(betSettlements).where(eq(betSettlements.betId, single.body.data.id)).orderBy(betSettlements.version);
    const full = Math.floor(100 * Math.round(overOdds * 1000) / 1000);
    expect(rows.map((row) => [row.version, row.payout, row.delta])).toEqual([
      [1, 50, 50],
      [2, full, full - 50],
    ]);
    const correction = await db().select().from(pointsLedger).where(eq(pointsLedger.idempotencyKey, `bet_correction:${single.body.data.id}:v2`));
    expect(correction.map((row) => row.amount)).toEqual([full - 50]);
    expect(await balanceOf(db(), fan.id)).toBe(1000 - 200 + full + expected);

    const record = await callApi(app, { method: 'GET', url: '/api/guessing/record', token: fan.token });
    expect(record.body.data).toMatchObject({ bets: 2, open: 0, won: 2, lost: 0, staked: 200, current_streak: 2, best_streak: 2 });
    const ranking = await callApi(app, { method: 'GET', url: '/api/guessing/rankings/streak' });
    expect(ranking.body.data.list.some((entry: { user: { id: number } }) => entry.user.id === fan.id)).toBe(true);
  });

  it('voids: cancelled matches, abandoned ones unless already decided, staff market voids, postponed after 48 hours', async () => {
    const fan = await createFan(db(), { points: 1000 });
    const cancelled = await createForecastMatch(db());
    const abandoned = await createForecastMatch(db());
    const postponed = await createForecastMatch(db());
    const staffVoid = await createForecastMatch(db());
    const over15: Selection = { market: 'over_under', period: 'ft', pick: 'over', line: 1.5 };
    const a = await place(fan, { kind: 'single', legs: [await leg(cancelled)], stake: 100, idempotency_key: newIdempotencyKey() });
    const b = await place(fan, { kind: 'parlay', legs: [await leg(abandoned, over15), await leg(postponed)], stake: 100, idempotency_key: newIdempotencyKey() });
    const c = await place(fan, { kind: 'single', legs: [await leg(abandoned)], stake: 100, idempotency_key: newIdempotencyKey() });
    const d = await place(fan, { kind: 'single', legs: [await leg(staffVoid)], stake: 100, idempotency_key: newIdempotencyKey() });
    expect(await balanceOf(db(), fan.id)).toBe(600);

    await db().update(matches).set({ statusId: 12 }).where(eq(matches.id, cancelled));
    await db().transaction((tx) => settleBetsForMatch(tx, { matchId: cancelled, cause: 'test', now: clock() }));
    await db().update(matches).set({ statusId: 11, homeScore: 2, awayScore: 0 }).where(eq(matches.id, abandoned));
    await db().transaction((tx) => settleBetsForMatch(tx, { matchId: abandoned, cause: 'test', now: clock() }));
    await db().update(matches).set({ statusId: 9 }).where(eq(matches.id, postponed));
    expect(await db().transaction((tx) => settleBetsForMatch(tx, { matchId: postponed, cause: 'test', now: clock() }))).toEqual([]);

    const get = async (id: number) => (await callApi(app, { method: 'GET', url: `/api/guessing/bets/${id}`, token: fan.token })).body.data;
    expect([(await get(a.body.data.id)).status, (await get(a.body.data.id)).payout]).toEqual(['void', 100]);
    expect((await get(c.body.data.id)).status).toBe('void'); // 1x2 on an abandoned match
    expect((await get(b.body.data.id)).legs.map((l: { outcome: string | null }) => l.outcome)).toEqual(['win', null]);

    // still postponed 48 hours after kick-off: the job voids the leg and the parlay pays the won leg
    const kickOff = (await db().select({ t: matches.matchTime }).from(matches).where(eq(matches.id, postponed)))[0]!.t;
    expect(await voidPostponedBets(db(), { now: new Date(kickOff.getTime() + 47 * 3_600_000), hours: 48 })).toEqual([]);
    await voidPostponedBets(db(), { now: new Date(kickOff.getTime() + 48 * 3_600_000 + 1), hours: 48 });
    const parlay = await get(b.body.data.id);
    expect([parlay.status, parlay.payout]).toEqual(['settled', Math.floor(100 * Math.round(parlay.legs[0].odds * 1000) / 1000)]);

    const staff = await createFan(db(), { role: 'staff' });
    const refused = await callApi(app, { method: 'POST', url: `/api/staff/guessing/matches/${staffVoid}/void-market`, token: fan.token, body: { market: '1x2', period: 'ft', reason: 'feed error' } });
    expect(refused.status).toBe(403);
    // the reason is checked like every text: a control character is refused and nothing moves
    const garbled = await callApi(app, { method: 'POST', url: `/api/staff/guessing/matches/${staffVoid}/void-market`, token: staff.token, body: { market: '1x2', period: 'ft', reason: 'feed\u0000error' } });
    expect([garbled.status, garbled.body.data?.error]).toEqual([400, 'VALIDATION']);
    expect((await get(d.body.data.id)).status).toBe('open');
    const voided = await callApi(app, { method: 'POST', url: `/api/staff/guessing/matches/${staffVoid}/void-market`, token: staff.token, body: { market: '1x2', period: 'ft', reason: 'feed error' } });
    expect(voided.body.data).toEqual({ legs: 1, bets: 1 });
    expect((await get(d.body.data.id)).status).toBe('void');
    // a result later leaves the staff void alone
    expect(await finish(staffVoid, [1, 0])).toEqual([]);
  });

  it('settles corner markets on the corners of the 90 minutes, and voids them where corners were not counted', async () => {
    const fan = await createFan(db(), { points: 1000 });
    // Corner markets appear once the database holds enough matches with counted corners.
    const m1 = await createForecastMatch(db());
    expect((await marketsOf(m1)).some((m) => m.market.startsWith('corners_'))).toBe(false);
    for (let i = 0; i < MIN_CORNER_RESULTS; i++) {
      const past = await createForecastMatch(db(), { status: 8, score: [1, 1], kickOff: new Date(FORECAST_NOW.getTime() - (i + 2) * 86_400_000) });
      await db().update(matches).set({ cornerHome: 6 + (i % 3), cornerAway: 4 }).where(eq(matches.id, past));
    }
    const m2 = await createForecastMatch(db());
    const m3 = await createForecastMatch(db());
    const offered = await marketsOf(m1);
    const over = offered.find((m) => m.market === 'corners_over_under' && m.pick === 'over');
    if (!over) throw new Error('no corners line offered');
    const overPick: Selection = { market: 'corners_over_under', period: 'ft', pick: 'over', line: over.line };
    const underPick: Selection = { ...overPick, pick: 'under' };
    const level: Selection = { market: 'corners_most', period: 'ft', pick: 'draw', line: null };
    const counted = await place(fan, { kind: 'single', legs: [await leg(m1, overPick)], stake: 100, idempotency_key: newIdempotencyKey() });
    const uncounted = await place(fan, { kind: 'single', legs: [await leg(m2, underPick)], stake: 100, idempotency_key: newIdempotencyKey() });
    const extraTime = await place(fan, { kind: 'single', legs: [await leg(m3, level)], stake: 100, idempotency_key: newIdempotencyKey() }, 'tr');
    expect([counted.status, uncounted.status, extraTime.status]).toEqual([200, 200, 200]);

    // m1: corners counted, one more than the line.
    const cornersOver = Math.ceil(over.line ?? 0) + (Number.isInteger(over.line) ? 1 : 0);
    await db().update(matches).set({ cornerHome: cornersOver - 4, cornerAway: 4 }).where(eq(matches.id, m1));
    await finish(m1, [0, 0]);
    // m2: an imported result, no corners counted: the corner bet is void and the stake comes back.
    await finish(m2, [2, 1]);
    // m3: extra time; 3–3 in corners after 90 minutes, two more away corners in extra time.
    await db()
      .insert(matchEvents)
      .values([
        ...[10, 30, 88].map((minute) => ({ matchId: m3, type: 1, minute, side: 'home' as const })),
        ...[20, 50, 90].map((minute) => ({ matchId: m3, type: 1, minute, side: 'away' as const })),
        ...[100, 115].map((minute) => ({ matchId: m3, type: 1, minute, side: 'away' as const })),
      ]);
    await db().update(matches).set({ cornerHome: 3, cornerAway: 5, etHome: 1, etAway: 1 }).where(eq(matches.id, m3));
    await finish(m3, [1, 1]);

    const get = async (id: number, language = 'en') => (await callApi(app, { method: 'GET', url: `/api/guessing/bets/${id}`, token: fan.token, language })).body.data;
    const won = await get(counted.body.data.id);
    expect([won.status, won.legs[0].outcome, won.payout]).toEqual(['settled', 'win', Math.floor(100 * Math.round(over.odds * 1000) / 1000)]);
    expect(won.legs[0].receipt.text).toBe(`Corners line ${over.line}, ${cornersOver} corners (${cornersOver - 4}–4) → win`);
    const voided = await get(uncounted.body.data.id);
    expect([voided.status, voided.payout, voided.legs[0].outcome]).toEqual(['void', 100, 'void']);
    expect(voided.legs[0].receipt.text).toBe("The match's corners were not counted: points returned → void");
    const levelBet = await get(extraTime.body.data.id, 'tr');
    expect([levelBet.legs[0].outcome, levelBet.legs[0].receipt.text]).toEqual(['win', 'Kornerler 3–3: tahmininiz tuttu → kazandı']);
  });

  it('keeps the books exact over random bets and results (property)', async () => {
    const fans = await Promise.all(Array.from({ length: 3 }, () => createFan(db(), { points: 1_000_000 })));
    const matchIds = await Promise.all(Array.from({ length: 5 }, () => createForecastMatch(db())));
    const menus = await Promise.all(matchIds.map((id) => marketsOf(id)));
    const houseTotal = async () =>
      Number((await db().select({ h: sql<string>`coalesce(sum(amount), 0)::text` }).from(houseLedger).where(sql`${houseLedger.reason} like 'bet_%'`))[0]!.h);
    const houseBefore = await houseTotal();
    const theirs = sql`${bets.userId} in (${sql.join(fans.map((fan) => sql`${fan.id}`), sql`, `)})`;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            fan: fc.nat(2),
            stake: fc.integer({ min: 1, max: 500 }),
            picks: fc.uniqueArray(fc.record({ match: fc.nat(4), market: fc.nat(1000) }), { minLength: 1, maxLength: 4, selector: (p) => p.match }),
          }),
          { minLength: 30, maxLength: 30 },
        ),
        async (slips) => {
          for (const slip of slips) {
            const legs = slip.picks.map((p) => {
              const offered = menus[p.match]![p.market % menus[p.match]!.length]!;
              return { match_id: matchIds[p.match]!, selection: { market: offered.market, period: offered.period, pick: offered.pick, line: offered.line }, odds: offered.odds };
            });
            const answer = await place(fans[slip.fan]!, { kind: legs.length === 1 ? 'single' : 'parlay', legs, stake: slip.stake, idempotency_key: newIdempotencyKey() });
            expect(answer.status).toBe(200);
          }
        },
      ),
      // 180 bets through the API per database: enough random slips to mix singles, parlays and
      // every market; more is load, which belongs in the benchmarks.
      { numRuns: 6 },
    );
    for (const matchId of matchIds) {
      const home = Math.floor(Math.random() * 5);
      const away = Math.floor(Math.random() * 5);
      await finish(matchId, [home, away], [Math.min(home, 1), Math.min(away, 1)]);
    }
    const open = await db().select({ n: sql<string>`count(*)::text` }).from(bets).where(sql`${bets.status} = 'open' and ${theirs}`);
    expect(Number(open[0]!.n)).toBe(0);
    const [stakes] = await db().select({ s: sql<string>`sum(stake)::text`, p: sql<string>`sum(payout)::text` }).from(bets).where(theirs);
    expect((await houseTotal()) - houseBefore).toBe(Number(stakes!.s) - Number(stakes!.p));
  }, 120_000);
});
