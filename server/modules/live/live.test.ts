import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LiveTokenSchema, type LiveToken, type UserMessageInput } from '../../../core/contracts/live';
import { TOPICS, userTopic } from '../../../core/live/topics';
import { parseEnv } from '../../env';
import { connectTestClient, type TestClient } from '../../live/live-test-clients';
import { startMosquitto, type StartedMosquitto } from '../../live/mosquitto';
import { startTribun, type RunningTribun } from '../../start';
import { createAccountClient } from '../account/account-test-client';

const REFUSED = 128;
const WILDCARDS = ['users/#', '#', 'users/+', '+/+', '+'];

type Kind = 'embedded' | 'external';

/**
 * On the scale-out run (scripts/ci-scaleout.ts) the database is its PostgreSQL and the external
 * broker its Mosquitto; otherwise PGlite and a Mosquitto this file starts.
 */
const fromCi = {
  DATABASE_URL: process.env.DATABASE_URL,
  BROKER_URL: process.env.BROKER_URL,
  BROKER_WS_URL: process.env.BROKER_WS_URL,
  BROKER_USERNAME: process.env.BROKER_USERNAME,
  BROKER_PASSWORD: process.env.BROKER_PASSWORD,
};

/**
 * The private live channel end to end, as `npm start` wires it, on both brokers: the embedded
 * aedes and an external Mosquitto with its dynamic-security plugin (decision 063). Users
 * register through the real API, get live credentials from POST /api/live/token and connect
 * with real mqtt.js clients over WebSocket; the server publishes with publishToUser.
 */
describe.each<Kind>(['embedded', 'external'])('users/<id> on the %s broker', (kind) => {
  let dataDir: string;
  let mosquitto: StartedMosquitto | undefined;
  let tribun: RunningTribun;
  let api: ReturnType<typeof createAccountClient>;
  const clients: TestClient[] = [];
  let sequence = 0;
  // a shared PostgreSQL (scale-out run) keeps accounts between runs
  const runId = Date.now().toString(36).slice(-5);

  async function signUp(nickname: string) {
    const email = `${nickname}-${kind}-${runId}@example.test`;
    const account = await api.register({ email, nickname: `${nickname}${kind.slice(0, 3)}${runId}` });
    return { id: account.user.id, token: account.token, password: account.password, email };
  }

  async function liveToken(sessionToken: string): Promise<LiveToken> {
    const answer = await api.post('/api/live/token', undefined, { token: sessionToken });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.response.headers['cache-control']).toBe('private, no-store');
    return LiveTokenSchema.parse(answer.body.data);
  }

  async function connect(credentials?: { username: string; password: string }): Promise<TestClient> {
    const client = await connectTestClient(tribun.liveUrl, credentials);
    clients.push(client);
    return client;
  }

  /** A signed-in browser: token, connect, subscribe to the public topics and its own topic. */
  async function connectUser(user: { id: number; token: string }): Promise<TestClient> {
    const token = await liveToken(user.token);
    expect(token.userId).toBe(user.id);
    const client = await connect(token);
    expect(await client.subscribe([TOPICS.football, userTopic(user.id)])).toEqual([0, 0]);
    return client;
  }

  function preResult(label: string): UserMessageInput {
    return { type: 'pre_result', data: { home: label, away: 'Fenerbahçe', home_score: 2, away_score: 1, outcome: 'won', points: 120 } };
  }

  /** A marker on football that every open client gets: what was published before it has arrived. */
  async function flush(...targets: TestClient[]): Promise<void> {
    sequence += 1;
    const marker = { type: 'others' as const, data: { match_id: 0, status: 0, a0: sequence, b0: 0 }, publish_time: sequence };
    await tribun.publisher.publishMatch('football', marker);
    await Promise.all(targets.map((target) => target.waitForMessage((m) => m.topic === 'football' && JSON.parse(m.payload).data.a0 === sequence)));
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), `tribun-live-${kind}-`));
    const brokerEnv: Record<string, string | undefined> = {};
    if (kind === 'external' && fromCi.BROKER_URL) {
      const { DATABASE_URL: _database, ...ciBroker } = fromCi;
      Object.assign(brokerEnv, ciBroker);
    } else if (kind === 'external') {
      mosquitto = await startMosquitto({ dir: path.join(dataDir, 'mosquitto') });
      Object.assign(brokerEnv, {
        BROKER_URL: mosquitto.tcpUrl,
        BROKER_WS_URL: mosquitto.wsUrl,
        BROKER_USERNAME: mosquitto.serverUser,
        BROKER_PASSWORD: mosquitto.serverPassword,
      });
    }
    const env = parseEnv({
      DATA_DIR: dataDir,
      DATABASE_URL: fromCi.DATABASE_URL,
      HOST: '127.0.0.1',
      SIM: 'off',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      ...brokerEnv,
    });
    tribun = await startTribun({ ...env, PORT: 0 }, { buildDir: path.join(dataDir, 'no-build') });
    expect(tribun.broker.kind).toBe(kind);
    api = createAccountClient(tribun.app, { db: tribun.db });
  }, 60_000);

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.end()));
  });

  afterAll(async () => {
    await tribun?.stop();
    await mosquitto?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('gives live credentials to signed-in sessions only', async () => {
    const anonymous = await api.post('/api/live/token');
    expect(anonymous.status).toBe(401);
    const forged = await api.post('/api/live/token', undefined, { token: 'x'.repeat(43) });
    expect(forged.status).toBe(401);

    const ada = await signUp('ada');
    const first = await liveToken(ada.token);
    expect(first.userId).toBe(ada.id);
    expect(new Date(first.expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    // the same session gets the same pair, so every tab of a browser connects alike
    expect(await liveToken(ada.token)).toEqual(first);
  });

  it("delivers a user's message to her alone; others and anonymous clients get nothing, wildcards included", async () => {
    const alice = await signUp('alice');
    const bob = await signUp('bob');
    const aliceClient = await connectUser(alice);
    const bobClient = await connectUser(bob);

    // Bob may not follow Alice's topic, nor any wildcard; neither may an anonymous client.
    expect(await bobClient.subscribe([userTopic(alice.id), ...WILDCARDS])).toEqual([REFUSED, ...WILDCARDS.map(() => REFUSED)]);
    const anonymous = await connect();
    expect(await anonymous.subscribe([userTopic(alice.id), ...WILDCARDS, TOPICS.football])).toEqual([
      REFUSED,
      ...WILDCARDS.map(() => REFUSED),
      0,
    ]);

    const sent = await tribun.publisher.publishToUser(alice.id, preResult('for-alice'));
    const received = await aliceClient.waitForMessage((m) => m.topic === userTopic(alice.id));
    expect(JSON.parse(received.payload)).toEqual(sent);
    await flush(aliceClient, bobClient, anonymous);

    expect(bobClient.messages.filter((m) => m.topic !== 'football')).toEqual([]);
    expect(anonymous.messages.filter((m) => m.topic !== 'football')).toEqual([]);
  });

  it('refuses credentials that are not a live session’s', async () => {
    const carol = await signUp('carol');
    const token = await liveToken(carol.token);
    await expect(connect({ username: token.username, password: `${token.password}x` })).rejects.toThrow();
    await expect(connect({ username: 'tribun-live-999999', password: token.password })).rejects.toThrow();
    await expect(connect({ username: 'web', password: carol.token })).rejects.toThrow();
  });

  it('closes the connection of a session that logs out; its credentials stop working', async () => {
    const dora = await signUp('dora');
    const token = await liveToken(dora.token);
    const client = await connect(token);
    expect(await client.subscribe([userTopic(dora.id)])).toEqual([0]);

    const logout = await api.post('/api/user/logout', undefined, { token: dora.token });
    expect(logout.status).toBe(200);
    await client.waitForClose(3000);
    await tribun.publisher.publishToUser(dora.id, preResult('after-logout'));
    expect(client.messages).toEqual([]);

    await expect(connect(token)).rejects.toThrow();
    expect((await api.post('/api/live/token', undefined, { token: dora.token })).status).toBe(401);
  });

  it("a password change closes the other sessions' connections and keeps the one that changed it", async () => {
    const erin = await signUp('erin');
    const login = await api.post('/api/user/login', { account: erin.email, password: erin.password });
    expect(login.status).toBe(200);
    const otherSession = (login.body.data as { token: string }).token;

    const here = await connectUser(erin);
    const elsewhere = await connectUser({ id: erin.id, token: otherSession });

    const change = await api.post(
      '/api/user/updatePassword',
      { oldPassword: erin.password, password: 'kickoff2026kickoff', confirmPassword: 'kickoff2026kickoff' },
      { token: erin.token },
    );
    expect(change.status, JSON.stringify(change.body)).toBe(200);
    await elsewhere.waitForClose(3000);

    await tribun.publisher.publishToUser(erin.id, preResult('after-change'));
    await here.waitForMessage((m) => m.topic === userTopic(erin.id));
    expect(elsewhere.messages.filter((m) => m.topic === userTopic(erin.id))).toEqual([]);
  });

  it('refuses a user message that breaks the contract before it reaches the broker', async () => {
    const bad = { type: 'pre_result', data: { home: 'A', away: 'B', home_score: -1, away_score: 0, outcome: 'won', points: 1 } };
    await expect(tribun.publisher.publishToUser(1, bad as UserMessageInput)).rejects.toThrow();
  });
});
