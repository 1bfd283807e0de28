import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enAccount from '../app/locales/en/account.json';
import { MESSAGES } from '../core/messages/messages';
import enCommon from '../app/locales/en/common.json';
import enCenter from '../app/locales/en/personalCenter.json';
import trAccount from '../app/locales/tr/account.json';
import trCommon from '../app/locales/tr/common.json';
import trCenter from '../app/locales/tr/personalCenter.json';
import { codeFromOutbox, MAIL_READER } from './support/outbox';
import { openVisitor, startServerAndBrowser } from './support/page';
import type { RunningServer } from './support/server';

/**
 * A fan's account, end to end in real Chromium against the real server: register with the
 * code from the development outbox (read with a staff session), log out and in again, change the nickname and a
 * notification setting, star a match and find it among the collections, check in and find the
 * points in the history, log out. Once in Turkish and once in English.
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser({}, { staff: MAIL_READER }));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const LOCALES = [
  { locale: 'tr', prefix: '', account: trAccount, common: trCommon, center: trCenter },
  { locale: 'en', prefix: '/en', account: enAccount, common: enCommon, center: enCenter },
] as const;

/** Waits until the app has hydrated: clicks and typing reach React from then on. */
async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 30_000 });
}

async function accountInfo(page: Page): Promise<{ nickname: string; points: number; event_msg_status: Record<string, boolean> }> {
  // The page's own cookies: what the server knows about this session.
  const response = await page.request.get(`${server.origin}/api/user/info`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { nickname: string; points: number; event_msg_status: Record<string, boolean> } }).data;
}

describe.each(LOCALES)('an account in $locale', ({ locale, prefix, account, common, center }) => {
  const stamp = `${Date.now().toString(36)}${locale}`;
  const email = `fan-${stamp}@example.com`;
  const password = 'tribun2025';
  const nickname = `Fan ${stamp}`;
  let page: Page;

  beforeAll(async () => {
    ({ page } = await openVisitor(browser));
  });

  afterAll(async () => {
    await page?.context().close();
  });

  it('registers with the emailed code and lands in the personal centre, signed in', async () => {
    await page.goto(`${server.origin}${prefix}/register`);
    await hydrated(page);
    await page.getByLabel(account.form.email, { exact: true }).fill(email);
    await page.getByRole('button', { name: account.form.sendCode }).click();
    // The button counts down the 60 s before another code may be asked.
    await page.getByTestId('send-code').filter({ hasText: /\d/ }).waitFor();
    await page.getByLabel(account.form.code, { exact: true }).fill(await codeFromOutbox(server, email));
    await page.getByRole('button', { name: account.register.form.next }).click();

    await page.getByLabel(account.register.form.nickname, { exact: true }).fill(nickname);
    await page.getByLabel(account.form.password, { exact: true }).fill(password);
    // Two different passwords are refused before anything is sent.
    await page.getByLabel(account.form.confirmPassword, { exact: true }).fill(`${password}x`);
    await page.getByRole('button', { name: account.register.form.submit }).click();
    await page.locator('[data-field-error="confirmPassword"]').waitFor();
    await page.getByLabel(account.form.confirmPassword, { exact: true }).fill(password);
    await page.getByRole('button', { name: account.register.form.submit }).click();

    await page.waitForURL(`${server.origin}${prefix}/personal-center/personal-center`);
    expect(await page.getByTestId('profile-nickname').innerText()).toBe(nickname);
    expect(await page.getByTestId('user-menu').getAttribute('aria-label')).toContain(nickname);
    expect(await page.getByTestId('profile-points').innerText()).toMatch(/^\d/);
  });

  it('logs out and logs in again with the email, back to the page it came from', async () => {
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: common.layout.user.logout }).click();
    await page.waitForURL(`${server.origin}${prefix === '' ? '/' : prefix}`);
    await page.getByRole('banner').getByRole('link', { name: common.layout.nav.login, exact: true }).waitFor();

    // A signed-out visit to the personal centre goes to the login page, which brings it back.
    await page.goto(`${server.origin}${prefix}/personal-center/personal-center/pointsRecord`);
    await page.waitForURL(/\/login\?redirect=/);
    await hydrated(page);
    await page.getByLabel(account.login.form.account, { exact: true }).fill(email);
    await page.getByLabel(account.login.form.password, { exact: true }).fill('wrong-password1');
    await page.getByRole('button', { name: account.login.form.submit }).click();
    expect(await page.locator('form [role="alert"]').innerText()).toBe(MESSAGES[locale]['account.loginFailed']);
    await page.getByLabel(account.login.form.password, { exact: true }).fill(password);
    await page.getByRole('button', { name: account.login.form.submit }).click();
    await page.waitForURL(`${server.origin}${prefix}/personal-center/personal-center/pointsRecord`);
  });

  it('changes the nickname', async () => {
    await page.goto(`${server.origin}${prefix}/personal-center/personal-center/changeNickname`);
    await hydrated(page);
    const renamed = `${nickname}x`;
    await page.getByLabel(center.nickname.label, { exact: true }).fill(renamed);
    await page.getByRole('button', { name: center.form.save }).click();
    await page.getByRole('status').filter({ hasText: center.nickname.saved }).waitFor();
    expect(await page.getByTestId('user-menu').getAttribute('aria-label')).toContain(renamed);
    expect((await accountInfo(page)).nickname).toBe(renamed);
  });

  it('keeps a notification setting on the account', async () => {
    await page.goto(`${server.origin}${prefix}/personal-center/personal-center/notificationsSettings`);
    await hydrated(page);
    // The default is "what I follow" (decision 110): choose every competition.
    await page.getByTestId('goal-scope-all').check();
    await page.getByRole('status').filter({ hasText: center.notifications.saved }).waitFor();
    await page.getByTestId('setting-voice_stauts').click();
    await page.getByTestId('setting-voice_stauts').and(page.locator('[data-state="unchecked"]')).waitFor();
    await expect.poll(async () => (await accountInfo(page)).event_msg_status).toMatchObject({ all_comp: true, game_collect: false, voice_stauts: false });
    // The server renders the page with the saved settings.
    await page.reload();
    expect(await page.getByTestId('goal-scope-all').isChecked()).toBe(true);
    expect(await page.getByTestId('setting-voice_stauts').getAttribute('data-state')).toBe('unchecked');
  });

  it('stars a match on the football list and finds it among the collections', async () => {
    await page.goto(`${server.origin}${prefix}/football`);
    await hydrated(page);
    const row = page.locator('[data-testid="football-row"]').first();
    const matchId = await row.getAttribute('data-match-id');
    const star = row.getByTestId('collect-button');
    expect(await star.getAttribute('aria-pressed')).toBe('false');
    await star.click();
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');

    await page.goto(`${server.origin}${prefix}/personal-center/personal-center/competitionCollection`);
    await page.locator(`[data-testid="collected-match"][data-match-id="${matchId}"]`).waitFor();

    // The shared day list does not know the reader; the row still shows the star after a reload.
    await page.goto(`${server.origin}${prefix}/football`);
    await hydrated(page);
    const again = page.locator(`[data-testid="football-row"][data-match-id="${matchId}"]`).getByTestId('collect-button');
    await expect.poll(() => again.getAttribute('aria-pressed')).toBe('true');
  });

  it('checks in and sees the points in the history', async () => {
    await page.goto(`${server.origin}${prefix}/personal-center/personal-center`);
    await hydrated(page);
    const before = (await accountInfo(page)).points;
    await page.getByTestId('checkin-button').click();
    await page.getByTestId('checkin-button').filter({ hasText: center.checkin.checkedIn }).waitFor();
    expect(await page.getByTestId('checkin-button').isDisabled()).toBe(true);
    const after = (await accountInfo(page)).points;
    expect(after).toBeGreaterThan(before);

    await page.goto(`${server.origin}${prefix}/personal-center/personal-center/pointsRecord`);
    await page.locator('[data-testid="points-row"][data-reason="checkin"]').waitFor();
    const reasons = await page.locator('[data-testid="points-row"]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-reason')));
    expect(reasons).toEqual(['checkin', 'welcome']);
    const first = await page.locator('[data-testid="points-row"]').first().innerText();
    expect(first).toContain(center.points.reasons.checkin);
    // Minutes old: it reads relative (section 9), its date in the title.
    expect(first).toContain(center.points.justNow);
    expect((await page.getByTestId('points-balance').innerText()).replace(/\D/g, '')).toBe(String(after));
  });

  it('logs out', async () => {
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: common.layout.user.logout }).click();
    await page.getByRole('banner').getByRole('link', { name: common.layout.nav.login, exact: true }).waitFor();
    // Pages of the account are left for the home page.
    await page.waitForURL(`${server.origin}${prefix === '' ? '/' : prefix}`);
    const response = await page.request.get(`${server.origin}/api/user/info`);
    expect(response.status()).toBe(401);
    const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('app') ?? '{}') as { isLoggedIn?: boolean; token?: string });
    expect(stored).toMatchObject({ isLoggedIn: false, token: '' });
  });
});
