import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Aedes } from 'aedes';
import mqtt from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer, createWebSocketStream } from 'ws';
// The browser's MQTT client is what is under test here, against the server's real brokers: a
// test-only crossing of the server/app boundary (the server itself never imports the app).
// eslint-disable-next-line import-x/no-restricted-paths
import { LIVE_CONNECT_OPTIONS, type MqttConnectOptions } from '../../app/live/live-client';
// eslint-disable-next-line import-x/no-restricted-paths
import { connectMqttLite, type MqttLiteClient, type WebSocketConstructor } from '../../app/live/mqtt-lite';
import { TOPICS, userTopic } from '../../core/live/topics';
import type { LiveBroker } from './broker';
import { createEmbeddedBroker } from './embedded';
import { createExternalBroker } from './external';
import { startMosquitto, type StartedMosquitto } from './mosquitto';

/**
 * The browser's MQTT client (app/live/mqtt-lite.ts, decision 093) against the real brokers:
 * the server's embedded /mqtt and a Mosquitto with dynamic security, over WebSocket from Node
 * (`ws` in place of the browser's WebSocket). No mocks: what the browser will meet.
 */

const silentLogger = { debug: () => {}, warn: () => {}, error: () => {} };
const NodeWebSocket = WebSocket as unknown as WebSocketConstructor;

interface Received {
  topic: string;
  payload: Uint8Array;
  qos: number;
}

interface Observed {
  client: MqttLiteClient;
  events: string[];
  errorCodes: Array<number | undefined>;
  messages: Received[];
  subscribe(topics: string[], qos?: 0 | 1): Promise<{ error: (Error & { code?: number }) | null; granted: number[] }>;
}

const opened: MqttLiteClient[] = [];

/** The browser's connection: live-client's options, plus `ws`. */
function open(url: string, options: MqttConnectOptions = {}): Observed {
  const client = connectMqttLite(url, { ...LIVE_CONNECT_OPTIONS, ...options, WebSocket: NodeWebSocket });
  opened.push(client);
  const events: string[] = [];
  const errorCodes: Array<number | undefined> = [];
  const messages: Received[] = [];
  for (const name of ['connect', 'close', 'offline', 'reconnect', 'end'] as const) client.on(name, () => events.push(name));
  client.on('error', (error) => {
    events.push('error');
    errorCodes.push(error.code);
  });
  client.on('message', (topic, payload, packet) => messages.push({ topic, payload, qos: packet.qos }));
  return {
    client,
    events,
    errorCodes,
    messages,
    subscribe: (topics, qos = 0) =>
      new Promise((resolve) =>
        client.subscribe(topics, { qos }, (error, granted) => resolve({ error: error as (Error & { code?: number }) | null, granted: granted ?? [] })),
      ),
  };
}

async function waitFor(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const count = (events: string[], name: string) => events.filter((event) => event === name).length;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => {
  for (const client of opened.splice(0)) client.end(true);
});

describe('mqtt-lite against the embedded broker (the server’s own /mqtt)', () => {
  let httpServer: Server;
  let broker: LiveBroker;
  let url: string;
  /** the TCP sockets of the WebSocket upgrades, so a test can cut them as a network would */
  const upgraded = new Set<Duplex>();
  const liveSessions = new Map<number, { userId: number; expiresAt: Date }>();

  beforeAll(async () => {
    liveSessions.set(7, { userId: 42, expiresAt: new Date(Date.now() + 30 * 86_400_000) });
    broker = await createEmbeddedBroker({ logger: silentLogger, resolveSession: async (id) => liveSessions.get(id) ?? null });
    httpServer = createServer((_req, res) => res.end('ok'));
    httpServer.on('upgrade', (_req, socket: Duplex) => {
      upgraded.add(socket);
      socket.once('close', () => upgraded.delete(socket));
    });
    broker.attach(httpServer);
    await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
    url = `ws://127.0.0.1:${(httpServer.address() as AddressInfo).port}/mqtt`;
  });

  afterAll(async () => {
    await broker.close();
    await new Promise<void>((resolve) => httpServer.close(() => resolve()));
  });

  it('connects anonymously, subscribes to a public topic and receives messages byte for byte', async () => {
    const fan = open(url);
    await waitFor(() => fan.client.connected, 'connect');
    expect(await fan.subscribe([TOPICS.football, TOPICS.basketball])).toEqual({ error: null, granted: [0, 0] });

    const message = JSON.stringify({ type: 'score', data: { match_id: 4_021_337, status: 2, a0: 1, b0: 0 }, note: 'Galatasaray – Fenerbahçe 进球 🎉' });
    // remaining lengths 127, 128, 16383 and 16384 ("football" is 8 bytes, its length 2)
    const sized = [117, 118, 16_373, 16_374].map((size) => 'ş'.repeat(size / 2) + (size % 2 === 1 ? 'x' : ''));
    for (const payload of [message, ...sized]) await broker.publish(TOPICS.football, payload);
    await waitFor(() => fan.messages.length === 5, 'five messages');

    expect(fan.messages.map((m) => m.topic)).toEqual(Array(5).fill('football'));
    expect(fan.messages.map((m) => Buffer.from(m.payload))).toEqual([message, ...sized].map((p) => Buffer.from(p, 'utf8')));
    expect(fan.messages.slice(1).map((m) => m.payload.length)).toEqual([117, 118, 16_373, 16_374]);
    expect(fan.events).toEqual(['connect']);
  });

  it('connects with a session’s live credentials and reads its own user topic; a refused filter is a SUBACK 0x80', async () => {
    const credentials = await broker.grantUserAccess({ sessionId: 7, userId: 42, expiresAt: liveSessions.get(7)!.expiresAt });
    const user = open(url, { username: credentials.username, password: credentials.password });
    await waitFor(() => user.client.connected, 'connect');
    expect(await user.subscribe([TOPICS.football, userTopic(42)])).toEqual({ error: null, granted: [0, 0] });

    const refused = await user.subscribe([userTopic(43), TOPICS.basketball]);
    expect(refused.granted).toEqual([0x80, 0]);
    expect(refused.error?.code).toBe(0x80);
    // the connection stays open after a refused filter
    expect(user.client.connected).toBe(true);

    const result = JSON.stringify({ type: 'pre_result', data: { home: 'Galatasaray', away: 'Fenerbahçe', outcome: 'won', points: 120 } });
    await broker.publish(userTopic(42), result);
    await waitFor(() => user.messages.length === 1, 'the user message');
    expect(user.messages[0]?.topic).toBe('users/42');
    expect(new TextDecoder().decode(user.messages[0]?.payload)).toBe(result);
  });

  it('surfaces a wrong password as error code 4 and stops retrying until reconnect() with new credentials', async () => {
    const credentials = await broker.grantUserAccess({ sessionId: 7, userId: 42, expiresAt: liveSessions.get(7)!.expiresAt });
    const user = open(url, { username: credentials.username, password: 'wrong' });
    await waitFor(() => user.events.includes('close'), 'the refusal');
    expect(user.errorCodes).toEqual([4]);
    expect(user.events).toEqual(['error', 'close']);
    // mqtt.js's rule, which live-client relies on: no retry after a refusal (reconnectPeriod is 1 s)
    await pause(1500);
    expect(user.events).toEqual(['error', 'close']);

    // what live-client does next: new credentials into the options, then reconnect()
    user.client.options.password = credentials.password;
    user.client.reconnect();
    await waitFor(() => user.client.connected, 'the reconnect with new credentials');
    expect(user.events).toEqual(['error', 'close', 'reconnect', 'connect']);
    expect((await user.subscribe([userTopic(42)])).granted).toEqual([0]);
  });

  it('reconnects on the reconnect period after the server drops the socket, and reads again once subscribed', async () => {
    const fan = open(url);
    fan.client.on('connect', () => fan.client.subscribe([TOPICS.football], { qos: 0 }));
    await waitFor(() => fan.client.connected && upgraded.size > 0, 'connect');
    await broker.publish(TOPICS.football, 'before');
    await waitFor(() => fan.messages.length === 1, 'the first message');

    const droppedAt = Date.now();
    for (const socket of upgraded) socket.destroy();
    await waitFor(() => count(fan.events, 'connect') === 2, 'the reconnect');
    expect(Date.now() - droppedAt).toBeGreaterThanOrEqual(900);
    expect(fan.events).toEqual(['connect', 'close', 'offline', 'reconnect', 'connect']);

    // the subscription is redone on 'connect' (a clean session keeps none)
    const deadline = Date.now() + 3000;
    while (!fan.messages.some((m) => Buffer.from(m.payload).toString() === 'after') && Date.now() < deadline) {
      await broker.publish(TOPICS.football, 'after');
      await pause(50);
    }
    expect(fan.messages.some((m) => Buffer.from(m.payload).toString() === 'after')).toBe(true);
  });

  it('unsubscribes, and ends without reconnecting', async () => {
    const fan = open(url);
    await waitFor(() => fan.client.connected, 'connect');
    await fan.subscribe([TOPICS.football]);
    await new Promise<void>((resolve, reject) => fan.client.unsubscribe(TOPICS.football, (error) => (error ? reject(error) : resolve())));
    await broker.publish(TOPICS.football, 'after unsubscribe');
    await pause(200);
    expect(fan.messages).toEqual([]);

    fan.client.end();
    expect(fan.client.connected).toBe(false);
    await pause(1500);
    expect(fan.events).toEqual(['connect', 'close', 'end']);
  });
});

describe('mqtt-lite against Mosquitto (external broker, dynamic security)', () => {
  let dir: string;
  let mosquitto: StartedMosquitto;
  let broker: LiveBroker;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tribun-mqtt-lite-'));
    mosquitto = await startMosquitto({ dir });
    broker = createExternalBroker({ url: mosquitto.tcpUrl, username: mosquitto.serverUser, password: mosquitto.serverPassword, logger: silentLogger });
    // resolves once the server has set up dynamic security (anonymous group, roles)
    await broker.publish(TOPICS.football, 'set up');
  });

  afterAll(async () => {
    await broker?.close();
    await mosquitto?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('connects on the WebSocket listener, receives byte for byte, and reads a session’s user topic', async () => {
    const fan = open(mosquitto.wsUrl);
    await waitFor(() => fan.client.connected, 'connect');
    expect((await fan.subscribe([TOPICS.football])).granted).toEqual([0]);
    const message = JSON.stringify({ type: 'score', data: { match_id: 7 }, note: 'ş进🎉' });
    await broker.publish(TOPICS.football, message);
    await waitFor(() => fan.messages.length === 1, 'the message');
    expect(Buffer.from(fan.messages[0]!.payload)).toEqual(Buffer.from(message, 'utf8'));

    const credentials = await broker.grantUserAccess({ userId: 42, sessionId: 7, expiresAt: new Date(Date.now() + 60_000) });
    const user = open(mosquitto.wsUrl, { username: credentials.username, password: credentials.password });
    await waitFor(() => user.client.connected, 'the signed-in connect');
    const granted = await user.subscribe([userTopic(42), userTopic(43)]);
    expect(granted.granted).toEqual([0, 0x80]);
    await broker.publish(userTopic(42), 'for 42');
    await waitFor(() => user.messages.length === 1, 'the user message');
    expect(Buffer.from(user.messages[0]!.payload).toString()).toBe('for 42');
  });

  it('surfaces refused credentials with a code live-client renews on (4 or 5), and does not retry', async () => {
    const credentials = await broker.grantUserAccess({ userId: 50, sessionId: 70, expiresAt: new Date(Date.now() + 60_000) });
    const user = open(mosquitto.wsUrl, { username: credentials.username, password: 'wrong' });
    await waitFor(() => user.events.includes('close'), 'the refusal');
    expect([4, 5]).toContain(user.errorCodes[0]);
    await pause(1500);
    expect(user.events).toEqual(['error', 'close']);
  });

  it('acknowledges QoS 1: more messages than Mosquitto keeps in flight (20) all arrive', async () => {
    const fan = open(mosquitto.wsUrl);
    await waitFor(() => fan.client.connected, 'connect');
    expect((await fan.subscribe([TOPICS.basketball], 1)).granted).toEqual([1]);
    // The server's own account publishes at QoS 1. Mosquitto sends at most 20 unacknowledged
    // QoS 1 messages to one client (max_inflight_messages) and queues the rest: all 50 arrive
    // only if every one is answered with PUBACK.
    const server = await mqtt.connectAsync(mosquitto.tcpUrl, {
      username: mosquitto.serverUser,
      password: mosquitto.serverPassword,
      clientId: `${mosquitto.serverUser}/qos-test`,
      reconnectPeriod: 0,
    });
    try {
      for (let i = 0; i < 50; i += 1) await server.publishAsync(TOPICS.basketball, `q${i}`, { qos: 1 });
      await waitFor(() => fan.messages.length === 50, 'fifty QoS 1 messages');
    } finally {
      await server.endAsync(true);
    }
    expect(fan.messages.every((m) => m.qos === 1)).toBe(true);
    expect(fan.messages.map((m) => Buffer.from(m.payload).toString())).toEqual(Array.from({ length: 50 }, (_, i) => `q${i}`));
  });
});

describe('mqtt-lite against aedes at QoS 1', () => {
  it('answers each QoS 1 PUBLISH with a PUBACK', async () => {
    const aedes = await Aedes.createBroker();
    const http = createServer();
    const wss = new WebSocketServer({ server: http, handleProtocols: (protocols) => (protocols.has('mqtt') ? 'mqtt' : false) });
    wss.on('connection', (socket) => aedes.handle(createWebSocketStream(socket)));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    // aedes emits 'ack' when a client's PUBACK clears one of its outgoing QoS 1 messages
    const acked: string[] = [];
    aedes.on('ack', (_packet, client) => acked.push(client.id));
    try {
      const fan = open(`ws://127.0.0.1:${(http.address() as AddressInfo).port}/mqtt`);
      await waitFor(() => fan.client.connected, 'connect');
      expect((await fan.subscribe(['news/extra'], 1)).granted).toEqual([1]);
      for (const text of ['one', 'two', 'three']) {
        await new Promise<void>((resolve, reject) =>
          aedes.publish({ cmd: 'publish', topic: 'news/extra', payload: Buffer.from(text), qos: 1, retain: false, dup: false }, (error) =>
            error ? reject(error) : resolve(),
          ),
        );
      }
      await waitFor(() => acked.length === 3, 'three PUBACKs');
      expect(fan.messages.map((m) => [Buffer.from(m.payload).toString(), m.qos])).toEqual([
        ['one', 1],
        ['two', 1],
        ['three', 1],
      ]);
      expect(acked).toEqual(Array(3).fill(fan.client.options.clientId));
    } finally {
      for (const client of opened.splice(0)) client.end(true);
      for (const socket of wss.clients) socket.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
    }
  });
});
