import { tmpdir } from 'node:os';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enNotifications from '../app/locales/en/notifications.json';
import { apiCall, registerFan, signInVisitor } from './support/fans';
import { MAIL_READER } from './support/outbox';
import { openVisitor, startServerAndBrowser, type Visitor, waitUntilLive } from './support/page';
import type { RunningServer } from './support/server';

/**
 * The inbox in a real browser (decision 133): a signed-in fan has a page open; staff answer her
 * contact message through the API; the notification is written with the answer and pushed on
 * her live topic, so the header's bell counts it without a reload; she opens the inbox, sees
 * the answer, marks everything read, and the bell clears.
 */
/** Where the journey leaves its screenshots for a person to look at (not compared). */
const SHOTS = process.env.E2E_SHOTS_DIR ?? tmpdir();

let server: RunningServer;
let browser: Browser;
let visitor: Visitor;

beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser({ SIM: 'off' }, { staff: MAIL_READER }));
  visitor = await openVisitor(browser);
});

afterAll(async () => {
  await visitor?.context.close();
  await browser?.close();
  await server?.stop();
});

describe('notifications in the browser', () => {
  it('moves the bell live when an answer arrives, lists it in the inbox and clears it when read', async () => {
    const stamp = Date.now().toString(36);
    const fan = await registerFan(server, `inbox-${stamp}@example.com`, `Inbox ${stamp}`);
    const sent = await apiCall<{ id: number }>(
      server.origin,
      'POST',
      '/api/contact',
      { name: 'Inbox fan', email: `inbox-${stamp}@example.com`, topic: 'account', message: 'How do I change my nickname?' },
      fan.token,
    );
    expect(sent.status, sent.text).toBe(200);

    await signInVisitor(visitor, server.origin, fan.token);
    const { page } = visitor;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.origin}/en/basketball`);
    await waitUntilLive(page, 'en');
    const bell = page.getByRole('link', { name: /^Notifications/ });
    await expect(bell.getAttribute('aria-label')).resolves.toBe(enNotifications.page.title);

    const staff = await apiCall<{ token: string }>(server.origin, 'POST', '/api/user/login', { account: MAIL_READER.email, password: MAIL_READER.password });
    expect(staff.status, staff.text).toBe(200);
    const answer = 'Open Settings, then Change nickname. You can change it once a month.';
    const answered = await apiCall(server.origin, 'POST', `/api/staff/contact/${sent.data.id}/answer`, { answer }, staff.data.token);
    expect(answered.status, answered.text).toBe(200);

    // Pushed on users/<id> after the commit: no reload.
    await page.getByTestId('notification-badge').waitFor({ timeout: 20_000 });
    await expect(page.getByTestId('notification-badge').textContent()).resolves.toBe('1');
    await expect(bell.getAttribute('aria-label')).resolves.toBe('Notifications: 1 unread');

    await bell.click();
    await page.waitForURL(`${server.origin}/en/notifications`);
    await page.getByRole('link', { name: /System/ }).click();
    await page.waitForURL(`${server.origin}/en/notifications?tab=system`);
    const row = page.getByTestId('notification').first();
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain(enNotifications.kind.contact_answered.title);
    await expect(row.textContent()).resolves.toContain(answer);
    await expect(row.getAttribute('data-read')).resolves.toBe('false');

    await page.getByRole('button', { name: enNotifications.actions.markAllRead }).click();
    await page.locator('[data-testid="notification"][data-read="true"]').first().waitFor();
    await page.getByTestId('notification-badge').waitFor({ state: 'detached' });
    await expect(bell.getAttribute('aria-label')).resolves.toBe(enNotifications.page.title);

    // What the page shows is what the server holds.
    const unread = await apiCall<{ total: number }>(server.origin, 'GET', '/api/notifications/unread', undefined, fan.token);
    expect(unread.data).toEqual({ total: 0, interaction: 0, system: 0 });

    // One switch per kind the server sends, worded by the kind's feature; a switch is kept.
    await page.goto(`${server.origin}/en/personal-center/personal-center/notificationsSettings`);
    const switches = page.getByTestId('inbox-switches');
    await switches.getByRole('switch').first().waitFor();
    const labels = Object.values(enNotifications.settings.kinds).map((kind) => kind.label);
    for (const label of labels) await switches.getByRole('switch', { name: label }).waitFor();
    // as many switches as kinds the server sends (the community's among them), each worded
    const kinds = await apiCall<Record<string, boolean>>(server.origin, 'GET', '/api/notifications/settings', undefined, fan.token);
    expect(Object.keys(kinds.data).length).toBeGreaterThan(labels.length);
    await expect(switches.getByRole('switch').count()).resolves.toBe(Object.keys(kinds.data).length);
    for (const label of await switches.locator('label').allInnerTexts()) expect(label.trim()).not.toMatch(/^(|[\w-]+:[\w.]+)$/);
    const planSold = switches.getByRole('switch', { name: enNotifications.settings.kinds.plan_sold.label });
    await expect(planSold.getAttribute('aria-checked')).resolves.toBe('true');
    await planSold.click();
    await expect.poll(async () => (await apiCall<Record<string, boolean>>(server.origin, 'GET', '/api/notifications/settings', undefined, fan.token)).data.plan_sold).toBe(false);
    await page.reload();
    await page.getByTestId('inbox-switches').getByRole('switch').first().waitFor();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS}/notification-settings-en-${width}.png`, fullPage: true });
    }
    await expect(
      page.getByTestId('inbox-switches').getByRole('switch', { name: enNotifications.settings.kinds.plan_sold.label }).getAttribute('aria-checked'),
    ).resolves.toBe('false');
  });
});
