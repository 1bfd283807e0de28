import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../env';
import { notifications } from '../../db/schema/notifications';
import { createManualClock } from '../../jobs/clock';
import { createJobRunner } from '../../jobs/runner';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { createTestUser } from '../../test-support/users';
import { buildTestApp } from '../points/points-test-support';
import type { JobContext } from '../definition';
import { helloModule } from './hello.module';

describe.each(TEST_DATABASE_KINDS)('the hello example on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database.current.db);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('stores a hello through its route, and its event tells the author once in the inbox', async () => {
    const db = database.current.db;
    const fan = await createTestUser(db);
    const said = await app.inject({ method: 'POST', url: '/api/hello', headers: { token: fan.token }, payload: { message: 'Merhaba!' } });
    expect(said.statusCode).toBe(200);
    expect(said.json().data).toMatchObject({ nickname: fan.nickname, message: 'Merhaba!' });
    expect((await app.inject({ method: 'POST', url: '/api/hello', payload: { message: 'x' } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/hello', headers: { token: fan.token }, payload: { message: 'a\u0000b' } })).statusCode).toBe(400);

    const runner = createJobRunner({ db, leadership: { acquired: Promise.resolve(), release: async () => {} }, clock: createManualClock(Date.now()), pollMs: 500 });
    const context = { env: parseEnv({}), db, publisher: undefined, log: app.log } as unknown as JobContext;
    helloModule.jobs!(runner, context);
    try {
      await runner.start();
      await runner.runDue();
      await runner.runDue();
    } finally {
      await runner.stop();
    }
    const inbox = await db.select().from(notifications).where(eq(notifications.userId, fan.id));
    expect(inbox.map((row) => ({ kind: row.kind, data: row.data }))).toEqual([{ kind: 'hello.heard', data: { message: 'Merhaba!' } }]);
    const listed = await app.inject({ method: 'GET', url: '/api/notifications?group=system', headers: { token: fan.token } });
    expect(listed.json().data.list[0]).toMatchObject({ kind: 'hello.heard', data: { message: 'Merhaba!' } });
    const switches = await app.inject({ method: 'GET', url: '/api/notifications/settings', headers: { token: fan.token } });
    expect(switches.json().data['hello.heard']).toBe(true);
  });
});
