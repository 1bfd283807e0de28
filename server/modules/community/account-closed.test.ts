import { eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forecastFollows } from '../../db/schema/forecast';
import { users } from '../../db/schema/users';
import { parseEnv } from '../../env';
import { createManualClock } from '../../jobs/clock';
import { createJobRunner } from '../../jobs/runner';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { createTestUser } from '../../test-support/users';
import { closeDueAccounts } from '../account/account-closure';
import type { JobContext } from '../definition';
import { buildTestApp } from '../points/points-test-support';
import { requestCancellation } from '../profile/profile.service';
import { userBlocks } from '../social/schema';
import { socialModule } from '../social/social.module';
import { communityModule } from './community.module';
import { communityComments, communityFavourites, communityPosts } from './schema';

type Fan = { id: number; nickname: string; token: string };
const DAY_MS = 86_400_000;
let addressCounter = 0;
const nextAddress = () => `10.11.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

/**
 * Closing an account erases what the fan wrote and kept in the community and their place in the
 * social graph (`account.closed`, delivered once to each subscriber): what other fans then see.
 */
describe.each(TEST_DATABASE_KINDS)('a closed account in the community on %s', (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.current.db;
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp(db());
  });
  afterAll(async () => {
    await app?.close();
  });

  async function fan(): Promise<Fan> {
    const user = await createTestUser(db());
    await db().update(users).set({ createdAt: new Date(Date.now() - 30 * DAY_MS) }).where(eq(users.id, user.id));
    return user;
  }

  async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: Fan | null, body?: unknown) {
    const response = await app.inject({
      method,
      url,
      remoteAddress: nextAddress(),
      headers: { language: 'en', ...(user ? { token: user.token } : {}) },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: response.statusCode, body: response.json() };
  }

  async function ok(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: Fan | null, body?: unknown) {
    const answer = await call(method, url, user, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  }

  async function runJobs() {
    const runner = createJobRunner({ db: db(), leadership: { acquired: Promise.resolve(), release: async () => {} }, clock: createManualClock(Date.now()), pollMs: 500 });
    const context = { env: parseEnv({}), db: db(), publisher: undefined, log: app.log } as unknown as JobContext;
    communityModule.jobs!(runner, context);
    socialModule.jobs!(runner, context);
    try {
      await runner.start();
      await runner.runDue();
      await runner.runDue();
    } finally {
      await runner.stop();
    }
  }

  it('removes the fan’s posts, comments, likes, saved posts, follows and blocks, and the counts they made', async () => {
    const leaving = await fan();
    const staying = await fan();
    const other = await fan();

    const ownPost = await ok('POST', '/api/community/posts', leaving, { sport: 'football', body: '<p>Benim yazım</p>' });
    const theirPost = await ok('POST', '/api/community/posts', staying, { sport: 'football', body: '<p>Derbi bugün</p>' });
    const comment = await ok('POST', `/api/community/posts/${theirPost.id}/comments`, leaving, { body: '<p>Katılıyorum</p>' });
    const reply = await ok('POST', `/api/community/posts/${theirPost.id}/comments`, staying, { body: '<p>Teşekkürler</p>', parent_id: comment.id });
    await ok('PUT', `/api/community/posts/${theirPost.id}/like`, leaving);
    await ok('PUT', `/api/community/posts/${theirPost.id}/like`, other);
    await ok('PUT', `/api/community/comments/${reply.id}/like`, leaving);
    await ok('PUT', `/api/community/posts/${theirPost.id}/favourite`, leaving);
    await ok('PUT', `/api/community/posts/${ownPost.id}/favourite`, staying);
    await ok('PUT', `/api/social/follows/${staying.id}`, leaving);
    await ok('PUT', `/api/social/follows/${leaving.id}`, other);
    await ok('PUT', `/api/social/blocks/${other.id}`, leaving);
    expect(await ok('GET', `/api/community/posts/${theirPost.id}`, staying)).toMatchObject({ like_count: 2, comment_count: 2 });
    const weekly = async () => ((await ok('GET', '/api/community/weekly', staying)) as { list: { likes_in_week: number; post: { id: number } }[] }).list.find((row) => row.post.id === theirPost.id)?.likes_in_week;
    expect(await weekly()).toBe(2);

    const asked = new Date(Date.now() - 16 * DAY_MS);
    await requestCancellation(db(), { userId: leaving.id, now: asked });
    expect(await closeDueAccounts({ db: db(), now: new Date() })).toContain(leaving.id);
    await runJobs();

    // Their post is gone for everyone: 404 like a missing one; in a saver's list a placeholder.
    expect((await call('GET', `/api/community/posts/${ownPost.id}`, staying)).status).toBe(404);
    const saved = await ok('GET', `/api/community/users/${staying.id}/favourites`, staying);
    expect(saved.list).toEqual([expect.objectContaining({ id: ownPost.id, status: 'deleted', author: null, body_html: null, excerpt: null })]);
    // Their comment is a placeholder in its thread, the reply keeps its place; their likes and comment no longer count.
    expect(await ok('GET', `/api/community/posts/${theirPost.id}`, staying)).toMatchObject({ like_count: 1, comment_count: 1 });
    expect(await weekly()).toBe(1);
    const thread = await ok('GET', `/api/community/posts/${theirPost.id}/comments`, staying);
    expect(thread.list).toEqual([
      expect.objectContaining({ id: comment.id, status: 'deleted', author: null, body_html: null }),
      expect.objectContaining({ id: reply.id, status: 'published', like_count: 0 }),
    ]);
    // Their words are erased from the rows staff keep, too.
    const postWords = await db().select({ text: communityPosts.bodyText, html: communityPosts.bodyHtml }).from(communityPosts).where(eq(communityPosts.authorId, leaving.id));
    const commentWords = await db().select({ text: communityComments.bodyText, html: communityComments.bodyHtml }).from(communityComments).where(eq(communityComments.authorId, leaving.id));
    expect([...postWords, ...commentWords]).toEqual([{ text: '', html: '' }, { text: '', html: '' }]);
    expect(await db().select().from(communityFavourites).where(eq(communityFavourites.userId, leaving.id))).toEqual([]);
    // Follows and blocks, both ways.
    expect(await db().select().from(forecastFollows).where(or(eq(forecastFollows.followerId, leaving.id), eq(forecastFollows.tipsterId, leaving.id)))).toEqual([]);
    expect(await db().select().from(userBlocks).where(or(eq(userBlocks.blockerId, leaving.id), eq(userBlocks.blockedId, leaving.id)))).toEqual([]);
    expect(await ok('GET', `/api/social/users/${staying.id}/followers`, staying)).toMatchObject({ list: [] });

    // A second delivery of the same events changes nothing.
    await db().execute(sql`update event_deliveries set delivered_at = null, next_attempt_at = now() - interval '1 minute' where subscriber in ('community-account-closed', 'social-account-closed')`);
    await runJobs();
    expect(await ok('GET', `/api/community/posts/${theirPost.id}`, staying)).toMatchObject({ like_count: 1, comment_count: 1 });
  });
});
