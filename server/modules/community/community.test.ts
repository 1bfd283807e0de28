import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/notifications';
import { storedFiles } from '../../db/schema/stored-files';
import { users } from '../../db/schema/users';
import { parseEnv } from '../../env';
import { createManualClock } from '../../jobs/clock';
import { createJobRunner } from '../../jobs/runner';
import { recordStoredFiles } from '../../storage/stored-files';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { createTestUser } from '../../test-support/users';
import type { JobContext } from '../definition';
import { buildTestApp } from '../points/points-test-support';
import { communityModule } from './community.module';
import { communityComments, communityPostLikes, communityPosts } from './schema';

type Fan = { id: number; nickname: string; token: string };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const DAY_MS = 86_400_000;
let addressCounter = 0;
/** A fresh client address per request, so one test's address limits never touch another's. */
const nextAddress = () => `10.9.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

describe.each(TEST_DATABASE_KINDS)('the community on %s', (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.current.db;
  let app: FastifyInstance;
  let staff: Fan;

  beforeAll(async () => {
    app = await buildTestApp(db(), { environment: { COMMUNITY_REVIEW_WORDS: 'bedava bahis, Şike' } });
    staff = await createTestUser(db(), { role: 'staff' });
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A fan whose account is `days` old (older than NEW_ACCOUNT_DAYS unless told). */
  async function fan(days = 10): Promise<Fan> {
    const user = await createTestUser(db());
    await db().update(users).set({ createdAt: new Date(Date.now() - days * DAY_MS) }).where(eq(users.id, user.id));
    return user;
  }

  async function call(method: Method, url: string, user: Fan | null, body?: unknown, options: { ip?: string; language?: string } = {}) {
    const response = await app.inject({
      method,
      url,
      remoteAddress: options.ip ?? nextAddress(),
      headers: { language: options.language ?? 'en', ...(user ? { token: user.token } : {}) },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    const json = String(response.headers['content-type'] ?? '').includes('json') ? response.json() : null;
    return { status: response.statusCode, body: json, headers: response.headers };
  }

  /** Forgets an account's counters, for tests that act more often than a fan may (the limits have their own test). */
  async function forgetLimits(user: Fan) {
    await db().execute(sql`delete from rate_limits where key like ${`action:%:account:${user.id}:%`}`);
  }

  async function post(author: Fan, body: Record<string, unknown> = {}) {
    await forgetLimits(author);
    const answer = await call('POST', '/api/community/posts', author, { sport: 'football', body: '<p>Derbi bugün!</p>', ...body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as { id: number; status: string; like_count: number; comment_count: number };
  }

  async function writeComment(author: Fan, postId: number, body: Record<string, unknown>) {
    await forgetLimits(author);
    const answer = await call('POST', `/api/community/posts/${postId}/comments`, author, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as { id: number; parent_id: number | null };
  }

  async function counts() {
    const [row] = await db().select({ posts: sql<number>`(select count(*)::int from community_posts)`, comments: sql<number>`(select count(*)::int from community_comments)` }).from(sql`(select 1) as one`);
    return row!;
  }

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

  async function decide(postId: number, decision: 'approve' | 'reject' | 'request_changes', reason?: string): Promise<number> {
    const queue = await call('GET', '/api/staff/reviews?kind=community_post&status=pending&size=50', staff);
    const item = queue.body.data.list.find((entry: { subject_id: number }) => entry.subject_id === postId);
    expect(item, `review item of post ${postId}`).toBeTruthy();
    const decided = await call('POST', `/api/staff/reviews/${item.id}/decision`, staff, { decision, ...(reason ? { reason } : {}) });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    await runJobs();
    return item.id as number;
  }

  async function inbox(user: Fan) {
    return db().select().from(notifications).where(eq(notifications.userId, user.id)).orderBy(notifications.id);
  }

  it('publishes an established fan’s post sanitised, lists it to everyone and answers its detail', async () => {
    const author = await fan();
    const created = await call('POST', '/api/community/posts', author, {
      sport: 'basketball',
      body: '<p onclick="x()">Maç <b>harika</b> <a href="javascript:alert(1)">tık</a> <a href="https://tribun.example/a" target="_blank">link</a></p><script>alert(1)</script>',
    });
    expect(created.status).toBe(200);
    const data = created.body.data;
    expect(data).toMatchObject({
      status: 'published',
      sport: 'basketball',
      author: { id: author.id, nickname: author.nickname },
      body_html: '<p>Maç <strong>harika</strong> tık <a href="https://tribun.example/a" rel="nofollow ugc noopener">link</a></p>',
      excerpt: 'Maç harika tık link',
      like_count: 0,
      comment_count: 0,
      is_own: true,
    });
    expect(data.editable_until).not.toBeNull();

    const anonymous = await call('GET', `/api/community/posts/${data.id}`, null);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.data).toMatchObject({ id: data.id, is_own: false, editable_until: null, liked: false });
    const listed = await call('GET', '/api/community/posts?sport=basketball&size=50', null);
    expect(listed.body.data.list.map((entry: { id: number }) => entry.id)).toContain(data.id);
    const football = await call('GET', '/api/community/posts?sport=football&size=50', null);
    expect(football.body.data.list.map((entry: { id: number }) => entry.id)).not.toContain(data.id);
  });

  it('pages the latest posts with a cursor', async () => {
    const ids: number[] = [];
    for (let index = 0; index < 3; index++) ids.push((await post(await fan())).id);
    const first = await call('GET', '/api/community/posts?size=2', null);
    expect(first.body.data.list.map((entry: { id: number }) => entry.id)).toEqual([ids[2], ids[1]]);
    const second = await call('GET', `/api/community/posts?size=2&cursor=${first.body.data.next_cursor}`, null);
    expect(second.body.data.list[0].id).toBe(ids[0]);
    expect((await call('GET', '/api/community/posts?cursor=abc', null)).status).toBe(400);
  });

  it('refuses bad input with translated messages and writes nothing', async () => {
    const author = await fan();
    const before = await counts();
    const cases: [unknown, string, string][] = [
      [{ sport: 'football', body: '<p>   </p><script>x</script>' }, 'body', 'Please write something'],
      [{ sport: 'football', body: `<p>${'a'.repeat(5001)}</p>` }, 'body', 'The content is over the character limit: you can write at most 5000 characters'],
      [{ sport: 'football', body: 'a'.repeat(20_001) }, 'body', 'The content is over the character limit'],
      [{ sport: 'football', body: 'a\u0000b' }, 'body', 'Must not contain control characters (such as NUL)'],
      [{ sport: 'tennis', body: 'x' }, 'sport', 'Must be one of the allowed values'],
      [{ sport: 'football', body: 'x', tag: { type: 'match', id: 99_999_999 } }, 'tag', 'The tagged match, team or competition was not found'],
      [{ sport: 'football', body: 'x', tag: { type: 'player', id: 1 } }, 'tag.type', 'The tag is not valid'],
      [{ sport: 'football', body: 'x', files: [{ keys: ['public/abc/w1280.webp'] }] }, 'files', 'A picture or video could not be found; please upload it again'],
    ];
    for (const [body, field, message] of cases) {
      await forgetLimits(author);
      const answer = await call('POST', '/api/community/posts', author, body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.body.data.fields).toContainEqual({ field, message });
    }
    const turkish = await call('POST', '/api/community/posts', author, { sport: 'football', body: `<p>${'ş'.repeat(5001)}</p>` }, { language: 'tr' });
    expect(turkish.body.data.fields).toContainEqual({ field: 'body', message: 'İçerik karakter sınırını aşıyor: en fazla 5000 karakter yazabilirsiniz' });
    const chinese = await call('POST', '/api/community/posts', author, { sport: 'football', body: '' }, { language: 'zh' });
    expect(chinese.body.data.fields).toContainEqual({ field: 'body', message: '请输入内容' });
    expect(await counts()).toEqual(before);
    expect((await call('POST', '/api/community/posts', null, { sport: 'football', body: 'x' })).status).toBe(401);
  });

  it('claims the author’s own uploads: pictures up to the limit or one video; another’s or a claimed key refuses the post', async () => {
    const author = await fan();
    const other = await fan();
    const now = new Date();
    const picture = (owner: Fan, name: string) => [`public/${name}/w320.webp`, `public/${name}/w1280.webp`].map((key) => ({ key, ownerId: owner.id, size: 10, contentType: 'image/webp' }));
    const mine = [...picture(author, `a${author.id}1`), ...picture(author, `a${author.id}2`)];
    const video = [{ key: `public/v${author.id}/video.mp4`, ownerId: author.id, size: 10, contentType: 'video/mp4' }, { key: `public/v${author.id}/poster.webp`, ownerId: author.id, size: 10, contentType: 'image/webp' }];
    const theirs = picture(other, `o${other.id}`);
    await recordStoredFiles(db(), [...mine, ...video, ...theirs], { now });
    const keysOf = (rows: { key: string }[]) => rows.map((row) => row.key);
    const before = await counts();

    await forgetLimits(author);

    const stolen = await call('POST', '/api/community/posts', author, { sport: 'football', body: 'x', files: [{ keys: keysOf(mine.slice(0, 2)) }, { keys: keysOf(theirs) }] });
    expect(stolen.status).toBe(400);
    expect(stolen.body.data.fields).toContainEqual({ field: 'files', message: 'A picture or video could not be found; please upload it again' });
    await forgetLimits(author);
    const mixed = await call('POST', '/api/community/posts', author, { sport: 'football', body: 'x', files: [{ keys: keysOf(video) }, { keys: keysOf(mine.slice(0, 2)) }] });
    expect(mixed.body.data.fields).toContainEqual({ field: 'files', message: 'A post can have one video, without pictures' });
    expect(await counts()).toEqual(before);
    // nothing was claimed by the refused posts
    const claimed = await db().select().from(storedFiles).where(sql`${storedFiles.claimedAt} is not null and ${storedFiles.ownerId} = ${author.id}`);
    expect(claimed).toEqual([]);

    await forgetLimits(author);

    const created = await call('POST', '/api/community/posts', author, { sport: 'football', body: '', files: [{ keys: keysOf(mine.slice(0, 2)) }, { keys: keysOf(mine.slice(2)) }] });
    expect(created.status).toBe(200);
    expect(created.body.data.files).toEqual([
      { kind: 'image', keys: keysOf(mine.slice(0, 2)) },
      { kind: 'image', keys: keysOf(mine.slice(2)) },
    ]);
    await forgetLimits(author);
    const again = await call('POST', '/api/community/posts', author, { sport: 'football', body: 'again', files: [{ keys: keysOf(mine.slice(0, 2)) }] });
    expect(again.status).toBe(400);

    const newcomer = await fan(0);
    const fresh = [...picture(newcomer, `n${newcomer.id}1`), ...picture(newcomer, `n${newcomer.id}2`)];
    await recordStoredFiles(db(), fresh, { now });
    await forgetLimits(newcomer);
    const tooMany = await call('POST', '/api/community/posts', newcomer, { sport: 'football', body: 'x', files: [{ keys: keysOf(fresh.slice(0, 2)) }, { keys: keysOf(fresh.slice(2)) }] });
    expect(tooMany.body.data.fields).toContainEqual({ field: 'files', message: 'A post can have at most 1 pictures' });
  });

  it('sends a new account’s post and a post with a review word to review; staff approve or reject it and the author is told', async () => {
    const newcomer = await fan(1);
    const reader = await fan();
    const waiting = await post(newcomer);
    expect(waiting.status).toBe('pending_review');
    const flagged = await post(await fan(), { body: '<p>BEDAVA BAHİS burada</p>' });
    expect(flagged.status).toBe('pending_review');
    expect((await post(await fan(), { body: '<p>bedava maç özeti, bahis yok</p>' })).status).toBe('published');
    const flaggedLower = await post(await fan(), { body: '<p>bu maçta şike var</p>' });
    expect(flaggedLower.status).toBe('pending_review');

    expect((await call('GET', `/api/community/posts/${waiting.id}`, reader)).status).toBe(404);
    expect((await call('GET', `/api/community/posts/${waiting.id}`, null)).status).toBe(404);
    expect((await call('GET', `/api/community/posts/${waiting.id}`, newcomer)).body.data.status).toBe('pending_review');
    expect((await call('GET', `/api/community/posts/${waiting.id}`, staff)).status).toBe(404);
    expect((await call('GET', `/api/staff/community/posts/${waiting.id}`, staff)).body.data.status).toBe('pending_review');
    expect((await call('GET', `/api/staff/community/posts/${waiting.id}`, reader)).status).toBe(403);
    const listed = await call('GET', '/api/community/posts?size=50', null);
    expect(listed.body.data.list.map((entry: { id: number }) => entry.id)).not.toContain(waiting.id);

    await decide(waiting.id, 'approve');
    expect((await call('GET', `/api/community/posts/${waiting.id}`, reader)).body.data.status).toBe('published');
    await decide(flaggedLower.id, 'reject', 'abuse');
    const hidden = await call('GET', `/api/community/posts/${flaggedLower.id}`, null);
    expect(hidden.status).toBe(404);
    const [flaggedAuthor] = await db().select({ authorId: communityPosts.authorId }).from(communityPosts).where(eq(communityPosts.id, flaggedLower.id));
    expect((await inbox(newcomer)).map((row) => ({ kind: row.kind, data: row.data }))).toEqual([{ kind: 'community.post_approved', data: { post_id: waiting.id, excerpt: 'Derbi bugün!' } }]);
    const rejected = await db().select().from(notifications).where(eq(notifications.userId, flaggedAuthor!.authorId));
    expect(rejected.map((row) => ({ kind: row.kind, data: row.data }))).toEqual([{ kind: 'community.post_rejected', data: { post_id: flaggedLower.id, excerpt: 'bu maçta şike var', reason: 'abuse' } }]);
    await runJobs();
    expect(await inbox(newcomer)).toHaveLength(1);
  });

  it('follows review through edits, changes asked and an appeal', async () => {
    const newcomer = await fan(1);
    const reader = await fan();
    // changes asked: the author edits, and the post goes back to staff
    const asked = await post(newcomer);
    await decide(asked.id, 'request_changes');
    const hidden = await call('GET', `/api/community/posts/${asked.id}`, newcomer);
    expect(hidden.body.data).toMatchObject({ status: 'hidden', hidden_reason: 'changes_requested' });
    expect(hidden.body.data.editable_until).not.toBeNull();
    const resent = await call('PUT', `/api/community/posts/${asked.id}`, newcomer, { body: '<p>Düzelttim</p>' });
    expect(resent.body.data).toMatchObject({ status: 'pending_review', body_html: '<p>Düzelttim</p>' });
    await decide(asked.id, 'approve');
    expect((await call('GET', `/api/community/posts/${asked.id}`, reader)).body.data.status).toBe('published');
    // approved once, a new account's post keeps its reviewed words
    const late = await call('PUT', `/api/community/posts/${asked.id}`, newcomer, { body: 'reklam' });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Staff reviewed and approved this post; please write a new post for this change');
    expect((await call('GET', `/api/community/posts/${asked.id}`, reader)).body.data.body_html).toBe('<p>Düzelttim</p>');

    // rejected, appealed, approved: published
    const appealed = await post(newcomer);
    const itemId = await decide(appealed.id, 'reject', 'spam');
    expect((await call('GET', `/api/community/posts/${appealed.id}`, newcomer)).body.data).toMatchObject({ status: 'hidden', hidden_reason: 'spam', editable_until: null });
    expect((await call('PUT', `/api/community/posts/${appealed.id}`, newcomer, { body: 'x' })).status).toBe(403);
    expect((await call('POST', `/api/reviews/${itemId}/appeal`, newcomer)).status).toBe(200);
    await decide(appealed.id, 'approve');
    expect((await call('GET', `/api/community/posts/${appealed.id}`, reader)).body.data.status).toBe('published');

    // an established fan's post edited into a review word goes to staff
    const author = await fan();
    const open = await post(author);
    const edited = await call('PUT', `/api/community/posts/${open.id}`, author, { body: 'Bedava bahis burada' });
    expect(edited.body.data.status).toBe('pending_review');
    expect((await call('GET', `/api/community/posts/${open.id}`, reader)).status).toBe(404);
    expect((await inbox(newcomer)).map((row) => row.kind)).toEqual(['community.post_rejected', 'community.post_approved', 'community.post_rejected', 'community.post_approved']);
  });

  it('refuses every reach into another fan’s posts, comments and favourites, and changes nothing', async () => {
    const [owner, intruder, third] = [await fan(), await fan(), await fan()];
    const open = await post(owner);
    const pendingAuthor = await fan(0);
    const pending = await post(pendingAuthor);
    const deleted = await post(owner);
    expect((await call('DELETE', `/api/community/posts/${deleted.id}`, owner)).status).toBe(200);
    const comment = await writeComment(third, open.id, { body: 'ilk yorum' });
    await call('PUT', `/api/community/posts/${open.id}/favourite`, owner);
    const before = await db().select().from(communityPosts).orderBy(communityPosts.id);
    const commentsBefore = await db().select().from(communityComments).orderBy(communityComments.id);

    const refused: [Method, string, Fan, unknown, number][] = [
      ['PUT', `/api/community/posts/${open.id}`, intruder, { body: 'ele geçirildi' }, 403],
      ['DELETE', `/api/community/posts/${open.id}`, intruder, undefined, 403],
      ['PUT', `/api/community/posts/${pending.id}`, intruder, { body: 'x' }, 404],
      ['DELETE', `/api/community/posts/${pending.id}`, intruder, undefined, 404],
      ['GET', `/api/community/posts/${pending.id}`, intruder, undefined, 404],
      ['GET', `/api/community/posts/${pending.id}/comments`, intruder, undefined, 404],
      ['PUT', `/api/community/posts/${pending.id}/like`, intruder, undefined, 404],
      ['PUT', `/api/community/posts/${pending.id}/favourite`, intruder, undefined, 404],
      ['POST', `/api/community/posts/${pending.id}/comments`, intruder, { body: 'x' }, 404],
      ['GET', `/api/community/posts/${deleted.id}`, intruder, undefined, 404],
      ['GET', `/api/community/posts/${deleted.id}`, owner, undefined, 404],
      ['PUT', `/api/community/posts/${deleted.id}`, owner, { body: 'x' }, 404],
      ['PUT', `/api/community/posts/${deleted.id}/like`, intruder, undefined, 404],
      ['DELETE', `/api/community/comments/${comment.id}`, intruder, undefined, 403],
      ['DELETE', `/api/community/comments/${comment.id}`, owner, undefined, 403],
      ['GET', `/api/community/users/${owner.id}/favourites`, intruder, undefined, 403],
      ['GET', `/api/community/users/${owner.id}/favourites`, staff, undefined, 403],
      ['GET', `/api/staff/community/posts/${pending.id}`, intruder, undefined, 403],
      ['GET', '/api/community/posts/999999999', intruder, undefined, 404],
      ['DELETE', '/api/community/comments/999999999', intruder, undefined, 404],
    ];
    for (const [method, url, user, body, status] of refused) {
      const answer = await call(method, url, user, body);
      expect(answer.status, `${method} ${url} by ${user.nickname}`).toBe(status);
    }
    // another's hidden or missing post: one answer, word for word
    const missing = await call('GET', '/api/community/posts/999999999', intruder);
    const hiddenToIntruder = await call('GET', `/api/community/posts/${pending.id}`, intruder);
    expect(hiddenToIntruder.body).toEqual(missing.body);
    expect(missing.body.message).toBe('Post not found');
    expect((await call('GET', `/api/community/users/${owner.id}/favourites`, intruder)).body.message).toBe('Only their owner can see saved posts');
    expect(await db().select().from(communityPosts).orderBy(communityPosts.id)).toEqual(before);
    expect(await db().select().from(communityComments).orderBy(communityComments.id)).toEqual(commentsBefore);
    // staff read the deleted post's words through their endpoint only
    const staffView = await call('GET', `/api/staff/community/posts/${deleted.id}`, staff);
    expect(staffView.body.data).toMatchObject({ status: 'deleted', body_html: '<p>Derbi bugün!</p>' });
  });

  it('deletes softly: a deleted post answers as a placeholder in its saver’s favourites, a deleted comment keeps its replies', async () => {
    const [author, saver, replier] = [await fan(), await fan(), await fan()];
    const saved = await post(author);
    expect((await call('PUT', `/api/community/posts/${saved.id}/favourite`, saver)).body.data).toEqual({ post_id: saved.id, favourited: true });
    expect((await call('PUT', `/api/community/posts/${saved.id}/favourite`, saver)).status).toBe(200);
    const top = await writeComment(saver, saved.id, { body: 'üst' });
    const reply = await writeComment(replier, saved.id, { body: 'yanıt', parent_id: top.id });
    expect(reply.parent_id).toBe(top.id);
    expect((await call('DELETE', `/api/community/comments/${top.id}`, saver)).body.data).toMatchObject({ status: 'deleted', body_html: null, author: null });
    const thread = await call('GET', `/api/community/posts/${saved.id}/comments`, null);
    expect(thread.body.data.list.map((entry: { id: number; status: string }) => [entry.id, entry.status])).toEqual([
      [top.id, 'deleted'],
      [reply.id, 'published'],
    ]);
    expect((await call('GET', `/api/community/posts/${saved.id}`, null)).body.data.comment_count).toBe(1);

    const gone = await call('DELETE', `/api/community/posts/${saved.id}`, author);
    expect(gone.body.data).toMatchObject({ status: 'deleted', body_html: null, author: null });
    const favourites = await call('GET', `/api/community/users/${saver.id}/favourites`, saver);
    expect(favourites.body.data.list).toEqual([expect.objectContaining({ id: saved.id, status: 'deleted', body_html: null, author: null, favourited: true })]);
    expect((await call('GET', '/api/community/posts?size=50', null)).body.data.list.map((entry: { id: number }) => entry.id)).not.toContain(saved.id);
    expect((await call('DELETE', `/api/community/posts/${saved.id}/favourite`, saver)).body.data).toEqual({ post_id: saved.id, favourited: false });
    expect((await call('GET', `/api/community/users/${saver.id}/favourites`, saver)).body.data.list).toEqual([]);
  });

  it('edits within the window only', async () => {
    const author = await fan();
    const created = await post(author);
    const edited = await call('PUT', `/api/community/posts/${created.id}`, author, { body: '<p>Düzeltildi <em>son</em></p>' });
    expect(edited.body.data).toMatchObject({ body_html: '<p>Düzeltildi <em>son</em></p>' });
    expect(edited.body.data.edited_at).not.toBeNull();
    await db().update(communityPosts).set({ createdAt: new Date(Date.now() - 2 * DAY_MS) }).where(eq(communityPosts.id, created.id));
    const late = await call('PUT', `/api/community/posts/${created.id}`, author, { body: 'geç' });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('A post can be edited only within 1440 minutes of posting');
  });

  it('tells authors of replies and likes once, and never of their own', async () => {
    const [author, commenter, replier] = [await fan(), await fan(), await fan()];
    const created = await post(author);
    const top = await writeComment(commenter, created.id, { body: '<p>Güzel <b>analiz</b></p>' });
    const reply = await writeComment(replier, created.id, { body: 'katılıyorum', parent_id: top.id });
    // a reply to a reply joins the top-level comment and tells the replied comment's author
    const nested = await writeComment(commenter, created.id, { body: 'teşekkürler', parent_id: reply.id });
    expect(nested.parent_id).toBe(top.id);
    await writeComment(author, created.id, { body: 'kendi yorumum' });
    expect((await call('PUT', `/api/community/posts/${created.id}/like`, commenter)).body.data).toEqual({ liked: true, like_count: 1 });
    expect((await call('DELETE', `/api/community/posts/${created.id}/like`, commenter)).body.data).toEqual({ liked: false, like_count: 0 });
    expect((await call('PUT', `/api/community/posts/${created.id}/like`, commenter)).body.data).toEqual({ liked: true, like_count: 1 });
    await call('PUT', `/api/community/posts/${created.id}/like`, author);

    const told = (await inbox(author)).map((row) => ({ kind: row.kind, data: row.data }));
    expect(told).toEqual([
      { kind: 'community.reply', data: { post_id: created.id, comment_id: top.id, to: 'post', nickname: commenter.nickname, excerpt: 'Güzel analiz' } },
      { kind: 'community.post_liked', data: { post_id: created.id, nickname: commenter.nickname, excerpt: 'Derbi bugün!' } },
    ]);
    expect((await inbox(commenter)).map((row) => row.kind)).toEqual(['community.reply']);
    expect((await inbox(replier)).map((row) => row.kind)).toEqual(['community.reply']);
    const listed = await call('GET', '/api/notifications?group=interaction', author);
    expect(listed.body.data.list[0]).toMatchObject({ kind: 'community.post_liked' });
    const switches = await call('GET', '/api/notifications/settings', author);
    expect(switches.body.data).toMatchObject({ 'community.reply': true, 'community.post_liked': true, 'community.post_approved': true, 'community.post_rejected': true });
  });

  it('counts 50 concurrent likes exactly, and 50 concurrent unlikes back to zero', async () => {
    const author = await fan();
    const created = await post(author);
    const comment = await writeComment(author, created.id, { body: 'beğenin' });
    const likers: Fan[] = [];
    for (let index = 0; index < 50; index++) likers.push(await fan());
    const liked = await Promise.all(likers.flatMap((liker) => [call('PUT', `/api/community/posts/${created.id}/like`, liker), call('PUT', `/api/community/posts/${created.id}/like`, liker), call('PUT', `/api/community/comments/${comment.id}/like`, liker)]));
    expect(liked.every((answer) => answer.status === 200)).toBe(true);
    const detail = await call('GET', `/api/community/posts/${created.id}`, likers[0]!);
    expect(detail.body.data).toMatchObject({ like_count: 50, liked: true });
    const [rows] = await db().select({ n: sql<number>`count(*)::int` }).from(communityPostLikes).where(eq(communityPostLikes.postId, created.id));
    expect(rows!.n).toBe(50);
    expect((await call('GET', `/api/community/posts/${created.id}/comments`, null)).body.data.list[0].like_count).toBe(50);
    expect((await inbox(author)).filter((row) => row.kind === 'community.post_liked')).toHaveLength(50);

    await Promise.all(likers.flatMap((liker) => [call('DELETE', `/api/community/posts/${created.id}/like`, liker), call('DELETE', `/api/community/posts/${created.id}/like`, liker), call('DELETE', `/api/community/comments/${comment.id}/like`, liker)]));
    expect((await call('GET', `/api/community/posts/${created.id}`, null)).body.data.like_count).toBe(0);
    expect((await call('GET', `/api/community/posts/${created.id}/comments`, null)).body.data.list[0].like_count).toBe(0);
  });

  it('limits posting with 429, Retry-After and the translated message; new accounts tighter', async () => {
    const author = await fan();
    await post(author);
    const soon = await call('POST', '/api/community/posts', author, { sport: 'football', body: 'ikinci' }, { language: 'tr' });
    expect(soon.status).toBe(429);
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
    expect(soon.body.message).toMatch(/^Çok hızlı paylaşım yapıyorsunuz, lütfen \d+ saniye sonra yeniden deneyin$/);
    const newcomer = await fan(0);
    await post(newcomer);
    const again = await call('POST', '/api/community/posts', newcomer, { sport: 'football', body: 'ikinci' });
    expect(again.status).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(15);

    const liker = await fan();
    const target = await post(await fan());
    for (let index = 0; index < 50; index++) expect((await call('PUT', `/api/community/posts/${target.id}/like`, liker)).status).toBe(200);
    const over = await call('PUT', `/api/community/posts/${target.id}/like`, liker);
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/^You are posting too fast, please try again in \d+ seconds$/);

    // a new account replies at most 3 times under one post a day
    const newReplier = await fan(0);
    const thread = await post(await fan());
    await db().execute(sql`delete from rate_limits where key like ${`action:community.comment:account:${newReplier.id}:%`}`);
    for (let index = 0; index < 3; index++) {
      await db().execute(sql`delete from rate_limits where key like ${`action:community.comment:account:${newReplier.id}:%`}`);
      expect((await call('POST', `/api/community/posts/${thread.id}/comments`, newReplier, { body: `yanıt ${index}` })).status).toBe(200);
    }
    await db().execute(sql`delete from rate_limits where key like ${`action:community.comment:account:${newReplier.id}:%`}`);
    expect((await call('POST', `/api/community/posts/${thread.id}/comments`, newReplier, { body: 'dördüncü' })).status).toBe(429);
  });

  it('answers no 5xx to fuzzed input on any route', async () => {
    const author = await fan();
    const created = await post(author);
    const comment = await writeComment(author, created.id, { body: 'x' });
    const bodies: unknown[] = [
      null, [], 'text', 42, {}, { body: null }, { body: 42 }, { body: ['x'] }, { body: { $ne: 1 } }, { sport: 'football', body: 'x', files: 'keys' },
      { sport: 'football', body: 'x', files: [{ keys: [] }] }, { sport: 'football', body: 'x', files: [{ keys: ['../../etc/passwd'] }] },
      { sport: 'football', body: 'x', tag: { type: 'team', id: -1 } }, { sport: 'football', body: 'x', tag: { type: 'team', id: 1e20 } },
      { body: 'x', parent_id: -1 }, { body: 'x', parent_id: 'abc' }, { body: 'x', parent_id: 2 ** 40 }, { body: '\uD800' }, { body: 'x'.repeat(70_000) },
      { sport: 'football', body: '<p>' + '<b>'.repeat(5000) + '</p>' }, { __proto__: { admin: true }, body: 'x' },
    ];
    // and bodies of random shapes, the same every run
    let seed = 25;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const pieces = ['<p>', '</p>', '<a href="', 'javascript:', '">', '&#0;', '\u0000', 'ş', '😀', '<b>', 'x', ' ', '\n', '"', '<svg/onload=1>'];
    const randomValue = (depth: number): unknown => {
      const pick = Math.floor(random() * 7);
      if (pick === 0) return Math.floor(random() * 2 ** 33) - 2 ** 32;
      if (pick === 1) return random() > 0.5;
      if (pick === 2 && depth < 3) return [randomValue(depth + 1), randomValue(depth + 1)];
      if (pick === 3 && depth < 3) return { keys: [randomValue(depth + 1)], type: 'match', id: randomValue(depth + 1) };
      if (pick === 4) return null;
      return Array.from({ length: Math.floor(random() * 12) }, () => pieces[Math.floor(random() * pieces.length)]).join('');
    };
    for (let index = 0; index < 30; index++) {
      bodies.push({ sport: random() > 0.3 ? 'football' : randomValue(0), body: randomValue(0), tag: randomValue(0), files: randomValue(0), parent_id: randomValue(0) });
    }
    const targets: [Method, string][] = [
      ['POST', '/api/community/posts'],
      ['PUT', `/api/community/posts/${created.id}`],
      ['POST', `/api/community/posts/${created.id}/comments`],
      ['GET', '/api/community/posts?size=0&cursor=-1&sport=x'],
      ['GET', `/api/community/posts/${created.id}/comments?cursor=99999999999`],
      ['GET', `/api/community/users/${author.id}/favourites?cursor=1.2.3`],
      ['GET', `/api/community/users/${author.id}/favourites?cursor=999999999999999.9999999999`],
      ['GET', '/api/community/posts?cursor=9999999999'],
      ['GET', `/api/community/posts/${created.id}/comments?cursor=9999999999`],
      ['GET', '/api/community/users/9999999999/favourites'],
      ['GET', '/api/community/posts/abc'],
      ['GET', '/api/community/posts/0'],
      ['GET', '/api/community/posts/99999999999999'],
      ['PUT', '/api/community/posts/1e3/like'],
      ['DELETE', '/api/community/comments/%00/like'],
      ['PUT', `/api/community/comments/${comment.id}/like`],
      ['PUT', '/api/community/posts/-5/favourite'],
      ['DELETE', `/api/community/comments/${comment.id}`],
      ['GET', '/api/staff/community/posts/abc'],
    ];
    for (const [method, url] of targets) {
      for (const body of method === 'GET' || method === 'DELETE' ? [undefined] : bodies) {
        const answer = await call(method, url, author, body);
        expect(answer.status, `${method} ${url} ${JSON.stringify(body)?.slice(0, 60)}`).toBeLessThan(500);
      }
    }
  });
});
