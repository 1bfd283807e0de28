import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSuccessSchema } from '../../../core/contracts/api';
import { ReviewItemDataSchema, ReviewKindsDataSchema, ReviewQueueDataSchema } from '../../../core/contracts/review';
import type { Db } from '../../db/client';
import { reviewItems } from '../../db/schema/review';
import { users } from '../../db/schema/users';
import { AppError } from '../../errors';
import { createManualClock } from '../../jobs/clock';
import { listDomainEvents } from '../../jobs/outbox';
import { createJobRunner } from '../../jobs/runner';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { createTestUser } from '../../test-support/users';
import { buildTestApp } from '../points/points-test-support';
import { registerReviewKind } from './review-kinds';
import { appealReview, decideReview, listReviewQueue, submitForReview } from './review.service';

// A kind of this test's own: the site's features register theirs from their module files.
registerReviewKind({
  kind: 'test_evidence',
  subjectType: 'test_subject',
  reasons: [
    { code: 'blurry', label: { tr: 'Fotoğraf bulanık', en: 'The photo is blurry', zh: '照片模糊' } },
    { code: 'off_topic', label: { tr: 'Konu dışı', en: 'Off topic', zh: '与主题无关' } },
  ],
});
registerReviewKind({ kind: 'test_order', subjectType: 'test_order', reasons: [{ code: 'unpaid', label: { tr: 'Ödenmedi', en: 'Not paid', zh: '未付款' } }] });

type TestUser = Awaited<ReturnType<typeof createTestUser>>;
const T0 = new Date('2026-04-01T09:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

/** What a service call answers: the row, or the error code a client would see. */
async function outcome<T>(run: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; code: string }> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, code: error.code };
    throw error;
  }
}

describe.each(TEST_DATABASE_KINDS)('review queue on %s', (kind) => {
  const database = useTestDatabase(kind);
  const db = (): Db => database.current.db;
  let nextSubject = 1;
  let fan: TestUser;
  let other: TestUser;
  let staff: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    fan = await createTestUser(db(), { nickname: 'Submitter' });
    other = await createTestUser(db(), { nickname: 'Bystander' });
    staff = await createTestUser(db(), { role: 'staff', nickname: 'Moderator' });
    admin = await createTestUser(db(), { role: 'admin', nickname: 'Chief' });
  });

  const submit = (options: { kind?: string; subjectId?: number; by?: number; now?: Date; label?: string } = {}) =>
    db().transaction((tx) =>
      submitForReview(tx, {
        kind: options.kind ?? 'test_evidence',
        subjectId: options.subjectId ?? nextSubject++,
        subjectLabel: options.label ?? 'Stadium photo',
        submittedBy: options.by ?? fan.id,
        now: options.now ?? T0,
      }),
    );
  const decide = (id: number, body: { decision: 'approve' | 'reject' | 'request_changes'; reason?: string; note?: string }, now = at(5), staffId = staff.id) =>
    outcome(() => db().transaction((tx) => decideReview(tx, { id, staffId, now, ...body })));
  const appeal = (id: number, userId = fan.id, now = at(10)) => outcome(() => db().transaction((tx) => appealReview(tx, { id, userId, now })));
  const eventsFor = async (id: number) =>
    (await listDomainEvents(db(), { types: ['review.decided'] })).filter((event) => event.payload.reviewId === id);

  describe('services', () => {
    it('puts a subject in the queue once, and decides it with its event', async () => {
      const item = await submit({ label: 'Goal celebration' });
      expect(item).toMatchObject({ kind: 'test_evidence', subjectType: 'test_subject', status: 'pending', submittedBy: fan.id, appealedAt: null });
      // the same subject again is the same waiting item
      const again = await submit({ subjectId: item.subjectId, now: at(1) });
      expect(again.id).toBe(item.id);
      expect(again.queuedAt).toEqual(T0);

      const approved = await decide(item.id, { decision: 'approve', note: 'Fine' });
      expect(approved).toMatchObject({ ok: true, value: { status: 'approved', decidedBy: staff.id, decidedAt: at(5), note: 'Fine', reason: null } });
      const events = await eventsFor(item.id);
      expect(events.map((event) => event.payload)).toEqual([
        { reviewId: item.id, kind: 'test_evidence', subjectType: 'test_subject', subjectId: item.subjectId, submittedBy: fan.id, status: 'approved', reason: null, decidedBy: staff.id },
      ]);
      // a decided subject is not submitted again
      expect(await outcome(() => submit({ subjectId: item.subjectId }))).toEqual({ ok: false, code: 'REVIEW_RESUBMIT_REFUSED' });
    });

    it('rejects only with one of the kind\'s reasons, and refuses a reason for other decisions', async () => {
      const item = await submit();
      expect(await decide(item.id, { decision: 'reject' })).toEqual({ ok: false, code: 'VALIDATION' });
      expect(await decide(item.id, { decision: 'reject', reason: 'unpaid' })).toEqual({ ok: false, code: 'VALIDATION' });
      expect(await decide(item.id, { decision: 'approve', reason: 'blurry' })).toEqual({ ok: false, code: 'VALIDATION' });
      expect((await db().select().from(reviewItems).where(eq(reviewItems.id, item.id)))[0]?.status).toBe('pending');
      expect(await eventsFor(item.id)).toEqual([]);
      expect(await decide(item.id, { decision: 'reject', reason: 'blurry' })).toMatchObject({ ok: true, value: { status: 'rejected', reason: 'blurry' } });
      expect(await eventsFor(item.id)).toHaveLength(1);
    });

    it('lets the submitter appeal a rejection once; a second appeal is refused', async () => {
      const item = await submit();
      expect(await appeal(item.id)).toEqual({ ok: false, code: 'REVIEW_APPEAL_REFUSED' });
      await decide(item.id, { decision: 'reject', reason: 'off_topic' });
      // someone else's item is not theirs to appeal: not found, no hint
      expect(await appeal(item.id, other.id)).toEqual({ ok: false, code: 'NOT_FOUND' });
      expect(await appeal(999_999)).toEqual({ ok: false, code: 'NOT_FOUND' });
      const appealed = await appeal(item.id, fan.id, at(30));
      expect(appealed).toMatchObject({ ok: true, value: { status: 'pending', appealedAt: at(30), queuedAt: at(30) } });
      expect(await decide(item.id, { decision: 'reject', reason: 'blurry' }, at(40))).toMatchObject({ ok: true, value: { status: 'rejected', reason: 'blurry' } });
      expect(await appeal(item.id, fan.id, at(50))).toEqual({ ok: false, code: 'REVIEW_APPEAL_REFUSED' });
      expect((await eventsFor(item.id)).map((event) => event.payload.reason)).toEqual(['off_topic', 'blurry']);
    });

    it('takes a changed version back into the queue after changes were asked', async () => {
      const item = await submit();
      await decide(item.id, { decision: 'request_changes', note: 'Show the ticket' });
      expect(await appeal(item.id)).toEqual({ ok: false, code: 'REVIEW_APPEAL_REFUSED' });
      const again = await submit({ subjectId: item.subjectId, now: at(60), label: 'Stadium photo with ticket' });
      expect(again).toMatchObject({ id: item.id, status: 'pending', queuedAt: at(60), subjectLabel: 'Stadium photo with ticket', note: null, decidedBy: null });
    });

    it('lets exactly one of two staff deciding at once win', async () => {
      for (let round = 0; round < 5; round++) {
        const item = await submit();
        const results = await Promise.all([
          decide(item.id, { decision: 'approve' }, at(5), staff.id),
          decide(item.id, { decision: 'reject', reason: 'blurry' }, at(5), admin.id),
        ]);
        expect(results.filter((result) => result.ok)).toHaveLength(1);
        expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, code: 'REVIEW_ALREADY_DECIDED' }]);
        const [row] = await db().select().from(reviewItems).where(eq(reviewItems.id, item.id));
        const winner = results.find((result) => result.ok);
        expect(winner?.ok && row?.status).toBe(winner?.ok ? winner.value.status : null);
        const events = await eventsFor(item.id);
        expect(events).toHaveLength(1);
        expect(events[0]?.payload.status).toBe(row?.status);
      }
    });

    it('records the event in the decision\'s transaction: a rollback leaves neither', async () => {
      const item = await submit();
      await expect(
        db().transaction(async (tx) => {
          await decideReview(tx, { id: item.id, staffId: staff.id, now: at(5), decision: 'approve' });
          throw new Error('the feature\'s own write failed');
        }),
      ).rejects.toThrow('the feature\'s own write failed');
      expect((await db().select().from(reviewItems).where(eq(reviewItems.id, item.id)))[0]?.status).toBe('pending');
      expect(await eventsFor(item.id)).toEqual([]);
      // a feature's submission rolls back with the feature's write too
      const subjectId = nextSubject++;
      await expect(
        db().transaction(async (tx) => {
          await submitForReview(tx, { kind: 'test_evidence', subjectId, subjectLabel: 'x', submittedBy: fan.id, now: T0 });
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await db().select().from(reviewItems).where(eq(reviewItems.subjectId, subjectId))).toEqual([]);
    });

    it('delivers review.decided to a subscriber at least once, and once per subscriber', async () => {
      const item = await submit();
      await decide(item.id, { decision: 'approve' });
      const clock = createManualClock(at(6).getTime());
      const runner = createJobRunner({ db: db(), leadership: { acquired: Promise.resolve(), release: async () => {} }, clock, pollMs: 500 });
      const seen: { reviewId: number; status: string; key: string }[] = [];
      runner.subscribe('test-review-feature', ['review.decided'], async (event, context) => {
        seen.push({ reviewId: event.payload.reviewId, status: event.payload.status, key: context.idempotencyKey });
      });
      try {
        await runner.start();
        await runner.runDue();
        // a later pass finds it delivered: the subscriber is not called again
        clock.advance(1000);
        await runner.runDue();
      } finally {
        await runner.stop();
      }
      const mine = seen.filter((entry) => entry.reviewId === item.id);
      expect(mine).toHaveLength(1);
      expect(mine[0]?.status).toBe('approved');
      expect(mine[0]?.key).toMatch(/^test-review-feature:\d+$/);
    });

    it('pages the queue oldest first by cursor, per kind and status', async () => {
      const base = new Date('2026-05-01T00:00:00.000Z');
      const minute = (n: number) => new Date(base.getTime() + n * 60_000);
      const ids: number[] = [];
      // the order of entering the queue, not of ids: the third is submitted first
      for (const m of [3, 1, 0, 2, 2]) ids.push((await submit({ kind: 'test_order', now: minute(m) })).id);
      const expected = [ids[2], ids[1], ids[3], ids[4], ids[0]];
      const seen: number[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await listReviewQueue(db(), { kind: 'test_order', status: 'pending', size: 2, cursor, locale: 'en' });
        seen.push(...page.list.map((item) => item.id));
        cursor = page.next_cursor ?? undefined;
        pages++;
        // an item decided between pages neither repeats nor hides another
        if (pages === 1) await decide(ids[2] as number, { decision: 'approve' });
      } while (cursor);
      expect(seen).toEqual(expected);
      expect(pages).toBe(3);
      const approved = await listReviewQueue(db(), { kind: 'test_order', status: 'approved', size: 20, locale: 'tr' });
      expect(approved.list.map((item) => item.id)).toEqual([ids[2]]);
      expect(approved.list[0]).toMatchObject({ submitted_by: { id: fan.id, nickname: 'Submitter' }, decided_by: { id: staff.id, nickname: 'Moderator' } });
      expect(approved.next_cursor).toBeNull();
    });
  });

  describe('staff API', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await buildTestApp(db());
    });
    afterAll(async () => {
      await app?.close();
    });

    async function call(method: 'GET' | 'POST', url: string, user: TestUser | null, body?: unknown, language = 'en') {
      const response = await app.inject({
        method,
        url,
        headers: { language, ...(user ? { token: user.token } : {}) },
        ...(body === undefined ? {} : { payload: body as object }),
      });
      return { status: response.statusCode, body: response.json(), headers: response.headers };
    }

    it('answers only staff and admins: signed out 401, a fan 403, and changes nothing', async () => {
      const item = await submit();
      for (const [method, url, body] of [
        ['GET', '/api/staff/reviews', undefined],
        ['GET', '/api/staff/reviews/kinds', undefined],
        ['POST', `/api/staff/reviews/${item.id}/decision`, { decision: 'approve' }],
      ] as const) {
        expect((await call(method, url, null, body)).status).toBe(401);
        const asFan = await call(method, url, fan, body);
        expect(asFan.status).toBe(403);
        expect(asFan.body.data.error).toBe('FORBIDDEN');
      }
      expect((await db().select().from(reviewItems).where(eq(reviewItems.id, item.id)))[0]?.status).toBe('pending');
      expect((await call('GET', '/api/staff/reviews', admin)).status).toBe(200);
    });

    it('lists the registered kinds with their reasons in the reader\'s language, and the kinds to come', async () => {
      const answer = await call('GET', '/api/staff/reviews/kinds', staff, undefined, 'tr');
      expect(answer.status).toBe(200);
      const data = apiSuccessSchema(ReviewKindsDataSchema).parse(answer.body).data;
      expect(data.kinds).toContainEqual({ kind: 'test_evidence', reasons: [{ code: 'blurry', label: 'Fotoğraf bulanık' }, { code: 'off_topic', label: 'Konu dışı' }] });
      // the community registers community_post when its module is loaded; the rest are still to come
      expect(data.planned).toEqual(expect.arrayContaining(['report', 'evidence', 'order']));
      expect(data.planned).not.toContain('test_evidence');
    });

    it('decides through the API, with translated errors for bad input and a second decision', async () => {
      const item = await submit({ label: 'Tribune banner' });
      const queue = apiSuccessSchema(ReviewQueueDataSchema).parse((await call('GET', '/api/staff/reviews?kind=test_evidence&size=50', staff)).body).data;
      expect(queue.list.find((entry) => entry.id === item.id)).toMatchObject({ subject_label: 'Tribune banner', status: 'pending', submitted_by: { nickname: 'Submitter' } });

      const noReason = await call('POST', `/api/staff/reviews/${item.id}/decision`, staff, { decision: 'reject' }, 'tr');
      expect(noReason.status).toBe(400);
      expect(noReason.body.data.fields).toEqual([{ field: 'reason', message: 'Lütfen listeden bir gerekçe seçin' }]);
      const control = await call('POST', `/api/staff/reviews/${item.id}/decision`, staff, { decision: 'approve', note: 'ok\u0000' });
      expect(control.status).toBe(400);
      expect((await call('POST', `/api/staff/reviews/${item.id}/decision`, staff, { decision: 'maybe' })).status).toBe(400);
      expect((await call('POST', '/api/staff/reviews/999999/decision', staff, { decision: 'approve' })).status).toBe(404);
      expect((await call('POST', '/api/staff/reviews/abc/decision', staff, { decision: 'approve' })).status).toBe(400);
      expect((await call('GET', '/api/staff/reviews?cursor=nonsense', staff)).status).toBe(400);
      expect((await call('GET', '/api/staff/reviews?status=deleted', staff)).status).toBe(400);

      const rejected = await call('POST', `/api/staff/reviews/${item.id}/decision`, staff, { decision: 'reject', reason: 'blurry', note: 'Too dark\nto read' }, 'zh');
      expect(rejected.status).toBe(200);
      expect(apiSuccessSchema(ReviewItemDataSchema).parse(rejected.body).data.item).toMatchObject({
        status: 'rejected',
        reason: 'blurry',
        reason_label: '照片模糊',
        note: 'Too dark\nto read',
        decided_by: { id: staff.id, nickname: 'Moderator' },
      });
      const second = await call('POST', `/api/staff/reviews/${item.id}/decision`, admin, { decision: 'approve' }, 'en');
      expect(second.status).toBe(409);
      expect(second.body).toMatchObject({ message: 'This item has already been decided', data: { error: 'REVIEW_ALREADY_DECIDED' } });
    });

    it('takes the submitter\'s one appeal, 404 for anyone else, and limits a new account\'s appeals per day', async () => {
      const newcomer = await createTestUser(db(), { nickname: 'Newcomer' });
      const items = [];
      for (let i = 0; i < 4; i++) {
        const item = await submit({ by: newcomer.id });
        await decide(item.id, { decision: 'reject', reason: 'off_topic' });
        items.push(item);
      }
      const [first, second, third, fourth] = items as [typeof items[number], typeof items[number], typeof items[number], typeof items[number]];
      expect((await call('POST', `/api/reviews/${first.id}/appeal`, null)).status).toBe(401);
      expect((await call('POST', `/api/reviews/${first.id}/appeal`, other)).status).toBe(404);
      const appealed = await call('POST', `/api/reviews/${first.id}/appeal`, newcomer);
      expect(appealed.status).toBe(200);
      expect(appealed.body.data.item).toMatchObject({ status: 'pending', appealed_at: expect.any(String) });
      const again = await call('POST', `/api/reviews/${first.id}/appeal`, newcomer, undefined, 'tr');
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('Yalnızca reddedilen bir kayda ve yalnızca bir kez itiraz edebilirsiniz');
      // an account younger than NEW_ACCOUNT_DAYS: 3 appeals a UTC day (the refused one counted)
      expect((await call('POST', `/api/reviews/${second.id}/appeal`, newcomer)).status).toBe(200);
      const limited = await call('POST', `/api/reviews/${third.id}/appeal`, newcomer);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await db().select().from(reviewItems).where(eq(reviewItems.id, third.id)))[0]?.status).toBe('rejected');
      // an older account gets the standard 10
      await db().update(users).set({ createdAt: new Date(Date.now() - 4 * 86_400_000) }).where(eq(users.id, newcomer.id));
      expect((await call('POST', `/api/reviews/${fourth.id}/appeal`, newcomer)).status).toBe(200);
    });
  });
});
