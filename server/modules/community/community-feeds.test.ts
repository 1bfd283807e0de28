import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users';
import { parseEnv } from '../../env';
import { createManualClock } from '../../jobs/clock';
import { createJobRunner } from '../../jobs/runner';
import type { UploadPipeline } from '../../http/uploads';
import { createDiskStorage } from '../../storage/disk-storage';
import { loadFileLinkSecret } from '../../storage/file-links';
import { findVideoTools, type VideoTools } from '../../storage/videos';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { createTestUser } from '../../test-support/users';
import type { JobContext } from '../definition';
import { buildTestApp } from '../points/points-test-support';
import { communityModule } from './community.module';
import { HOT_WINDOW_DAYS, hotRank, parseHotCursor, refreshHotRanks, weekStartOf } from './community-feeds';
import { withNotifications } from '../notifications/public';
import { setPostLike } from './community.service';
import { communityHotGenerations, communityHotRanks, communityPosts } from './schema';

type Fan = { id: number; nickname: string; token: string };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Listed = { id: number; status: string; author: { id: number } | null };

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
let addressCounter = 0;
const nextAddress = () => `10.8.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;
const BOUNDARY = '----tribun-community-upload';

function form(file: Buffer, filename: string, contentType: string, field = 'file') {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
  };
}

describe('the hot rank (Lemmy’s form)', () => {
  const now = new Date('2026-11-28T12:00:00Z');
  it('decays with age and grows with likes', () => {
    expect(hotRank(0, now, now)).toBeCloseTo((10000 * Math.log10(3)) / Math.pow(2, 1.8), 6);
    expect(hotRank(10, new Date(now.getTime() - HOUR_MS), now)).toBeGreaterThan(hotRank(10, new Date(now.getTime() - 2 * HOUR_MS), now));
    expect(hotRank(20, now, now)).toBeGreaterThan(hotRank(10, now, now));
  });
  it('ranks a future-dated post as posted now and a week-old one 0', () => {
    expect(hotRank(5, new Date(now.getTime() + 5 * HOUR_MS), now)).toBe(hotRank(5, now, now));
    expect(hotRank(500, new Date(now.getTime() - HOT_WINDOW_DAYS * DAY_MS), now)).toBe(0);
    expect(hotRank(500, new Date(now.getTime() - HOT_WINDOW_DAYS * DAY_MS + 60_000), now)).toBeGreaterThan(0);
  });
  it('reads its cursor strictly', () => {
    expect(parseHotCursor('3_197.52341_42')).toEqual({ generation: 3, rank: 197.52341, postId: 42 });
    expect(parseHotCursor('3_1.5e-7_42').rank).toBe(1.5e-7);
    for (const bad of ['3_0_42', '3_1_0', '0_1_1', '3_1', '3_1_2_4', '3_abc_1', '3_1_99999999999', '3_Infinity_1', '3_NaN_1']) {
      expect(() => parseHotCursor(bad), bad).toThrow();
    }
  });
  it('starts a week on Monday 00:00 UTC', () => {
    expect(weekStartOf(new Date('2026-11-28T12:00:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(weekStartOf(new Date('2026-11-23T00:00:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(weekStartOf(new Date('2026-11-22T23:59:59Z')).toISOString()).toBe('2026-11-16T00:00:00.000Z');
  });
});

describe.each(TEST_DATABASE_KINDS)('the community’s feeds on %s', (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.current.db;
  let app: FastifyInstance;
  let root: string;
  let video: VideoTools;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'tribun-community-'));
    const tools = await findVideoTools();
    if (!tools) throw new Error('these tests need ffmpeg and ffprobe: run node scripts/ensure-ffmpeg.mjs');
    video = tools;
    const uploads: UploadPipeline = { storage: createDiskStorage({ root }), video, db: db() };
    app = await buildTestApp(db(), {
      environment: { COMMUNITY_PICTURE_MAX_MB: '1', COMMUNITY_VIDEO_MAX_SECONDS: '5' },
      files: { uploads, linkSecret: await loadFileLinkSecret(db()) },
    });
  });
  afterAll(async () => {
    await app?.close();
    await rm(root, { recursive: true, force: true });
  });

  async function fan(days = 10): Promise<Fan> {
    const user = await createTestUser(db());
    await db().update(users).set({ createdAt: new Date(Date.now() - days * DAY_MS) }).where(eq(users.id, user.id));
    return user;
  }

  async function call(method: Method, url: string, user: Fan | null, body?: unknown) {
    const response = await app.inject({
      method,
      url,
      remoteAddress: nextAddress(),
      headers: { language: 'en', ...(user ? { token: user.token } : {}) },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    const json = String(response.headers['content-type'] ?? '').includes('json') ? response.json() : null;
    return { status: response.statusCode, body: json, raw: response.body };
  }

  async function forgetLimits(user: Fan) {
    await db().execute(sql`delete from rate_limits where key like ${`action:%:account:${user.id}:%`}`);
  }

  async function post(author: Fan, options: { sport?: 'football' | 'basketball'; createdAt?: Date; likes?: number } = {}): Promise<number> {
    await forgetLimits(author);
    const answer = await call('POST', '/api/community/posts', author, { sport: options.sport ?? 'football', body: '<p>Derbi bugün!</p>' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const id = answer.body.data.id as number;
    if (options.createdAt || options.likes !== undefined) {
      await db()
        .update(communityPosts)
        .set({ ...(options.createdAt ? { createdAt: options.createdAt } : {}), ...(options.likes !== undefined ? { likeCount: options.likes } : {}) })
        .where(eq(communityPosts.id, id));
    }
    return id;
  }

  const ids = (list: Listed[]) => list.map((entry) => entry.id);

  async function follow(follower: Fan, followee: Fan) {
    await forgetLimits(follower);
    const answer = await call('PUT', `/api/social/follows/${followee.id}`, follower);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }

  /** Every page of a list, `size` a page, with a hook run between pages. */
  async function allPages(url: string, reader: Fan | null, between: (page: number) => Promise<void> = async () => {}) {
    const seen: number[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 100; page++) {
      const answer = await call('GET', `${url}${url.includes('?') ? '&' : '?'}${cursor ? `cursor=${encodeURIComponent(cursor)}` : ''}`, reader);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      seen.push(...ids(answer.body.data.list));
      cursor = answer.body.data.next_cursor;
      if (!cursor) return seen;
      await between(page);
    }
    throw new Error('more than 100 pages');
  }

  describe('the following feed', () => {
    it('lists the followed fans’ posts newest first in cursor pages, and needs a sign-in', async () => {
      const reader = await fan();
      const [a, b, stranger] = [await fan(), await fan(), await fan()];
      const a1 = await post(a);
      const b1 = await post(b);
      const a2 = await post(a, { sport: 'basketball' });
      await post(stranger);
      await follow(reader, a);
      await follow(reader, b);

      const first = await call('GET', '/api/community/posts?feed=following&size=2', reader);
      expect(first.status).toBe(200);
      expect(ids(first.body.data.list)).toEqual([a2, b1]);
      const second = await call('GET', `/api/community/posts?feed=following&size=2&cursor=${first.body.data.next_cursor}`, reader);
      expect(ids(second.body.data.list)).toEqual([a1]);
      expect(second.body.data.next_cursor).toBeNull();
      const basketball = await call('GET', '/api/community/posts?feed=following&sport=basketball', reader);
      expect(ids(basketball.body.data.list)).toEqual([a2]);

      const anonymous = await call('GET', '/api/community/posts?feed=following', null);
      expect(anonymous.status).toBe(401);
      const wrong = await call('GET', '/api/community/posts?feed=everyone', reader);
      expect(wrong.status).toBe(400);
      expect(wrong.raw).toContain('The feed is not valid');
      // the latest feed still lists everyone's
      const latest = await call('GET', '/api/community/posts?size=50', null);
      expect(ids(latest.body.data.list)).toEqual(expect.arrayContaining([a1, a2, b1]));
    });

    it('drops an unfollowed, blocked or closed fan’s posts', async () => {
      const reader = await fan();
      const [a, b, c] = [await fan(), await fan(), await fan()];
      const [pa, pb, pc] = [await post(a), await post(b), await post(c)];
      for (const followee of [a, b, c]) await follow(reader, followee);
      const feed = async () => ids((await call('GET', '/api/community/posts?feed=following&size=50', reader)).body.data.list);
      expect(await feed()).toEqual([pc, pb, pa]);

      await call('DELETE', `/api/social/follows/${a.id}`, reader);
      expect(await feed()).toEqual([pc, pb]);
      await forgetLimits(b);
      expect((await call('PUT', `/api/social/blocks/${reader.id}`, b)).status).toBe(200);
      expect(await feed()).toEqual([pc]);
      await db().update(users).set({ status: 'closed', closedAt: new Date() }).where(eq(users.id, c.id));
      expect(await feed()).toEqual([]);
    });
  });

  describe('the hot list', () => {
    it('orders by Lemmy’s rank, which decays as the clock moves', async () => {
      const author = await fan();
      const now = Date.now();
      // at now: 3 h old with 2 likes (rank 386) leads 10 h old with 500 (308); ten hours later the
      // age counts for less between them and the likes win (54 against 104)
      const older = await post(author, { createdAt: new Date(now - 10 * HOUR_MS), likes: 500, sport: 'basketball' });
      const newer = await post(author, { createdAt: new Date(now - 3 * HOUR_MS), likes: 2, sport: 'basketball' });
      const mine = (list: Listed[]) => ids(list).filter((id) => id === older || id === newer);

      await refreshHotRanks(db(), new Date(now));
      const atNow = await call('GET', '/api/community/hot?sport=basketball&size=50', null);
      expect(atNow.status).toBe(200);
      expect(mine(atNow.body.data.list)).toEqual([newer, older]);
      const [stored] = await db().select({ rank: communityHotRanks.rank }).from(communityHotRanks).where(eq(communityHotRanks.postId, older)).orderBy(sql`${communityHotRanks.generation} desc`).limit(1);
      expect(stored!.rank).toBeCloseTo(hotRank(500, new Date(now - 10 * HOUR_MS), new Date(now)), 6);

      await refreshHotRanks(db(), new Date(now + 10 * HOUR_MS));
      const later = await call('GET', '/api/community/hot?sport=basketball&size=50', null);
      expect(mine(later.body.data.list)).toEqual([older, newer]);
      const [decayed] = await db().select({ rank: communityHotRanks.rank }).from(communityHotRanks).where(eq(communityHotRanks.postId, older)).orderBy(sql`${communityHotRanks.generation} desc`).limit(1);
      expect(decayed!.rank).toBeLessThan(stored!.rank / 2);
      const football = await call('GET', '/api/community/hot?sport=football&size=50', null);
      expect(ids(football.body.data.list)).not.toContain(newer);
    });

    it('is refreshed by the module’s job', async () => {
      const author = await fan();
      const fresh = await post(author);
      const runner = createJobRunner({ db: db(), leadership: { acquired: Promise.resolve(), release: async () => {} }, clock: createManualClock(Date.now()), pollMs: 500 });
      communityModule.jobs!(runner, { env: parseEnv({}), db: db(), publisher: undefined, log: app.log } as unknown as JobContext);
      try {
        await runner.start();
        await runner.runDue();
      } finally {
        await runner.stop();
      }
      expect(ids((await call('GET', '/api/community/hot?size=50', null)).body.data.list)).toContain(fresh);
    });

    it('ranks a future-dated post as now and leaves a week-old one out', async () => {
      const author = await fan();
      const now = Date.now();
      const future = await post(author, { createdAt: new Date(now + 3 * HOUR_MS), likes: 0 });
      const weekOld = await post(author, { createdAt: new Date(now - HOT_WINDOW_DAYS * DAY_MS - 60_000), likes: 5000 });
      await refreshHotRanks(db(), new Date(now));
      const ranks = await db().select().from(communityHotRanks).where(inArray(communityHotRanks.postId, [future, weekOld])).orderBy(sql`${communityHotRanks.generation} desc`);
      expect(ranks.filter((row) => row.postId === weekOld)).toEqual([]);
      expect(ranks[0]!.rank).toBeCloseTo((10000 * Math.log10(3)) / Math.pow(2, 1.8), 6);
      const listed = ids((await call('GET', '/api/community/hot?size=50', null)).body.data.list);
      expect(listed).toContain(future);
      expect(listed).not.toContain(weekOld);
    });

    it('pages completely without repeats while the rank job runs between pages, and leaves out blocked fans and hidden posts', async () => {
      const author = await fan();
      const now = Date.now();
      const mine: number[] = [];
      for (let index = 0; index < 9; index++) mine.push(await post(author, { createdAt: new Date(now - index * HOUR_MS), likes: (index * 7) % 10 }));
      await refreshHotRanks(db(), new Date(now));
      const [before] = await db().select({ n: sql<number>`count(*)::int` }).from(communityHotRanks).where(eq(communityHotRanks.generation, sql`(select max(generation) from community_hot_generations)`));

      let shift = 0;
      const seen = await allPages('/api/community/hot?size=3', null, async () => {
        // the likes turn the order round, a new post arrives, and the job refreshes
        shift += 1;
        for (const [index, id] of mine.entries()) await db().update(communityPosts).set({ likeCount: ((index + shift) * 13) % 50 }).where(eq(communityPosts.id, id));
        await post(author);
        await refreshHotRanks(db(), new Date(now + shift * 60_000));
      });
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.length).toBe(before!.n);
      for (const id of mine) expect(seen).toContain(id);

      // a cursor whose generation is gone goes on in the newest one
      await refreshHotRanks(db(), new Date(now + 2 * HOUR_MS));
      await refreshHotRanks(db(), new Date(now + 3 * HOUR_MS));
      const [oldest] = await db().select({ generation: sql<number>`min(generation)` }).from(communityHotGenerations);
      const stale = await call('GET', `/api/community/hot?size=3&cursor=${Number(oldest!.generation) - 1}_100.5_${mine[0]}`, null);
      expect(stale.status).toBe(200);
      for (const hostile of ['1_1e-320_2', '1_1e309_2', '99999999999_1_1', '1_1_2147483648', '_._', '1__2', '1_-1_2', '1_1.5e+3_2', '%00', 'x'.repeat(81)]) {
        const answer = await call('GET', `/api/community/hot?cursor=${encodeURIComponent(hostile)}`, null);
        expect(answer.status, hostile).toBe(400);
      }
      for (const hostile of ['0000-01-01', '9999-12-31', '2026-00-10', '2026-1-1', '%00']) {
        const answer = await call('GET', `/api/community/weekly?week=${encodeURIComponent(hostile)}`, null);
        expect(answer.status, hostile).toBe(400);
      }
      const bad = await call('GET', '/api/community/hot?cursor=1_abc_2', null);
      expect(bad.status).toBe(400);
      expect(bad.raw).toContain('please start from the first page');

      const reader = await fan();
      await forgetLimits(reader);
      await call('PUT', `/api/social/blocks/${author.id}`, reader);
      await db().update(communityPosts).set({ status: 'hidden' }).where(eq(communityPosts.id, mine[1]!));
      await refreshHotRanks(db(), new Date(now));
      const forReader = await allPages('/api/community/hot?size=50', reader);
      for (const id of mine) expect(forReader).not.toContain(id);
      const forAnyone = await allPages('/api/community/hot?size=50', null);
      expect(forAnyone).toContain(mine[0]);
      expect(forAnyone).not.toContain(mine[1]);
    });
  });

  describe('the weekly ranking', () => {
    it('counts the likes given in the week to published posts, most first, ties by the earlier post', async () => {
      const author = await fan();
      const likers = [await fan(), await fan(), await fan(), await fan()];
      const now = new Date();
      const weekStart = weekStartOf(now);
      const inWeek = new Date(Math.max(weekStart.getTime() + 60_000, now.getTime() - 60_000));
      const lastWeek = new Date(weekStart.getTime() - DAY_MS);
      const earlier = await post(author, { createdAt: new Date(weekStart.getTime() - 3 * DAY_MS) });
      const later = await post(author, { createdAt: new Date(weekStart.getTime() - 2 * DAY_MS) });
      const top = await post(author, { sport: 'basketball' });
      const hidden = await post(author);
      // through the like service, at the moment given: the like row and its week's count
      const like = (postId: number, liker: Fan, at: Date, liked = true) =>
        withNotifications({ db: db() }, (tx, told) => setPostLike(tx, { postId, reader: { id: liker.id, nickname: liker.nickname }, liked, now: at, notices: told }));
      for (const liker of likers.slice(0, 2)) {
        await like(earlier, liker, inWeek);
        await like(later, liker, inWeek);
      }
      for (const liker of likers.slice(2)) await like(later, liker, lastWeek);
      for (const liker of likers) await like(top, liker, inWeek);
      for (const liker of likers) await like(hidden, liker, inWeek);
      // a like given last week and taken back now leaves last week's count, not this week's
      const fickle = await fan();
      await like(later, fickle, lastWeek);
      await like(later, fickle, inWeek, false);
      await db().update(communityPosts).set({ status: 'hidden' }).where(eq(communityPosts.id, hidden));

      const answer = await call('GET', '/api/community/weekly?size=50', null);
      expect(answer.status).toBe(200);
      expect(answer.body.data.week_start).toBe(weekStart.toISOString().slice(0, 10));
      const mine = answer.body.data.list.filter((entry: { post: Listed }) => [earlier, later, top, hidden].includes(entry.post.id));
      expect(mine.map((entry: { post: Listed; likes_in_week: number }) => [entry.post.id, entry.likes_in_week])).toEqual([
        [top, 4],
        [earlier, 2],
        [later, 2],
      ]);
      expect(answer.body.data.list.map((entry: { rank: number }) => entry.rank)).toEqual(answer.body.data.list.map((_: unknown, index: number) => index + 1));

      const previous = await call('GET', `/api/community/weekly?size=50&week=${lastWeek.toISOString().slice(0, 10)}`, null);
      expect(previous.body.data.week_start).toBe(weekStartOf(lastWeek).toISOString().slice(0, 10));
      expect(previous.body.data.list.find((entry: { post: Listed }) => entry.post.id === later)?.likes_in_week).toBe(2);
      expect(previous.body.data.list.find((entry: { post: Listed }) => entry.post.id === top)).toBeUndefined();
      const basketball = await call('GET', '/api/community/weekly?sport=basketball&size=50', null);
      expect(basketball.body.data.list.map((entry: { post: Listed }) => entry.post.id)).toContain(top);
      expect(basketball.body.data.list.map((entry: { post: Listed }) => entry.post.id)).not.toContain(earlier);

      const blocker = await fan();
      await forgetLimits(blocker);
      await call('PUT', `/api/social/blocks/${author.id}`, blocker);
      const blocked = await call('GET', '/api/community/weekly?size=50', blocker);
      expect(blocked.body.data.list.map((entry: { post: Listed }) => entry.post.id)).not.toContain(top);

      for (const week of ['2026-02-30', '1999-12-27', 'monday', '2026-13-01']) {
        const refused = await call('GET', `/api/community/weekly?week=${week}`, null);
        expect(refused.status, week).toBe(400);
        expect(refused.raw).toContain('The week is not a valid date');
      }
    });
  });

  describe('a fan’s posts', () => {
    it('lists the published ones to others and the waiting and hidden ones too to the fan', async () => {
      const author = await fan();
      const other = await fan();
      const published = await post(author);
      const waiting = await post(author);
      const hidden = await post(author);
      const deleted = await post(author);
      const older = await post(author);
      await db().update(communityPosts).set({ status: 'pending_review' }).where(eq(communityPosts.id, waiting));
      await db().update(communityPosts).set({ status: 'hidden', statusReason: 'spam' }).where(eq(communityPosts.id, hidden));
      await db().update(communityPosts).set({ status: 'deleted' }).where(eq(communityPosts.id, deleted));

      const url = `/api/community/users/${author.id}/posts`;
      expect(ids((await call('GET', url, null)).body.data.list)).toEqual([older, published]);
      expect(ids((await call('GET', url, other)).body.data.list)).toEqual([older, published]);
      const own = await call('GET', `${url}?size=2`, author);
      expect(ids(own.body.data.list)).toEqual([older, hidden]);
      expect(own.body.data.list[1].hidden_reason).toBe('spam');
      const rest = await call('GET', `${url}?size=2&cursor=${own.body.data.next_cursor}`, author);
      expect(ids(rest.body.data.list)).toEqual([waiting, published]);
      expect(rest.body.data.next_cursor).toBeNull();
    });

    it('answers a missing, closed or blocked fan with the same 404', async () => {
      const reader = await fan();
      const [blocked, blocker, closed, open] = [await fan(), await fan(), await fan(), await fan()];
      await post(open);
      await forgetLimits(reader);
      await call('PUT', `/api/social/blocks/${blocked.id}`, reader);
      await forgetLimits(blocker);
      await call('PUT', `/api/social/blocks/${reader.id}`, blocker);
      await db().update(users).set({ status: 'closed', closedAt: new Date() }).where(eq(users.id, closed.id));
      const answers = [
        await call('GET', '/api/community/users/2147483000/posts', reader),
        await call('GET', `/api/community/users/${blocked.id}/posts`, reader),
        await call('GET', `/api/community/users/${blocker.id}/posts`, reader),
        await call('GET', `/api/community/users/${closed.id}/posts`, reader),
        await call('GET', `/api/community/users/${closed.id}/posts`, null),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(404);
        expect(answer.raw).toBe(answers[0]!.raw);
      }
      expect(answers[0]!.body.message).toBe('User not found');
      expect((await call('GET', `/api/community/users/${open.id}/posts`, reader)).status).toBe(200);
      expect((await call('GET', '/api/community/users/abc/posts', reader)).status).toBe(400);
    });
  });

  describe('uploads', () => {
    async function upload(user: Fan | null, file: Buffer, filename: string, contentType: string) {
      if (user) await forgetLimits(user);
      const { headers, payload } = form(file, filename, contentType);
      const response = await app.inject({ method: 'POST', url: '/api/community/uploads', remoteAddress: nextAddress(), headers: { language: 'en', ...headers, ...(user ? { token: user.token } : {}) }, payload });
      return { status: response.statusCode, body: response.json() };
    }

    it('stores a picture and its keys are taken by a post of its uploader only', async () => {
      const author = await fan();
      const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#2a6' } }).png().toBuffer();
      const stored = await upload(author, png, 'goal.png', 'image/png');
      expect(stored.status, JSON.stringify(stored.body)).toBe(200);
      const data = stored.body.data;
      expect(data).toMatchObject({ kind: 'image', width: 1280, height: 720, duration_sec: null });
      expect(data.keys.length).toBe(2);
      expect(data.keys[0]).toMatch(/^public\/[A-Za-z0-9_-]+\/w1280\.webp$/);
      expect(data.preview_key).toBe(data.keys[0]);

      const jpeg = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#c33' } }).jpeg().toBuffer();
      const small = await upload(author, jpeg, 'tribune.jpg', 'image/jpeg');
      expect(small.status, JSON.stringify(small.body)).toBe(200);
      expect(small.body.data.kind).toBe('image');

      const thief = await fan();
      await forgetLimits(thief);
      const stolen = await call('POST', '/api/community/posts', thief, { sport: 'football', body: '<p>mine</p>', files: [{ keys: data.keys }] });
      expect(stolen.status).toBe(400);
      await forgetLimits(author);
      const posted = await call('POST', '/api/community/posts', author, { sport: 'football', body: '<p>Gol!</p>', files: [{ keys: data.keys }, { keys: small.body.data.keys }] });
      expect(posted.status, JSON.stringify(posted.body)).toBe(200);
      expect(posted.body.data.files).toEqual([
        { kind: 'image', keys: data.keys },
        { kind: 'image', keys: small.body.data.keys },
      ]);
    });

    it('stores a short video with its poster as the preview, and refuses one over the seconds allowed', async () => {
      const author = await fan();
      const clip = async (seconds: number) => {
        const file = path.join(root, `clip-${seconds}.webm`);
        await promisify(execFile)(video.ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=duration=${seconds}:size=160x120:rate=10`, '-c:v', 'libvpx', '-b:v', '200k', file]);
        return readFile(file);
      };
      const stored = await upload(author, await clip(1), 'goal.webm', 'video/webm');
      expect(stored.status, JSON.stringify(stored.body)).toBe(200);
      const data = stored.body.data;
      expect(data).toMatchObject({ kind: 'video', width: 160, height: 120 });
      expect(data.duration_sec).toBeCloseTo(1, 0);
      expect(data.keys[0]).toMatch(/\/video\.webm$/);
      expect(data.preview_key).toMatch(/\/poster\.webp$/);
      expect(data.keys).toContain(data.preview_key);
      await forgetLimits(author);
      const posted = await call('POST', '/api/community/posts', author, { sport: 'football', body: '<p>Gol anı</p>', files: [{ keys: data.keys }] });
      expect(posted.status, JSON.stringify(posted.body)).toBe(200);
      expect(posted.body.data.files).toEqual([{ kind: 'video', keys: data.keys }]);

      const tooLong = await upload(author, await clip(6), 'match.webm', 'video/webm');
      expect(tooLong.status).toBe(413);
    });

    it('refuses a text file named .png, a picture over the size limit, two files, and anyone signed out', async () => {
      const author = await fan();
      const text = await upload(author, Buffer.from('just words, not a picture\n'.repeat(20)), 'fake.png', 'image/png');
      expect(text.status).toBe(415);
      // noise does not compress: a 700×700 PNG of it is over the 1 MB this suite sets
      const noise = Buffer.alloc(700 * 700 * 3);
      for (let index = 0; index < noise.length; index++) noise[index] = (index * 2654435761) >>> 24;
      const large = await sharp(noise, { raw: { width: 700, height: 700, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
      expect(large.length).toBeGreaterThan(1024 * 1024);
      const tooLarge = await upload(author, large, 'big.png', 'image/png');
      expect(tooLarge.status).toBe(413);
      expect(tooLarge.body.message).toContain('1 MB');
      const anonymous = await upload(null, await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } }).png().toBuffer(), 'a.png', 'image/png');
      expect(anonymous.status).toBe(401);

      const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } }).png().toBuffer();
      const head = (name: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`;
      const payload = Buffer.concat([Buffer.from(head('a.png')), png, Buffer.from(`\r\n`), Buffer.from(head('b.png')), png, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
      await forgetLimits(author);
      const two = await app.inject({ method: 'POST', url: '/api/community/uploads', remoteAddress: nextAddress(), headers: { language: 'en', token: author.token, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, payload });
      expect(two.statusCode).toBe(400);
      const notMultipart = await call('POST', '/api/community/uploads', author, { file: 'x' });
      expect(notMultipart.status).toBeGreaterThanOrEqual(400);
      expect(notMultipart.status).toBeLessThan(500);
    });
  });
});
