import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TOPICS, userTopic } from '../../core/live/topics';
import type { LiveBroker } from './broker';
import type { LiveCredentials } from './credentials';
import { createEmbeddedBroker } from './embedded';
import { connectTestClient, type TestClient } from './live-test-clients';

/**
 * Security review: an anonymous live connection that reused a signed-in browser's MQTT client
 * id disconnected it (MQTT's takeover of a held id). On the embedded broker a client id is now
 * its identity's own (decision 109): nobody else — anonymous or another session — takes it over.
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
