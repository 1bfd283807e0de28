import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicConfig } from '../../core/contracts/services';
import { buildApp } from '../app';
import { seedCatalog } from '../catalog/seed-catalog';
import type { Db } from '../db/client';
import { pointDeductions } from '../db/schema/match-centre';
import { matches } from '../db/schema/matches';
import { pointsLedger } from '../db/schema/points';
import { sessions } from '../db/schema/sessions';
import { teams } from '../db/schema/teams';
import { users } from '../db/schema/users';
import { rateLimits } from '../db/schema/verification-codes';
import { createMatchService } from '../modules/matches/matches.service';
import { createMatchWrites } from '../modules/matches/match-writes';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../test-support/db';
import { createTestUser } from '../test-support/users';

/**
 * Issue 11, finding 5: a NUL in a text reached PostgreSQL ("invalid byte sequence") and answered
 * 500. Every text of a request is now refused for control characters by the contracts
 * (core/contracts/text.ts): 400 VALIDATION naming the field, and nothing is written.
 */
const PUBLIC_CONFIG: PublicConfig = { brokerWsUrl: null, buildId: 'test', appStore: { enabled: false, iosUrl: '', androidUrl: '' } };
const CONTROL_MESSAGE = 'Must not contain control characters (such as NUL)';

async function rowCounts(db: Db) {
  const tables = [users, sessions, rateLimits, pointsLedger, pointDeductions, matches, teams] as const;
  return Promise.all(tables.map(async (table) => (await db.select({ n: count() }).from(table))[0]!.n));
}

describe.each(TEST_DATABASE_KINDS)('control characters in request texts on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: FastifyInstance;
  let staff: { id: number; token: string };
  let fan: { id: number; token: string };

  beforeAll(async () => {
    const { db } = database.current;
    await seedCatalog(db);
    app = await buildApp({
      db,
      matches: createMatchService({ db }),
      publicConfig: PUBLIC_CONFIG,
      feedSink: createMatchWrites({ db, publish: async () => undefined }),
    });
    staff = await createTestUser(db, { role: 'staff' });
    fan = await createTestUser(db);
  });
  afterAll(async () => {
    await app?.close();
  });

  async function expectRefused(
    request: { method: 'GET' | 'POST'; url: string; payload?: object; token?: string },
    field: string,
  ): Promise<void> {
    const { db } = database.current;
    const before = await rowCounts(db);
    const response = await app.inject({
      method: request.method,
      url: request.url,
      headers: { language: 'en', ...(request.token ? { token: request.token } : {}) },
      ...(request.payload ? { payload: request.payload } : {}),
    });
    expect(response.statusCode, `${request.method} ${request.url}: ${response.body}`).toBe(400);
    expect(response.json()).toEqual({
      code: 400,
      message: expect.any(String),
      data: { error: 'VALIDATION', fields: [{ field, message: CONTROL_MESSAGE }] },
    });
    expect(await rowCounts(db)).toEqual(before);
  }

  it('refuses a NUL in the login account', async () => {
    await expectRefused({ method: 'POST', url: '/api/user/login', payload: { account: 'fan\u0000@example.test', password: 'whatever-1' } }, 'account');
    await expectRefused({ method: 'POST', url: '/api/user/login', payload: { account: '\u0000', password: 'whatever-1' } }, 'account');
  });

  it('refuses a NUL in the staff user search', async () => {
    await expectRefused({ method: 'GET', url: '/api/staff/users?q=%00', token: staff.token }, 'q');
    await expectRefused({ method: 'GET', url: '/api/staff/users?q=ay%00se', token: staff.token }, 'q');
    // the search itself still works
    const found = await app.inject({ method: 'GET', url: '/api/staff/users?q=fan', headers: { token: staff.token } });
    expect(found.statusCode).toBe(200);
  });

  it("refuses a NUL or another control character in a points adjustment's note", async () => {
    for (const reason of ['Goodwill\u0000', 'Good\u0007will', 'Good\u009bwill', 'two\nlines']) {
      await expectRefused(
        { method: 'POST', url: `/api/staff/users/${fan.id}/points`, token: staff.token, payload: { amount: 5, reason, idempotencyKey: `k-${kind}-${reason.length}` } },
        'reason',
      );
    }
  });

  it("refuses a NUL in a deduction's reason", async () => {
    // a real season with its teams, imported through the staff API, so only the reason is wrong
    const imported = await app.inject({
      method: 'POST',
      url: '/api/staff/imports/openfootball',
      headers: { token: staff.token },
      payload: {
        file_name: '2023-24/en.1.json',
        content: {
          name: 'English Premier League 2023/24',
          matches: [{ round: 'Matchday 1', date: '2023-08-11', time: '20:00', team1: 'Burnley FC', team2: 'Manchester City FC', score: { ft: [0, 3] } }],
        },
      },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const seasonId = (imported.json() as { data: { season_id: number } }).data.season_id;
    const season = await app.inject({ method: 'GET', url: `/api/staff/seasons/${seasonId}/deductions`, headers: { token: staff.token } });
    const teamId = (season.json() as { data: { teams: { team_id: number }[] } }).data.teams[0]!.team_id;
    await expectRefused(
      { method: 'POST', url: `/api/staff/seasons/${seasonId}/deductions`, token: staff.token, payload: { team_id: teamId, points: 3, reason: 'Late\u0000fee' } },
      'reason',
    );
    // the same rule inside an import's deductions, answered as the importer answers every problem
    const before = await rowCounts(database.current.db);
    const importing = await app.inject({
      method: 'POST',
      url: '/api/staff/imports/openfootball',
      headers: { token: staff.token, language: 'en' },
      payload: {
        file_name: '2023-24/en.1.json',
        content: { name: 'English Premier League 2023/24', matches: [{ round: 'Matchday 1', date: '2023-08-11', team1: 'Burnley\u0000', team2: 'Chelsea FC' }] },
        deductions: [{ team: 'Burnley FC', points: 3, reason: 'Late\u0000fee' }],
      },
    });
    expect(importing.statusCode).toBe(400);
    expect(importing.json()).toMatchObject({ data: { error: 'IMPORT_INVALID' } });
    expect((importing.json() as { data: { fields: unknown[] } }).data.fields).toEqual(
      expect.arrayContaining([
        // the match named by its teams, date and round (decision 088), the NUL left out of the name
        { field: 'content.Burnley v Chelsea FC (2023-08-11, Matchday 1), team1', message: CONTROL_MESSAGE },
        { field: 'deductions[0].reason', message: CONTROL_MESSAGE },
      ]),
    );
    expect(await rowCounts(database.current.db)).toEqual(before);
  });

  it('refuses a NUL in a replay team name', async () => {
    await expectRefused(
      { method: 'POST', url: '/api/staff/replays', token: staff.token, payload: { sport: 'football', home_team: 'Arsenal\u0000', away_team: 'Chelsea' } },
      'home_team',
    );
    await expectRefused(
      { method: 'POST', url: '/api/staff/replays', token: staff.token, payload: { sport: 'football', home_team: 'Arsenal', away_team: '\u0000' } },
      'away_team',
    );
  });

  it('refuses a NUL in a registration nickname and in profile fields, and keeps line breaks in an address', async () => {
    await expectRefused(
      {
        method: 'POST',
        url: '/api/user/reg',
        payload: { email: 'new@example.test', code: '123456', password: 'goal2025goal', confirmPassword: 'goal2025goal', nickname: 'New\u0000' },
      },
      'nickname',
    );
    await expectRefused({ method: 'POST', url: '/api/user/updateInfo', token: fan.token, payload: { address: 'Street 1\u0000' } }, 'address');
    const address = await app.inject({
      method: 'POST',
      url: '/api/user/updateInfo',
      headers: { token: fan.token },
      payload: { address: 'Bağdat Caddesi 1\nKadıköy' },
    });
    expect(address.statusCode, address.body).toBe(200);
  });
});
