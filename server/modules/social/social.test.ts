import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forecastFollows } from '../../db/schema/forecast';
import { notifications } from '../../db/schema/notifications';
import { users } from '../../db/schema/users';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { createTestUser } from '../../test-support/users';
import { buildTestApp } from '../points/points-test-support';
import { userBlocks } from './schema';

type Fan = { id: number; nickname: string; token: string };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const DAY_MS = 86_400_000;
let addressCounter = 0;
/** A fresh client address per request, so one test's address limits never touch another's. */
const nextAddress = () => `10.8.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

describe.each(TEST_DATABASE_KINDS)('follows and blocks on %s', (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.current.db;
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp(db());
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A fan whose account is `days` old (older than NEW_ACCOUNT_DAYS unless told). */
  async function fan(days = 10): Promise<Fan> {
    const user = await createTestUser(db());
    await db()
      .update(users)
      .set({ createdAt: new Date(Date.now() - days * DAY_MS) })
      .where(eq(users.id, user.id));
    return user;
  }

  async function call(method: Method, url: string, user: Fan | null, body?: unknown, options: { language?: string } = {}) {
    const response = await app.inject({
      method,
      url,
      remoteAddress: nextAddress(),
      headers: {
        language: options.language ?? 'en',
        ...(user ? { token: user.token } : {}),
      },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    const json = String(response.headers['content-type'] ?? '').includes('json') ? response.json() : null;
    return {
      status: response.statusCode,
      body: json,
      headers: response.headers,
    };
  }

  async function ok(method: Method, url: string, user: Fan | null, body?: unknown) {
    const answer = await call(method, url, user, body);
    expect(answer.status, `${method} ${url} ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body.data;
  }

  async function followed(follower: Fan, followee: Fan): Promise<boolean> {
    const rows = await db()
      .select()
      .from(forecastFollows)
      .where(and(eq(forecastFollows.followerId, follower.id), eq(forecastFollows.tipsterId, followee.id)));
    return rows.length > 0;
  }

  async function followNotices(user: Fan) {
    return db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.kind, 'social.followed')));
  }

  /** Forgets an account's counters, for tests that act more often than a fan may (the limits have their own test). */
  async function forgetLimits(user: Fan) {
    await db().execute(sql`delete from rate_limits where key like ${`action:%:account:${user.id}:%`}`);
  }

  async function post(author: Fan, words = 'Derbi bugün!') {
    await forgetLimits(author);
    return (await ok('POST', '/api/community/posts', author, {
      sport: 'football',
      body: `<p>${words}</p>`,
    })) as { id: number };
  }

  it('follows idempotently, counts fans and following in /api/user/info and lists both sides with cursors', async () => {
    const [ayse, can, deniz] = [await fan(), await fan(), await fan()];
    expect(await ok('PUT', `/api/social/follows/${ayse.id}`, can)).toEqual({
      user_id: ayse.id,
      is_followed: true,
      fans_count: 1,
    });
    expect(await ok('PUT', `/api/social/follows/${ayse.id}`, can)).toEqual({
      user_id: ayse.id,
      is_followed: true,
      fans_count: 1,
    });
    await ok('PUT', `/api/social/follows/${ayse.id}`, deniz);
    await ok('PUT', `/api/social/follows/${can.id}`, ayse);

    const info = await ok('GET', '/api/user/info', ayse);
    expect(info).toMatchObject({ fans_count: 2, following_count: 1 });

    const first = await ok('GET', `/api/social/users/${ayse.id}/followers?size=1`, can);
    expect(first.list).toHaveLength(1);
    expect(first.next_cursor).not.toBeNull();
    const second = await ok('GET', `/api/social/users/${ayse.id}/followers?size=1&cursor=${first.next_cursor}`, can);
    expect(second.next_cursor).toBeNull();
    const followers = [...first.list, ...second.list];
    expect(followers.map((person: { id: number }) => person.id).sort()).toEqual([can.id, deniz.id].sort());
    // the reader, Can, follows neither himself nor Deniz
    expect(followers.every((person: { is_followed: boolean }) => !person.is_followed)).toBe(true);
    const following = await ok('GET', `/api/social/users/${ayse.id}/following`, null);
    expect(following.list).toEqual([
      expect.objectContaining({
        id: can.id,
        nickname: can.nickname,
        avatar: expect.any(String),
        is_followed: false,
      }),
    ]);

    expect(await ok('DELETE', `/api/social/follows/${ayse.id}`, can)).toEqual({
      user_id: ayse.id,
      is_followed: false,
      fans_count: 1,
    });
    expect(await ok('DELETE', `/api/social/follows/${ayse.id}`, can)).toEqual({
      user_id: ayse.id,
      is_followed: false,
      fans_count: 1,
    });

    // the prediction centre's follow is the same relation
    await ok('POST', `/api/forecast/follows/${ayse.id}`, can);
    expect((await ok('GET', '/api/user/info', ayse)).fans_count).toBe(2);
  });

  it('tells a tipster followed from the prediction centre exactly as one followed from a fan’s page, once', async () => {
    const tipster = await fan();
    const follower = await fan();
    expect(await ok('POST', `/api/forecast/follows/${tipster.id}`, follower)).toEqual({ user_id: tipster.id, is_followed: true });
    await ok('DELETE', `/api/forecast/follows/${tipster.id}`, follower);
    await ok('POST', `/api/forecast/follows/${tipster.id}`, follower);
    expect(await followNotices(tipster)).toEqual([expect.objectContaining({ actorId: follower.id, kind: 'social.followed' })]);
    expect((await ok('GET', '/api/user/info', tipster)).fans_count).toBe(1);
  });

  it('refuses following yourself and a closed account; a closed follower counts and lists nowhere', async () => {
    const [ayse, closed] = [await fan(), await fan()];
    await ok('PUT', `/api/social/follows/${ayse.id}`, closed);
    expect((await ok('GET', '/api/user/info', ayse)).fans_count).toBe(1);
    const self = await call('PUT', `/api/social/follows/${ayse.id}`, ayse, undefined, { language: 'tr' });
    expect(self.status).toBe(409);
    expect(self.body.message).toBe('Kendinizi takip edemezsiniz');
    await db().update(users).set({ status: 'closed' }).where(eq(users.id, closed.id));
    expect((await call('PUT', `/api/social/follows/${closed.id}`, ayse)).status).toBe(404);
    expect((await call('PUT', '/api/social/follows/2147483647', ayse)).status).toBe(404);
    expect((await call('PUT', `/api/social/follows/${ayse.id}`, null)).status).toBe(401);
    expect(await followed(ayse, closed)).toBe(false);
    expect((await ok('GET', '/api/user/info', ayse)).fans_count).toBe(0);
    expect((await ok('GET', `/api/social/users/${ayse.id}/followers`, null)).list).toEqual([]);
  });

  it('counts 30 concurrent follows exactly, and 30 concurrent unfollows back to zero', async () => {
    const star = await fan();
    const followers = await Promise.all(Array.from({ length: 30 }, () => fan()));
    const follows = await Promise.all(followers.map((follower) => call('PUT', `/api/social/follows/${star.id}`, follower)));
    expect(follows.map((answer) => answer.status)).toEqual(followers.map(() => 200));
    // and each again, at once with the first ones' repeat
    await Promise.all(followers.map((follower) => call('PUT', `/api/social/follows/${star.id}`, follower)));
    expect((await ok('GET', '/api/user/info', star)).fans_count).toBe(30);
    expect(await followNotices(star)).toHaveLength(30);
    await Promise.all(followers.map((follower) => call('DELETE', `/api/social/follows/${star.id}`, follower)));
    expect((await ok('GET', '/api/user/info', star)).fans_count).toBe(0);
  });

  it('tells the followed fan once per follower, however often they unfollow and follow again', async () => {
    const [ayse, can] = [await fan(), await fan()];
    await ok('PUT', `/api/social/follows/${ayse.id}`, can);
    await ok('DELETE', `/api/social/follows/${ayse.id}`, can);
    await ok('PUT', `/api/social/follows/${ayse.id}`, can);
    const told = await followNotices(ayse);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      actorId: can.id,
      data: { user_id: can.id, nickname: can.nickname },
    });
  });

  it('removes follows both ways when blocking, and refuses following either way while blocked', async () => {
    const [ayse, can] = [await fan(), await fan()];
    await ok('PUT', `/api/social/follows/${ayse.id}`, can);
    await ok('PUT', `/api/social/follows/${can.id}`, ayse);
    expect(await ok('PUT', `/api/social/blocks/${can.id}`, ayse)).toEqual({
      user_id: can.id,
      is_blocked: true,
    });
    expect(await ok('PUT', `/api/social/blocks/${can.id}`, ayse)).toEqual({
      user_id: can.id,
      is_blocked: true,
    });
    expect(await followed(can, ayse)).toBe(false);
    expect(await followed(ayse, can)).toBe(false);
    expect((await ok('GET', '/api/user/info', ayse)).fans_count).toBe(0);

    const blockedFollow = await call('PUT', `/api/social/follows/${ayse.id}`, can, undefined, { language: 'zh' });
    expect(blockedFollow.status).toBe(403);
    expect(blockedFollow.body.message).toBe('您无法关注该用户');
    expect((await call('PUT', `/api/social/follows/${can.id}`, ayse)).status).toBe(403);
    expect((await call('POST', `/api/forecast/follows/${ayse.id}`, can)).status).toBe(403);
    // each other's follow lists are missing to them
    expect((await call('GET', `/api/social/users/${ayse.id}/followers`, can)).status).toBe(404);
    expect(await followed(can, ayse)).toBe(false);

    expect(await ok('DELETE', `/api/social/blocks/${can.id}`, ayse)).toEqual({
      user_id: can.id,
      is_blocked: false,
    });
    await ok('PUT', `/api/social/follows/${ayse.id}`, can);
    // unblocked and followed again: the earlier follow already told Ayşe, once
    expect(await followNotices(ayse)).toHaveLength(1);
  });

  it('leaves a blocked fan out of others’ follow lists as the blocker reads them', async () => {
    const [ayse, can, deniz] = [await fan(), await fan(), await fan()];
    await ok('PUT', `/api/social/follows/${deniz.id}`, can);
    await ok('PUT', `/api/social/follows/${deniz.id}`, ayse);
    await ok('PUT', `/api/social/blocks/${can.id}`, ayse);
    const seen = await ok('GET', `/api/social/users/${deniz.id}/followers`, ayse);
    expect(seen.list.map((person: { id: number }) => person.id)).toEqual([ayse.id]);
    const seenByCan = await ok('GET', `/api/social/users/${deniz.id}/followers`, can);
    expect(seenByCan.list.map((person: { id: number }) => person.id)).toEqual([can.id]);
  });

  it('hides posts, comments and replies both ways while blocked, and writes no notification across a block', async () => {
    const [ayse, can, deniz] = [await fan(), await fan(), await fan()];
    const aysePost = await post(ayse, 'Ayşe yazdı');
    const canPost = await post(can, 'Can yazdı');
    const denizPost = await post(deniz, 'Deniz yazdı');
    await forgetLimits(can);
    const canComment = (await ok('POST', `/api/community/posts/${denizPost.id}/comments`, can, { body: 'Can yorumladı' })) as { id: number };
    await forgetLimits(ayse);
    const ayseComment = (await ok('POST', `/api/community/posts/${denizPost.id}/comments`, ayse, { body: 'Ayşe yorumladı' })) as { id: number };
    await ok('PUT', `/api/social/blocks/${can.id}`, ayse);
    const noticesBefore = (await db().select().from(notifications).where(eq(notifications.userId, ayse.id))).length;

    for (const [reader, other, otherPost] of [
      [ayse, can, canPost],
      [can, ayse, aysePost],
    ] as const) {
      // the post list
      const list = await ok('GET', '/api/community/posts?size=50', reader);
      expect(list.list.map((row: { id: number }) => row.id)).not.toContain(otherPost.id);
      // the post's detail answers as missing
      expect((await call('GET', `/api/community/posts/${otherPost.id}`, reader)).status).toBe(404);
      // its comments
      expect((await call('GET', `/api/community/posts/${otherPost.id}/comments`, reader)).status).toBe(404);
      // the other's comments under a third fan's post
      const comments = await ok('GET', `/api/community/posts/${denizPost.id}/comments`, reader);
      const otherComment = other.id === can.id ? canComment.id : ayseComment.id;
      expect(comments.list.map((row: { id: number }) => row.id)).not.toContain(otherComment);
      // a reply to the other's comment, a comment or a like on the other's post: missing
      await forgetLimits(reader);
      expect((await call('POST', `/api/community/posts/${denizPost.id}/comments`, reader, { body: 'yanıt', parent_id: otherComment })).status).toBe(404);
      await forgetLimits(reader);
      expect((await call('POST', `/api/community/posts/${otherPost.id}/comments`, reader, { body: 'yorum' })).status).toBe(404);
      await forgetLimits(reader);
      expect((await call('PUT', `/api/community/posts/${otherPost.id}/like`, reader)).status).toBe(404);
      await forgetLimits(reader);
      expect((await call('PUT', `/api/community/comments/${otherComment}/like`, reader)).status).toBe(404);
      await forgetLimits(reader);
      expect((await call('PUT', `/api/community/posts/${otherPost.id}/favourite`, reader)).status).toBe(404);
    }
    // nobody reached Ayşe across her block
    expect(await db().select().from(notifications).where(eq(notifications.userId, ayse.id))).toHaveLength(noticesBefore);
    expect(
      await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, can.id), eq(notifications.actorId, ayse.id))),
    ).toHaveLength(0);

    // a third fan still sees both
    const third = await ok('GET', `/api/community/posts/${denizPost.id}/comments`, deniz);
    expect(third.list.map((row: { id: number }) => row.id)).toEqual(expect.arrayContaining([canComment.id, ayseComment.id]));

    // lifted, everything shows again
    await ok('DELETE', `/api/social/blocks/${can.id}`, ayse);
    expect((await call('GET', `/api/community/posts/${canPost.id}`, ayse)).status).toBe(200);
  });

  it('hides a blocked author’s saved post from the saver’s favourites', async () => {
    const [ayse, can] = [await fan(), await fan()];
    const canPost = await post(can);
    await ok('PUT', `/api/community/posts/${canPost.id}/favourite`, ayse);
    await ok('PUT', `/api/social/blocks/${ayse.id}`, can);
    const saved = await ok('GET', `/api/community/users/${ayse.id}/favourites`, ayse);
    expect(saved.list.map((row: { id: number }) => row.id)).not.toContain(canPost.id);
  });

  it('shows the block list to its owner only', async () => {
    const [ayse, can] = [await fan(), await fan()];
    await ok('PUT', `/api/social/blocks/${can.id}`, ayse);
    const mine = await ok('GET', `/api/social/users/${ayse.id}/blocks`, ayse);
    expect(mine.list).toEqual([expect.objectContaining({ id: can.id, nickname: can.nickname })]);
    const theirs = await call('GET', `/api/social/users/${ayse.id}/blocks`, can, undefined, { language: 'tr' });
    expect(theirs.status).toBe(403);
    expect(theirs.body.message).toBe('Engellenen kullanıcıları yalnızca engelleyen kişi görebilir');
    expect((await call('GET', `/api/social/users/${ayse.id}/blocks`, null)).status).toBe(401);
  });

  it('refuses bad input with translated messages and writes nothing', async () => {
    const ayse = await fan();
    const before = await db()
      .select({
        n: sql<number>`(select count(*)::int from user_blocks) + (select count(*)::int from forecast_follows)`,
      })
      .from(sql`(select 1) as one`);
    const self = await call('PUT', `/api/social/blocks/${ayse.id}`, ayse, undefined, { language: 'tr' });
    expect(self.status).toBe(409);
    expect(self.body.message).toBe('Kendinizi engelleyemezsiniz');
    const badId = await call('PUT', '/api/social/follows/abc', ayse, undefined, { language: 'tr' });
    expect(badId.status).toBe(400);
    expect(JSON.stringify(badId.body)).toContain('Kullanıcı numarası geçerli değil');
    const badCursor = await call('GET', `/api/social/users/${ayse.id}/followers?cursor=nope`, ayse, undefined, { language: 'zh' });
    expect(badCursor.status).toBe(400);
    expect(JSON.stringify(badCursor.body)).toContain('此分页地址无效');
    for (const url of ['/api/social/blocks/0', '/api/social/follows/-1', '/api/social/blocks/99999999999']) {
      expect((await call('PUT', url, ayse)).status).toBe(400);
    }
    const after = await db()
      .select({
        n: sql<number>`(select count(*)::int from user_blocks) + (select count(*)::int from forecast_follows)`,
      })
      .from(sql`(select 1) as one`);
    expect(after).toEqual(before);
  });

  it('limits following with 429, Retry-After and the translated message', async () => {
    const newcomer = await fan(0);
    const targets = await Promise.all(Array.from({ length: 51 }, () => fan()));
    for (const target of targets.slice(0, 50)) expect((await call('PUT', `/api/social/follows/${target.id}`, newcomer)).status).toBe(200);
    const over = await call('PUT', `/api/social/follows/${targets[50]!.id}`, newcomer);
    expect(over.status).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect(over.body.message).toMatch(/^You are doing this too fast, please try again in \d+ seconds$/);
    expect(await followed(newcomer, targets[50]!)).toBe(false);
  });

  it('answers no 5xx to fuzzed input on any route', async () => {
    const ayse = await fan();
    const can = await fan();
    let seed = 140;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const pieces = ['%00', '-1', '1e3', 'ş', '😀', '9999999999999', '.', '0', 'abc', '%27', ' '];
    const piece = () => Array.from({ length: 1 + Math.floor(random() * 4) }, () => pieces[Math.floor(random() * pieces.length)]).join('');
    const bodies: unknown[] = [undefined, null, [], 'text', 42, { id: can.id }, { __proto__: { admin: true } }];
    const targets: [Method, string][] = [];
    for (const base of ['/api/social/follows/', '/api/social/blocks/']) {
      for (const method of ['PUT', 'DELETE'] as const) targets.push([method, `${base}${can.id}`], [method, `${base}${piece()}`]);
    }
    for (const side of ['followers', 'following', 'blocks']) {
      targets.push(['GET', `/api/social/users/${ayse.id}/${side}?cursor=${piece()}&size=${piece()}`], ['GET', `/api/social/users/${piece()}/${side}`]);
      targets.push(['GET', `/api/social/users/${ayse.id}/${side}?cursor=999999999999999.9999999999`]);
    }
    for (const [method, url] of targets) {
      for (const body of method === 'GET' ? [undefined] : bodies) {
        const answer = await call(method, url, ayse, body);
        expect(answer.status, `${method} ${url} ${JSON.stringify(body)?.slice(0, 40)}`).toBeLessThan(500);
      }
    }
    expect(await db().select().from(userBlocks).where(eq(userBlocks.blockerId, can.id))).toHaveLength(0);
  });
});
