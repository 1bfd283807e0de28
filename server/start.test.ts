import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BasketballResponseSchema, FootballListResponseSchema, LiveMessageSchema } from '../core/contracts/matches';
import { TOPICS, userTopic } from '../core/live/topics';
import { parseEnv } from './env';
import { connectTestClient, type TestClient } from './live/live-test-clients';
import { startTribun, type RunningTribun } from './start';

/**
 * The whole server as `npm start` wires it, with the simulator playing fast. By default on
 * PGlite and the embedded broker; `.ci/run` runs it again with DATABASE_URL (a database it
 * created) and BROKER_URL/BROKER_WS_URL (a Mosquitto it started), the scale-out path.
 */
const fromCi = {
  DATABASE_URL: process.env.DATABASE_URL,
  BROKER_URL: process.env.BROKER_URL,
  BROKER_WS_URL: process.env.BROKER_WS_URL,
  BROKER_USERNAME: process.env.BROKER_USERNAME,
  BROKER_PASSWORD: process.env.BROKER_PASSWORD,
};
const databaseName = fromCi.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const brokerName = fromCi.BROKER_URL ? 'an external broker' : 'the embedded broker';

let dataDir: string;
let tribun: RunningTribun;
const clients: TestClient[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'tribun-start-'));
  const env = parseEnv({ ...fromCi, DATA_DIR: dataDir, HOST: '127.0.0.1', SIM_SPEED: '300', SIM_CALENDAR: 'dense', LOG_LEVEL: 'silent' });
  // port 0: any free port; no web build, so the API and the live channel only
  tribun = await startTribun({ ...env, PORT: 0 }, { buildDir: path.join(dataDir, 'no-build') });
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.end()));
  await tribun?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function fan(): Promise<TestClient> {
  const client = await connectTestClient(tribun.liveUrl);
  clients.push(client);
  return client;
}

describe(`Tribün started as npm start does, on ${databaseName} with ${brokerName}`, () => {
  it('is healthy and serves today\'s football and basketball lists with live matches', async () => {
    expect((await fetch(`${tribun.origin}/api/health`)).status).toBe(200);

    const football = FootballListResponseSchema.parse(await (await fetch(`${tribun.origin}/api/match_recent/anew_list`)).json());
    expect(football.code).toBe(1);
    const live = football.data.liveGlobal.flatMap((group) => group.matches);
    expect(live.length).toBeGreaterThan(0);

    const basketball = BasketballResponseSchema.parse(await (await fetch(`${tribun.origin}/api/basketball`)).json());
    expect(basketball.code).toBe(0);
  });

  it('delivers the simulator\'s live messages to an mqtt.js client over WebSocket', async () => {
    const client = await fan();
    expect(await client.subscribe([TOPICS.football, TOPICS.basketball])).toEqual([0, 0]);
    const isMatchUpdate = (topic: string) => (message: { topic: string; payload: string }) =>
      message.topic === topic && (JSON.parse(message.payload) as { data?: { match_id?: number } }).data?.match_id !== 0;

    const football = await client.waitForMessage(isMatchUpdate(TOPICS.football), 30_000);
    const message = LiveMessageSchema.parse(JSON.parse(football.payload));
    expect(message.data.match_id).toBeGreaterThan(0);

    // the message is about a match the API knows
    const detail = await fetch(`${tribun.origin}/api/match/football/${message.data.match_id}`);
    expect(detail.status).toBe(200);
    const basketball = await client.waitForMessage(isMatchUpdate(TOPICS.basketball), 30_000);
    expect(LiveMessageSchema.parse(JSON.parse(basketball.payload)).data.match_id).toBeGreaterThan(0);
  });

  it('gives an anonymous client nothing on a user topic, and the public topics keep flowing', async () => {
    const client = await fan();
    const [granted] = await client.subscribe([userTopic(1)]);
    await tribun.broker.publish(userTopic(1), JSON.stringify({ type: 'notice', secret: 'for user 1 only' }));
    await client.subscribe([TOPICS.football]);
    await client.waitForMessage((message) => message.topic === TOPICS.football, 30_000);
    expect(client.messages.filter((message) => message.topic === userTopic(1))).toEqual([]);
    // both brokers answer the SUBSCRIBE with 128 (Mosquitto through its dynamic security)
    expect(granted).toBe(128);
  });

  it('answers bad input with a translated 400 or 404, never a 500', async () => {
    const badDay = await fetch(`${tribun.origin}/api/match_recent/anew_list?day=yesterday`, { headers: { Language: 'en' } });
    expect(badDay.status).toBe(400);
    expect(await badDay.json()).toMatchObject({ code: 400, message: 'The request is not valid' });

    const unknown = await fetch(`${tribun.origin}/api/no/such/thing`, { headers: { Language: 'tr' } });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 404, message: 'Aradığınız adres bulunamadı' });
  });
});
