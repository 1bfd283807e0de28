import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiSuccessSchema } from '../../../core/contracts/api';
import { StaffLedgerDataSchema, StaffPointsDataSchema, StaffUsersDataSchema } from '../../../core/contracts/staff';
import { users } from '../../db/schema/users';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { createTestUser } from '../../test-support/users';
import { grantPoints } from '../points/ledger';
import { balanceOf, buildTestApp, expectLedgerBalanced, ledgerOf } from '../points/points-test-support';

type TestUser = Awaited<ReturnType<typeof createTestUser>>;

describe.each(TEST_DATABASE_KINDS)('staff API on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: FastifyInstance;
  let staff: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    app = await buildTestApp(database.current.db);
    staff = await createTestUser(database.current.db, { role: 'staff', nickname: 'Moderator' });
    admin = await createTestUser(database.current.db, { role: 'admin' });
  });
  afterAll(async () => {
    await app?.close();
  });
  afterEach(async () => {
    await expectLedgerBalanced(database.current.db);
  });

  async function call(method: 'GET' | 'POST', url: string, user: TestUser | null, body?: unknown, language = 'en') {
    const response = await app.inject({
      method,
      url,
      headers: { language, ...(user ? { token: user.token } : {}) },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: response.statusCode, body: response.json() };
  }

  const adjust = (user: TestUser, targetId: number, body: unknown) => call('POST', `/api/staff/users/${targetId}/points`, user, body);

  describe('GET /api/staff/users', () => {
    it('finds users by part of the nickname or email in any case, or by id, newest first', async () => {
      const first = await createTestUser(database.current.db, { nickname: 'Aslan_100%', email: 'lion@example.test' });
      const second = await createTestUser(database.current.db, { nickname: 'aslanlar' });
      const found = await call('GET', '/api/staff/users?q=ASLAN', staff);
      expect(found.status).toBe(200);
      const data = apiSuccessSchema(StaffUsersDataSchema).parse(found.body).data;
      expect(data.list.map((user) => user.id)).toEqual([second.id, first.id]);
      expect(data.list[1]).toMatchObject({ nickname: 'Aslan_100%', email: 'lion@example.test', role: 'user', status: 'active', points: 0 });
      expect(data.total).toBe(2);
      // LIKE wildcards are searched for as themselves
      expect((await call('GET', `/api/staff/users?q=${encodeURIComponent('100%')}`, staff)).body.data.list.map((u: { id: number }) => u.id)).toEqual([first.id]);
      expect((await call('GET', '/api/staff/users?q=%25', staff)).body.data.list.map((u: { id: number }) => u.id)).toEqual([first.id]);
      // unescaped, '_' would match the 'l' of aslanlar
      expect((await call('GET', '/api/staff/users?q=aslan_', staff)).body.data.list.map((u: { id: number }) => u.id)).toEqual([first.id]);
      expect((await call('GET', '/api/staff/users?q=LION@', admin)).body.data.list.map((u: { id: number }) => u.id)).toEqual([first.id]);
      expect((await call('GET', `/api/staff/users?q=%23${second.id}`, staff)).body.data.list.map((u: { id: number }) => u.id)).toContain(second.id);
    });

    it('pages through everyone when q is empty', async () => {
      const page = await call('GET', '/api/staff/users?page=1&size=2', staff);
      expect(page.body.data.list).toHaveLength(2);
      expect(page.body.data.total).toBeGreaterThanOrEqual(4);
      const sizeTooBig = await call('GET', '/api/staff/users?size=101', staff);
      expect([sizeTooBig.status, sizeTooBig.body.data.fields]).toEqual([400, [{ field: 'size', message: 'Must be at most 100' }]]);
    });
  });

  describe('POST /api/staff/users/:id/points and GET /api/staff/users/:id/ledger', () => {
    it('grants and deducts through the ledger, naming the staff member, and shows the ledger', async () => {
      const user = await createTestUser(database.current.db);
      const granted = await adjust(staff, user.id, { amount: 50, reason: 'Compensation for the outage', idempotencyKey: 'ticket-1' });
      expect(granted.status).toBe(200);
      const grantedData = apiSuccessSchema(StaffPointsDataSchema).parse(granted.body).data;
      expect(grantedData).toMatchObject({
        balance: 50,
        entry: {
          amount: 50,
          balance_after: 50,
          reason: 'staff_grant',
          reference: `staff #${staff.id} (Moderator): Compensation for the outage`,
          idempotency_key: `staff:${staff.id}:ticket-1`,
        },
      });
      const deducted = await adjust(admin, user.id, { amount: -20, reason: '  Abuse of the check-in  ', idempotencyKey: 'ticket-2' });
      expect(deducted.body.data).toMatchObject({ balance: 30, entry: { amount: -20, reason: 'staff_deduct', reference: `staff #${admin.id} (${admin.nickname}): Abuse of the check-in` } });

      const ledger = await call('GET', `/api/staff/users/${user.id}/ledger`, staff);
      const data = apiSuccessSchema(StaffLedgerDataSchema).parse(ledger.body).data;
      expect(data.user).toMatchObject({ id: user.id, points: 30 });
      expect(data.list.map((entry) => [entry.amount, entry.reason])).toEqual([
        [-20, 'staff_deduct'],
        [50, 'staff_grant'],
      ]);
      expect([data.page, data.size, data.total]).toEqual([1, 50, 2]);
      // the user sees the change in their own points record
      const own = await call('GET', '/api/points/records', user);
      expect(own.body.data.list[0]).toMatchObject({ amount: -20, reason: 'staff_deduct' });
    });

    it('refuses a deduction below zero with 409 POINTS_INSUFFICIENT', async () => {
      const user = await createTestUser(database.current.db);
      await adjust(staff, user.id, { amount: 5, reason: 'gift', idempotencyKey: 'g' });
      const refused = await adjust(staff, user.id, { amount: -6, reason: 'too much', idempotencyKey: 'd' });
      expect([refused.status, refused.body]).toEqual([409, { code: 409, message: 'Insufficient points', data: { error: 'POINTS_INSUFFICIENT' } }]);
      expect(await balanceOf(database.current.db, user.id)).toBe(5);
    });

    it('counts a retried request once, and refuses the key with another amount (409 IDEMPOTENCY_MISMATCH)', async () => {
      const user = await createTestUser(database.current.db);
      const body = { amount: 40, reason: 'Tournament prize', idempotencyKey: 'prize-7' };
      const first = await adjust(staff, user.id, body);
      const retry = await adjust(staff, user.id, body);
      expect(retry.body.data.entry).toEqual(first.body.data.entry);
      const other = await adjust(staff, user.id, { ...body, amount: 45 });
      expect([other.status, other.body.data.error, other.body.message]).toEqual([
        409,
        'IDEMPOTENCY_MISMATCH',
        'This request was already made with other values',
      ]);
      // the key is the staff member's own: another one may use the same words
      expect((await adjust(admin, user.id, body)).body.data.balance).toBe(80);
      expect(await ledgerOf(database.current.db, user.id)).toHaveLength(2);
    });

    it('takes exactly the balance when 60 deductions of 1 race over HTTP against 10 points', async () => {
      const user = await createTestUser(database.current.db);
      await grantPoints(database.current.db, { userId: user.id, amount: 10, reason: 'welcome', idempotencyKey: 'welcome' });
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, index) => adjust(staff, user.id, { amount: -1, reason: 'load test', idempotencyKey: `d-${index}` })),
      );
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(10);
      expect(new Set(answers.filter((answer) => answer.status !== 200).map((answer) => `${answer.status} ${answer.body.data.error}`))).toEqual(
        new Set(['409 POINTS_INSUFFICIENT']),
      );
      expect(await balanceOf(database.current.db, user.id)).toBe(0);
      // and 20 retries of one request at once count once
      const retries = await Promise.all(
        Array.from({ length: 20 }, () => adjust(staff, user.id, { amount: 7, reason: 'refund', idempotencyKey: 'refund-1' })),
      );
      expect(new Set(retries.map((answer) => answer.body.data.entry.id)).size).toBe(1);
      expect(await balanceOf(database.current.db, user.id)).toBe(7);
    });

    it('answers 404 for an unknown user and 409 for a closed one', async () => {
      const missing = await adjust(staff, 999_999, { amount: 1, reason: 'gift', idempotencyKey: 'x' });
      expect([missing.status, missing.body.data.error, missing.body.message]).toEqual([404, 'NOT_FOUND', 'User not found']);
      expect((await call('GET', '/api/staff/users/999999/ledger', staff)).status).toBe(404);
      const closed = await createTestUser(database.current.db);
      await database.current.db.update(users).set({ status: 'closed' }).where(eq(users.id, closed.id));
      const refused = await adjust(staff, closed.id, { amount: 1, reason: 'gift', idempotencyKey: 'x' });
      expect([refused.status, refused.body.data.error, refused.body.message]).toEqual([409, 'ACCOUNT_CLOSED', 'This account is closed']);
    });

    it('does not let anyone adjust their own points (403)', async () => {
      const self = await adjust(staff, staff.id, { amount: 1000, reason: 'bonus', idempotencyKey: 'me' });
      expect([self.status, self.body]).toEqual([403, { code: 403, message: 'You cannot change your own points', data: { error: 'FORBIDDEN' } }]);
      expect(await balanceOf(database.current.db, staff.id)).toBe(0);
    });

    it.each([
      [{ reason: 'gift', idempotencyKey: 'k' }, 'amount', 'Please enter the points'],
      [{ amount: 0, reason: 'gift', idempotencyKey: 'k' }, 'amount', 'The points must be a whole number other than 0'],
      [{ amount: 1.5, reason: 'gift', idempotencyKey: 'k' }, 'amount', 'The points must be a whole number other than 0'],
      [{ amount: '10', reason: 'gift', idempotencyKey: 'k' }, 'amount', 'Please enter the points'],
      [{ amount: 2 ** 53, reason: 'gift', idempotencyKey: 'k' }, 'amount', 'The points must be a whole number other than 0'],
      [{ amount: 1, idempotencyKey: 'k' }, 'reason', 'Please enter a reason'],
      [{ amount: 1, reason: '   ', idempotencyKey: 'k' }, 'reason', 'Please enter a reason'],
      [{ amount: 1, reason: 'ok', idempotencyKey: 'k' }, 'reason', 'The reason must be 3–200 characters long'],
      [{ amount: 1, reason: 'x'.repeat(201), idempotencyKey: 'k' }, 'reason', 'The reason must be 3–200 characters long'],
      [{ amount: 1, reason: 'gift' }, 'idempotencyKey', 'The request key must be 1–100 visible characters'],
      [{ amount: 1, reason: 'gift', idempotencyKey: '' }, 'idempotencyKey', 'The request key must be 1–100 visible characters'],
      [{ amount: 1, reason: 'gift', idempotencyKey: 'has space' }, 'idempotencyKey', 'The request key must be 1–100 visible characters'],
      [{ amount: 1, reason: 'gift', idempotencyKey: 'k'.repeat(101) }, 'idempotencyKey', 'The request key must be 1–100 visible characters'],
    ])('refuses %j with a 400 on the field', async (body, field, message) => {
      const user = await createTestUser(database.current.db);
      const answer = await adjust(staff, user.id, body);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ code: 400, message: 'The request is not valid', data: { error: 'VALIDATION', fields: [{ field, message }] } });
      expect(await ledgerOf(database.current.db, user.id)).toHaveLength(0);
    });

    it('answers malformed and oversized bodies with 400 and 413', async () => {
      const user = await createTestUser(database.current.db);
      const send = (payload: string) =>
        app.inject({
          method: 'POST',
          url: `/api/staff/users/${user.id}/points`,
          payload,
          headers: { token: staff.token, 'content-type': 'application/json' },
        });
      expect((await send('{"amount":')).statusCode).toBe(400);
      expect((await send(JSON.stringify({ amount: 1, reason: 'x'.repeat(70_000), idempotencyKey: 'k' }))).statusCode).toBe(413);
      expect((await call('GET', '/api/staff/users/abc/ledger', staff)).status).toBe(400);
    });
  });

  describe('access', () => {
    it('is 403 for a plain user and 401 signed out, on every staff endpoint, whatever the body', async () => {
      const plain = await createTestUser(database.current.db);
      const victim = await createTestUser(database.current.db);
      await grantPoints(database.current.db, { userId: victim.id, amount: 10, reason: 'welcome', idempotencyKey: 'welcome' });
      const requests: [string, string, unknown][] = [
        ['GET', '/api/staff/users?q=a', undefined],
        ['GET', `/api/staff/users/${victim.id}/ledger`, undefined],
        ['POST', `/api/staff/users/${victim.id}/points`, { amount: -10, reason: 'steal', idempotencyKey: 'k' }],
        ['POST', `/api/staff/users/${plain.id}/points`, { amount: 1000, reason: 'self', idempotencyKey: 'k' }],
        ['POST', `/api/staff/users/${victim.id}/points`, { nonsense: true }],
      ];
      for (const [method, url, body] of requests) {
        const forbidden = await call(method as 'GET' | 'POST', url, plain, body);
        expect([url, forbidden.status, forbidden.body]).toEqual([
          url,
          403,
          { code: 403, message: 'You are not allowed to do this', data: { error: 'FORBIDDEN' } },
        ]);
        expect((await call(method as 'GET' | 'POST', url, null, body)).status).toBe(401);
      }
      expect(await balanceOf(database.current.db, victim.id)).toBe(10);
      expect(await balanceOf(database.current.db, plain.id)).toBe(0);
    });
  });
});
