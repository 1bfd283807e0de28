import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enLive from '../app/locales/en/live.json';
import type { LiveBroker } from '../server/live/broker';
import { createExternalBroker } from '../server/live/external';
import { startMosquitto, type StartedMosquitto } from '../server/live/mosquitto';
import { createLivePublisher, type LivePublisher } from '../server/live/publisher';
import { codeFromOutbox, MAIL_READER } from './support/outbox';
import { openVisitor, startServerAndBrowser, type Visitor, waitUntilLive } from './support/page';
import type { RunningServer } from './support/server';

/**
 * A signed-in fan's open page shows the pop-up of a message published for her with
 * publishToUser — on the scale-out path: the server runs against a real Mosquitto with dynamic
 * security, the page fetches its live credentials from the server and connects to the broker's
 * own WebSocket listener (another origin), and this test publishes as the server does, through
 * the publisher and the server's broker account. No test-only hook in the server.
 */
let dir: string;
let mosquitto: StartedMosquitto;
let server: RunningServer;
let browser: Browser;
let visitor: Visitor;
let broker: LiveBroker;
let publisher: LivePublisher;

async function post(url: string, body: unknown): Promise<{ status: number; data: unknown }> {
  const response = await fetch(`${server.origin}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, data: ((await response.json()) as { data: unknown }).data };
}

/** Registers through the API with the code from the development outbox (read with a staff session). */
async function register(email: string, nickname: string): Promise<{ id: number; token: string }> {
  expect((await post('/api/user/code', { email, purpose: 'register' })).status).toBe(200);
  const code = await codeFromOutbox(server, email);
  const password = 'tribun2025';
  const answer = await post('/api/user/reg', { email, code, password, confirmPassword: password, nickname });
  expect(answer.status).toBe(200);
  const data = answer.data as { token: string; user: { id: number } };
  return { id: data.user.id, token: data.token };
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tribun-e2e-mosquitto-'));
  mosquitto = await startMosquitto({ dir });
  ({ server, browser } = await startServerAndBrowser(
    {
      SIM: 'off',
      BROKER_URL: mosquitto.tcpUrl,
      BROKER_WS_URL: mosquitto.wsUrl,
      BROKER_USERNAME: mosquitto.serverUser,
      BROKER_PASSWORD: mosquitto.serverPassword,
    },
    { staff: MAIL_READER },
  ));
  broker = createExternalBroker({
    url: mosquitto.tcpUrl,
    username: mosquitto.serverUser,
    password: mosquitto.serverPassword,
    logger: { debug: () => {}, warn: () => {}, error: () => {} },
  });
  publisher = createLivePublisher({ broker });
  visitor = await openVisitor(browser);
});

afterAll(async () => {
  await visitor?.context.close();
  await browser?.close();
  await server?.stop();
  await broker?.close();
  await mosquitto?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('per-user live messages in the browser', () => {
  it("pops up a prediction result on the signed-in fan's open page", async () => {
    const stamp = Date.now().toString(36);
    const fan = await register(`popup-${stamp}@example.com`, `Popup ${stamp}`);
    await visitor.context.addCookies([{ name: 'tribun_session', value: fan.token, url: server.origin, httpOnly: true, sameSite: 'Lax' }]);
    const { page } = visitor;
    await page.goto(`${server.origin}/en/basketball`);
    await waitUntilLive(page, 'en');

    // exact: the toast's screen-reader announcement repeats the title inside a longer text
    const title = page.getByText(enLive.user.pre_result.won, { exact: true }).first();
    // The page subscribes to users/<id> right after connecting; QoS 0 messages sent before that
    // are not kept, so send until the pop-up shows (at most a few times).
    const deadline = Date.now() + 20_000;
    while (!(await title.isVisible())) {
      if (Date.now() > deadline) throw new Error('no pop-up for the user message');
      await publisher.publishToUser(fan.id, {
        type: 'pre_result',
        data: { home: 'Galatasaray', away: 'Fenerbahçe', home_score: 2, away_score: 1, outcome: 'won', points: 120 },
      });
      await title.waitFor({ timeout: 1000 }).catch(() => undefined);
    }
    await expect(page.getByText('Galatasaray 2–1 Fenerbahçe · +120 points').first().isVisible()).resolves.toBe(true);
  });
});
