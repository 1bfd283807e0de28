import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_READER } from './support/outbox';
import { registerFan, signInVisitor } from './support/fans';
import { openVisitor, startServerAndBrowser, type Visitor } from './support/page';
import type { RunningServer } from './support/server';

/**
 * A fan's community pages (issue 25 "Bloggers", docs/decisions/145), in real Chromium against the
 * real server: fan A follows fan B from B's page (userCenter), the counts change, A's following
 * list (userFollow) shows B, and B's unlocked plans are B's alone — no tab for A, and the address
 * answers 404 — while B sees the tab on their own page. The page also fits a phone, and once B
 * blocks A, B's page is the 404 page to A (the header is read on the server).
 */
let server: RunningServer;
let browser: Browser;
let a: { id: number; token: string };
let b: { id: number; token: string };
let visitorA: Visitor;
let visitorB: Visitor;

async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 30_000 });
}

beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser({ SIM: 'off' }, { staff: MAIL_READER }));
  const suffix = Date.now().toString(36).slice(-5);
  a = await registerFan(server, `blogger-a-${suffix}@example.test`, `Ayla${suffix}`);
  b = await registerFan(server, `blogger-b-${suffix}@example.test`, `Baris${suffix}`);
  visitorA = await openVisitor(browser);
  visitorB = await openVisitor(browser);
  await signInVisitor(visitorA, server.origin, a.token);
  await signInVisitor(visitorB, server.origin, b.token);
});

afterAll(async () => {
  await visitorA?.context.close();
  await visitorB?.context.close();
  await browser?.close();
  await server?.stop();
});

describe('a fan’s page', () => {
  it('lets A follow B from B’s page, and the counts change', async () => {
    const page = visitorA.page;
    await page.goto(`${server.origin}/en/community/community/userCenter/${b.id}`);
    await hydrated(page);
    await page.getByTestId('user-header').waitFor();
    expect(await page.getByTestId('user-fans').textContent()).toBe('0 followers');
    const follow = page.getByTestId('user-follow');
    expect(await follow.getAttribute('aria-pressed')).toBe('false');
    await follow.click();
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('user-fans').textContent()).toBe('1 follower');
    // after a reload the server's counts agree
    await page.reload();
    await hydrated(page);
    await page.getByTestId('user-header').waitFor();
    expect(await page.getByTestId('user-fans').textContent()).toBe('1 follower');
    expect(await page.getByTestId('user-follow').textContent()).toBe('Following');
  });

  it('shows B in A’s following list, and A counts one following', async () => {
    const page = visitorA.page;
    await page.goto(`${server.origin}/en/community/community/userFollow/following/${a.id}`);
    await hydrated(page);
    const row = page.locator(`[data-testid="person"][data-user-id="${b.id}"]`);
    await row.waitFor();
    expect(await row.getByTestId('person-follow').getAttribute('aria-pressed')).toBe('true');
    await page.goto(`${server.origin}/en/community/community/userCenter/${a.id}`);
    await hydrated(page);
    await page.getByTestId('user-header').waitFor();
    expect(await page.getByTestId('user-following').textContent()).toBe('1 following');
  });

  it('keeps B’s unlocked plans B’s own: no tab for A, 404 at its address, the tab on B’s own page', async () => {
    const page = visitorA.page;
    await page.goto(`${server.origin}/en/community/community/userCenter/${b.id}`);
    await hydrated(page);
    await page.getByTestId('tab-followed').waitFor();
    expect(await page.getByTestId('tab-purchased').count()).toBe(0);
    const refused = await page.goto(`${server.origin}/en/community/community/userCenter/${b.id}?tab=purchased`);
    expect(refused?.status()).toBe(404);
    const own = await visitorB.page.goto(`${server.origin}/en/community/community/userCenter/${b.id}?tab=purchased`);
    expect(own?.status()).toBe(200);
    await hydrated(visitorB.page);
    await visitorB.page.getByTestId('purchased-list').waitFor();
    expect(await visitorB.page.getByTestId('tab-purchased').getAttribute('aria-current')).toBe('page');
  });

  it('answers an unknown follow list with 404 and fits a phone', async () => {
    const missing = await visitorA.page.goto(`${server.origin}/en/community/community/userFollow/fans/${b.id}`);
    expect(missing?.status()).toBe(404);
    const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, locale: 'tr-TR' });
    try {
      await phone.addCookies([{ name: 'tribun_session', value: a.token, url: server.origin, httpOnly: true, sameSite: 'Lax' }]);
      const page = await phone.newPage();
      await page.goto(`${server.origin}/community/community/userCenter/${b.id}`);
      await hydrated(page);
      await page.getByTestId('user-header').waitFor();
      expect(await page.getByTestId('user-fans').textContent()).toBe('1 takipçi');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    } finally {
      await phone.close();
    }
  });

  it('answers B’s page to A with the 404 page once B blocked A, and reads it without JavaScript to anyone else', async () => {
    const blocked = await fetch(`${server.origin}/api/social/blocks/${a.id}`, { method: 'PUT', headers: { token: b.token } });
    expect(blocked.status).toBe(200);
    const answer = await visitorA.page.goto(`${server.origin}/en/community/community/userCenter/${b.id}`);
    expect(answer?.status()).toBe(404);
    const anonymous = await fetch(`${server.origin}/en/community/community/userCenter/${b.id}`);
    expect(anonymous.status).toBe(200);
    const html = await anonymous.text();
    expect(html).toContain('data-testid="user-nickname"');
    expect(html).toContain('0 followers');
  });
});
