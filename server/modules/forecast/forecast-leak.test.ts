import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plan } from '../../../core/contracts/forecast';
import type { Selection } from '../../../core/contracts/odds';
import { forecastPlans } from '../../db/schema/forecast';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import {
  FORECAST_NOW,
  buildForecastTestApp,
  callApi,
  createFan,
  createForecastMatch,
  newIdempotencyKey,
  prepareForecastWorld,
  publishTestPlan,
  setMatchStatus,
  testClock,
  type ApiAnswer,
  type Fan,
} from './forecast-test-support';

/**
 * THE LEAK TEST (decision 074): a locked paid plan's pick, line, odds and the hidden part of its
 * description reach nobody but its tipster and its buyers — not through the plan's page, any
 * list, the match's markets, the quota, a refused unlock or any error. Every answer the API gives
 * a non-buyer is searched for the secret words, the salt and the canonical text, and every plan
 * object in it is checked to carry no content.
 */

const CONTENT_KEYS = new Set(['pick', 'line', 'odds', 'description', 'salt', 'canonical']);

/** Every object in a JSON answer that describes the secret plan (by its fingerprint). */
function plansIn(value: unknown, fingerprint: string, found: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(value)) for (const item of value) plansIn(item, fingerprint, found);
  else if (value && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    if (object.fingerprint === fingerprint) found.push(object);
    for (const item of Object.values(object)) plansIn(item, fingerprint, found);
  }
  return found;
}

function keysIn(value: unknown, keys: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysIn(item, keys);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      keys.add(key);
      keysIn(item, keys);
    }
  }
  return keys;
}

describe.each(TEST_DATABASE_KINDS)('no plan content leaks to non-buyers on %s', (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.current.db;
  const clock = testClock();
  let app: FastifyInstance;

  const secret = `SECRET-PICK-${randomBytes(6).toString('hex')}`;
  // The public first 30% (the excerpt) says nothing; the secret sits well past it.
  const description =
    'A long look at the derby: form, injuries, the referee and the weather all point one way in this one. ' +
    'Both sides have played twice this week and the pitch has been heavy after the rain all through October. ' +
    `My reading: ${secret} is the call, backed by the away side's record on heavy pitches.`;

  let tipster: Fan;
  let buyer: Fan;
  let stranger: Fan;
  let poor: Fan;
  let plan: Plan;
  let matchId: number;
  let salt: string;
  let canonical: string;

  beforeAll(async () => {
    await prepareForecastWorld(db());
    app = await buildForecastTestApp({ db: db(), now: clock });
    tipster = await createFan(db());
    buyer = await createFan(db(), { points: 500 });
    stranger = await createFan(db(), { points: 500 });
    poor = await createFan(db(), { points: 10 });
    matchId = await createForecastMatch(db(), { kickOff: new Date(FORECAST_NOW.getTime() + 3_600_000) });

    // A record long enough for the recommended list, so the secret plan is in every list.
    const earlier = await createForecastMatch(db());
    for (let index = 0; index < 10; index += 1) {
      const settled = await publishTestPlan(db(), { tipsterId: tipster.id, matchId: earlier, price: 0 });
      await db().update(forecastPlans).set({ status: 'settled', outcome: 'win', settledAt: FORECAST_NOW }).where(eq(forecastPlans.id, settled.id));
    }
    const markets = (await callApi(app, { method: 'GET', url: `/api/forecast/matches/${matchId}/markets` })).body.data.markets as Selection[];
    const handicap = markets.find((market) => market.market === 'handicap' && market.period === 'ht' && market.pick === 'away');
    if (!handicap) throw new Error('no half-time handicap offered');
    plan = await publishTestPlan(db(), {
      tipsterId: tipster.id,
      matchId,
      selection: { market: 'handicap', period: 'ht', pick: 'away', line: handicap.line },
      description,
      price: 150,
    });
    const [row] = await db().select().from(forecastPlans).where(eq(forecastPlans.id, plan.id));
    salt = row!.salt;
    canonical = row!.canonical;
    await callApi(app, { method: 'POST', url: `/api/forecast/plans/${plan.id}/unlock`, token: buyer.token });
    await callApi(app, { method: 'POST', url: `/api/forecast/follows/${tipster.id}`, token: stranger.token });
  });
  afterAll(async () => {
    await app?.close();
  });

  /** Everything a non-buyer can ask about the plan, its match and its tipster. */
  async function answersTo(viewer: Fan | null): Promise<[string, ApiAnswer][]> {
    const token = viewer?.token;
    const get = (url: string) => callApi(app, { method: 'GET', url, token });
    const requests: [string, Promise<ApiAnswer>][] = [
      ['plan', get(`/api/forecast/plans/${plan.id}`)],
      ['upToDate', get('/api/forecast/plans?view=upToDate&size=50')],
      ['recommend', get('/api/forecast/plans?view=recommend&size=50')],
      ['myFollow', get('/api/forecast/plans?view=myFollow&size=50')],
      ['my', get('/api/forecast/plans?view=my&size=50')],
      ['purchased', get('/api/forecast/plans?view=purchased&size=50')],
      ['match tab', get(`/api/forecast/plans?match_id=${matchId}`)],
      ['tipster page', get(`/api/forecast/plans?tipster_id=${tipster.id}&size=50`)],
      ['sport', get('/api/forecast/plans?sport=football&size=50')],
      ['markets', get(`/api/forecast/matches/${matchId}/markets`)],
      ['quota', get('/api/forecast/quota')],
      ['unknown plan', get('/api/forecast/plans/99999999')],
      ['bad plan id', get('/api/forecast/plans/abc')],
      ['unlock', callApi(app, { method: 'POST', url: `/api/forecast/plans/${plan.id}/unlock`, token: viewer === stranger ? poor.token : token })],
      ['publish refused', callApi(app, { method: 'POST', url: '/api/forecast/plans', token, body: { match_id: matchId, selection: plan.content ?? {}, description: '', price: 1, idempotency_key: newIdempotencyKey() } })],
      ['follow', callApi(app, { method: 'POST', url: `/api/forecast/follows/${tipster.id}`, token })],
    ];
    return Promise.all(requests.map(async ([name, answer]) => [name, await answer] as [string, ApiAnswer]));
  }

  function expectNoLeak(answers: [string, ApiAnswer][]): void {
    for (const [name, answer] of answers) {
      expect(answer.text, name).not.toContain(secret);
      expect(answer.text, name).not.toContain(salt);
      expect(answer.text, name).not.toContain(canonical.slice(0, 40));
      for (const shown of plansIn(answer.body, plan.fingerprint)) {
        expect(shown, name).toMatchObject({ content: null, proof: null, unlocked: false });
        expect([...keysIn(shown)].filter((key) => CONTENT_KEYS.has(key)), name).toEqual([]);
      }
    }
  }

  it('shows the tipster and the buyer the content, so the search below looks for something real', async () => {
    expect(plan.content).toMatchObject({ pick: 'away', description });
    for (const fan of [tipster, buyer]) {
      const answer = await callApi(app, { method: 'GET', url: `/api/forecast/plans/${plan.id}`, token: fan.token });
      expect(answer.text).toContain(secret);
    }
    expect(plan.excerpt).not.toBeNull();
    expect(plan.excerpt).not.toContain(secret);
  });

  it.each([
    ['a visitor', () => null],
    ['another signed-in fan', () => stranger],
    ['a fan without enough points', () => poor],
  ])('tells %s nothing of the content, before and after kick-off', async (_name, viewer) => {
    const before = await answersTo(viewer());
    // the plan is listed where it should be, so its absence of content is tested, not its absence
    const listed = before.filter(([, answer]) => plansIn(answer.body, plan.fingerprint).length > 0).map(([name]) => name);
    expect(listed).toEqual(expect.arrayContaining(['plan', 'upToDate', 'recommend', 'match tab', 'tipster page', 'sport']));
    if (viewer() === stranger) expect(listed).toContain('myFollow');
    expectNoLeak(before);

    clock.set(new Date(FORECAST_NOW.getTime() + 2 * 3_600_000));
    await setMatchStatus(db(), matchId, 4);
    try {
      expectNoLeak(await answersTo(viewer()));
    } finally {
      clock.set(FORECAST_NOW);
      await setMatchStatus(db(), matchId, 1);
    }
  });

  it('refuses an unlock without enough points without a word of the content', async () => {
    const refused = await callApi(app, { method: 'POST', url: `/api/forecast/plans/${plan.id}/unlock`, token: poor.token });
    expect(refused.body).toEqual({ code: 409, message: 'Insufficient points', data: { error: 'POINTS_INSUFFICIENT' } });
  });
});
