import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityExcerpt } from '../../../core/forecast/excerpt';
import { forecastPlans } from '../../db/schema/forecast';
import { parseEnv } from '../../env';
import { createManualClock } from '../../jobs/clock';
import { listDomainEvents, recordDomainEvents } from '../../jobs/outbox';
import { createJobRunner } from '../../jobs/runner';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import type { JobContext } from '../definition';
import { createFan, createForecastMatch, FORECAST_NOW, newIdempotencyKey, prepareForecastWorld, publishTestPlan, testOddsService } from '../forecast/forecast-test-support';
import { hidePlan } from '../forecast/forecast-staff';
import { publishPlan } from '../forecast/publish-plan';
import { DEFAULT_FORECAST_CONFIG } from '../forecast/forecast-config';
import { buildTestApp } from '../points/points-test-support';
import { communityModule } from './community.module';
import { postPlanExcerpt } from './plan-posts';
import { communityPosts } from './schema';

/** A description of exactly `length` characters: a reading of the match first, the paid pick at the end. */
function description(length: number, pick = 'PICK: Galatasaray to win, odds 1.85'): string {
  const reading = 'Galatasaray are unbeaten at home this season and Fenerbahçe travel without their captain, so the hosts should press early. ';
  let text = reading;
  while (Array.from(text).length + pick.length + 1 < length) text += reading;
  text = Array.from(text).slice(0, length - pick.length - 1).join('');
  return `${text} ${pick}`;
}

describe.each(TEST_DATABASE_KINDS)('plans as community posts on %s', (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.current.db;
  let app: FastifyInstance;

  beforeAll(async () => {
    await prepareForecastWorld(db());
    app = await buildTestApp(db());
  });
  afterAll(async () => {
    await app?.close();
  });

  async function runJobs() {
    const runner = createJobRunner({ db: db(), leadership: { acquired: Promise.resolve(), release: async () => {} }, clock: createManualClock(Date.now()), pollMs: 500 });
    const context = { env: parseEnv({}), db: db(), publisher: undefined, log: app.log } as unknown as JobContext;
    communityModule.jobs!(runner, context);
    try {
      await runner.start();
      await runner.runDue();
      await runner.runDue();
    } finally {
      await runner.stop();
    }
  }

  async function postsOfPlan(planId: number) {
    return db().select().from(communityPosts).where(eq(communityPosts.sourcePlanId, planId));
  }

  async function get(url: string, token?: string) {
    const response = await app.inject({ method: 'GET', url, headers: { language: 'en', ...(token ? { token } : {}) } });
    return { status: response.statusCode, body: response.json(), text: response.body };
  }

  it('posts nothing for a description of exactly 100 characters', async () => {
    const tipster = await createFan(db());
    const matchId = await createForecastMatch(db());
    const text = description(100);
    expect(Array.from(text)).toHaveLength(100);
    const plan = await publishTestPlan(db(), { tipsterId: tipster.id, matchId, description: text });
    await runJobs();
    expect(await postsOfPlan(plan.id)).toHaveLength(0);
    const [event] = (await listDomainEvents(db(), { types: ['forecast.plan_published'] })).filter((row) => row.payload.planId === plan.id);
    expect(event?.payload.excerpt).toBeNull();
  });

  it('posts the first 30% of a 101-character description once, by the tipster, tagged with the match, never the pick', async () => {
    const tipster = await createFan(db(), { nickname: `tipster${Date.now() % 100000}` });
    const matchId = await createForecastMatch(db());
    const text = description(101);
    expect(Array.from(text)).toHaveLength(101);
    const plan = await publishTestPlan(db(), { tipsterId: tipster.id, matchId, description: text, price: 120 });
    await runJobs();
    const rows = await postsOfPlan(plan.id);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    const excerpt = communityExcerpt(text)!;
    expect(row.bodyText).toBe(excerpt);
    // 30% of 101 is 30 characters at most, and the excerpt is the description's beginning
    expect(Array.from(excerpt.replace(/…$/, '')).length).toBeLessThanOrEqual(30);
    expect(text.startsWith(excerpt.replace(/…$/, ''))).toBe(true);

    const answer = await get(`/api/community/posts/${row.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      status: 'published',
      sport: 'football',
      author: { id: tipster.id, nickname: tipster.nickname },
      tag: { type: 'match', id: matchId },
      plan_id: plan.id,
      editable_until: null,
    });
    // nothing paid: not the pick, the odds, the price nor the end of the description
    for (const secret of ['PICK', 'odds 1.85', 'captain', '"price"', '"pick"', '"odds"']) expect(answer.text).not.toContain(secret);
    expect(plan.content?.odds).toBeTruthy();
    expect(answer.text).not.toContain(`"${plan.content!.odds}"`);

    // it shows in the latest posts and in the tipster's own posts, like any post
    const latest = await get('/api/community/posts?size=50');
    expect(latest.body.data.list.map((post: { id: number }) => post.id)).toContain(row.id);
  });

  it('stays one post when the event is delivered again, the publish retried or the writer called twice', async () => {
    const tipster = await createFan(db());
    const matchId = await createForecastMatch(db());
    const body = {
      match_id: matchId,
      selection: { market: '1x2' as const, period: 'ft' as const, pick: 'home' as const, line: null },
      description: description(400),
      free: true,
      idempotency_key: newIdempotencyKey(),
    };
    const publish = () =>
      publishPlan({ db: db(), odds: testOddsService(db()), config: { ...DEFAULT_FORECAST_CONFIG, dailyLimit: 1000 }, userId: tipster.id, body, now: FORECAST_NOW, locale: 'en' });
    const plan = await publish();
    await runJobs();
    const again = await publish();
    expect(again.id).toBe(plan.id);
    const [event] = (await listDomainEvents(db(), { types: ['forecast.plan_published'] })).filter((row) => row.payload.planId === plan.id);
    expect(event).toBeTruthy();
    // the outbox delivers at least once: the same event recorded once more, delivered again
    await recordDomainEvents(db(), [{ type: 'forecast.plan_published', payload: event!.payload }], new Date());
    await runJobs();
    await db().transaction(async (tx) => {
      expect(await postPlanExcerpt(tx, event!.payload, new Date())).toBeNull();
    });
    const rows = await postsOfPlan(plan.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.bodyText).toBe(communityExcerpt(body.description));
    expect(rows[0]!.bodyText).not.toContain('PICK');
  });

  it('keeps the tipster from rewriting a plan post, and escapes whatever the description holds', async () => {
    const tipster = await createFan(db());
    const matchId = await createForecastMatch(db());
    const text = `<img src=x onerror=alert(1)> & "quotes" ${description(300)}`;
    const plan = await publishTestPlan(db(), { tipsterId: tipster.id, matchId, description: text });
    await runJobs();
    const [row] = await postsOfPlan(plan.id);
    expect(row!.bodyHtml).not.toContain('<img');
    expect(row!.bodyHtml).toContain('&lt;img');
    await db().execute(sql`delete from rate_limits where key like ${`action:%:account:${tipster.id}:%`}`);
    const edit = await app.inject({ method: 'PUT', url: `/api/community/posts/${row!.id}`, headers: { language: 'en', token: tipster.token }, payload: { body: '<p>PICK: home win</p>' } });
    expect(edit.statusCode).toBe(403);
    const [after] = await postsOfPlan(plan.id);
    expect(after!.bodyText).toBe(row!.bodyText);
    const [planRow] = await db().select({ excerpt: forecastPlans.excerpt }).from(forecastPlans).where(eq(forecastPlans.id, plan.id));
    expect(after!.bodyText).toBe(planRow!.excerpt);
  });

  it('hides the plan post when staff hide the plan, and posts nothing for a plan hidden before delivery', async () => {
    const tipster = await createFan(db());
    const staff = await createFan(db(), { role: 'staff' });
    const shown = await publishTestPlan(db(), { tipsterId: tipster.id, matchId: await createForecastMatch(db()), description: description(200) });
    await runJobs();
    const [post] = await postsOfPlan(shown.id);
    expect((await get(`/api/community/posts/${post!.id}`)).status).toBe(200);
    await hidePlan(db(), { planId: shown.id, staffId: staff.id, reason: 'misleading', now: new Date() });
    await hidePlan(db(), { planId: shown.id, staffId: staff.id, reason: 'misleading', now: new Date() });
    await runJobs();
    const missing = await get(`/api/community/posts/${post!.id}`);
    expect(missing.status).toBe(404);
    expect((await get(`/api/community/posts/${post!.id}`, tipster.token)).body.data).toMatchObject({ status: 'hidden', hidden_reason: 'other' });
    const latest = await get('/api/community/posts?size=50');
    expect(latest.body.data.list.map((row: { id: number }) => row.id)).not.toContain(post!.id);

    const early = await publishTestPlan(db(), { tipsterId: tipster.id, matchId: await createForecastMatch(db()), description: description(200) });
    await hidePlan(db(), { planId: early.id, staffId: staff.id, reason: 'misleading', now: new Date() });
    await runJobs();
    expect(await postsOfPlan(early.id)).toHaveLength(0);
  });
});
