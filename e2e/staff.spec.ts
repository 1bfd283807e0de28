import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enAccount from '../app/locales/en/account.json';
import enStaff from '../app/locales/en/staff.json';
import { MESSAGES } from '../core/messages/messages';
import trStaff from '../app/locales/tr/staff.json';
import zhStaff from '../app/locales/zh/staff.json';
import { codeFromOutbox } from './support/outbox';
import { fileURLToPath } from 'node:url';
import { openVisitor, settleTimeZone, startServerAndBrowser, type Visitor } from './support/page';
import type { RunningServer } from './support/server';

/**
 * The staff console against the real server in real Chromium. The admin is made the way an
 * operator makes one (`npm run admin:create`, scripts/create-admin.ts) in the data directory
 * the server then opens: PGlite allows one process at a time, so the script runs first. A fan
 * registers through the API. The admin signs in on /login, finds the fan, grants 25 points
 * with a reason and sees the balance and the ledger row; the fan gets the 403 page.
 */
const ADMIN = { email: `boss-${Date.now().toString(36)}@example.com`, nickname: 'Boss', password: 'tribun2025' };
const FAN = { email: `fan-${Date.now().toString(36)}@example.com`, nickname: `Fan${Date.now().toString(36)}`, password: 'tribun2025' };

/** A real season file from ../shared/data (openfootball/europe, CC0). */
const TRCUP_FILE = fileURLToPath(new URL('../../shared/data/openfootball-europe/turkey/2024-25_trcup.txt', import.meta.url));

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // the admin is made in the fresh data directory before the server opens it (e2e/support/outbox.ts)
  ({ server, browser } = await startServerAndBrowser({}, { staff: ADMIN }));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Registers the fan through the API in the visitor's context, which keeps the session cookie. */
async function registerFan(visitor: Visitor): Promise<number> {
  const { request } = visitor.page;
  expect((await request.post(`${server.origin}/api/user/code`, { data: { email: FAN.email, purpose: 'register' } })).status()).toBe(200);
  const code = await codeFromOutbox(server, FAN.email);
  const response = await request.post(`${server.origin}/api/user/reg`, {
    data: { email: FAN.email, code, password: FAN.password, confirmPassword: FAN.password, nickname: FAN.nickname },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { user: { id: number } } }).data.user.id;
}

async function pointsOf(page: Page): Promise<number> {
  const response = await page.request.get(`${server.origin}/api/user/info`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { points: number } }).data.points;
}

/** Waits until the app has hydrated (client-behaviours marks <html>): clicks and typing reach React from then on. */
async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 30_000 });
}

const digits = (text: string) => Number(text.replace(/\D/g, ''));

describe('the staff console', () => {
  let fan: Visitor;
  let fanId: number;

  beforeAll(async () => {
    fan = await openVisitor(browser);
    // The 403 pages are read from the first document's own response: no time-zone reload before it.
    await settleTimeZone(fan.context, server.origin);
    fanId = await registerFan(fan);
  });

  afterAll(async () => {
    await fan?.context.close();
  });

  it('shows an ordinary user the 403 page, rendered by the server, in every language', async () => {
    for (const [prefix, staff] of [['', trStaff], ['/en', enStaff], ['/zh', zhStaff]] as const) {
      for (const path of ['/staff', `/staff/users/${fanId}`]) {
        const response = await fan.page.goto(`${server.origin}${prefix}${path}`);
        expect(response?.status()).toBe(403);
        // Before any script runs: the server's HTML already says it.
        expect(await response?.text()).toContain(staff.forbidden.title);
        expect(await fan.page.getByRole('heading', { level: 1 }).innerText()).toBe(staff.forbidden.title);
        expect(await fan.page.getByTestId('staff-user-row').count()).toBe(0);
      }
    }
    // The API refuses the same reader.
    expect((await fan.page.request.get(`${server.origin}/api/staff/users`)).status()).toBe(403);
  });

  it('sends a signed-out visitor to the login page, which brings them back', async () => {
    const visitor = await openVisitor(browser);
    try {
      await visitor.page.goto(`${server.origin}/en/staff/users/${fanId}`);
      expect(new URL(visitor.page.url()).pathname).toBe('/en/login');
      expect(new URL(visitor.page.url()).searchParams.get('redirect')).toBe(`/staff/users/${fanId}`);
    } finally {
      await visitor.context.close();
    }
  });

  it('lets staff sign in, find the fan and grant 25 points with a reason', async () => {
    const { context, page } = await openVisitor(browser);
    try {
      await page.goto(`${server.origin}/en/staff`);
      await page.waitForURL(/\/en\/login\?redirect=/);
      await hydrated(page);
      await page.getByLabel(enAccount.login.form.account, { exact: true }).fill(ADMIN.email);
      await page.getByLabel(enAccount.login.form.password, { exact: true }).fill(ADMIN.password);
      await page.getByRole('button', { name: enAccount.login.form.submit }).click();
      await page.waitForURL(`${server.origin}/en/staff`);
      await page.getByRole('heading', { level: 1, name: enStaff.users.title }).waitFor();
      // Everyone is listed, newest first: the fan above the admin.
      await page.getByTestId('staff-user-row').nth(1).waitFor();

      await page.getByRole('searchbox', { name: enStaff.users.search.label }).fill(FAN.nickname.toLowerCase());
      await page.getByRole('button', { name: enStaff.users.search.submit }).click();
      await page.waitForURL(`${server.origin}/en/staff?q=${FAN.nickname.toLowerCase()}`);
      await expect.poll(() => page.getByTestId('staff-user-row').count()).toBe(1);
      const row = page.getByTestId('staff-user-row');
      expect(await row.getAttribute('data-user-id')).toBe(String(fanId));
      expect(await row.innerText()).toContain(FAN.email);
      expect(await row.innerText()).toContain(enStaff.roles.user);
      const before = await pointsOf(fan.page);
      expect(digits(await row.getByTestId('staff-user-points').innerText())).toBe(before);

      await row.getByRole('link', { name: FAN.nickname }).click();
      await page.waitForURL(`${server.origin}/en/staff/users/${fanId}`);
      expect(await page.getByTestId('staff-user-nickname').innerText()).toBe(FAN.nickname);
      await page.getByTestId('staff-ledger-row').first().waitFor();
      expect(digits(await page.getByTestId('staff-balance').innerText())).toBe(before);
      expect(await page.getByTestId('staff-ledger-row').first().innerText()).toContain(enStaff.ledger.reasons.welcome);

      // Checked before sending: the error stands beside its field.
      await page.getByLabel(enStaff.adjust.amount.label, { exact: true }).fill('25');
      await page.getByTestId('staff-adjust-submit').click();
      expect(await page.locator('[data-field-error="reason"]').innerText()).toBe(MESSAGES.en['staff.points.reasonRequired']);

      // The server's refusal stands beside the field too: a fan cannot go below zero.
      await page.getByTestId('staff-adjust-deduct').check({ force: true });
      await page.getByLabel(enStaff.adjust.amount.label, { exact: true }).fill(String(before + 1000));
      await page.getByLabel(enStaff.adjust.reason.label, { exact: true }).fill('Too much on purpose');
      await page.getByTestId('staff-adjust-submit').click();
      await page.locator('[data-field-error="amount"]').waitFor();
      expect(await page.locator('[data-field-error="amount"]').innerText()).toBe(
        enStaff.adjust.insufficient.replace('{{balance}}', new Intl.NumberFormat('en-US').format(before)),
      );

      // A double click grants once.
      const reason = 'Weekly quiz prize';
      await page.getByTestId('staff-adjust-grant').check({ force: true });
      await page.getByLabel(enStaff.adjust.amount.label, { exact: true }).fill('25');
      await page.getByLabel(enStaff.adjust.reason.label, { exact: true }).fill(reason);
      await page.getByTestId('staff-adjust-submit').dblclick();
      const granted = enStaff.adjust.granted_other.replace('{{formatted}}', '25').replace('{{balance}}', new Intl.NumberFormat('en-US').format(before + 25));
      await page.getByRole('status').filter({ hasText: granted }).waitFor();

      expect(digits(await page.getByTestId('staff-balance').innerText())).toBe(before + 25);
      const newest = page.getByTestId('staff-ledger-row').first();
      expect(await newest.getAttribute('data-reason')).toBe('staff_grant');
      expect(await newest.innerText()).toContain(enStaff.ledger.reasons.staff_grant);
      expect(await newest.getByTestId('staff-ledger-amount').innerText()).toBe('+25');
      expect(await newest.getByTestId('staff-ledger-reference').innerText()).toContain(reason);
      expect(await page.locator('[data-testid="staff-ledger-row"][data-reason="staff_grant"]').count()).toBe(1);

      // What the server keeps: one grant, the fan's balance 25 higher, the same after a reload.
      expect(await pointsOf(fan.page)).toBe(before + 25);
      await page.reload();
      await page.getByTestId('staff-ledger-row').first().waitFor();
      expect(digits(await page.getByTestId('staff-balance').innerText())).toBe(before + 25);
      expect(await page.locator('[data-testid="staff-ledger-row"][data-reason="staff_grant"]').count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('imports a real Football.TXT season file chosen in the browser', async () => {
    const { context, page } = await openVisitor(browser);
    try {
      const login = await page.request.post(`${server.origin}/api/user/login`, { data: { account: ADMIN.email, password: ADMIN.password } });
      expect(login.status()).toBe(200);
      await page.goto(`${server.origin}/en/staff/imports`);
      await hydrated(page);
      await page.getByLabel(enStaff.imports.form.file, { exact: true }).setInputFiles(TRCUP_FILE);
      await page.getByTestId('staff-import-submit').click();
      const result = page.getByTestId('staff-import-result');
      await result.waitFor({ timeout: 60_000 });
      // The name gives the competition (the Turkish Cup, #7) and the season folder the season.
      expect(await result.innerText()).toContain('#7');
      expect(await result.innerText()).toContain('2024/25');
      expect(await result.getByRole('status').innerText()).toContain('2024-25');
    } finally {
      await context.close();
    }
  });
});
