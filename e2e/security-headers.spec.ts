import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enAccount from '../app/locales/en/account.json';
import enCommon from '../app/locales/en/common.json';
import enLive from '../app/locales/en/live.json';
import enPersonalCenter from '../app/locales/en/personalCenter.json';
import enStaff from '../app/locales/en/staff.json';
import { startMosquitto, type StartedMosquitto } from '../server/live/mosquitto';
import { openVisitor, startServerAndBrowser, type Visitor, waitUntilLive } from './support/page';
import { startServer, type RunningServer } from './support/server';

/**
 * The site under its Content Security Policy (issue 11, finding 6; docs/decisions/072), in real
 * Chromium: every page arrives with the policy, and no page breaks it — the browser reports
 * each refused script, style, image or connection as a `securitypolicyviolation` event and a
 * console error, and this journey collects both. Meanwhile the pages do what they are for:
 * they hydrate (menus and dialogs open), the live channel connects over the WebSocket, a goal
 * moves a score and pops up, and staff sign in and use the console.
 *
 * Speed 120 as in e2e/live-updates.spec.ts (its comment says why a goal comes within 90 s).
 */
const run = promisify(execFile);
const ADMIN = { email: `csp-${Date.now().toString(36)}@example.com`, nickname: 'CspBoss', password: 'tribun2025' };
const GOAL_WAIT_MS = 90_000;

let dataDir: string;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // The admin is made the way an operator makes one, before the server opens the data directory.
  dataDir = mkdtempSync(join(tmpdir(), 'tribun-e2e-csp-'));
  await run(
    process.execPath,
    ['--import', 'tsx', 'scripts/create-admin.ts', '--email', ADMIN.email, '--nickname', ADMIN.nickname, '--password', ADMIN.password],
    { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' } },
  );
  ({ server, browser } = await startServerAndBrowser({ DATA_DIR: dataDir, SIM_SPEED: '120' }));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A visitor whose every page reports what the policy refused. */
async function openWatchedVisitor(): Promise<Visitor & { violations: string[] }> {
  const visitor = await openVisitor(browser);
  const violations: string[] = [];
  // The binding survives navigations; the listener is installed before any script of the page.
  await visitor.context.exposeBinding('__reportCspViolation', (source, report: string) => {
    violations.push(`${source.page.url()}: ${report}`);
  });
  await visitor.context.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const report = (window as unknown as { __reportCspViolation: (report: string) => void }).__reportCspViolation;
        report(`${event.effectiveDirective} refused ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber}) ${event.sample}`);
      },
      true,
    );
  });
  visitor.page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(`${visitor.page.url()}: console: ${message.text()}`);
  });
  return { ...visitor, violations };
}

/** The page arrived with a nonce-based script policy that frames nothing. */
async function expectPolicy(response: Response | null): Promise<void> {
  expect(response?.status()).toBe(200);
  const headers = await response!.allHeaders();
  const policy = headers['content-security-policy'] ?? '';
  expect(policy).toMatch(/script-src 'self' 'nonce-[^']+'/);
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(policy).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
}

async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 30_000 });
}

describe('pages under the Content Security Policy', () => {
  it('home, a list and a match page hydrate, go live and pop up a goal without a violation', async () => {
    const visitor = await openWatchedVisitor();
    const { page } = visitor;
    try {
      await expectPolicy(await page.goto(`${server.origin}/en`));
      await hydrated(page);
      // The live channel is a WebSocket to the broker: connect-src lets it through.
      await waitUntilLive(page, 'en');

      // An interactive control: the language menu opens and lists the three languages.
      await page.getByRole('button', { name: new RegExp(`^${enCommon.layout.language.label}:`) }).click();
      const menu = page.getByRole('menu');
      await menu.waitFor();
      expect(await menu.getByRole('menuitem').count()).toBe(3);
      await page.keyboard.press('Escape');

      // A goal arrives over the live channel: the pop-up shows it.
      const region = page.getByRole('region', { name: enLive.popup.region.replace('{hotkey}', 'F8'), exact: true });
      await region
        .locator('li')
        .filter({ has: page.getByText(enLive.popup.goal, { exact: true }) })
        .first()
        .waitFor({ state: 'visible', timeout: GOAL_WAIT_MS });

      await expectPolicy(await page.goto(`${server.origin}/en/football`));
      await hydrated(page);
      await waitUntilLive(page, 'en');
      const href = await page.locator('[data-testid="football-row"] a[href*="/football/Details/"]').first().getAttribute('href');
      expect(href).toMatch(/\/football\/Details\/\d+$/);

      await expectPolicy(await page.goto(`${server.origin}${href!}`));
      await hydrated(page);
      await waitUntilLive(page, 'en');
      // Client-side navigation to another tab of the match loads more code and data under the policy.
      await page.evaluate(() => {
        (window as unknown as { __marker?: number }).__marker = 1;
      });
      await page.locator(`a[href$="${href!}/h2h"]`).first().click();
      await page.waitForURL(`${server.origin}${href!}/h2h`);
      expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);

      expect(visitor.violations).toEqual([]);
    } finally {
      await visitor.context.close();
    }
  });

  it('login, the personal centre and the staff console work signed in without a violation', async () => {
    const visitor = await openWatchedVisitor();
    const { page } = visitor;
    try {
      await expectPolicy(await page.goto(`${server.origin}/en/login?redirect=${encodeURIComponent('/personal-center/personal-center')}`));
      await hydrated(page);
      await page.getByLabel(enAccount.login.form.account, { exact: true }).fill(ADMIN.email);
      await page.getByLabel(enAccount.login.form.password, { exact: true }).fill(ADMIN.password);
      await page.getByRole('button', { name: enAccount.login.form.submit }).click();
      await page.waitForURL(`${server.origin}/en/personal-center/personal-center`);
      await hydrated(page);

      // Signed in, the home page reaches the broker with the session's live credentials.
      await expectPolicy(await page.goto(`${server.origin}/en`));
      await waitUntilLive(page, 'en');

      await expectPolicy(await page.goto(`${server.origin}/en/personal-center/personal-center/cancelAccount`));
      await hydrated(page);
      // A modal dialog: Radix locks scrolling with a <style> element, which needs the style nonce.
      await page.getByTestId('cancel-account').click();
      const dialog = page.getByRole('alertdialog', { name: enPersonalCenter.cancel.dialog.title });
      await dialog.waitFor();
      expect(await page.locator('head style').count()).toBeGreaterThan(0);
      await dialog.getByRole('button', { name: enPersonalCenter.cancel.dialog.keep }).click();
      await dialog.waitFor({ state: 'detached' });

      await expectPolicy(await page.goto(`${server.origin}/en/staff`));
      await hydrated(page);
      await page.getByRole('heading', { level: 1, name: enStaff.users.title }).waitFor();
      await page.getByTestId('staff-user-row').first().waitFor();
      await page.getByRole('searchbox', { name: enStaff.users.search.label }).fill(ADMIN.nickname.toLowerCase());
      await page.getByRole('button', { name: enStaff.users.search.submit }).click();
      await page.waitForURL(`${server.origin}/en/staff?q=${ADMIN.nickname.toLowerCase()}`);
      await expect.poll(() => page.getByTestId('staff-user-row').count()).toBe(1);

      expect(visitor.violations).toEqual([]);
    } finally {
      await visitor.context.close();
    }
  });

  it('the API documentation works under its policy', async () => {
    const visitor = await openWatchedVisitor();
    const { page } = visitor;
    try {
      const response = await page.goto(`${server.origin}/api/docs`);
      expect(response?.status()).toBe(200);
      expect((await response!.allHeaders())['content-security-policy']).toContain("frame-ancestors 'none'");
      // Swagger UI renders the operations from the OpenAPI document.
      await page.locator('.opblock').first().waitFor({ timeout: 30_000 });
      expect(visitor.violations).toEqual([]);
    } finally {
      await visitor.context.close();
    }
  });
});

describe('with an external broker on another origin', () => {
  let dir: string;
  let mosquitto: StartedMosquitto;
  let scaledOut: RunningServer;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tribun-e2e-csp-mosquitto-'));
    mosquitto = await startMosquitto({ dir });
    scaledOut = await startServer({
      SIM: 'off',
      BROKER_URL: mosquitto.tcpUrl,
      BROKER_WS_URL: mosquitto.wsUrl,
      BROKER_USERNAME: mosquitto.serverUser,
      BROKER_PASSWORD: mosquitto.serverPassword,
    });
  });

  afterAll(async () => {
    await scaledOut?.stop();
    await mosquitto?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('lets the page connect to the broker’s WebSocket, which the policy names', async () => {
    const visitor = await openWatchedVisitor();
    const { page } = visitor;
    try {
      const response = await page.goto(`${scaledOut.origin}/en`);
      await expectPolicy(response);
      const brokerOrigin = new URL(mosquitto.wsUrl).origin;
      expect(brokerOrigin).not.toBe(scaledOut.origin.replace(/^http/, 'ws'));
      expect((await response!.allHeaders())['content-security-policy']).toMatch(new RegExp(`connect-src 'self' ${brokerOrigin}(;|$)`));
      await waitUntilLive(page, 'en');
      expect(visitor.violations).toEqual([]);
    } finally {
      await visitor.context.close();
    }
  });
});
