import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TOPICS, userTopic } from '../../core/live/topics';
import type { LiveBroker } from './broker';
import { createExternalBroker } from './external';
import { connectTestClient, type TestClient } from './live-test-clients';
import { startMosquitto, type StartedMosquitto } from './mosquitto';

const silentLogger = { debug: () => {}, warn: () => {}, error: () => {} };

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

  it('gives an anonymous subscriber to users/1 nothing the server sends there', async () => {
    const snoop = await connectBrowser();
    // Mosquitto 2.0 grants these filters and applies the read ACL per message instead.
    await snoop.subscribe([userTopic(1), 'users/#', TOPICS.football]);
    await broker.publish(userTopic(1), 'private to 1');
    await flush(snoop, 'after-private');

    expect(snoop.messages.map((m) => m.topic)).toEqual(['football']);
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
  it('writes the ACL that keeps anonymous clients on the public topics', async () => {
    const acl = await readFile(join(dir, 'acl'), 'utf8');
    expect(acl).toContain('topic read football\ntopic read basketball\n');
    expect(acl).toContain(`user ${mosquitto.serverUser}\ntopic write #`);
    expect(acl).toContain('pattern read users/%u');
  });

  it('works with a password file hashed in Node when mosquitto_passwd is missing', async () => {
    const otherDir = await mkdtemp(join(tmpdir(), 'tribun-mosquitto-node-hash-'));
    const other = await startMosquitto({ dir: otherDir, hashWith: 'node' });
    try {
      expect(await readFile(join(otherDir, 'passwd'), 'utf8')).toMatch(/^tribun-server:\$6\$/);
      const publisher = externalBroker({ url: other.tcpUrl, username: other.serverUser, password: other.serverPassword });
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
