import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { matchTopic, TOPICS, userTopic } from '../../core/live/topics';
import type { LiveBroker } from './broker';
import type { LiveCredentials } from './credentials';
import { createEmbeddedBroker } from './embedded';
import {
  connectPacket,
  connectTestClient,
  openRawClient,
  raceCloseOrFrame,
  subscribePacket,
  type RawClient,
  type TestClient,
} from './live-test-clients';

const REFUSED = 128;
const silentLogger = { debug: () => {}, warn: () => {}, error: () => {} };

let httpServer: Server;
let broker: LiveBroker;
let url: string;
let port: number;
const clients: TestClient[] = [];
const rawClients: RawClient[] = [];

/** Live sessions the broker's lookup knows: session 7 of user 42, session 8 of user 43. */
const liveSessions = new Map<number, { userId: number; expiresAt: Date }>();

async function connect(credentials?: LiveCredentials): Promise<TestClient> {
  const client = await connectTestClient(url, credentials);
  clients.push(client);
  return client;
}

function credentialsOf(sessionId: number): Promise<LiveCredentials> {
  const session = liveSessions.get(sessionId);
  if (!session) throw new Error(`no session ${sessionId}`);
  return broker.grantUserAccess({ sessionId, ...session });
}

async function openRaw(): Promise<RawClient> {
  const raw = await openRawClient(url);
  rawClients.push(raw);
  return raw;
}

/** Publishes a marker on football and waits for `client` to get it: everything sent before has arrived. */
async function flush(client: TestClient, label: string): Promise<void> {
  const marker = JSON.stringify({ marker: label });
  await broker.publish(TOPICS.football, marker);
  await client.waitForMessage((m) => m.payload === marker);
}

beforeAll(async () => {
  const inAMonth = new Date(Date.now() + 30 * 86_400_000);
  liveSessions.set(7, { userId: 42, expiresAt: inAMonth });
  liveSessions.set(8, { userId: 43, expiresAt: inAMonth });
  broker = await createEmbeddedBroker({
    logger: silentLogger,
    resolveSession: async (sessionId) => liveSessions.get(sessionId) ?? null,
  });
  httpServer = createServer((_req, res) => res.end('plain http still works'));
  broker.attach(httpServer);
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  port = (httpServer.address() as AddressInfo).port;
  url = `ws://127.0.0.1:${port}/mqtt`;
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.end()));
  for (const raw of rawClients.splice(0)) raw.socket.terminate();
});

afterAll(async () => {
  await broker.close();
  await new Promise<void>((resolve) => httpServer.close(() => resolve()));
});

describe('embedded broker over WebSocket at /mqtt', () => {
  it('delivers what the server publishes on football to a subscribed client, intact and fast', async () => {
    const fan = await connect();
    expect(await fan.subscribe([TOPICS.football])).toEqual([0]);

    const message = JSON.stringify({
      type: 'score',
      data: { match_id: 4_021_337, status: 2, a0: 1, b0: 0 },
      publish_time: 1_767_000_000,
      note: 'Galatasaray – Fenerbahçe 进球',
    });
    const sentAt = Date.now();
    await broker.publish(TOPICS.football, message);
    const received = await fan.waitForMessage((m) => m.topic === 'football', 1000);

    expect(received.payload).toBe(message);
    expect(received.receivedAt - sentAt).toBeLessThan(1000);
    expect(broker.kind).toBe('embedded');
  });

  it('delivers score messages of every size whole, to every fan, in the order published', async () => {
    const fans = await Promise.all([connect(), connect(), connect()]);
    for (const fan of fans) await fan.subscribe([TOPICS.football]);
    // 1-, 2- and 3-byte MQTT remaining lengths
    const sizes = [10, 200, 20_000];
    const messages = sizes.map((size, index) => `${index}:${'ş'.repeat(size)}`);
    for (const message of messages) await broker.publish(TOPICS.football, message);
    for (const fan of fans) {
      await fan.waitForMessage((m) => m.payload === messages.at(-1));
      expect(fan.messages.map((m) => m.payload)).toEqual(messages);
    }
  });

  it('stops delivering to a fan who unsubscribed or left, and goes on for the others', async () => {
    const [staying, leaving, closing] = await Promise.all([connect(), connect(), connect()]);
    for (const fan of [staying, leaving, closing]) await fan.subscribe([TOPICS.football]);
    await leaving.client.unsubscribeAsync(TOPICS.football);
    await closing.end();
    await broker.publish(TOPICS.football, 'after they went');
    await staying.waitForMessage((m) => m.payload === 'after they went');
    await flush(staying, 'unsubscribe');
    // the unsubscribed fan's connection is open and still hears nothing
    await broker.publish(TOPICS.basketball, 'nothing here');
    expect(leaving.messages).toEqual([]);
    expect(leaving.client.connected).toBe(true);
  });

  it('closes a fan who stopped reading once too much waits for them, and goes on for the others', async () => {
    const fan = await connect();
    await fan.subscribe([TOPICS.football]);
    const stuck = await openRaw();
    stuck.socket.send(connectPacket('stuck-reader'));
    await stuck.nextFrame(); // CONNACK
    stuck.socket.send(subscribePacket(1, TOPICS.football));
    await stuck.nextFrame(); // SUBACK
    // The reader's TCP socket stops taking bytes: the kernel buffers fill, then the broker's.
    const tcp = (stuck.socket as unknown as { _socket: { pause(): void; resume(): void } })._socket;
    tcp.pause();
    // 12 MB: more than loopback's socket buffers and the broker's 1 MiB allowance together
    const big = 'x'.repeat(60_000);
    for (let sent = 0; sent < 200; sent++) {
      await broker.publish(TOPICS.football, big);
      if (sent % 20 === 19) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await flush(fan, 'after the stuck reader');
    // Reading again, the reader finds its connection closed by the broker.
    tcp.resume();
    const timeout = new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), 5000));
    expect(await Promise.race([stuck.closed.then(() => 'closed' as const), timeout])).toBe('closed');
  });

  it('keeps football and basketball apart', async () => {
    const fan = await connect();
    await fan.subscribe([TOPICS.basketball]);
    await broker.publish(TOPICS.football, 'football only');
    await broker.publish(TOPICS.basketball, 'basketball only');
    await fan.waitForMessage((m) => m.payload === 'basketball only');
    expect(fan.messages.map((m) => m.payload)).toEqual(['basketball only']);
  });

  it("lets anyone follow one match's own topic by its exact name, and delivers its statistics there only", async () => {
    const page = await connect();
    const list = await connect();
    expect(await page.subscribe([matchTopic('football', 207850007), 'matches/football/+', 'matches/#'])).toEqual([0, REFUSED, REFUSED]);
    await list.subscribe([TOPICS.football]);
    await broker.publish(matchTopic('football', 207850007), 'statistics of 207850007');
    await broker.publish(matchTopic('football', 207850008), 'statistics of another match');
    await page.waitForMessage((m) => m.payload === 'statistics of 207850007');
    await flush(list, 'after-match-topic');
    expect(list.messages.map((m) => m.topic)).toEqual(['football']);
    expect(page.messages.map((m) => m.payload)).toEqual(['statistics of 207850007']);
  });

  it('accepts the mqtt subprotocol and leaves other plain HTTP requests alone', async () => {
    const raw = await openRaw();
    expect(raw.socket.protocol).toBe('mqtt');
    raw.socket.send(connectPacket('one-frame-per-packet'));
    // the whole CONNACK in one WebSocket frame
    expect([...(await raw.nextFrame())]).toEqual([0x20, 0x02, 0x00, 0x00]);
    const response = await fetch(`http://127.0.0.1:${port}/`);
    expect(await response.text()).toBe('plain http still works');
  });

  it('does not deliver a client publish to anyone, and drops the publishing client', async () => {
    const fan = await connect();
    await fan.subscribe([TOPICS.football]);
    const forger = await connect();

    forger.client.publish(TOPICS.football, 'fake goal');
    await forger.waitForClose();
    await flush(fan, 'after-forgery');

    expect(fan.messages.map((m) => m.payload)).not.toContain('fake goal');
  });

  it('refuses anonymous subscriptions to a user topic and to wildcards, and sends nothing there', async () => {
    const snoop = await connect();
    const granted = await snoop.subscribe(['users/42', 'users/#', '#', '+/42', 'users/+', '+']);
    expect(granted).toEqual([REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED]);

    // still connected and able to follow the public topic
    expect(await snoop.subscribe([TOPICS.football])).toEqual([0]);
    await broker.publish(userTopic(42), 'private to 42');
    await flush(snoop, 'after-private');

    expect(snoop.messages.map((m) => m.topic)).toEqual(['football']);
  });

  it('lets a signed-in user follow exactly their own topic, never with a wildcard', async () => {
    const user = await connect(await credentialsOf(7));
    expect(await user.subscribe([userTopic(42), userTopic(43), TOPICS.football, 'users/#', 'users/+', '#'])).toEqual([
      0,
      REFUSED,
      0,
      REFUSED,
      REFUSED,
      REFUSED,
    ]);

    await broker.publish(userTopic(43), 'private to 43');
    await broker.publish(userTopic(42), 'private to 42');
    const mine = await user.waitForMessage((m) => m.topic === 'users/42');
    await flush(user, 'after-user-messages');

    expect(mine.payload).toBe('private to 42');
    expect(user.messages.some((m) => m.payload === 'private to 43')).toBe(false);
  });

  it('refuses at CONNECT credentials that are not a live session’s', async () => {
    const good = await credentialsOf(7);
    await expect(connect({ username: good.username, password: 'wrong' })).rejects.toThrow(/Bad username or password/i);
    await expect(connect({ username: 'web', password: 'some-session-token' })).rejects.toThrow(/Bad username or password/i);
    // a well-formed pair for a session the lookup does not know (revoked, expired)
    const unknown = await broker.grantUserAccess({ sessionId: 99, userId: 42, expiresAt: new Date(Date.now() + 60_000) });
    await expect(connect(unknown)).rejects.toThrow(/Bad username or password/i);
  });

  it('closes the connections of a revoked session at once, and only those', async () => {
    const revoked = await connect(await credentialsOf(7));
    const sameUserOtherSession = await connect(await credentialsOf(8));
    await revoked.subscribe([userTopic(42)]);
    await sameUserOtherSession.subscribe([userTopic(43)]);

    await broker.revokeSessions([7]);
    await revoked.waitForClose();
    await broker.publish(userTopic(43), 'still for 43');
    expect((await sameUserOtherSession.waitForMessage((m) => m.topic === 'users/43')).payload).toBe('still for 43');
    // the lookup still says "live" (the revocation is not committed yet): the broker remembers
    await expect(connect(await credentialsOf(7))).rejects.toThrow(/Bad username or password/i);
  });

  it('closes a connection when its session ends', async () => {
    liveSessions.set(9, { userId: 44, expiresAt: new Date(Date.now() + 300) });
    const client = await connect(await credentialsOf(9));
    expect(await client.subscribe([userTopic(44)])).toEqual([0]);
    await client.waitForClose(2000);
  });

  it('survives garbage subscriptions and malformed packets: only that client is affected', async () => {
    const fan = await connect();
    await fan.subscribe([TOPICS.football]);

    for (const garbage of ['', 'a/#/b', 'foot+ball', '#/x', 'a/'.repeat(20) + 'b']) {
      const raw = await openRaw();
      raw.socket.send(connectPacket(`garbage-${garbage.length}`));
      expect([...(await raw.nextFrame())]).toEqual([0x20, 0x02, 0x00, 0x00]); // CONNACK accepted
      raw.socket.send(subscribePacket(1, garbage));
      // An invalid filter is a protocol violation: the broker drops that one connection
      // (MQTT 3.1.1 §4.8) — unlike a valid but unauthorised filter, which gets SUBACK 128.
      expect(await raceCloseOrFrame(raw)).toBe('closed');
    }

    const noise = await openRaw();
    noise.socket.send(Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff, 0x01, 0x02]));
    expect(await raceCloseOrFrame(noise)).toBe('closed');

    const beforeConnect = await openRaw();
    beforeConnect.socket.send(subscribePacket(1, TOPICS.football));
    expect(await raceCloseOrFrame(beforeConnect)).toBe('closed');

    await broker.publish(TOPICS.football, 'broker still up');
    expect((await fan.waitForMessage((m) => m.payload === 'broker still up')).topic).toBe('football');
    const late = await connect();
    expect(await late.subscribe([TOPICS.football])).toEqual([0]);
  });

  it('leaves WebSocket upgrades on other paths to their own handler', async () => {
    const echo = new WebSocketServer({ noServer: true });
    const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
      if (req.url === '/echo') echo.handleUpgrade(req, socket, head, (ws) => ws.on('message', (d) => ws.send(d)));
    };
    httpServer.on('upgrade', onUpgrade);
    try {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/echo`);
      await new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      const reply = new Promise<string>((resolve) => socket.once('message', (d: Buffer) => resolve(d.toString())));
      socket.send('hello');
      expect(await reply).toBe('hello');
      socket.close();
    } finally {
      httpServer.off('upgrade', onUpgrade);
      echo.close();
    }
  });

  it('answers an upgrade on an unknown path with 404 when nobody else handles it', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/not-mqtt`);
    const status = await new Promise<number>((resolve) => {
      socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      socket.once('error', () => resolve(-1));
    });
    expect(status).toBe(404);
  });
});

describe('embedded broker after close', () => {
  it('rejects publishes and refuses new connections once closed', async () => {
    const other = await createEmbeddedBroker({ logger: silentLogger });
    const server = createServer((_req, res) => {
      res.statusCode = 404;
      res.end();
    });
    other.attach(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const otherUrl = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/mqtt`;
    const fan = await connectTestClient(otherUrl);

    await other.close();
    await other.close();
    await fan.waitForClose();
    await expect(other.publish(TOPICS.football, 'x')).rejects.toThrow(/closed/);
    await expect(connectTestClient(otherUrl)).rejects.toThrow();
    await fan.end();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});
