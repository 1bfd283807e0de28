import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TOPICS, userTopic } from '../../core/live/topics';
import type { LiveBroker } from './broker';
import type { LiveCredentials } from './credentials';
import { createEmbeddedBroker } from './embedded';
import { createExternalBroker } from './external';
import { connectTestClient, type TestClient } from './live-test-clients';
import { startMosquitto, type StartedMosquitto } from './mosquitto';

/**
 * Security review: an anonymous live connection that reused a signed-in browser's MQTT client
 * id disconnected it (MQTT's takeover of a held id). On the embedded broker a client id is now
 * its identity's own (decision 109): nobody else — anonymous or another session — takes it over.
 * On Mosquitto, Tribün's plugin refuses an id that names another identity (every id names its
 * owner: `<username>/<tab>` with credentials, no `/` without).
 */
const silentLogger = { debug: () => {}, warn: () => {}, error: () => {} };
const SHARED_ID = 'tribun_5f3a9c0e12ab';

let httpServer: Server;
let broker: LiveBroker;
let url: string;
const clients: TestClient[] = [];
const liveSessions = new Map<number, { userId: number; expiresAt: Date }>();

async function connect(options: { clientId: string; credentials?: LiveCredentials }): Promise<TestClient> {
  const client = await connectTestClient(url, { ...options.credentials, clientId: options.clientId });
  clients.push(client);
  return client;
}

function credentialsOf(sessionId: number): Promise<LiveCredentials> {
  const session = liveSessions.get(sessionId);
  if (!session) throw new Error(`no session ${sessionId}`);
  return broker.grantUserAccess({ sessionId, ...session });
}

beforeAll(async () => {
  const inAMonth = new Date(Date.now() + 30 * 86_400_000);
  liveSessions.set(17, { userId: 52, expiresAt: inAMonth });
  liveSessions.set(18, { userId: 53, expiresAt: inAMonth });
  broker = await createEmbeddedBroker({ logger: silentLogger, resolveSession: async (id) => liveSessions.get(id) ?? null });
  httpServer = createServer((_req, res) => res.end());
  broker.attach(httpServer);
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  url = `ws://127.0.0.1:${(httpServer.address() as AddressInfo).port}/mqtt`;
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.end()));
});

afterAll(async () => {
  await broker.close();
  await new Promise<void>((resolve) => httpServer.close(() => resolve()));
});

describe('client ids on the embedded broker', () => {
  it("keeps a signed-in browser connected when an anonymous client or another session connects with its client id", async () => {
    const fan = await connect({ clientId: SHARED_ID, credentials: await credentialsOf(17) });
    expect(await fan.subscribe([userTopic(52), TOPICS.football])).toEqual([0, 0]);

    const anonymous = await connect({ clientId: SHARED_ID });
    expect(await anonymous.subscribe([TOPICS.football])).toEqual([0]);
    const otherSession = await connect({ clientId: SHARED_ID, credentials: await credentialsOf(18) });
    expect(await otherSession.subscribe([userTopic(53)])).toEqual([0]);

    // Everyone is still connected, and each gets what is theirs.
    await broker.publish(userTopic(52), 'for 52 only');
    await broker.publish(userTopic(53), 'for 53 only');
    await broker.publish(TOPICS.football, 'score');
    await fan.waitForMessage((m) => m.payload === 'score');
    await anonymous.waitForMessage((m) => m.payload === 'score');
    await otherSession.waitForMessage((m) => m.payload === 'for 53 only');
    expect(fan.messages.map((m) => m.payload)).toEqual(['for 52 only', 'score']);
    expect(otherSession.messages.map((m) => m.payload)).toEqual(['for 53 only']);
    for (const client of [fan, anonymous, otherSession]) expect(client.client.connected).toBe(true);
  });

  it('keeps two anonymous readers with the same client id connected', async () => {
    const first = await connect({ clientId: SHARED_ID });
    const second = await connect({ clientId: SHARED_ID });
    await first.subscribe([TOPICS.basketball]);
    await second.subscribe([TOPICS.basketball]);
    await broker.publish(TOPICS.basketball, 'tip-off');
    await first.waitForMessage((m) => m.payload === 'tip-off');
    await second.waitForMessage((m) => m.payload === 'tip-off');
    expect([first.client.connected, second.client.connected]).toEqual([true, true]);
  });

  it("lets a session's own reconnect replace its stale connection with the same id", async () => {
    const credentials = await credentialsOf(17);
    const stale = await connect({ clientId: SHARED_ID, credentials });
    const fresh = await connect({ clientId: SHARED_ID, credentials });
    await stale.waitForClose();
    expect(await fresh.subscribe([userTopic(52)])).toEqual([0]);
    await broker.publish(userTopic(52), 'after reconnect');
    await fresh.waitForMessage((m) => m.payload === 'after reconnect');
  });
});

describe('client ids on Mosquitto with the client-id plugin', () => {
  let dir: string;
  let mosquitto: StartedMosquitto;
  let external: LiveBroker;
  const sessions = new Map<number, LiveCredentials>();

  async function connectTo(options: { clientId: string; credentials?: LiveCredentials }): Promise<TestClient> {
    const client = await connectTestClient(mosquitto.wsUrl, { ...options.credentials, clientId: options.clientId });
    clients.push(client);
    return client;
  }

  async function sessionCredentials(sessionId: number, userId: number): Promise<LiveCredentials> {
    const known = sessions.get(sessionId);
    if (known) return known;
    const granted = await external.grantUserAccess({ sessionId, userId, expiresAt: new Date(Date.now() + 86_400_000) });
    sessions.set(sessionId, granted);
    return granted;
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tribun-client-ids-'));
    mosquitto = await startMosquitto({ dir });
    external = createExternalBroker({ url: mosquitto.tcpUrl, username: mosquitto.serverUser, password: mosquitto.serverPassword, logger: silentLogger });
    await external.publish(TOPICS.football, 'set up');
  });

  afterAll(async () => {
    await Promise.all(clients.splice(0).map((client) => client.end()));
    await external?.close();
    await mosquitto?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it("refuses an anonymous client or another session that connects with a signed-in browser's id, and the browser keeps its connection", async () => {
    const credentials = await sessionCredentials(31, 61);
    const tabId = `${credentials.username}/tribun_${'ab'.repeat(16)}`;
    const fan = await connectTo({ clientId: tabId, credentials });
    expect(await fan.subscribe([userTopic(61), TOPICS.football])).toEqual([0, 0]);

    await expect(connectTo({ clientId: tabId })).rejects.toThrow(/not authori[sz]ed/i);
    await expect(connectTo({ clientId: tabId, credentials: await sessionCredentials(32, 62) })).rejects.toThrow(/not authori[sz]ed/i);
    // Without the owner's prefix an id cannot be used with credentials either, nor can an
    // anonymous client pose as the server's publisher.
    await expect(connectTo({ clientId: 'tribun_plain', credentials })).rejects.toThrow(/not authori[sz]ed/i);
    await expect(connectTo({ clientId: `${mosquitto.serverUser}/${'0'.repeat(24)}` })).rejects.toThrow(/not authori[sz]ed/i);

    await external.publish(userTopic(61), 'still yours');
    await fan.waitForMessage((m) => m.payload === 'still yours');
    expect(fan.client.connected).toBe(true);
    // The server's publisher was not disconnected either: it still delivers.
    await external.publish(TOPICS.football, 'score');
    await fan.waitForMessage((m) => m.payload === 'score');
  });

  it("lets a session's own reconnect replace its stale connection, and anonymous readers use ids without an owner", async () => {
    const credentials = await sessionCredentials(33, 63);
    const tabId = `${credentials.username}/tribun_${'cd'.repeat(16)}`;
    const stale = await connectTo({ clientId: tabId, credentials });
    const fresh = await connectTo({ clientId: tabId, credentials });
    await stale.waitForClose();
    expect(await fresh.subscribe([userTopic(63)])).toEqual([0]);
    await external.publish(userTopic(63), 'after reconnect');
    await fresh.waitForMessage((m) => m.payload === 'after reconnect');

    const reader = await connectTo({ clientId: `tribun_${'ef'.repeat(16)}` });
    expect(await reader.subscribe([TOPICS.basketball])).toEqual([0]);
    await expect(connectTo({ clientId: 'tribun/not-mine' })).rejects.toThrow(/not authori[sz]ed/i);
  });
});
