import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { createTestUser } from '../../test-support/users';
import { createFan, createForecastMatch, newIdempotencyKey, prepareForecastWorld, publishTestPlan } from '../forecast/forecast-test-support';
import { buildTestApp } from '../points/points-test-support';

type Fan = { id: number; nickname: string; token: string };
let addressCounter = 0;
const nextAddress = () => `10.8.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

describe.each(TEST_DATABASE_KINDS)('a fan’s page (userCenter) on %s', (kind) => {
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

  async function call(method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, user: Fan | null, body?: unknown) {
    await db().execute(sql`delete from rate_limits`);
    const response = await app.inject({ method, url, remoteAddress: nextAddress(), headers: { language: 'en', ...(user ? { token: user.token } : {}) }, ...(body === undefined ? {} : { payload: body as object }) });
    return { status: response.statusCode, body: response.json(), text: response.body };
  }
  const profile = (id: number | string, reader: Fan | null) => call('GET', `/api/community/bloggers/${id}`, reader);

  it('answers the header with real counts that move with a follow, to anyone', async () => {
    const a = await createTestUser(db());
    const b = await createTestUser(db());
    const before = await profile(b.id, a);
    expect(before.status).toBe(200);
    expect(before.body.data).toEqual({ id: b.id, nickname: b.nickname, avatar: 'a01', fans_count: 0, following_count: 0, is_followed: false, is_own: false, is_tipster: false });
    expect((await call('PUT', `/api/social/follows/${b.id}`, a)).status).toBe(200);
    expect((await profile(b.id, a)).body.data).toMatchObject({ fans_count: 1, following_count: 0, is_followed: true });
    expect((await profile(a.id, a)).body.data).toMatchObject({ fans_count: 0, following_count: 1, is_followed: false, is_own: true });
    expect((await profile(b.id, null)).body.data).toMatchObject({ fans_count: 1, is_followed: false, is_own: false });
  });

  it('says whether they are a tipster: a published plan shows their record and plans', async () => {
    const tipster = await createTestUser(db());
    expect((await profile(tipster.id, null)).body.data.is_tipster).toBe(false);
    await publishTestPlan(db(), { tipsterId: tipster.id, matchId: await createForecastMatch(db()) });
    expect((await profile(tipster.id, null)).body.data.is_tipster).toBe(true);
  });

  it('answers a blocked fan (either way), a closed account and a missing one with the same 404', async () => {
    const a = await createTestUser(db());
    const b = await createTestUser(db());
    const c = await createTestUser(db());
    const missing = await profile(2_000_000_000, a);
    expect(missing.status).toBe(404);
    expect((await call('PUT', `/api/social/blocks/${b.id}`, a)).status).toBe(200);
    const blocked = await profile(b.id, a);
    const blocker = await profile(a.id, b);
    expect(blocked.status).toBe(404);
    expect(blocker.status).toBe(404);
    expect(blocked.text).toBe(missing.text);
    expect(blocker.text).toBe(missing.text);
    // a third fan still sees both
    expect((await profile(b.id, c)).status).toBe(200);
    await db().update(users).set({ status: 'closed' }).where(eq(users.id, c.id));
    const closed = await profile(c.id, null);
    expect(closed.status).toBe(404);
    expect(closed.text).toBe((await profile(2_000_000_000, null)).text);
  });

  it('refuses an id that is not one with a 400, never a 5xx', async () => {
    for (const id of ['0', '-1', 'abc', '99999999999', '1.5', '%00']) {
      const answer = await profile(id, null);
      expect(answer.status, id).toBe(400);
    }
  });

  it('keeps the purchased tab’s list to its owner: another fan, staff and a signed-out reader never get it', async () => {
    const tipster = await createFan(db());
    const buyer = await createFan(db(), { points: 500 });
    const other = await createFan(db(), { points: 500 });
    const staff = await createFan(db(), { role: 'staff' });
    const plan = await publishTestPlan(db(), { tipsterId: tipster.id, matchId: await createForecastMatch(db()), price: 60 });
    const unlocked = await call('POST', `/api/forecast/plans/${plan.id}/unlock`, buyer, { idempotency_key: newIdempotencyKey() });
    expect(unlocked.status, unlocked.text).toBe(200);
    const ids = (answer: { body: { data: { list: { id: number }[] } } }) => answer.body.data.list.map((row) => row.id);
    const own = await call('GET', '/api/forecast/plans?view=purchased', buyer);
    expect(own.status).toBe(200);
    expect(ids(own)).toContain(plan.id);
    for (const reader of [other, staff, tipster]) {
      const answer = await call('GET', '/api/forecast/plans?view=purchased', reader);
      expect(answer.status).toBe(200);
      expect(ids(answer)).not.toContain(plan.id);
    }
    // the list has no fan to name: asking for another's is not a thing the API takes
    const named = await call('GET', `/api/forecast/plans?view=purchased&user_id=${buyer.id}`, other);
    expect(named.status === 400 || !ids(named).includes(plan.id)).toBe(true);
    expect((await call('GET', '/api/forecast/plans?view=purchased', null)).status).toBe(401);
  });
});
