import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSuccessSchema } from '../../../core/contracts/api';
import { StaffStatusDataSchema } from '../../../core/contracts/staff';
import { buildApp } from '../../app';
import { useTestDatabase } from '../../test-support/db';
import { createTestUser } from '../../test-support/users';
import { createMatchService } from '../matches/matches.service';

/** GET /api/staff/status: staff see when simulated results are predictable (SIM_SEED set, decision 099). */
describe('staff status', () => {
  const database = useTestDatabase('pglite');
  const apps: Awaited<ReturnType<typeof buildApp>>[] = [];

  async function appWith(predictable: boolean) {
    const db = database.current.db;
    const app = await buildApp({
      db,
      matches: createMatchService({ db }),
      publicConfig: { brokerWsUrl: null, buildId: 'test', appStore: { enabled: false, iosUrl: '', androidUrl: '' } },
      staffStatus: { simulator: { on: true, predictable } },
    });
    apps.push(app);
    return app;
  }

  let staffToken: string;
  let userToken: string;
  beforeAll(async () => {
    staffToken = (await createTestUser(database.current.db, { role: 'staff' })).token;
    userToken = (await createTestUser(database.current.db, {})).token;
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  it('tells staff whether the simulator runs on a public seed, and nobody else', async () => {
    for (const predictable of [true, false]) {
      const app = await appWith(predictable);
      const answer = await app.inject({ method: 'GET', url: '/api/staff/status', headers: { token: staffToken } });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toContain('no-store');
      expect(apiSuccessSchema(StaffStatusDataSchema).parse(answer.json()).data).toEqual({ simulator: { on: true, predictable } });
      expect((await app.inject({ method: 'GET', url: '/api/staff/status', headers: { token: userToken } })).statusCode).toBe(403);
      expect((await app.inject({ method: 'GET', url: '/api/staff/status' })).statusCode).toBe(401);
    }
  });
});
