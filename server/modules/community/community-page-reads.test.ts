import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { createTestUser } from '../../test-support/users';
import { buildTestApp } from '../points/points-test-support';
import { communityConfigOf } from './community.module';
import { communityPageReads } from './community.page-reads';

type Fan = { id: number; nickname: string; token: string };

const DAY_MS = 86_400_000;
let addressCounter = 0;
const nextAddress = () => `10.11.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

/** The pages' reads answer what the API answers the same reader (docs/decisions/142). */
describe.each(TEST_DATABASE_KINDS)('the community page reads on %s', (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.current.db;
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp(db());
  });
  afterAll(async () => {
    await app?.close();
  });

  const reads = () => communityPageReads(db(), communityConfigOf({}));

  async function fan(days = 10): Promise<Fan> {
    const user = await createTestUser(db());
    await db().update(users).set({ createdAt: new Date(Date.now() - days * DAY_MS) }).where(eq(users.id, user.id));
    return user;
  }

  async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: Fan | null, body?: unknown) {
    await db().execute(sql`delete from rate_limits`);
    const response = await app.inject({ method, url, remoteAddress: nextAddress(), headers: { language: 'en', ...(user ? { token: user.token } : {}) }, ...(body === undefined ? {} : { payload: body as object }) });
    return { status: response.statusCode, body: response.json() as { data: unknown } };
  }

  async function post(author: Fan, sport = 'football') {
    const answer = await call('POST', '/api/community/posts', author, { sport, body: `<p>Derbi ${author.nickname}</p>` });
    expect(answer.status).toBe(200);
    return answer.body.data as { id: number; status: string };
  }

  it('answers the latest, following and hot lists and the weekly ranking as the API does, for a reader and signed out', async () => {
    const [author, reader] = [await fan(), await fan()];
    await post(author, 'basketball');
    await post(author);
    expect((await call('PUT', `/api/social/follows/${author.id}`, reader)).status).toBe(200);
    for (const [readerFan, sport] of [[reader, undefined], [null, 'basketball'], [reader, 'football']] as const) {
      const query = sport ? `?sport=${sport}` : '';
      const readerId = readerFan?.id ?? null;
      expect(await reads().latest({ sport, readerId })).toEqual((await call('GET', `/api/community/posts${query}`, readerFan)).body.data);
      expect(await reads().weekly({ sport, readerId })).toEqual((await call('GET', `/api/community/weekly${query}`, readerFan)).body.data);
      expect(await reads().hot({ sport, readerId })).toEqual((await call('GET', `/api/community/hot${query}`, readerFan)).body.data);
    }
    const following = await reads().following({ readerId: reader.id });
    expect(following).toEqual((await call('GET', '/api/community/posts?feed=following', reader)).body.data);
    expect(following.list.length).toBe(2);
  });

  it('answers a post as the API does, and null where the API answers 404', async () => {
    const [author, other, newcomer] = [await fan(), await fan(), await fan(0)];
    const published = await post(author);
    expect(await reads().post({ id: published.id, readerId: other.id })).toEqual((await call('GET', `/api/community/posts/${published.id}`, other)).body.data);
    expect(await reads().post({ id: published.id, readerId: null })).toMatchObject({ id: published.id, status: 'published' });

    // a new account's post waits for review: its author sees it, nobody else does
    const waiting = await post(newcomer);
    expect(waiting.status).toBe('pending_review');
    expect(await reads().post({ id: waiting.id, readerId: newcomer.id })).toMatchObject({ id: waiting.id, status: 'pending_review' });
    expect(await reads().post({ id: waiting.id, readerId: other.id })).toBeNull();
    expect(await reads().post({ id: waiting.id, readerId: null })).toBeNull();

    // blocked either way, deleted, or missing: null like the API's one 404
    expect((await call('PUT', `/api/social/blocks/${author.id}`, other)).status).toBe(200);
    expect(await reads().post({ id: published.id, readerId: other.id })).toBeNull();
    expect((await call('GET', `/api/community/posts/${published.id}`, other)).status).toBe(404);
    expect((await call('DELETE', `/api/community/posts/${published.id}`, author)).status).toBe(200);
    expect(await reads().post({ id: published.id, readerId: author.id })).toBeNull();
    expect(await reads().post({ id: 2_147_483_000, readerId: null })).toBeNull();
  });
});
