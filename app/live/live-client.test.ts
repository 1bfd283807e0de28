import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Aedes, type Client } from 'aedes';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer, createWebSocketStream } from 'ws';
import { parseUserMessage, type LiveToken, type UserMessage } from '../../core/contracts/live';
import type { LiveMessage } from '../../core/contracts/matches';
import { matchTopic, TOPICS, userTopic } from '../../core/live/topics';
import { parseLiveMessage } from './live-message';
import { connectMqttLite, type WebSocketConstructor } from './mqtt-lite';
import {
  createLiveClient,
  HELD_USER_MESSAGES,
  createReconnectDetector,
  isLiveSilent,
  resolveBrokerUrl,
  type LiveClient,
  type LiveStatus,
} from './live-client';

function waitFor(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const tick = () => {
      if (check()) return resolve();
      if (Date.now() - started > timeoutMs) return reject(new Error('timed out waiting'));
      setTimeout(tick, 20);
    };
    tick();
  });
}

describe('resolveBrokerUrl', () => {
  it('uses the configured broker when the public configuration names one', () => {
    expect(resolveBrokerUrl('wss://live.example.com/mqtt', { protocol: 'http:', host: 'site.test' })).toBe(
      'wss://live.example.com/mqtt',
    );
  });

  it('falls back to the page origin /mqtt with wss on https and ws on http', () => {
    expect(resolveBrokerUrl(null, { protocol: 'https:', host: 'tribun.test' })).toBe('wss://tribun.test/mqtt');
    expect(resolveBrokerUrl('', { protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/mqtt');
  });
});

describe('reconnect detection and silence', () => {
  it('asks for a refetch on every connect but the first', () => {
    const detector = createReconnectDetector();
    expect([detector.handleConnect(), detector.handleConnect(), detector.handleConnect()]).toEqual([false, true, true]);
  });

  it('calls a connection silent after a whole window without messages', () => {
    expect(isLiveSilent({ lastActivityMs: 0, nowMs: 34_999 })).toBe(false);
    expect(isLiveSilent({ lastActivityMs: 0, nowMs: 35_000 })).toBe(true);
  });
});

describe('live client against a real broker', () => {
  let broker: Aedes;
  let http: Server;
  let wss: WebSocketServer;
  let url: string;
  let client: LiveClient | null = null;
  const connected = new Set<Client>();
  const subscribed = new Map<Client, Set<string>>();
  /** the username of every CONNECT, '' for anonymous ones */
  const usernames: string[] = [];
  /** passwords the broker refuses (CONNACK 4), as a revoked session's are */
  const refusedPasswords = new Set<string>();

  beforeEach(async () => {
    usernames.length = 0;
    refusedPasswords.clear();
    broker = await Aedes.createBroker({
      authenticate(_client, username, password, done) {
        usernames.push(username ?? '');
        if (password && refusedPasswords.has(password.toString())) {
          done(Object.assign(new Error('refused'), { returnCode: 4 }) as Parameters<typeof done>[0], false);
          return;
        }
        done(null, true);
      },
    });
    connected.clear();
    subscribed.clear();
    broker.on('client', (c) => connected.add(c));
    broker.on('clientDisconnect', (c) => {
      connected.delete(c);
      subscribed.delete(c);
    });
    broker.on('subscribe', (subscriptions, c) => {
      const topics = subscribed.get(c) ?? new Set<string>();
      for (const s of subscriptions) topics.add(s.topic);
      subscribed.set(c, topics);
    });
    broker.on('unsubscribe', (topics, c) => {
      for (const topic of topics) subscribed.get(c)?.delete(topic);
    });
    http = createServer();
    wss = new WebSocketServer({ server: http, path: '/mqtt' });
    wss.on('connection', (socket) => broker.handle(createWebSocketStream(socket)));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = `ws://127.0.0.1:${(http.address() as AddressInfo).port}/mqtt`;
  });

  afterEach(async () => {
    client?.stop();
    client = null;
    for (const socket of wss.clients) socket.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
    await new Promise<void>((resolve) => http.close(() => resolve()));
    await new Promise<void>((resolve) => broker.close(() => resolve()));
  });

  function publish(topic: string, payload: string): Promise<void> {
    return new Promise((resolve, reject) =>
      broker.publish({ cmd: 'publish', topic, payload: Buffer.from(payload), qos: 0, retain: false, dup: false }, (e) =>
        e ? reject(e) : resolve(),
      ),
    );
  }

  function subscribedCount(topic: string): number {
    let count = 0;
    for (const topics of subscribed.values()) if (topics.has(topic)) count += 1;
    return count;
  }

  function start(
    watchdogMs?: number,
    session?: { credentials: () => Promise<LiveToken | null> },
    listenToUser = true,
  ): { statuses: LiveStatus[]; football: LiveMessage[]; basketball: LiveMessage[]; user: UserMessage[]; refetches: () => number } {
    const statuses: LiveStatus[] = [];
    const football: LiveMessage[] = [];
    const basketball: LiveMessage[] = [];
    const user: UserMessage[] = [];
    let refetches = 0;
    const live = createLiveClient({
      url,
      loadTransport: async () => ({
        // the browser's client; Node 20 has no global WebSocket, so `ws` stands in
        connect: (brokerUrl, connectOptions) => connectMqttLite(brokerUrl, { ...connectOptions, WebSocket: WebSocket as unknown as WebSocketConstructor }),
        parse: parseLiveMessage,
        parseUser: parseUserMessage,
        fetchCredentials: session?.credentials ?? (async () => null),
      }),
      signedIn: session !== undefined,
      ...(watchdogMs ? { watchdogMs } : {}),
    });
    if (listenToUser) live.onUserMessage((m) => user.push(m));
    client = live;
    live.subscribeStatus(() => statuses.push(live.getStatus()));
    live.onMessage('football', (m) => football.push(m));
    live.onMessage('basketball', (m) => basketball.push(m));
    live.onRefetch(() => {
      refetches += 1;
    });
    live.start();
    return { statuses, football, basketball, user, refetches: () => refetches };
  }

  const token: LiveToken = { userId: 42, username: 'tribun-live-7', password: 'secret-7', expiresAt: '2030-01-01T00:00:00.000Z' };

  it('signed in, connects with the session credentials and delivers valid messages of its own topic', async () => {
    const seen = start(undefined, { credentials: async () => token });
    await waitFor(() => client?.getStatus() === 'online' && subscribedCount(userTopic(42)) === 1);
    expect(usernames).toEqual(['tribun-live-7']);
    await publish(userTopic(42), 'not json');
    await publish(userTopic(42), JSON.stringify({ type: 'pre_result', data: { home: 'A' }, publish_time: 1 }));
    const result = {
      type: 'pre_result',
      data: { home: 'Galatasaray', away: 'Fenerbahçe', home_score: 2, away_score: 1, outcome: 'won', points: 120 },
      publish_time: 5,
    };
    await publish(userTopic(42), JSON.stringify(result));
    await waitFor(() => seen.user.length === 1);
    expect(seen.user).toEqual([result]);
  });

  it('keeps own-topic messages that come before anything listens, for the first listener, at most the newest 20', async () => {
    start(undefined, { credentials: async () => token }, false);
    await waitFor(() => client?.getStatus() === 'online' && subscribedCount(userTopic(42)) === 1);
    const result = (n: number) => ({
      type: 'pre_result',
      data: { home: 'Galatasaray', away: 'Fenerbahçe', home_score: 2, away_score: 1, outcome: 'won', points: n },
      publish_time: n,
    });
    for (let n = 1; n <= HELD_USER_MESSAGES + 2; n += 1) await publish(userTopic(42), JSON.stringify(result(n)));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const first: UserMessage[] = [];
    const second: UserMessage[] = [];
    client?.onUserMessage((m) => first.push(m));
    client?.onUserMessage((m) => second.push(m));
    expect(first.map((m) => m.publish_time)).toEqual(Array.from({ length: HELD_USER_MESSAGES }, (_, i) => i + 3));
    expect(second).toEqual([]);
    // Once someone listens, messages go straight to every listener and nothing is held.
    await publish(userTopic(42), JSON.stringify(result(99)));
    await waitFor(() => first.length === HELD_USER_MESSAGES + 1 && second.length === 1);
    expect(second[0]).toEqual(result(99));
  });

  it('when the broker refuses the credentials, asks for new ones and goes on anonymously once signed out', async () => {
    refusedPasswords.add(token.password);
    let asked = 0;
    const seen = start(undefined, {
      credentials: async () => {
        asked += 1;
        return asked === 1 ? token : null;
      },
    });
    await waitFor(() => client?.getStatus() === 'online' && subscribedCount(TOPICS.football) === 1, 5000);
    expect(asked).toBe(2);
    expect(usernames[0]).toBe('tribun-live-7');
    expect(usernames.at(-1)).toBe('');
    expect(subscribedCount(userTopic(42))).toBe(0);
    expect(seen.user).toEqual([]);
  });

  it('delivers valid score messages per sport and ignores damaged ones', async () => {
    const seen = start();
    await waitFor(() => client?.getStatus() === 'online' && subscribedCount(TOPICS.basketball) === 1);
    await publish(TOPICS.football, 'not json');
    await publish(TOPICS.football, JSON.stringify({ type: 'score', data: { match_id: 'x' }, publish_time: 1 }));
    const goal = { type: 'score', data: { match_id: 7, status: 2, a0: 1, b0: 0 }, publish_time: 100 };
    await publish(TOPICS.football, JSON.stringify(goal));
    await publish(TOPICS.basketball, JSON.stringify({ ...goal, data: { ...goal.data, match_id: 9, a0: 12 } }));
    await waitFor(() => seen.football.length === 1 && seen.basketball.length === 1);
    expect(seen.football[0]).toEqual(goal);
    expect(seen.basketball[0]?.data.match_id).toBe(9);
    expect(seen.refetches()).toBe(0);
  });

  it('signals a refetch after the broker drops the connection and it comes back', async () => {
    const seen = start();
    await waitFor(() => client?.getStatus() === 'online');
    for (const c of connected) c.close();
    await waitFor(() => seen.statuses.includes('offline'));
    await waitFor(() => seen.refetches() === 1 && client?.getStatus() === 'online');
    // Subscriptions come back with the new session: scores keep flowing.
    await waitFor(() => subscribedCount(TOPICS.football) === 1);
    await publish(TOPICS.football, JSON.stringify({ type: 'others', data: { match_id: 0, status: 0, a0: 0, b0: 0 }, publish_time: 1 }));
    await waitFor(() => seen.football.length === 1);
  });

  it('forces a reconnect when the channel stays silent for the watchdog window', async () => {
    const seen = start(400);
    await waitFor(() => client?.getStatus() === 'online');
    await waitFor(() => seen.refetches() >= 1, 3000);
    expect(client?.getStatus()).toBe('online');
  });

  it('keeps a busy connection: messages reset the watchdog', async () => {
    const seen = start(600);
    await waitFor(() => client?.getStatus() === 'online' && subscribedCount(TOPICS.football) === 1);
    const keepAlive = JSON.stringify({ type: 'others', data: { match_id: 0, status: 0, a0: 0, b0: 0 }, publish_time: 1 });
    for (let i = 0; i < 8; i += 1) {
      await publish(TOPICS.football, keepAlive);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    expect(seen.refetches()).toBe(0);
    expect(seen.football.length).toBe(8);
  });

  it('subscribes extra channels on request, counting requests, and drops them when the last goes', async () => {
    start();
    await waitFor(() => client?.getStatus() === 'online');
    const received: string[] = [];
    client?.onTopic('news/extra', (payload) => received.push(payload));
    client?.addTopic('news/extra');
    client?.addTopic('news/extra');
    await waitFor(() => subscribedCount('news/extra') === 1);
    await publish('news/extra', 'hello');
    await waitFor(() => received.length === 1);
    expect(received).toEqual(['hello']);
    client?.removeTopic('news/extra');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(subscribedCount('news/extra')).toBe(1);
    client?.removeTopic('news/extra');
    await waitFor(() => subscribedCount('news/extra') === 0);
  });

  it("delivers a match's own topic as valid live messages of that match only, while asked for", async () => {
    const seen = start();
    await waitFor(() => client?.getStatus() === 'online');
    const topic = matchTopic('football', 207850007);
    const stats: LiveMessage[] = [];
    const off = client!.onMatchMessage(topic, (message) => stats.push(message));
    client?.addTopic(topic);
    await waitFor(() => subscribedCount(topic) === 1);
    const detail = { type: 'stats', data: { match_id: 207850007, status: 4, a0: 0, b0: 1, stats: { kind: 'football', corners: [2, 1] } }, publish_time: 5 };
    await publish(topic, 'not json');
    await publish(topic, JSON.stringify({ ...detail, data: { ...detail.data, match_id: 1 } }));
    await publish(topic, JSON.stringify(detail));
    await waitFor(() => stats.length === 1);
    expect(stats).toEqual([detail]);
    // It is not a list message: the sport's handlers never see it.
    expect(seen.football).toEqual([]);
    off();
    client?.removeTopic(topic);
    await waitFor(() => subscribedCount(topic) === 0);
  });
});
