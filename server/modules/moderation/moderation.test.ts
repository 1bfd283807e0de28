import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/notifications';
import { reviewItems } from '../../db/schema/review';
import { users } from '../../db/schema/users';
import { parseEnv } from '../../env';
import { createManualClock } from '../../jobs/clock';
import { createJobRunner } from '../../jobs/runner';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { createTestUser } from '../../test-support/users';
import { communityModule } from '../community/community.module';
import type { JobContext } from '../definition';
import { buildTestApp } from '../points/points-test-support';
import { moderationModule } from './moderation.module';
import { communityAuditLog, communityReports, communitySanctions } from './schema';

type Fan = { id: number; nickname: string; token: string };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const DAY_MS = 86_400_000;
let addressCounter = 0;
/** A fresh client address per request, so one test's address limits never touch another's. */
const nextAddress = () => `10.43.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

describe.each(TEST_DATABASE_KINDS)('community moderation on %s', (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.current.db;
  let app: FastifyInstance;
  let staff: Fan;
  let admin: Fan;

  beforeAll(async () => {
    app = await buildTestApp(db(), { environment: { COMMUNITY_REVIEW_WORDS: 'bedava bahis' } });
    staff = await createTestUser(db(), { role: 'staff' });
    admin = await createTestUser(db(), { role: 'admin' });
  });
  afterAll(async () => {
    await app?.close();
  });

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

  async function forgetLimits(user: Fan) {
    await db().execute(sql`delete from rate_limits where key like ${`action:%:account:${user.id}:%`}`);
  }

  async function post(author: Fan, text = 'Derbi bugün!') {
    await forgetLimits(author);
    const answer = await call('POST', '/api/community/posts', author, { sport: 'football', body: `<p>${text}</p>` });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as { id: number; status: string };
  }

  async function comment(author: Fan, postId: number, text = 'Katılıyorum') {
    await forgetLimits(author);
    const answer = await call('POST', `/api/community/posts/${postId}/comments`, author, { body: `<p>${text}</p>` });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as { id: number };
  }

  function report(reporter: Fan, target: { target_type: string; target_id: number }, reason = 'spam', note?: string) {
    return call('POST', '/api/community/reports', reporter, { ...target, reason, ...(note === undefined ? {} : { note }) });
  }

  async function reportOk(reporter: Fan, target: { target_type: string; target_id: number }) {
    const answer = await report(reporter, target);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as { counted: boolean };
  }

  async function runJobs() {
    const runner = createJobRunner({ db: db(), leadership: { acquired: Promise.resolve(), release: async () => {} }, clock: createManualClock(Date.now()), pollMs: 500 });
    const context = { env: parseEnv({}), db: db(), publisher: undefined, log: app.log } as unknown as JobContext;
    communityModule.jobs!(runner, context);
    moderationModule.jobs!(runner, context);
    try {
      await runner.start();
      await runner.runDue();
      await runner.runDue();
    } finally {
      await runner.stop();
    }
  }

  async function reportItem(targetType: string, targetId: number) {
    const queue = await call('GET', '/api/staff/reviews?kind=community_report&status=pending&size=50', staff);
    expect(queue.status).toBe(200);
    return queue.body.data.list.filter((entry: { subject_label: string }) => entry.subject_label.startsWith(`${targetType} #${targetId}:`)) as { id: number; subject_label: string }[];
  }

  async function inbox(user: Fan) {
    return db().select().from(notifications).where(eq(notifications.userId, user.id)).orderBy(notifications.id);
  }

  async function auditOf(targetType: string, targetId: number) {
    const answer = await call('GET', `/api/staff/community/audit?target_type=${targetType}&target_id=${targetId}`, staff);
    expect(answer.status).toBe(200);
    return answer.body.data.list as { action: string; reason: string | null; staff: { id: number } }[];
  }

  const postTarget = (id: number) => ({ target_type: 'post', target_id: id });

  it('hides a post when the threshold of distinct reporters is reached, not before, in one queue item', async () => {
    const author = await fan();
    const reader = await fan();
    const target = await post(author, 'Hakem yine rezil');
    const [a, b, c] = [await fan(), await fan(), await fan()];
    expect(await reportOk(a, postTarget(target.id))).toEqual({ target_type: 'post', target_id: target.id, counted: true });
    expect(await reportOk(b, postTarget(target.id))).toMatchObject({ counted: true });
    // two distinct reporters: still everyone's
    expect((await call('GET', `/api/community/posts/${target.id}`, reader)).status).toBe(200);
    expect((await call('GET', '/api/community/posts?size=50', null)).body.data.list.map((p: { id: number }) => p.id)).toContain(target.id);

    expect(await reportOk(c, postTarget(target.id))).toMatchObject({ counted: true });
    const missing = await call('GET', '/api/community/posts/999999999', reader);
    const gone = await call('GET', `/api/community/posts/${target.id}`, reader);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual(missing.body);
    expect((await call('GET', `/api/community/posts/${target.id}`, null)).status).toBe(404);
    expect((await call('GET', '/api/community/posts?size=50', reader)).body.data.list.map((p: { id: number }) => p.id)).not.toContain(target.id);
    // its author sees it waiting for staff
    const own = await call('GET', `/api/community/posts/${target.id}`, author);
    expect(own.body.data).toMatchObject({ status: 'hidden', hidden_reason: 'reported' });
    // one queue item gathers the three reports
    const items = await reportItem('post', target.id);
    expect(items).toHaveLength(1);
    expect(items[0]!.subject_label).toContain('Hakem yine rezil');
    const cases = await call('GET', '/api/staff/community/reports', staff);
    expect(cases.body.data.list.find((row: { target_id: number; target_type: string }) => row.target_type === 'post' && row.target_id === target.id)).toMatchObject({
      label: 'Hakem yine rezil',
      post_id: target.id,
      status: 'hidden',
      target_user: { id: author.id },
      reporters: 3,
      reasons: { spam: 3 },
    });
  });

  it('counts one fan’s repeated reports once, also five at once', async () => {
    const author = await fan();
    const target = await post(author);
    const reporter = await fan();
    expect(await reportOk(reporter, postTarget(target.id))).toMatchObject({ counted: true });
    expect(await reportOk(reporter, postTarget(target.id))).toMatchObject({ counted: false });

    const other = await post(author, 'Bir tane daha');
    const racer = await fan();
    const answers = await Promise.all(Array.from({ length: 5 }, () => report(racer, postTarget(other.id))));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((answer) => answer.body.data.counted)).toHaveLength(1);
    const rows = await db().select().from(communityReports).where(and(eq(communityReports.reporterId, racer.id), eq(communityReports.targetId, other.id)));
    expect(rows).toHaveLength(1);
    // one fan, however often, never reaches the threshold
    expect((await call('GET', `/api/community/posts/${other.id}`, null)).status).toBe(200);
  });

  it('refuses reporting oneself or one’s own content (400) and answers 404 for what the reporter cannot see', async () => {
    const author = await fan();
    const reporter = await fan();
    const mine = await post(reporter);
    const own = await report(reporter, postTarget(mine.id));
    expect(own.status).toBe(400);
    expect(own.body.message).toBe('You cannot report your own post or comment');
    const self = await report(reporter, { target_type: 'user', target_id: reporter.id });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('You cannot report yourself');
    const other = await report(reporter, postTarget(mine.id), 'other');
    expect(other.status).toBe(400);

    const missing = await report(reporter, postTarget(999_999_999));
    expect(missing.status).toBe(404);
    // another's waiting post (a new account's), a deleted one, a blocked fan's: missing
    const newcomer = await fan(0);
    const waiting = await post(newcomer);
    expect(waiting.status).toBe('pending_review');
    const deleted = await post(author, 'Silinecek');
    await forgetLimits(author);
    expect((await call('DELETE', `/api/community/posts/${deleted.id}`, author)).status).toBe(200);
    const blocker = await fan();
    const blockedPost = await post(blocker, 'Engelli');
    expect((await call('PUT', `/api/social/blocks/${reporter.id}`, blocker)).status).toBe(200);
    for (const id of [waiting.id, deleted.id, blockedPost.id]) {
      const answer = await report(reporter, postTarget(id));
      expect(answer.status, `post ${id}`).toBe(404);
      expect(answer.body).toEqual(missing.body);
    }
    const blockedUser = await report(reporter, { target_type: 'user', target_id: blocker.id });
    const missingUser = await report(reporter, { target_type: 'user', target_id: 999_999_999 });
    expect(blockedUser.status).toBe(404);
    expect(blockedUser.body).toEqual(missingUser.body);
    // a post hidden by staff is missing to a reporter too
    const hidden = await post(author, 'Gizlenecek');
    expect((await call('POST', `/api/staff/community/posts/${hidden.id}/moderation`, staff, { action: 'hide', reason: 'abuse' })).status).toBe(200);
    expect((await report(reporter, postTarget(hidden.id))).body).toEqual(missing.body);
    // a comment hidden by staff, or deleted by its author: missing like one that never was
    const thread = await post(author, 'Yorumlu');
    const hiddenComment = await comment(author, thread.id, 'Gizli yorum');
    const deletedComment = await comment(author, thread.id, 'Silinen yorum');
    expect((await call('POST', `/api/staff/community/comments/${hiddenComment.id}/moderation`, staff, { action: 'hide', reason: 'abuse' })).status).toBe(200);
    await forgetLimits(author);
    expect((await call('DELETE', `/api/community/comments/${deletedComment.id}`, author)).status).toBe(200);
    const missingComment = await report(reporter, { target_type: 'comment', target_id: 999_999_999 });
    expect(missingComment.status).toBe(404);
    for (const id of [hiddenComment.id, deletedComment.id]) expect((await report(reporter, { target_type: 'comment', target_id: id })).body).toEqual(missingComment.body);
    expect(await db().select().from(communityReports).where(eq(communityReports.reporterId, reporter.id))).toHaveLength(0);
    // a bad reason or a control character: 400, nothing written
    expect((await call('POST', '/api/community/reports', reporter, { target_type: 'post', target_id: 1, reason: 'boring' })).status).toBe(400);
    expect((await report(reporter, { target_type: 'user', target_id: author.id }, 'other', 'a\u0000b')).status).toBe(400);
    expect((await report(reporter, { target_type: 'user', target_id: author.id }, 'other', 'Sahte hesap')).status).toBe(200);
  });

  it('hides a reported comment as a placeholder for others, shown to its author; staff restore it', async () => {
    const author = await fan();
    const commenter = await fan();
    const target = await post(author);
    const written = await comment(commenter, target.id, 'Kaba bir yorum');
    for (let index = 0; index < 3; index++) await reportOk(await fan(), { target_type: 'comment', target_id: written.id });
    const seen = await call('GET', `/api/community/posts/${target.id}/comments`, author);
    const entry = seen.body.data.list.find((row: { id: number }) => row.id === written.id);
    expect(entry).toMatchObject({ status: 'deleted', author: null, body_html: null });
    expect((await call('GET', `/api/community/posts/${target.id}`, null)).body.data.comment_count).toBe(0);
    const mine = (await call('GET', `/api/community/posts/${target.id}/comments`, commenter)).body.data.list.find((row: { id: number }) => row.id === written.id);
    expect(mine).toMatchObject({ status: 'hidden', hidden_reason: 'reported', body_html: '<p>Kaba bir yorum</p>' });
    // nobody likes or answers a hidden comment
    await forgetLimits(author);
    expect((await call('PUT', `/api/community/comments/${written.id}/like`, author)).status).toBe(404);

    const restored = await call('POST', `/api/staff/community/comments/${written.id}/moderation`, staff, { action: 'restore' });
    expect(restored.status).toBe(200);
    expect(restored.body.data).toMatchObject({ target_type: 'comment', status: 'published' });
    const back = (await call('GET', `/api/community/posts/${target.id}/comments`, author)).body.data.list.find((row: { id: number }) => row.id === written.id);
    expect(back).toMatchObject({ status: 'published', body_html: '<p>Kaba bir yorum</p>' });
    expect((await call('GET', `/api/community/posts/${target.id}`, null)).body.data.comment_count).toBe(1);
    expect((await inbox(commenter)).map((row) => row.kind)).toContain('community.content_restored');
  });

  it('lets staff hide, restore and delete a post with a reason its author is told, each an audit row', async () => {
    const author = await fan();
    const target = await post(author, 'Reklam burada');
    const noReason = await call('POST', `/api/staff/community/posts/${target.id}/moderation`, staff, { action: 'hide' });
    expect(noReason.status).toBe(400);

    const hidden = await call('POST', `/api/staff/community/posts/${target.id}/moderation`, staff, { action: 'hide', reason: 'spam', note: 'link farm' });
    expect(hidden.status).toBe(200);
    expect(hidden.headers['cache-control']).toBe('private, no-store');
    expect((await call('GET', `/api/community/posts/${target.id}`, null)).status).toBe(404);
    expect((await call('GET', `/api/community/posts/${target.id}`, author)).body.data).toMatchObject({ status: 'hidden', hidden_reason: 'spam' });
    expect((await call('POST', `/api/staff/community/posts/${target.id}/moderation`, staff, { action: 'hide', reason: 'spam' })).status).toBe(400);

    expect((await call('POST', `/api/staff/community/posts/${target.id}/moderation`, admin, { action: 'restore' })).status).toBe(200);
    expect((await call('GET', `/api/community/posts/${target.id}`, null)).status).toBe(200);
    expect((await call('GET', '/api/community/posts?size=50', null)).body.data.list.map((p: { id: number }) => p.id)).toContain(target.id);

    const deleted = await call('POST', `/api/staff/community/posts/${target.id}/moderation`, staff, { action: 'delete', reason: 'illegal' });
    expect(deleted.body.data).toMatchObject({ status: 'deleted', reason: 'illegal' });
    expect((await call('GET', `/api/community/posts/${target.id}`, author)).status).toBe(404);
    expect((await call('POST', `/api/staff/community/posts/${target.id}/moderation`, staff, { action: 'restore' })).status).toBe(400);

    const told = await inbox(author);
    expect(told.map((row) => [row.kind, (row.data as { action?: string }).action ?? null, (row.data as { reason?: string }).reason ?? null])).toEqual([
      ['community.content_removed', 'hidden', 'spam'],
      ['community.content_restored', null, null],
      ['community.content_removed', 'deleted', 'illegal'],
    ]);
    const audit = await auditOf('post', target.id);
    expect(audit.map((row) => [row.action, row.reason])).toEqual([
      ['post_deleted', 'illegal'],
      ['post_restored', null],
      ['post_hidden', 'spam'],
    ]);
    expect(audit[1]!.staff.id).toBe(admin.id);
    expect((await call('POST', '/api/staff/community/posts/999999999/moderation', staff, { action: 'hide', reason: 'spam' })).status).toBe(404);
  });

  it('acts on a report decision from the review queue: dismissing restores, upholding deletes', async () => {
    const author = await fan();
    const dismissed = await post(author, 'Tartışmalı ama kurallara uygun');
    const upheld = await post(author, 'Gerçekten spam');
    for (let index = 0; index < 3; index++) {
      const reporter = await fan();
      await reportOk(reporter, postTarget(dismissed.id));
      await reportOk(reporter, postTarget(upheld.id));
    }
    expect((await call('GET', `/api/community/posts/${dismissed.id}`, null)).status).toBe(404);
    const [dismissItem] = await reportItem('post', dismissed.id);
    const [upholdItem] = await reportItem('post', upheld.id);
    expect((await call('POST', `/api/staff/reviews/${dismissItem!.id}/decision`, staff, { decision: 'reject', reason: 'disagreement' })).status).toBe(200);
    expect((await call('POST', `/api/staff/reviews/${upholdItem!.id}/decision`, staff, { decision: 'approve' })).status).toBe(200);
    await runJobs();
    await runJobs(); // a second delivery changes nothing

    expect((await call('GET', `/api/community/posts/${dismissed.id}`, null)).status).toBe(200);
    expect((await call('GET', `/api/community/posts/${upheld.id}`, author)).status).toBe(404);
    const told = (await inbox(author)).map((row) => [row.kind, (row.data as { post_id: number }).post_id, (row.data as { reason?: string }).reason ?? null]);
    expect(told).toEqual([
      ['community.content_restored', dismissed.id, null],
      ['community.content_removed', upheld.id, 'spam'],
    ]);
    const rows = await db().select().from(communityAuditLog).where(eq(communityAuditLog.action, 'report_decided'));
    expect(rows.filter((row) => row.targetLabel.startsWith(`post #${dismissed.id}:`) || row.targetLabel.startsWith(`post #${upheld.id}:`))).toHaveLength(2);
    // a new report after the decision opens a new case
    await reportOk(await fan(), postTarget(dismissed.id));
    expect(await reportItem('post', dismissed.id)).toHaveLength(1);
    const [reviewed] = await db().select().from(reviewItems).where(eq(reviewItems.id, dismissItem!.id));
    expect(reviewed?.status).toBe('rejected');
  });

  it('refuses a suspended fan’s writes with the end date until it ends, keeps reads', async () => {
    const suspended = await fan();
    const other = await fan();
    const theirs = await post(other);
    const mine = await post(suspended);
    const given = await call('POST', `/api/staff/community/users/${suspended.id}/sanctions`, staff, { kind: 'suspension', days: 3, reason: 'abuse', note: 'derbi kavgası' });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    expect(given.body.data.active).toMatchObject({ kind: 'suspension', reason: 'abuse' });
    const until = given.body.data.active.ends_at.slice(0, 16).replace('T', ' ');

    await forgetLimits(suspended);
    const refusals = [
      await call('POST', '/api/community/posts', suspended, { sport: 'football', body: '<p>Yine ben</p>' }),
      await call('POST', `/api/community/posts/${theirs.id}/comments`, suspended, { body: '<p>Yorum</p>' }),
      await call('PUT', `/api/community/posts/${theirs.id}/like`, suspended),
      await call('PUT', `/api/community/posts/${mine.id}`, suspended, { body: '<p>Düzelttim</p>' }),
      await report(suspended, postTarget(theirs.id)),
    ];
    for (const refusal of refusals) {
      expect(refusal.status).toBe(403);
      expect(refusal.body.message).toBe(`Your community account is suspended until ${until} UTC: you can read, but not post, comment, like or report until then`);
    }
    const turkish = await call('PUT', `/api/community/posts/${theirs.id}/like`, suspended, undefined, { language: 'tr' });
    expect(turkish.body.message).toContain(`${until} UTC tarihine kadar askıya alındı`);
    // reads, saving and deleting one's own words stay
    expect((await call('GET', `/api/community/posts/${theirs.id}`, suspended)).status).toBe(200);
    expect((await call('PUT', `/api/community/posts/${theirs.id}/favourite`, suspended)).status).toBe(200);
    expect((await call('DELETE', `/api/community/posts/${mine.id}`, suspended)).status).toBe(200);

    // the clock moves past its end: writes again
    await db().update(communitySanctions).set({ startsAt: new Date(Date.now() - 4 * DAY_MS), endsAt: new Date(Date.now() - DAY_MS) }).where(eq(communitySanctions.userId, suspended.id));
    await forgetLimits(suspended);
    expect((await call('PUT', `/api/community/posts/${theirs.id}/like`, suspended)).status).toBe(200);
    expect((await call('GET', `/api/staff/community/users/${suspended.id}`, staff)).body.data.active).toBeNull();
    expect((await inbox(suspended)).map((row) => row.kind)).toContain('community.restriction');
    expect((await auditOf('user', suspended.id)).map((row) => row.action)).toEqual(['user_suspended']);
  });

  it('refuses a banned fan’s writes until the ban is lifted', async () => {
    const banned = await fan();
    const theirs = await post(await fan());
    expect((await call('POST', `/api/staff/community/users/${banned.id}/sanctions`, staff, { kind: 'ban', reason: 'spam' })).status).toBe(200);
    await forgetLimits(banned);
    const refused = await call('POST', `/api/community/posts/${theirs.id}/comments`, banned, { body: '<p>Merhaba</p>' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Your community account is banned: you can read, but not post, comment, like or report');
    const lifted = await call('POST', `/api/staff/community/users/${banned.id}/sanctions/lift`, staff, { note: 'itiraz kabul' });
    expect(lifted.status).toBe(200);
    expect(lifted.body.data.active).toBeNull();
    expect(lifted.body.data.history[0]).toMatchObject({ kind: 'ban', active: false });
    expect((await call('POST', `/api/community/posts/${theirs.id}/comments`, banned, { body: '<p>Merhaba</p>' })).status).toBe(200);
    expect((await call('POST', `/api/staff/community/users/${banned.id}/sanctions/lift`, staff, {})).status).toBe(400);
    // staff are not suspended, a suspension needs its days
    expect((await call('POST', `/api/staff/community/users/${admin.id}/sanctions`, staff, { kind: 'ban', reason: 'spam' })).status).toBe(400);
    expect((await call('POST', `/api/staff/community/users/${banned.id}/sanctions`, staff, { kind: 'suspension', reason: 'spam' })).status).toBe(400);
    expect((await call('POST', `/api/staff/community/users/999999999/sanctions`, staff, { kind: 'ban', reason: 'spam' })).status).toBe(404);
    expect((await auditOf('user', banned.id)).map((row) => row.action)).toEqual(['sanction_lifted', 'user_banned']);
    expect((await inbox(banned)).map((row) => (row.data as { kind: string }).kind)).toEqual(['ban', 'lifted']);
  });

  it('sends a post holding a review word staff added to review, and not once it is removed', async () => {
    const author = await fan();
    const added = await call('POST', '/api/staff/community/review-words', staff, { word: 'Transfer Dedikodusu' });
    expect(added.status).toBe(200);
    expect(added.body.data.words).toEqual(
      expect.arrayContaining([
        { word: 'bedava bahis', source: 'setting', added_by: null, added_at: null },
        expect.objectContaining({ word: 'transfer dedikodusu', source: 'staff', added_by: { id: staff.id, nickname: staff.nickname } }),
      ]),
    );
    expect((await post(author, 'Son TRANSFER dedikodusu geldi')).status).toBe('pending_review');
    expect((await post(author, 'bedava bahis burada')).status).toBe('pending_review');
    expect((await call('POST', '/api/staff/community/review-words/remove', staff, { word: 'transfer dedikodusu' })).status).toBe(200);
    expect((await post(author, 'Son transfer dedikodusu geldi')).status).toBe('published');
    const fromSettings = await call('POST', '/api/staff/community/review-words/remove', staff, { word: 'bedava bahis' });
    expect(fromSettings.status).toBe(400);
    expect(fromSettings.body.message).toBe('This word comes from the server settings and can only be removed there');
    expect((await call('POST', '/api/staff/community/review-words', staff, { word: 'a,b' })).status).toBe(400);
    const audit = await call('GET', `/api/staff/community/audit?target_type=word&staff_id=${staff.id}`, staff);
    expect(audit.body.data.list.slice(0, 2).map((row: { action: string; target_label: string }) => [row.action, row.target_label])).toEqual([
      ['word_removed', 'transfer dedikodusu'],
      ['word_added', 'transfer dedikodusu'],
    ]);
  });

  it('lists the audit log newest first, by staff member and by target, in pages', async () => {
    const author = await fan();
    const target = await post(author);
    await call('POST', `/api/staff/community/posts/${target.id}/moderation`, staff, { action: 'hide', reason: 'off_topic' });
    await call('POST', `/api/staff/community/posts/${target.id}/moderation`, admin, { action: 'restore' });
    const byAdmin = await call('GET', `/api/staff/community/audit?staff_id=${admin.id}&size=1`, staff);
    expect(byAdmin.body.data.list).toHaveLength(1);
    expect(byAdmin.body.data.list[0]).toMatchObject({ action: 'post_restored', target_type: 'post', target_id: target.id, staff: { id: admin.id } });
    const next = await call('GET', `/api/staff/community/audit?staff_id=${admin.id}&size=1&cursor=${byAdmin.body.data.next_cursor}`, staff);
    expect(next.status).toBe(200);
    for (const row of next.body.data.list) expect(row.staff.id).toBe(admin.id);
    expect((await call('GET', '/api/staff/community/audit?size=1000', staff)).status).toBe(400);
  });

  it('refuses every staff route to fans (403) and to the signed-out (401)', async () => {
    const someone = await fan();
    const target = await post(someone);
    const routes: [Method, string, unknown][] = [
      ['POST', `/api/staff/community/posts/${target.id}/moderation`, { action: 'hide', reason: 'spam' }],
      ['POST', '/api/staff/community/comments/1/moderation', { action: 'hide', reason: 'spam' }],
      ['GET', `/api/staff/community/users/${someone.id}`, undefined],
      ['POST', `/api/staff/community/users/${someone.id}/sanctions`, { kind: 'ban', reason: 'spam' }],
      ['POST', `/api/staff/community/users/${someone.id}/sanctions/lift`, {}],
      ['GET', '/api/staff/community/review-words', undefined],
      ['POST', '/api/staff/community/review-words', { word: 'kelime' }],
      ['POST', '/api/staff/community/review-words/remove', { word: 'kelime' }],
      ['GET', '/api/staff/community/audit', undefined],
      ['GET', '/api/staff/community/reports', undefined],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(method, url, someone, body)).status, `${method} ${url}`).toBe(403);
      expect((await call(method, url, null, body)).status, `${method} ${url}`).toBe(401);
    }
    expect((await call('GET', `/api/community/posts/${target.id}`, null)).status).toBe(200);
    expect(await db().select().from(communitySanctions).where(eq(communitySanctions.userId, someone.id))).toHaveLength(0);
  });

  it('limits reports a day with the translated message (429)', async () => {
    const author = await fan();
    const target = await post(author);
    const reporter = await fan();
    for (let index = 0; index < 20; index++) expect((await report(reporter, postTarget(target.id))).status).toBe(200);
    const limited = await report(reporter, postTarget(target.id));
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^You have sent many reports; please try again in \d+ seconds$/);
    expect(limited.headers['retry-after']).toBeTruthy();
    const newcomer = await fan(0);
    for (let index = 0; index < 5; index++) expect((await report(newcomer, postTarget(target.id))).status).toBe(200);
    expect((await report(newcomer, postTarget(target.id))).status).toBe(429);
    expect((await call('POST', '/api/community/reports', null, { target_type: 'post', target_id: target.id, reason: 'spam' })).status).toBe(401);
  });
  it('answers no 5xx to hostile input on any moderation route, and changes nothing', async () => {
    const someone = await fan();
    const before = await db().select({ n: sql<number>`count(*)::int` }).from(communityAuditLog);
    const junk: unknown[] = [null, 'x', 42, [], {}, { target_type: 'post', target_id: '1' }, { target_type: 'post', target_id: 1.5, reason: 'spam' }, { target_type: 'post', target_id: 2 ** 40, reason: 'spam' },
      { action: 'hide', reason: 'spam', note: 'x'.repeat(501) }, { kind: 'suspension', days: 0, reason: 'spam' }, { kind: 'suspension', days: 366, reason: 'spam' }, { word: 'a' }, { word: '\u0000abc' }, { word: 'x'.repeat(61) }];
    const routes: [Method, string, Fan][] = [
      ['POST', '/api/community/reports', someone],
      ['POST', '/api/staff/community/posts/1/moderation', staff],
      ['POST', '/api/staff/community/posts/abc/moderation', staff],
      ['POST', '/api/staff/community/comments/99999999999/moderation', staff],
      ['POST', `/api/staff/community/users/${someone.id}/sanctions`, staff],
      ['POST', '/api/staff/community/review-words', staff],
      ['POST', '/api/staff/community/review-words/remove', staff],
    ];
    for (const [method, url, user] of routes) {
      for (const body of junk) {
        const answer = await call(method, url, user, body ?? undefined);
        expect(answer.status, `${url} ${JSON.stringify(body)}`).toBeLessThan(500);
        expect(answer.status, `${url} ${JSON.stringify(body)}`).not.toBe(200);
      }
    }
    for (const query of ['size=0', 'size=x', 'staff_id=-1', 'target_type=planet', 'cursor=%00', 'target_id=99999999999']) {
      expect((await call('GET', `/api/staff/community/audit?${query}`, staff)).status, query).toBe(400);
    }
    expect((await call('GET', '/api/staff/community/users/abc', staff)).status).toBe(400);
    const after = await db().select({ n: sql<number>`count(*)::int` }).from(communityAuditLog);
    expect(after[0]!.n).toBe(before[0]!.n);
    expect(await db().select().from(communitySanctions).where(eq(communitySanctions.userId, someone.id))).toHaveLength(0);
  });
});
