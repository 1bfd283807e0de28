import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiSuccessSchema } from '../../../core/contracts/api';
import { MatchMarketsDataSchema, PlanListDataSchema, PlanSchema, type Plan } from '../../../core/contracts/forecast';
import type { PricedSelection, Selection } from '../../../core/contracts/odds';
import { communityExcerpt } from '../../../core/forecast/excerpt';
import { planFingerprint } from '../../../core/forecast/fingerprint';
import type { Db } from '../../db/client';
import { forecastFollows, forecastPlans, forecastUnlocks } from '../../db/schema/forecast';
import { houseLedger, pointsLedger } from '../../db/schema/points';
import { users } from '../../db/schema/users';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { balanceOf, expectLedgerBalanced, ledgerOf } from '../points/points-test-support';
import { marketDayBounds } from '../markets/public';
import { DEFAULT_FORECAST_CONFIG } from './forecast-config';
import {
  FORECAST_NOW,
  HOME_WIN,
  buildForecastTestApp,
  callApi,
  createFan,
  createForecastMatch,
  newIdempotencyKey,
  prepareForecastWorld,
  publishTestPlan,
  setMatchStatus,
  testClock,
  type Fan,
} from './forecast-test-support';

/** How many rows every table the prediction centre writes holds: "nothing written" compares two of these. */
async function footprint(db: Db) {
  const count = async (table: typeof forecastPlans | typeof forecastUnlocks | typeof pointsLedger | typeof houseLedger | typeof forecastFollows) => {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
    return Number(row?.n ?? 0);
  };
  const [balances] = await db.select({ total: sql<string>`coalesce(sum(${users.pointsBalance}), 0)` }).from(users);
  return {
    plans: await count(forecastPlans),
    unlocks: await count(forecastUnlocks),
    ledger: await count(pointsLedger),
    house: await count(houseLedger),
    follows: await count(forecastFollows),
    balances: Number(balances?.total ?? 0),
  };
}

const LONG_DESCRIPTION =
  'Galatasaray have won their last six home league matches and press high from the first minute. ' +
  'Fenerbahçe travel without two starting centre-backs, and their replacements struggled against pace. ' +
  'Expect the home side to take control early and to keep the ball for long spells around the box.';

describe.each(TEST_DATABASE_KINDS)('prediction centre API on %s', (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.current.db;
  const clock = testClock();
  let app: FastifyInstance;

  beforeAll(async () => {
    await prepareForecastWorld(db());
    app = await buildForecastTestApp({ db: db(), now: clock });
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(() => {
    clock.set(FORECAST_NOW);
  });
  afterEach(async () => {
    await expectLedgerBalanced(db());
  });

  function publishBody(matchId: number, overrides: Record<string, unknown> = {}) {
    return {
      match_id: matchId,
      selection: HOME_WIN,
      description: 'Galatasaray are strong at home and Fenerbahçe rest players before Europe.',
      price: 100,
      idempotency_key: newIdempotencyKey(),
      ...overrides,
    };
  }

  async function publish(fan: Fan, matchId: number, overrides: Record<string, unknown> = {}, language = 'en') {
    return callApi(app, { method: 'POST', url: '/api/forecast/plans', token: fan.token, language, body: publishBody(matchId, overrides) });
  }

  async function marketsOf(matchId: number): Promise<PricedSelection[]> {
    const answer = await callApi(app, { method: 'GET', url: `/api/forecast/matches/${matchId}/markets` });
    return apiSuccessSchema(MatchMarketsDataSchema).parse(answer.body).data.markets;
  }

  describe('GET /api/forecast/matches/:matchId/markets', () => {
    it('prices every market of an upcoming match with the odds model, publishable', async () => {
      const matchId = await createForecastMatch(db());
      const answer = await callApi(app, { method: 'GET', url: `/api/forecast/matches/${matchId}/markets` });
      expect(answer.status).toBe(200);
      const data = apiSuccessSchema(MatchMarketsDataSchema).parse(answer.body).data;
      expect(data).toMatchObject({ match_id: matchId, publishable: true, reason: null, reason_text: null });
      expect(new Set(data.markets.map((market) => `${market.market}/${market.period}`))).toEqual(
        new Set(['1x2/ft', '1x2/ht', 'handicap/ft', 'handicap/ht', 'over_under/ft', 'over_under/ht']),
      );
      expect(answer.status).toBe(200);
      expect((await callApi(app, { method: 'GET', url: '/api/forecast/matches/99999999/markets' })).body).toMatchObject({
        code: 404,
        message: 'Match not found',
        data: { error: 'NOT_FOUND' },
      });
    });

    it.each([
      ['kicked off by the clock', { kickOff: new Date(FORECAST_NOW.getTime() - 1000) }, 'forecast.match.started', 'Match already started'],
      ['being played', { status: 2 }, 'forecast.match.started', 'Match already started'],
      ['finished', { status: 8, score: [2, 1] as [number, number] }, 'forecast.match.finished', 'This match has ended; plans cannot be published on it'],
      ['cancelled', { status: 12 }, 'forecast.match.unavailable', 'This match was postponed, cancelled or abandoned; plans cannot be published on it'],
      ['postponed', { note: 'postponed' as const }, 'forecast.match.unavailable', 'This match was postponed, cancelled or abandoned; plans cannot be published on it'],
    ])('is not publishable when the match is %s, with the reason', async (_name, match, reason, text) => {
      const matchId = await createForecastMatch(db(), match);
      const answer = await callApi(app, { method: 'GET', url: `/api/forecast/matches/${matchId}/markets` });
      expect(answer.body.data).toEqual({ match_id: matchId, publishable: false, reason, reason_text: text, markets: [] });
    });
  });

  describe('POST /api/forecast/plans', () => {
    it('publishes a paid plan with the odds fixed from the model, fingerprinted, content shown to its tipster only', async () => {
      const tipster = await createFan(db());
      const matchId = await createForecastMatch(db());
      const handicap = (await marketsOf(matchId)).find((market) => market.market === 'handicap' && market.period === 'ft');
      expect(handicap).toBeDefined();
      const selection: Selection = { market: 'handicap', period: 'ft', pick: handicap!.pick, line: handicap!.line };

      const answer = await publish(tipster, matchId, { selection, price: 120 });
      expect(answer.status).toBe(200);
      const plan = apiSuccessSchema(PlanSchema).parse(answer.body).data;
      expect(plan).toMatchObject({
        tipster: { id: tipster.id, nickname: tipster.nickname },
        match: { id: matchId, sport: 'football', competition: { id: 1 }, home: { id: 7 }, away: { id: 6 }, status_id: 1, score: null },
        market: 'handicap',
        period: 'ft',
        price: 120,
        free: false,
        excerpt: null,
        published_at: FORECAST_NOW.toISOString(),
        status: 'open',
        outcome: null,
        sell_count: 0,
        unlocked: true,
        can_unlock: false,
        is_own: true,
        proof: null,
        hidden: false,
        content: { ...selection, odds: handicap!.odds, description: 'Galatasaray are strong at home and Fenerbahçe rest players before Europe.' },
      });
      expect(plan.fingerprint).toMatch(/^[0-9a-f]{64}$/);

      const other = await createFan(db());
      const seen = await callApi(app, { method: 'GET', url: `/api/forecast/plans/${plan.id}`, token: other.token });
      expect(seen.body.data).toMatchObject({ unlocked: false, can_unlock: true, is_own: false, content: null, fingerprint: plan.fingerprint });
      const anonymous = await callApi(app, { method: 'GET', url: `/api/forecast/plans/${plan.id}` });
      expect(anonymous.body.data).toMatchObject({ unlocked: false, can_unlock: false, content: null });
      expect((await callApi(app, { method: 'GET', url: '/api/forecast/plans/99999999' })).body).toMatchObject({
        code: 404,
        message: 'Plan not found',
      });
    });

    it.each([
      ['points missing', 'en', { price: undefined }, 'price', 'Enter the points it costs to view the plan'],
      ['points missing', 'tr', { price: undefined }, 'price', 'Planı yayımlamadan önce görüntüleme puanını girin'],
      ['points missing', 'zh', { price: undefined }, 'price', '发布方案前请填写查看所需积分'],
      ['points 0', 'en', { price: 0 }, 'price', 'Points must be greater than 0'],
      ['points below 0', 'tr', { price: -5 }, 'price', 'Puan 0’dan büyük olmalı'],
      ['points 0', 'zh', { price: 0 }, 'price', '积分必须大于 0'],
      ['points 49', 'en', { price: 49 }, 'price', 'The points to view a plan must be between 50 and 200'],
      ['points 201', 'en', { price: 201 }, 'price', 'The points to view a plan must be between 50 and 200'],
      ['points 201', 'tr', { price: 201 }, 'price', 'Görüntüleme puanı 50 ile 200 arasında olmalı'],
      ['points 30', 'zh', { price: 30 }, 'price', '查看方案所需积分必须在 50 到 200 之间'],
      ['points not whole', 'en', { price: 75.5 }, 'price', 'Points must be a whole number'],
      ['description blank', 'en', { description: '  \n ' }, 'description', 'Please write the analysis of your plan'],
      ['description empty', 'tr', { description: '' }, 'description', 'Lütfen planın analizini yazın'],
      ['description blank', 'zh', { description: ' ' }, 'description', '请填写方案分析'],
      ['description 2001 characters', 'en', { description: 'x'.repeat(2001) }, 'description', 'The description can be at most 2000 characters long'],
      ['description 2001 characters', 'tr', { description: 'ş'.repeat(2001) }, 'description', 'Açıklama en fazla 2000 karakter olabilir'],
      ['description 2001 characters', 'zh', { description: '球'.repeat(2001) }, 'description', '说明最多 2000 个字符'],
    ])('answers a form rule (%s) in %s under its field and writes nothing', async (_name, language, overrides, field, message) => {
      const tipster = await createFan(db());
      const matchId = await createForecastMatch(db());
      const before = await footprint(db());
      const answer = await publish(tipster, matchId, overrides, language);
      expect(answer.status).toBe(400);
      expect(answer.body.data).toEqual({ error: 'VALIDATION', fields: [{ field, message }] });
      expect(await footprint(db())).toEqual(before);
    });

    it('reports every broken form rule at once, and takes 2000 characters and a free plan without points', async () => {
      const tipster = await createFan(db());
      const matchId = await createForecastMatch(db());
      const both = await publish(tipster, matchId, { price: 500, description: '' });
      expect(both.body.data.fields).toEqual([
        { field: 'description', message: 'Please write the analysis of your plan' },
        { field: 'price', message: 'The points to view a plan must be between 50 and 200' },
      ]);
      const longest = await publish(tipster, matchId, { description: '球'.repeat(2000), price: 200 });
      expect(longest.status).toBe(200);
      const free = await publish(tipster, matchId, { free: true, price: undefined });
      expect(free.status).toBe(200);
      expect(free.body.data).toMatchObject({ price: 0, free: true });
      const cheapest = await publish(tipster, matchId, { price: 50 });
      expect(cheapest.body.data.price).toBe(50);
    });

    it.each([
      ['en', 'Match already started'],
      ['tr', 'Maç zaten başladı'],
      ['zh', '比赛已经开始'],
    ])('refuses a match the server clock has reached, in %s, and writes nothing', async (language, message) => {
      const tipster = await createFan(db());
      const kickOff = new Date(FORECAST_NOW.getTime() + 3_600_000);
      const matchId = await createForecastMatch(db(), { kickOff });
      clock.set(new Date(kickOff.getTime() - 1));
      expect((await publish(tipster, matchId)).status).toBe(200);
      clock.set(kickOff);
      const before = await footprint(db());
      const answer = await publish(tipster, matchId, {}, language);
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({ code: 409, message, data: { error: 'PLAN_MATCH_STARTED' } });
      // a live status says the same, whatever the clock
      const live = await createForecastMatch(db(), { status: 4 });
      expect((await publish(tipster, live, {}, language)).body.message).toBe(message);
      expect(await footprint(db())).toEqual(before);
    });

    it.each([
      ['finished', { status: 8, score: [2, 1] as [number, number] }, HOME_WIN, 'This match has ended; plans cannot be published on it'],
      ['cancelled', { status: 12 }, HOME_WIN, 'This match was postponed, cancelled or abandoned; plans cannot be published on it'],
      ['postponed', { note: 'postponed' as const }, HOME_WIN, 'This match was postponed, cancelled or abandoned; plans cannot be published on it'],
      ['not a line of the sport', {}, { market: 'handicap', period: 'ft', pick: 'home', line: 0.3 }, 'This market or line is not offered on this match'],
      ['a draw in a handicap market', {}, { market: 'handicap', period: 'ft', pick: 'draw', line: 0 }, 'This market or line is not offered on this match'],
      ['a line the model does not offer', {}, { market: 'over_under', period: 'ft', pick: 'over', line: 19.75 }, 'This market or line is not offered on this match'],
    ])('refuses a match that does not support the plan (%s) and writes nothing', async (_name, match, selection, message) => {
      const tipster = await createFan(db());
      const matchId = await createForecastMatch(db(), match);
      const before = await footprint(db());
      const answer = await publish(tipster, matchId, { selection });
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({ code: 409, message, data: { error: 'PLAN_MATCH_UNSUPPORTED' } });
      expect(await footprint(db())).toEqual(before);
      expect((await publish(tipster, 99_999_999)).body).toMatchObject({ code: 404, message: 'Match not found' });
    });

    it('answers a retried publish with the plan it made, and refuses the key with other content', async () => {
      const tipster = await createFan(db());
      const matchId = await createForecastMatch(db());
      const body = publishBody(matchId);
      const first = await callApi(app, { method: 'POST', url: '/api/forecast/plans', token: tipster.token, body });
      const before = await footprint(db());
      const again = await callApi(app, { method: 'POST', url: '/api/forecast/plans', token: tipster.token, body });
      expect(again.status).toBe(200);
      expect(again.body.data).toEqual(first.body.data);
      // even once the match has started: the plan exists, the retry only learns it
      clock.set(new Date(FORECAST_NOW.getTime() + 7 * 3_600_000));
      expect((await callApi(app, { method: 'POST', url: '/api/forecast/plans', token: tipster.token, body })).body.data.id).toBe(first.body.data.id);
      const changed = await callApi(app, {
        method: 'POST',
        url: '/api/forecast/plans',
        token: tipster.token,
        body: { ...body, description: 'Something else entirely.' },
      });
      expect(changed.body).toEqual({ code: 409, message: 'This request was already made with other values', data: { error: 'IDEMPOTENCY_MISMATCH' } });
      expect(await footprint(db())).toEqual(before);

      const concurrent = publishBody(matchId);
      clock.set(FORECAST_NOW);
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => callApi(app, { method: 'POST', url: '/api/forecast/plans', token: tipster.token, body: concurrent })),
      );
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
      expect(new Set(answers.map((answer) => answer.body.data.id)).size).toBe(1);
      expect((await footprint(db())).plans).toBe(before.plans + 1);
    });

    it('keeps the content out of the excerpt: the first 30% of a long description is public', async () => {
      const tipster = await createFan(db());
      const matchId = await createForecastMatch(db());
      const plan = (await publish(tipster, matchId, { description: LONG_DESCRIPTION })).body.data as Plan;
      expect(plan.excerpt).toBe(communityExcerpt(LONG_DESCRIPTION));
      expect(plan.excerpt!.length).toBeLessThan(LONG_DESCRIPTION.length * 0.35);
      const anonymous = (await callApi(app, { method: 'GET', url: `/api/forecast/plans/${plan.id}` })).body.data as Plan;
      expect(anonymous).toMatchObject({ excerpt: plan.excerpt, content: null });
    });

    it.each([
      ['en', 'Please log in first'],
      ['tr', 'Lütfen önce giriş yapın'],
      ['zh', '请先登录'],
    ])('asks a signed-out visitor to log in first (%s) on every action', async (language, message) => {
      const tipster = await createFan(db());
      const matchId = await createForecastMatch(db());
      const plan = await publishTestPlan(db(), { tipsterId: tipster.id, matchId });
      const before = await footprint(db());
      const actions = [
        { method: 'POST' as const, url: '/api/forecast/plans', body: publishBody(matchId) },
        // even with a body that would fail validation: the 401 comes first
        { method: 'POST' as const, url: '/api/forecast/plans', body: { nonsense: true } },
        { method: 'POST' as const, url: `/api/forecast/plans/${plan.id}/unlock`, body: {} },
        { method: 'GET' as const, url: '/api/forecast/quota' },
        { method: 'POST' as const, url: `/api/forecast/follows/${tipster.id}` },
        { method: 'DELETE' as const, url: `/api/forecast/follows/${tipster.id}` },
        { method: 'GET' as const, url: '/api/forecast/plans?view=my' },
        { method: 'GET' as const, url: '/api/forecast/plans?view=myFollow' },
        { method: 'GET' as const, url: '/api/forecast/plans?view=purchased' },
      ];
      for (const action of actions) {
        const answer = await callApi(app, { ...action, language });
        expect(answer.status, action.url).toBe(401);
        expect(answer.body, action.url).toEqual({ code: 401, message, data: { error: 'UNAUTHENTICATED' } });
      }
      expect(await footprint(db())).toEqual(before);
    });
  });

  describe('the daily limit', () => {
    it('counts plans per Istanbul day, shows the remaining count going down, and refuses the next one', async () => {
      const limited = await buildForecastTestApp({ db: db(), now: clock, config: { ...DEFAULT_FORECAST_CONFIG, dailyLimit: 2 } });
      try {
        const tipster = await createFan(db());
        const matchId = await createForecastMatch(db(), { kickOff: new Date('2025-10-20T18:00:00Z') });
        const quota = async () => (await callApi(limited, { method: 'GET', url: '/api/forecast/quota', token: tipster.token })).body.data;
        const post = (language = 'en') =>
          callApi(limited, { method: 'POST', url: '/api/forecast/plans', token: tipster.token, language, body: publishBody(matchId) });

        // 2025-10-18 20:59 UTC is 23:59 in Istanbul; 21:00 UTC is midnight there.
        clock.set('2025-10-18T09:00:00Z');
        expect(await quota()).toEqual({ limit: 2, used: 0, remaining: 2 });
        expect((await post()).status).toBe(200);
        expect(await quota()).toEqual({ limit: 2, used: 1, remaining: 1 });
        clock.set('2025-10-18T20:59:59Z');
        expect((await post()).status).toBe(200);
        expect(await quota()).toEqual({ limit: 2, used: 2, remaining: 0 });

        const before = await footprint(db());
        for (const [language, message] of [
          ['en', 'You can publish at most 2 plans a day; 0 left today'],
          ['tr', 'Bugün en fazla 2 plan yayımlayabilirsiniz; kalan: 0'],
          ['zh', '每天最多发布 2 个方案，今日剩余 0 个'],
        ] as const) {
          const refused = await post(language);
          expect(refused.status).toBe(409);
          expect(refused.body).toEqual({ code: 409, message, data: { error: 'PLAN_DAILY_LIMIT' } });
        }
        expect(await footprint(db())).toEqual(before);

        clock.set('2025-10-18T21:00:00Z');
        expect(await quota()).toEqual({ limit: 2, used: 0, remaining: 2 });
        expect((await post()).status).toBe(200);
      } finally {
        await limited.close();
      }
    });

    it('lets no two concurrent publishes pass the limit together', async () => {
      const limited = await buildForecastTestApp({ db: db(), now: clock, config: { ...DEFAULT_FORECAST_CONFIG, dailyLimit: 3 } });
      try {
        const tipster = await createFan(db());
        const matchId = await createForecastMatch(db());
        const answers = await Promise.all(
          Array.from({ length: 8 }, () =>
            callApi(limited, { method: 'POST', url: '/api/forecast/plans', token: tipster.token, body: publishBody(matchId) }),
          ),
        );
        expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
        expect(answers.filter((answer) => answer.body.data?.error === 'PLAN_DAILY_LIMIT')).toHaveLength(5);
        const [row] = await db().select({ n: sql<number>`count(*)::int` }).from(forecastPlans).where(eq(forecastPlans.userId, tipster.id));
        expect(Number(row?.n)).toBe(3);
      } finally {
        await limited.close();
      }
    });

    it('bounds the Istanbul day exactly', () => {
      expect(marketDayBounds(new Date('2025-10-18T20:59:59.999Z'))).toEqual({
        start: new Date('2025-10-17T21:00:00Z'),
        end: new Date('2025-10-18T21:00:00Z'),
      });
      expect(marketDayBounds(new Date('2025-10-18T21:00:00Z')).start).toEqual(new Date('2025-10-18T21:00:00Z'));
    });
  });

  describe('POST /api/forecast/plans/:id/unlock', () => {
    it('charges the buyer once, credits the tipster 70% and the house the rest, and shows the content', async () => {
      const tipster = await createFan(db());
      const buyer = await createFan(db(), { points: 150 });
      const matchId = await createForecastMatch(db());
      const plan = await publishTestPlan(db(), { tipsterId: tipster.id, matchId, price: 95 });
      const houseBefore = await houseRows();

      const answer = await callApi(app, { method: 'POST', url: `/api/forecast/plans/${plan.id}/unlock`, token: buyer.token, body: {} });
      expect(answer.status).toBe(200);
      const unlocked = apiSuccessSchema(PlanSchema).parse(answer.body).data;
      expect(unlocked).toMatchObject({ id: plan.id, unlocked: true, can_unlock: false, is_own: false, sell_count: 1 });
      expect(unlocked.content).toEqual(plan.content);

      // floor(95 × 70 / 100) = 66 to the tipster, 29 to the house
      expect(await balanceOf(db(), buyer.id)).toBe(55);
      expect(await balanceOf(db(), tipster.id)).toBe(66);
      expect((await ledgerOf(db(), buyer.id)).at(-1)).toMatchObject({ amount: -95, reason: 'plan_unlock', reference: `plan:${plan.id}` });
      expect((await ledgerOf(db(), tipster.id)).at(-1)).toMatchObject({ amount: 66, reason: 'plan_sale', reference: `plan:${plan.id}` });
      expect((await houseRows()).slice(houseBefore.length)).toEqual([
        expect.objectContaining({ amount: 29, reason: 'plan_unlock', reference: `plan:${plan.id}`, idempotencyKey: `plan_unlock:${plan.id}:${buyer.id}` }),
      ]);
      const [row] = await db().select().from(forecastPlans).where(eq(forecastPlans.id, plan.id));
      expect([row?.sellCount, row?.sellIncome]).toEqual([1, 66]);

      // the second unlock is an idempotent success: the same plan, no second debit
      const before = await footprint(db());
      const again = await callApi(app, { method: 'POST', url: `/api/forecast/plans/${plan.id}/unlock`, token: buyer.token });
      expect(again.status).toBe(200);
      expect(again.body.data).toMatchObject({ unlocked: true, sell_count: 1, content: plan.content });
      expect(await footprint(db())).toEqual(before);
      expect(await balanceOf(db(), buyer.id)).toBe(55);
      const read = await callApi(app, { method: 'GET', url: `/api/forecast/plans/${plan.id}`, token: buyer.token });
      expect(read.body.data).toMatchObject({ unlocked: true, content: plan.content });
    });

    it.each([
      ['en', 'Insufficient points'],
      ['tr', 'Yetersiz puan'],
      ['zh', '积分不足'],
    ])('refuses a buyer without enough points (%s) and writes nothing', async (language, message) => {
      const tipster = await createFan(db());
      const buyer = await createFan(db(), { points: 99 });
      const plan = await publishTestPlan(db(), { tipsterId: tipster.id, matchId: await createForecastMatch(db()), price: 100 });
      const before = await footprint(db());
      const answer = await callApi(app, { method: 'POST', url: `/api/forecast/plans/${plan.id}/unlock`, token: buyer.token, language });
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({ code: 409, message, data: { error: 'POINTS_INSUFFICIENT' } });
      expect(await footprint(db())).toEqual(before);
    });

    it('refuses the tipster’s own plan (403) and a free plan, and answers a settled plan without charging', async () => {
      const tipster = await createFan(db(), { points: 500 });
      const buyer = await createFan(db(), { points: 500 });
      const matchId = await createForecastMatch(db());
      const plan = await publishTestPlan(db(), { tipsterId: tipster.id, matchId });
      const free = await publishTestPlan(db(), { tipsterId: tipster.id, matchId, price: 0 });
      const before = await footprint(db());

      for (const [language, message] of [
        ['en', 'You cannot unlock your own plan'],
        ['tr', 'Kendi planınızın kilidini açamazsınız'],
        ['zh', '不能解锁自己的方案'],
      ] as const) {
        const own = await callApi(app, { method: 'POST', url: `/api/forecast/plans/${plan.id}/unlock`, token: tipster.token, language });
        expect(own.status).toBe(403);
        expect(own.body).toEqual({ code: 403, message, data: { error: 'PLAN_OWN' } });
      }
      const freeAnswer = await callApi(app, { method: 'POST', url: `/api/forecast/plans/${free.id}/unlock`, token: buyer.token });
      expect(freeAnswer.body).toEqual({ code: 409, message: 'This plan is free; there is nothing to unlock', data: { error: 'PLAN_FREE' } });
      expect((await callApi(app, { method: 'GET', url: `/api/forecast/plans/${free.id}` })).body.data).toMatchObject({
        free: true,
        unlocked: true,
        content: free.content,
      });
      expect((await callApi(app, { method: 'POST', url: '/api/forecast/plans/99999999/unlock', token: buyer.token })).body).toMatchObject({
        code: 404,
        message: 'Plan not found',
      });

      await db().update(forecastPlans).set({ status: 'settled', outcome: 'win', settledAt: FORECAST_NOW }).where(eq(forecastPlans.id, plan.id));
      const settled = await callApi(app, { method: 'POST', url: `/api/forecast/plans/${plan.id}/unlock`, token: buyer.token });
      expect(settled.status).toBe(200);
      expect(settled.body.data).toMatchObject({ status: 'settled', unlocked: true, content: plan.content });
      expect(await footprint(db())).toEqual(before);
    });

    it('sells after kick-off, the content staying private until settlement', async () => {
      const tipster = await createFan(db());
      const buyer = await createFan(db(), { points: 100 });
      const kickOff = new Date(FORECAST_NOW.getTime() + 3_600_000);
      const matchId = await createForecastMatch(db(), { kickOff });
      const plan = await publishTestPlan(db(), { tipsterId: tipster.id, matchId });
      clock.set(new Date(kickOff.getTime() + 600_000));
      await setMatchStatus(db(), matchId, 2);
      expect((await callApi(app, { method: 'GET', url: `/api/forecast/plans/${plan.id}` })).body.data.content).toBeNull();
      const answer = await callApi(app, { method: 'POST', url: `/api/forecast/plans/${plan.id}/unlock`, token: buyer.token });
      expect(answer.body.data).toMatchObject({ unlocked: true, content: plan.content });
      expect((await callApi(app, { method: 'GET', url: `/api/forecast/plans/${plan.id}` })).body.data.content).toBeNull();
    });

    it('keeps a plan staff hid: no description or excerpt for others, no new sales, buyers keep pick and odds', async () => {
      const tipster = await createFan(db());
      const buyer = await createFan(db(), { points: 300 });
      const late = await createFan(db(), { points: 300 });
      const staff = await createFan(db(), { role: 'staff' });
      const plan = await publishTestPlan(db(), { tipsterId: tipster.id, matchId: await createForecastMatch(db()), description: LONG_DESCRIPTION });
      await callApi(app, { method: 'POST', url: `/api/forecast/plans/${plan.id}/unlock`, token: buyer.token });
      await db().update(forecastPlans).set({ hiddenAt: FORECAST_NOW, hiddenReason: 'abuse', hiddenBy: staff.id }).where(eq(forecastPlans.id, plan.id));

      const anonymous = (await callApi(app, { method: 'GET', url: `/api/forecast/plans/${plan.id}` })).body.data;
      expect(anonymous).toMatchObject({ hidden: true, excerpt: null, content: null, can_unlock: false });
      const bought = (await callApi(app, { method: 'GET', url: `/api/forecast/plans/${plan.id}`, token: buyer.token })).body.data;
      expect(bought).toMatchObject({ hidden: true, content: { ...plan.content, description: '' } });
      const staffView = (await callApi(app, { method: 'GET', url: `/api/forecast/plans/${plan.id}`, token: staff.token })).body.data;
      expect(staffView).toMatchObject({ hidden: true, excerpt: plan.excerpt });
      const refused = await callApi(app, { method: 'POST', url: `/api/forecast/plans/${plan.id}/unlock`, token: late.token });
      expect(refused.body).toEqual({
        code: 409,
        message: 'This plan was hidden by the moderators and cannot be unlocked',
        data: { error: 'PLAN_HIDDEN' },
      });
      expect(await balanceOf(db(), late.id)).toBe(300);
    });
  });

  it('reveals content and proof once settled, and the fingerprint recomputes from the proof', async () => {
    const tipster = await createFan(db());
    const reader = await createFan(db());
    const plan = await publishTestPlan(db(), { tipsterId: tipster.id, matchId: await createForecastMatch(db()), description: LONG_DESCRIPTION });
    expect((await callApi(app, { method: 'GET', url: `/api/forecast/plans/${plan.id}`, token: reader.token })).body.data.proof).toBeNull();
    expect(plan.proof).toBeNull();

    await db().update(forecastPlans).set({ status: 'settled', outcome: 'loss', settledAt: FORECAST_NOW, settlementVersion: 1 }).where(eq(forecastPlans.id, plan.id));
    for (const token of [undefined, reader.token]) {
      const settled = apiSuccessSchema(PlanSchema).parse((await callApi(app, { method: 'GET', url: `/api/forecast/plans/${plan.id}`, token })).body).data;
      expect(settled).toMatchObject({ status: 'settled', outcome: 'loss', unlocked: true, content: plan.content });
      expect(settled.proof).not.toBeNull();
      expect(await planFingerprint(settled.proof!.canonical, settled.proof!.salt)).toBe(plan.fingerprint);
      const canonical = JSON.parse(settled.proof!.canonical.split('\n')[1]!);
      expect(canonical).toMatchObject({
        description: LONG_DESCRIPTION,
        market: plan.content!.market,
        pick: plan.content!.pick,
        line: plan.content!.line,
        odds: plan.content!.odds,
        price: plan.price,
        matchId: plan.match.id,
        tipsterId: tipster.id,
        publishedAt: plan.published_at,
      });
    }
    // a void plan is public too
    await db().update(forecastPlans).set({ status: 'void', outcome: 'void' }).where(eq(forecastPlans.id, plan.id));
    expect((await callApi(app, { method: 'GET', url: `/api/forecast/plans/${plan.id}` })).body.data).toMatchObject({
      unlocked: true,
      proof: { salt: expect.any(String) },
    });
  });

  describe('follows', () => {
    it('follows and unfollows a tipster, idempotently; not yourself, not someone unknown', async () => {
      const fan = await createFan(db());
      const tipster = await createFan(db());
      const follow = () => callApi(app, { method: 'POST', url: `/api/forecast/follows/${tipster.id}`, token: fan.token });
      expect((await follow()).body).toEqual({ code: 0, msg: 'success', data: { user_id: tipster.id, is_followed: true } });
      expect((await follow()).body.data).toEqual({ user_id: tipster.id, is_followed: true });
      const rows = await db().select().from(forecastFollows).where(eq(forecastFollows.followerId, fan.id));
      expect(rows.map((row) => row.tipsterId)).toEqual([tipster.id]);

      const unfollow = () => callApi(app, { method: 'DELETE', url: `/api/forecast/follows/${tipster.id}`, token: fan.token });
      expect((await unfollow()).body.data).toEqual({ user_id: tipster.id, is_followed: false });
      expect((await unfollow()).body.data).toEqual({ user_id: tipster.id, is_followed: false });

      for (const [language, message] of [
        ['en', 'You cannot follow yourself'],
        ['tr', 'Kendinizi takip edemezsiniz'],
        ['zh', '不能关注自己'],
      ] as const) {
        const self = await callApi(app, { method: 'POST', url: `/api/forecast/follows/${fan.id}`, token: fan.token, language });
        expect(self.body).toEqual({ code: 409, message, data: { error: 'FOLLOW_SELF' } });
      }
      const unknown = await callApi(app, { method: 'POST', url: '/api/forecast/follows/99999999', token: fan.token });
      expect(unknown.body).toMatchObject({ code: 404, message: 'User not found' });
      expect((await callApi(app, { method: 'POST', url: '/api/forecast/follows/abc', token: fan.token })).body).toMatchObject({
        code: 400,
        data: { fields: [{ field: 'userId', message: 'Please choose a user' }] },
      });
    });
  });

  describe('GET /api/forecast/plans', () => {
    it('lists per view: latest open, followed, my history, purchased, by match, tipster and sport', async () => {
      const tipster = await createFan(db());
      const rival = await createFan(db());
      const buyer = await createFan(db(), { points: 1000 });
      const matchA = await createForecastMatch(db());
      const matchB = await createForecastMatch(db(), { sport: 'basketball' });
      const at = (minutes: number) => new Date(FORECAST_NOW.getTime() + minutes * 60_000);
      const p1 = await publishTestPlan(db(), { tipsterId: tipster.id, matchId: matchA, now: at(1) });
      const p2 = await publishTestPlan(db(), { tipsterId: rival.id, matchId: matchA, now: at(2) });
      const p3 = await publishTestPlan(db(), { tipsterId: tipster.id, matchId: matchB, now: at(3), selection: { market: '1x2', period: 'ft', pick: 'away', line: null } });
      const p4 = await publishTestPlan(db(), { tipsterId: tipster.id, matchId: matchA, now: at(4) });
      await db().update(forecastPlans).set({ status: 'settled', outcome: 'win', settledAt: at(5) }).where(eq(forecastPlans.id, p4.id));

      const list = async (query: string, token?: string) => {
        const answer = await callApi(app, { method: 'GET', url: `/api/forecast/plans?${query}`, token });
        expect(answer.status, query).toBe(200);
        return apiSuccessSchema(PlanListDataSchema).parse(answer.body).data;
      };
      const ids = (data: { list: Plan[] }) => data.list.map((plan) => plan.id);
      const mine = [p1.id, p2.id, p3.id, p4.id];
      const only = (data: { list: Plan[] }) => ids(data).filter((id) => mine.includes(id));

      // latest: open plans only, newest first; no content for a visitor
      const latest = await list('view=upToDate&size=50');
      expect(only(latest)).toEqual([p3.id, p2.id, p1.id]);
      expect(latest.list.every((plan) => plan.status === 'open' && (plan.content === null) === !plan.free)).toBe(true);
      expect(only(await list('size=50'))).toEqual([p3.id, p2.id, p1.id]);
      // a match's and a tipster's lists hold every plan of theirs, settled too
      expect(ids(await list(`match_id=${matchA}`))).toEqual([p4.id, p2.id, p1.id]);
      expect(ids(await list(`tipster_id=${tipster.id}`))).toEqual([p4.id, p3.id, p1.id]);
      expect(ids(await list(`tipster_id=${tipster.id}&sport=basketball`))).toEqual([p3.id]);
      // paging
      const page = await list(`match_id=${matchA}&size=2&page=2`);
      expect([ids(page), page.total, page.page, page.size]).toEqual([[p1.id], 3, 2, 2]);
      // my: the tipster's history, every status, content shown
      const history = await list('view=my', tipster.token);
      expect(ids(history)).toEqual([p4.id, p3.id, p1.id]);
      expect(history.list.every((plan) => plan.is_own && plan.content !== null)).toBe(true);
      // followed tipsters' open plans
      await callApi(app, { method: 'POST', url: `/api/forecast/follows/${rival.id}`, token: buyer.token });
      expect(ids(await list('view=myFollow', buyer.token))).toEqual([p2.id]);
      // purchased: newest unlock first
      clock.set(at(10));
      await callApi(app, { method: 'POST', url: `/api/forecast/plans/${p1.id}/unlock`, token: buyer.token });
      clock.set(at(11));
      await callApi(app, { method: 'POST', url: `/api/forecast/plans/${p3.id}/unlock`, token: buyer.token });
      const purchased = await list('view=purchased', buyer.token);
      expect([ids(purchased), purchased.total]).toEqual([[p3.id, p1.id], 2]);
      expect(purchased.list.map((plan) => plan.content)).toEqual([p3.content, p1.content]);
      // the buyer's view of the latest list shows what they bought, and nothing else
      const buyersLatest = await list('view=upToDate&size=50', buyer.token);
      for (const plan of buyersLatest.list) expect(plan.content !== null, `plan ${plan.id}`).toBe(plan.free || plan.id === p1.id || plan.id === p3.id);
    });

    it('recommends open plans of proven tipsters, by their shrunk win rate', async () => {
      const strong = await createFan(db());
      const weak = await createFan(db());
      const novice = await createFan(db());
      const matchId = await createForecastMatch(db());
      const record = async (tipsterId: number, outcomes: ('win' | 'loss')[]) => {
        for (const outcome of outcomes) {
          const plan = await publishTestPlan(db(), { tipsterId, matchId });
          await db().update(forecastPlans).set({ status: 'settled', outcome, settledAt: FORECAST_NOW }).where(eq(forecastPlans.id, plan.id));
        }
      };
      await record(strong.id, [...Array<'win'>(9).fill('win'), 'loss', 'loss']);
      await record(weak.id, [...Array<'win'>(3).fill('win'), ...Array<'loss'>(8).fill('loss')]);
      await record(novice.id, ['win', 'win', 'win']);
      const weakOpen = await publishTestPlan(db(), { tipsterId: weak.id, matchId });
      const strongOpen = await publishTestPlan(db(), { tipsterId: strong.id, matchId });
      const noviceOpen = await publishTestPlan(db(), { tipsterId: novice.id, matchId });

      const answer = await callApi(app, { method: 'GET', url: `/api/forecast/plans?view=recommend&match_id=${matchId}` });
      const data = apiSuccessSchema(PlanListDataSchema).parse(answer.body).data;
      expect(data.list.map((plan) => plan.id)).toEqual([strongOpen.id, weakOpen.id]);
      expect(data.total).toBe(2);
      expect(data.list.map((plan) => plan.id)).not.toContain(noviceOpen.id);
    });

    it('refuses a bad view or page with the field named', async () => {
      const answer = await callApi(app, { method: 'GET', url: '/api/forecast/plans?view=all&size=51' });
      expect(answer.status).toBe(400);
      expect(answer.body.data.fields.map((field: { field: string }) => field.field)).toEqual(['view', 'size']);
    });
  });

  async function houseRows() {
    return db().select().from(houseLedger).orderBy(houseLedger.id);
  }
});
