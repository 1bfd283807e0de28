import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiSuccessSchema } from '../../../core/contracts/api';
import { CheckinDataSchema, PointsRecordsDataSchema } from '../../../core/contracts/points';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { createTestUser } from '../../test-support/users';
import { grantPoints, spendPoints } from './ledger';
import { expectLedgerBalanced, buildTestApp } from './points-test-support';

describe.each(TEST_DATABASE_KINDS)('points API on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp(database.current.db);
  });
  afterAll(async () => {
    await app?.close();
  });
  afterEach(async () => {
    await expectLedgerBalanced(database.current.db);
  });

  async function call(method: 'GET' | 'POST', url: string, token?: string, language = 'en') {
    const response = await app.inject({ method, url, headers: { language, ...(token ? { token } : {}) } });
    return { status: response.statusCode, body: response.json() };
  }

  /** A user with 25 ledger rows, one a minute from 10:00 UTC: +10 each, every fifth a spend of 5. */
  async function userWithHistory() {
    const user = await createTestUser(database.current.db);
    for (let index = 0; index < 25; index += 1) {
      const change = {
        userId: user.id,
        idempotencyKey: `k${index}`,
        now: new Date(Date.UTC(2025, 9, 18, 10, index)),
      };
      if (index % 5 === 4) await spendPoints(database.current.db, { ...change, amount: 5, reason: 'bet' });
      else await grantPoints(database.current.db, { ...change, amount: 10, reason: 'staff_grant' });
    }
    return user;
  }

  describe('GET /api/points/records', () => {
    it("pages the user's own ledger, newest first, with the balance", async () => {
      const user = await userWithHistory();
      const first = await call('GET', '/api/points/records', user.token);
      expect(first.status).toBe(200);
      const data = apiSuccessSchema(PointsRecordsDataSchema).parse(first.body).data;
      expect(first.body).toMatchObject({ code: 0, msg: 'success' });
      expect([data.page, data.size, data.total, data.balance]).toEqual([1, 20, 25, 175]);
      expect(data.list).toHaveLength(20);
      expect(data.list[0]).toMatchObject({
        amount: -5,
        balance_after: 175,
        reason: 'bet',
        reference: null,
        created_at: '2025-10-18T10:24:00.000Z',
      });
      const times = data.list.map((record) => record.created_at);
      expect([...times].sort().reverse()).toEqual(times);

      const second = await call('GET', '/api/points/records?page=2&size=20', user.token);
      // the five oldest rows: +10, +10, +10, +10, then a spend of 5
      expect(second.body.data.list.map((record: { balance_after: number }) => record.balance_after)).toEqual([
        35, 40, 30, 20, 10,
      ]);
      expect(second.body.data.list.at(-1)).toMatchObject({ amount: 10, balance_after: 10, created_at: '2025-10-18T10:00:00.000Z' });
      expect(second.body.data.list).toHaveLength(5);
    });

    it('answers an empty record for a new user', async () => {
      const user = await createTestUser(database.current.db);
      const { body } = await call('GET', '/api/points/records?size=100', user.token);
      expect(body.data).toEqual({ list: [], page: 1, size: 100, total: 0, balance: 0 });
    });

    it.each([
      ['size=101', 'size', 'Must be at most 100'],
      ['size=0', 'size', 'Must be at least 1'],
      ['page=0', 'page', 'Must be at least 1'],
      ['page=abc', 'page', 'Must be a number'],
      ['page=1.5', 'page', 'Must be a whole number'],
    ])('refuses ?%s with a 400 naming the field', async (query, field, message) => {
      const user = await createTestUser(database.current.db);
      const { status, body } = await call('GET', `/api/points/records?${query}`, user.token);
      expect(status).toBe(400);
      expect(body).toEqual({ code: 400, message: 'The request is not valid', data: { error: 'VALIDATION', fields: [{ field, message }] } });
    });

    it('is 401 without a token, in the reader language', async () => {
      const { status, body } = await call('GET', '/api/points/records', undefined, 'tr');
      expect(status).toBe(401);
      expect(body).toMatchObject({ code: 401, message: 'Lütfen önce giriş yapın', data: { error: 'UNAUTHENTICATED' } });
      expect((await call('GET', '/api/points/records', 'not-a-token')).status).toBe(401);
    });
  });

  describe('POST /api/points/checkin', () => {
    it('grants the check-in points once a day and answers 409 ALREADY_CHECKED_IN after', async () => {
      const user = await createTestUser(database.current.db);
      const first = await call('POST', '/api/points/checkin', user.token);
      expect(first.status).toBe(200);
      expect(apiSuccessSchema(CheckinDataSchema).parse(first.body).data).toEqual({ granted: 10, streak: 1, balance: 10 });

      for (const [language, message] of [
        ['en', 'You have already checked in today'],
        ['tr', 'Bugünün ödülünü zaten aldınız'],
        ['zh', '今天已经签到过了'],
      ] as const) {
        const again = await call('POST', '/api/points/checkin', user.token, language);
        expect(again.status).toBe(409);
        expect(again.body).toEqual({ code: 409, message, data: { error: 'ALREADY_CHECKED_IN' } });
      }
      const records = await call('GET', '/api/points/records', user.token);
      expect(records.body.data.list).toEqual([expect.objectContaining({ amount: 10, reason: 'checkin', reference: 'streak:1' })]);
    });

    it('is 401 without a token', async () => {
      expect((await call('POST', '/api/points/checkin')).status).toBe(401);
    });
  });

  it('documents every points, profile, collections and staff path in OpenAPI', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/points/records',
        '/api/points/checkin',
        '/api/user/updateInfo',
        '/api/user/changeEmail',
        '/api/user/changeNickname',
        '/api/user/avatar',
        '/api/user/settings',
        '/api/user/cancel',
        '/api/user/cancel/revoke',
        '/api/football/collectAdd',
        '/api/basketball/collectDel',
        '/api/competition/collectAdd',
        '/api/user/collections',
        '/api/staff/users',
        '/api/staff/users/{id}/ledger',
        '/api/staff/users/{id}/points',
      ]),
    );
  });

  it("never shows or changes another user's points", async () => {
    const a = await userWithHistory();
    const b = await createTestUser(database.current.db);
    const seenByB = await call('GET', '/api/points/records?size=100', b.token);
    expect(seenByB.body.data).toMatchObject({ total: 0, balance: 0, list: [] });
    await call('POST', '/api/points/checkin', b.token);
    const seenByA = await call('GET', '/api/points/records?size=100', a.token);
    expect(seenByA.body.data).toMatchObject({ total: 25, balance: 175 });
    expect(seenByA.body.data.list.some((record: { reason: string }) => record.reason === 'checkin')).toBe(false);
  });
});
