import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { matchTopic, TOPICS, userTopic } from '../../core/live/topics';
import type { LiveBroker } from './broker';
import { createExternalBroker } from './external';
import { connectTestClient, type TestClient } from './live-test-clients';
import { startMosquitto, type StartedMosquitto } from './mosquitto';

const silentLogger = { debug: () => {}, warn: () => {}, error: () => {} };
const REFUSED = 128;

let dir: string;
let mosquitto: StartedMosquitto;
let broker: LiveBroker;
const clients: TestClient[] = [];
const extraBrokers: LiveBroker[] = [];

async function connectBrowser(): Promise<TestClient> {
  const client = await connectTestClient(mosquitto.wsUrl);
  clients.push(client);
  return client;
}

function externalBroker(options: Parameters<typeof createExternalBroker>[0]): LiveBroker {
  const created = createExternalBroker({ logger: silentLogger, ...options });
  extraBrokers.push(created);
  return created;
}

/** Server-publishes a marker on football; once `client` has it, anything sent earlier has arrived. */
async function flush(client: TestClient, label: string): Promise<void> {
  const marker = JSON.stringify({ marker: label });
  await broker.publish(TOPICS.football, marker);
  await client.waitForMessage((m) => m.payload === marker);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tribun-mosquitto-'));
  mosquitto = await startMosquitto({ dir });
  broker = createExternalBroker({
    url: mosquitto.tcpUrl,
    username: mosquitto.serverUser,
    password: mosquitto.serverPassword,
    logger: silentLogger,
  });
  // A publish resolves once the server has set up the broker's dynamic security (anonymous
  // group, roles): browsers connecting before a fresh broker is set up may read nothing.
  await broker.publish(TOPICS.football, 'set up');
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.end()));
  await Promise.all(extraBrokers.splice(0).map((b) => b.close()));
});

afterAll(async () => {
  await broker?.close();
  await mosquitto?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('external broker (Mosquitto)', () => {
  it('delivers what the server publishes to a browser-like client on the WebSocket listener', async () => {
    const fan = await connectBrowser();
    expect(await fan.subscribe([TOPICS.football])).toEqual([0]);

    const message = JSON.stringify({ type: 'score', data: { match_id: 7, status: 4, a0: 2, b0: 2 }, publish_time: 1 });
    const sentAt = Date.now();
    await broker.publish(TOPICS.football, message);
    const received = await fan.waitForMessage((m) => m.topic === 'football', 1000);

    expect(received.payload).toBe(message);
    expect(received.receivedAt - sentAt).toBeLessThan(1000);
    expect(broker.kind).toBe('external');
  });

  it('refuses anonymous subscriptions to user topics and wildcards, and sends nothing there', async () => {
    const snoop = await connectBrowser();
    expect(await snoop.subscribe([userTopic(1), 'users/#', '#', 'users/+', '+', TOPICS.football])).toEqual([
      REFUSED,
      REFUSED,
      REFUSED,
      REFUSED,
      REFUSED,
      0,
    ]);
    await broker.publish(userTopic(1), 'private to 1');
    await flush(snoop, 'after-private');

    expect(snoop.messages.map((m) => m.topic)).toEqual(['football']);
  });

  it("lets anyone follow one match's own topic, and delivers its statistics there only", async () => {
    const page = await connectBrowser();
    const list = await connectBrowser();
    expect(await page.subscribe([matchTopic('football', 207850007), TOPICS.football])).toEqual([0, 0]);
    expect(await list.subscribe([TOPICS.football])).toEqual([0]);
    const stats = JSON.stringify({ type: 'stats', data: { match_id: 207850007, status: 4, a0: 0, b0: 1, stats: { kind: 'football' } }, publish_time: 1 });
    await broker.publish(matchTopic('football', 207850007), stats);
    expect((await page.waitForMessage((m) => m.topic === matchTopic('football', 207850007), 2000)).payload).toBe(stats);
    await flush(list, 'after-match-topic');
    expect(list.messages.map((m) => m.topic)).toEqual(['football']);
  });

  it("lets a session's credentials read exactly its user's topic", async () => {
    const credentials = await broker.grantUserAccess({ userId: 42, sessionId: 7, expiresAt: new Date(Date.now() + 60_000) });
    // idempotent: another process (or tab) asking again gets the same pair
    expect(await broker.grantUserAccess({ userId: 42, sessionId: 7, expiresAt: new Date(Date.now() + 60_000) })).toEqual(credentials);
    const user = await connectTestClient(mosquitto.wsUrl, credentials);
    clients.push(user);
    expect(await user.subscribe([userTopic(42), userTopic(43), TOPICS.basketball, 'users/#', '#', 'users/+'])).toEqual([
      0,
      REFUSED,
      0,
      REFUSED,
      REFUSED,
      REFUSED,
    ]);
    await broker.publish(userTopic(43), 'private to 43');
    await broker.publish(userTopic(42), 'private to 42');
    expect((await user.waitForMessage((m) => m.topic === userTopic(42))).payload).toBe('private to 42');
    await broker.publish(TOPICS.basketball, 'marker');
    await user.waitForMessage((m) => m.payload === 'marker');
    expect(user.messages.map((m) => m.payload)).not.toContain('private to 43');
  });

  it('refuses wrong credentials, and disconnects a revoked session whose credentials then stop working', async () => {
    const credentials = await broker.grantUserAccess({ userId: 50, sessionId: 70, expiresAt: new Date(Date.now() + 60_000) });
    await expect(connectTestClient(mosquitto.wsUrl, { username: credentials.username, password: 'wrong' })).rejects.toThrow();
    const user = await connectTestClient(mosquitto.wsUrl, credentials);
    clients.push(user);
    expect(await user.subscribe([userTopic(50)])).toEqual([0]);

    await broker.revokeSessions([70]);
    await user.waitForClose(3000);
    await expect(connectTestClient(mosquitto.wsUrl, credentials)).rejects.toThrow();
    // revoking again (another process, a retry) is harmless
    await broker.revokeSessions([70]);
  });

  it('prunes the live access of sessions that ended without a revocation reaching the broker', async () => {
    const expiresAt = new Date(Date.now() + 60_000);
    const ended = await broker.grantUserAccess({ userId: 60, sessionId: 80, expiresAt });
    const live = await broker.grantUserAccess({ userId: 61, sessionId: 81, expiresAt });
    const user = await connectTestClient(mosquitto.wsUrl, ended);
    clients.push(user);

    const asked: number[] = [];
    const pruned = await broker.pruneSessions(async (ids) => {
      asked.push(...ids);
      return new Set(ids.filter((id) => id !== 80));
    });
    expect(pruned).toBe(1);
    expect(asked).toEqual(expect.arrayContaining([80, 81]));
    await user.waitForClose(3000);
    await expect(connectTestClient(mosquitto.wsUrl, ended)).rejects.toThrow();
    const stillLive = await connectTestClient(mosquitto.wsUrl, live);
    clients.push(stillLive);
  });

  it('drops an anonymous publish: other browsers never see it', async () => {
    const fan = await connectBrowser();
    await fan.subscribe([TOPICS.football]);
    const forger = await connectBrowser();
    await forger.client.publishAsync(TOPICS.football, 'fake goal', { qos: 1 });
    await flush(fan, 'after-forgery');

    expect(fan.messages.map((m) => m.payload)).not.toContain('fake goal');
  });

  it('rejects a publish with a clear error when the broker cannot be reached in time', async () => {
    const closedPort = await findClosedPort();
    const unreachable = externalBroker({ url: `mqtt://user:secret@127.0.0.1:${closedPort}`, connectWaitMs: 300 });
    const started = Date.now();
    const failure = await unreachable.publish(TOPICS.football, 'x').catch((error: Error) => error);

    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(/live broker mqtt:\/\/127\.0\.0\.1:\d+\/? not connected after 300 ms/);
    expect((failure as Error).message).not.toContain('secret');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('rejects a publish when the broker refuses the server credentials', async () => {
    const wrong = externalBroker({
      url: mosquitto.tcpUrl,
      username: mosquitto.serverUser,
      password: 'wrong password',
      connectWaitMs: 500,
    });
    await expect(wrong.publish(TOPICS.football, 'x')).rejects.toThrow(/not connected after 500 ms \(last error: .*(Not authorized|Bad User Name or Password)/i);
  });

  it('rejects publishes after close', async () => {
    const closing = externalBroker({ url: mosquitto.tcpUrl, username: mosquitto.serverUser, password: mosquitto.serverPassword });
    await closing.close();
    await closing.close();
    await expect(closing.publish(TOPICS.football, 'x')).rejects.toThrow(/closed/);
  });
});

describe('startMosquitto', () => {
  it('runs the dynamic-security plugin with the server as its only administrator', async () => {
    const config = await readFile(join(dir, 'mosquitto.conf'), 'utf8');
    expect(config).toMatch(/^plugin .*mosquitto_dynamic_security\.so$/m);
    expect(config).not.toMatch(/^(acl_file|password_file)/m);
  });

  it('works with a dynsec file written in Node when mosquitto_ctrl is missing', async () => {
    const otherDir = await mkdtemp(join(tmpdir(), 'tribun-mosquitto-node-hash-'));
    const other = await startMosquitto({ dir: otherDir, hashWith: 'node' });
    try {
      const dynsec = JSON.parse(await readFile(join(otherDir, 'dynamic-security.json'), 'utf8')) as { clients: { username: string }[] };
      expect(dynsec.clients.map((client) => client.username)).toEqual([other.serverUser]);
      const publisher = externalBroker({ url: other.tcpUrl, username: other.serverUser, password: other.serverPassword });
      await publisher.publish(TOPICS.basketball, 'set up');
      const fan = await connectTestClient(other.wsUrl);
      clients.push(fan);
      await fan.subscribe([TOPICS.basketball]);
      await publisher.publish(TOPICS.basketball, 'tip-off');
      expect((await fan.waitForMessage(() => true)).payload).toBe('tip-off');
    } finally {
      await Promise.all(clients.splice(0).map((c) => c.end()));
      await other.stop();
      await rm(otherDir, { recursive: true, force: true });
    }
  });
});

/** A port nothing listens on (bound, then released). */
function findClosedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
