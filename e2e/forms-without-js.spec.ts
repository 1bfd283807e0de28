import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../core/messages/messages';
import trAccount from '../app/locales/tr/account.json';
import trCenter from '../app/locales/tr/personalCenter.json';
import { codeFromOutbox, MAIL_READER } from './support/outbox';
import { DESKTOP_CHROME_UA, startServerAndBrowser } from './support/page';
import type { RunningServer } from './support/server';

/**
 * The account forms before their scripts (docs/decisions/100), in real Chromium against the
 * real server at its default log level: with JavaScript switched off a fan registers with the
 * emailed code, signs in, changes the password and resets it by code; with the scripts slowed
 * down a fan presses "Giriş yap" before the page has hydrated and is signed in. Every form goes
 * as a POST, and neither an address the browser asked for nor a line of the server's log holds
 * a password or a code.
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser({ LOG_LEVEL: 'info' }, { staff: MAIL_READER }));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Every request the context's pages made, as method and address. */
function recordRequests(context: BrowserContext): Array<{ method: string; url: string }> {
  const seen: Array<{ method: string; url: string }> = [];
  context.on('request', (request: Request) => seen.push({ method: request.method(), url: request.url() }));
  return seen;
}

/** The account forms' own submit button (the header has a "Giriş yap" link of its own). */
function formButton(page: Page, name: string) {
  return page.locator('form[method="post"]').getByRole('button', { name, exact: true });
}

async function signedInNickname(context: BrowserContext): Promise<string | null> {
  const response = await context.request.get(`${server.origin}/api/user/info`);
  if (response.status() !== 200) return null;
  return ((await response.json()) as { data: { nickname: string } }).data.nickname;
}

describe('account forms with JavaScript switched off', () => {
  const stamp = Date.now().toString(36);
  const email = `nojs-${stamp}@example.com`;
  const nickname = `NoJs${stamp.slice(-6)}`;
  const firstPassword = `ilk-sifre-${stamp}1`;
  const secondPassword = `ikinci-sifre-${stamp}2`;
  const thirdPassword = `ucuncu-sifre-${stamp}3`;
  const secrets: string[] = [firstPassword, secondPassword, thirdPassword];
  let context: BrowserContext;
  let page: Page;
  let requests: Array<{ method: string; url: string }>;

  beforeAll(async () => {
    context = await browser.newContext({
      javaScriptEnabled: false,
      userAgent: DESKTOP_CHROME_UA,
      viewport: { width: 390, height: 844 },
      locale: 'tr-TR',
    });
    requests = recordRequests(context);
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
  });

  it('registers with the emailed code', async () => {
    await page.goto(`${server.origin}/register`);
    await page.getByLabel(trAccount.form.email, { exact: true }).fill(email);
    await page.getByRole('button', { name: trAccount.form.sendCode }).click();
    await page.getByText(trAccount.form.codeSent.split('{{')[0] ?? '').first().waitFor();
    const code = await codeFromOutbox(server, email);
    secrets.push(code);
    // the address typed is still there after the round trip
    expect(await page.getByLabel(trAccount.form.email, { exact: true }).inputValue()).toBe(email);
    await page.getByLabel(trAccount.form.code, { exact: true }).fill(code);
    await formButton(page, trAccount.register.form.next).click();

    await page.getByLabel(trAccount.register.form.nickname, { exact: true }).fill(nickname);
    await page.getByLabel(trAccount.form.password, { exact: true }).fill(firstPassword);
    // two different passwords: the page says so in Turkish and keeps the nickname
    await page.getByLabel(trAccount.form.confirmPassword, { exact: true }).fill(`${firstPassword}x`);
    await formButton(page, trAccount.register.form.submit).click();
    await page.locator('[data-field-error="confirmPassword"]').waitFor();
    expect(await page.locator('[data-field-error="confirmPassword"]').textContent()).toBe(MESSAGES.tr['account.password.mismatch']);
    expect(await page.getByLabel(trAccount.register.form.nickname, { exact: true }).inputValue()).toBe(nickname);
    expect(await page.getByLabel(trAccount.form.password, { exact: true }).inputValue()).toBe('');

    await page.getByLabel(trAccount.form.password, { exact: true }).fill(firstPassword);
    await page.getByLabel(trAccount.form.confirmPassword, { exact: true }).fill(firstPassword);
    await formButton(page, trAccount.register.form.submit).click();
    await page.waitForURL(`${server.origin}/personal-center/personal-center`);
    expect(await signedInNickname(context)).toBe(nickname);
  });

  it('signs in after a wrong password, back where the fan was going', async () => {
    await context.clearCookies();
    expect(await signedInNickname(context)).toBeNull();
    await page.goto(`${server.origin}/login?redirect=${encodeURIComponent('/football')}`);
    await page.getByLabel(trAccount.login.form.account, { exact: true }).fill(nickname);
    await page.getByLabel(trAccount.login.form.password, { exact: true }).fill(`${firstPassword}-yanlis`);
    secrets.push(`${firstPassword}-yanlis`);
    await formButton(page, trAccount.login.form.submit).click();
    await page.getByRole('alert').filter({ hasText: MESSAGES.tr['account.loginFailed'] }).waitFor();
    // the account stays, the password does not
    expect(await page.getByLabel(trAccount.login.form.account, { exact: true }).inputValue()).toBe(nickname);
    expect(await page.getByLabel(trAccount.login.form.password, { exact: true }).inputValue()).toBe('');
    expect(await signedInNickname(context)).toBeNull();

    await page.getByLabel(trAccount.login.form.password, { exact: true }).fill(firstPassword);
    await formButton(page, trAccount.login.form.submit).click();
    await page.waitForURL(`${server.origin}/football`);
    expect(await signedInNickname(context)).toBe(nickname);
  });

  it('changes the password in the personal centre', async () => {
    await page.goto(`${server.origin}/personal-center/personal-center/updatePassword`);
    await page.getByLabel(trCenter.password.old, { exact: true }).fill('not-the-password-1');
    await page.getByLabel(trCenter.password.new, { exact: true }).fill(secondPassword);
    await page.getByLabel(trCenter.password.confirm, { exact: true }).fill(secondPassword);
    secrets.push('not-the-password-1');
    await formButton(page, trCenter.password.submit).click();
    await page.locator('[data-field-error="oldPassword"]').filter({ hasText: MESSAGES.tr['account.oldPassword.wrong'] }).waitFor();

    await page.getByLabel(trCenter.password.old, { exact: true }).fill(firstPassword);
    await page.getByLabel(trCenter.password.new, { exact: true }).fill(secondPassword);
    await page.getByLabel(trCenter.password.confirm, { exact: true }).fill(secondPassword);
    await formButton(page, trCenter.password.submit).click();
    await page.getByRole('status').filter({ hasText: trCenter.password.saved }).waitFor();
    // this session stays signed in
    expect(await signedInNickname(context)).toBe(nickname);
  });

  it('resets the password by emailed code, signed out', async () => {
    await context.clearCookies();
    await page.goto(`${server.origin}/forgot-password`);
    await page.getByLabel(trAccount.form.email, { exact: true }).fill(email);
    await page.getByRole('button', { name: trAccount.form.sendCode }).click();
    await page.getByText(trAccount.form.codeSent.split('{{')[0] ?? '').first().waitFor();
    // the outbox's newest mail to the address is the reset code
    const code = await codeFromOutbox(server, email);
    secrets.push(code);
    await page.getByLabel(trAccount.form.code, { exact: true }).fill(code);
    await page.getByLabel(trAccount.forgot.form.password, { exact: true }).fill(thirdPassword);
    await page.getByLabel(trAccount.forgot.form.confirmPassword, { exact: true }).fill(thirdPassword);
    await formButton(page, trAccount.forgot.form.submit).click();
    await page.getByRole('status').filter({ hasText: trAccount.forgot.done }).waitFor();

    await page.goto(`${server.origin}/login`);
    await page.getByLabel(trAccount.login.form.account, { exact: true }).fill(email);
    await page.getByLabel(trAccount.login.form.password, { exact: true }).fill(thirdPassword);
    await formButton(page, trAccount.login.form.submit).click();
    await page.waitForURL(`${server.origin}/personal-center/personal-center`);
    expect(await signedInNickname(context)).toBe(nickname);
  });

  it('sent every form as a POST and put no password or code in an address or the server log', () => {
    const posts = requests.filter((request) => request.method === 'POST').map((request) => new URL(request.url).pathname);
    expect(new Set(posts)).toEqual(new Set(['/register', '/login', '/personal-center/personal-center/updatePassword', '/forgot-password']));
    for (const request of requests) {
      const url = new URL(request.url);
      expect(url.searchParams.has('password'), request.url).toBe(false);
      expect(url.searchParams.has('code'), request.url).toBe(false);
      for (const secret of secrets) expect(request.url, request.url).not.toContain(encodeURIComponent(secret));
    }
    const log = server.output();
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});

describe('a sign-in pressed before the scripts have run', () => {
  it('signs the fan in through the form itself', async () => {
    const stamp = Date.now().toString(36);
    const email = `early-${stamp}@example.com`;
    const password = `erken-sifre-${stamp}4`;
    // an account, made through the API
    const codeAnswer = await fetch(`${server.origin}/api/user/code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, purpose: 'register' }),
    });
    expect(codeAnswer.status).toBe(200);
    const code = await codeFromOutbox(server, email);
    const registered = await fetch(`${server.origin}/api/user/reg`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, code, password, confirmPassword: password, nickname: `Early${stamp.slice(-6)}` }),
    });
    expect(registered.status).toBe(200);

    const context = await browser.newContext({ userAgent: DESKTOP_CHROME_UA, viewport: { width: 390, height: 844 }, locale: 'tr-TR' });
    try {
      const requests = recordRequests(context);
      // A slow phone: the page's scripts arrive ten seconds late.
      let heldScripts = 0;
      await context.route(/\/assets\/.*\.js(\?.*)?$/, async (route) => {
        heldScripts += 1;
        await new Promise((resolve) => setTimeout(resolve, 10_000));
        await route.continue().catch(() => {});
      });
      const page = await context.newPage();
      await page.goto(`${server.origin}/login`, { waitUntil: 'commit' });
      await page.getByLabel(trAccount.login.form.account, { exact: true }).fill(email);
      await page.getByLabel(trAccount.login.form.password, { exact: true }).fill(password);
      // the scripts are still on their way: the page has not hydrated
      expect(heldScripts).toBeGreaterThan(0);
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated ?? null)).not.toBe('true');
      await formButton(page, trAccount.login.form.submit).click();
      await page.waitForURL(`${server.origin}/personal-center/personal-center`, { waitUntil: 'commit' });
      expect(await signedInNickname(context)).toBe(`Early${stamp.slice(-6)}`);

      const posts = requests.filter((request) => request.method === 'POST').map((request) => new URL(request.url).pathname);
      expect(posts).toEqual(['/login']);
      for (const request of requests) expect(request.url).not.toContain(encodeURIComponent(password));
      expect(server.output()).not.toContain(password);
    } finally {
      await context.close();
    }
  });
});
