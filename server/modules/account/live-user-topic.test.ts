import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOPICS, userTopic } from '../../../core/live/topics';
import { parseEnv } from '../../env';
import { connectTestClient, type TestClient } from '../../live/live-test-clients';
import { startTribun, type RunningTribun } from '../../start';
import { createAccountClient } from './account-test-client';

const REFUSED = 128;

/**
 * The private live channel as `npm start` wires it: a signed-in browser connects with its
 * session token as the MQTT password and may read `users/<own id>`, nobody else's. The whole
 * server runs (embedded broker, PGlite, no simulator); users register through the real API.
 */
describe('users/<id> on the live channel of the started server', () => {
  let dataDir: string;
  let tribun: RunningTribun;
  const clients: TestClient[] = [];
  let alice: { id: number; token: string };
  let bob: { id: number; token: string };

  async function connect(token?: string): Promise<TestClient> {
    const client = await connectTestClient(tribun.liveUrl, token ? { username: 'web', password: token } : undefined);
    clients.push(client);
    return client;
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'tribun-live-users-'));
    const env = parseEnv({ DATA_DIR: dataDir, HOST: '127.0.0.1', SIM: 'off', LOG_LEVEL: 'silent', NODE_ENV: 'test' });
    tribun = await startTribun({ ...env, PORT: 0 }, { buildDir: path.join(dataDir, 'no-build') });
    const api = createAccountClient(tribun.app);
    const a = await api.register({ email: 'alice@example.test', nickname: 'alice' });
    const b = await api.register({ email: 'bob@example.test', nickname: 'bob' });
    alice = { id: a.user.id, token: a.token };
    bob = { id: b.user.id, token: b.token };
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.end()));
    await tribun?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("grants a signed-in user their own topic and refuses another user's", async () => {
    const client = await connect(alice.token);
    expect(await client.subscribe([userTopic(alice.id)])).toEqual([0]);
    expect(await client.subscribe([userTopic(bob.id)])).toEqual([REFUSED]);

    await tribun.broker.publish(userTopic(bob.id), JSON.stringify({ type: 'notice', for: 'bob' }));
    await tribun.broker.publish(userTopic(alice.id), JSON.stringify({ type: 'notice', for: 'alice' }));
    const mine = await client.waitForMessage((message) => message.topic === userTopic(alice.id));
    expect(JSON.parse(mine.payload)).toEqual({ type: 'notice', for: 'alice' });
    expect(client.messages.filter((message) => message.topic === userTopic(bob.id))).toEqual([]);
  });

  it('refuses user topics to anonymous clients and to a token that was signed out', async () => {
    const anonymous = await connect();
    expect(await anonymous.subscribe([userTopic(alice.id), TOPICS.football])).toEqual([REFUSED, 0]);

    const logout = await tribun.app.inject({ method: 'POST', url: '/api/user/logout', headers: { token: bob.token } });
    expect(logout.statusCode).toBe(200);
    const signedOut = await connect(bob.token);
    expect(await signedOut.subscribe([userTopic(bob.id), TOPICS.basketball])).toEqual([REFUSED, 0]);
  });
});
