import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enStaff from '../app/locales/en/staff.json';
import trStaff from '../app/locales/tr/staff.json';
import zhStaff from '../app/locales/zh/staff.json';
import type { StaffAccount } from './support/outbox';
import { DESKTOP_CHROME_UA, startServerAndBrowser } from './support/page';
import type { RunningServer } from './support/server';

/**
 * The staff review queue against the real server in real Chromium (decision 134). No feature
 * registers a review kind yet, so the page must say plainly that nothing is waiting and name
 * the kinds that will use it, in every language and on a phone, and show no items. A fan
 * asking the queue's API is refused.
 */
const stamp = Date.now().toString(36);
const ADMIN: StaffAccount = { email: `review-admin-${stamp}@example.com`, nickname: 'ReviewAdmin', password: 'review-admin-2026' };

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser({}, { staff: ADMIN }));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the review queue before any feature uses it', () => {
  it('says nothing is waiting and names the kinds to come, in three languages at 1280 and 390 px', async () => {
    for (const width of [1280, 390]) {
      const context = await browser.newContext({ userAgent: DESKTOP_CHROME_UA, viewport: { width, height: 900 } });
      try {
        const page = await context.newPage();
        const login = await page.request.post(`${server.origin}/api/user/login`, { data: { account: ADMIN.email, password: ADMIN.password } });
        expect(login.status()).toBe(200);
        for (const [prefix, staff] of [['', trStaff], ['/en', enStaff], ['/zh', zhStaff]] as const) {
          await page.goto(`${server.origin}${prefix}/staff/reviews`);
          const none = page.getByTestId('staff-reviews-none');
          await none.waitFor({ timeout: 30_000 });
          expect(await page.locator('h1').innerText()).toBe(staff.reviews.title);
          const text = await none.innerText();
          expect(text).toContain(staff.reviews.none.title);
          for (const kind of ['post', 'report', 'evidence', 'order'] as const) expect(text).toContain(staff.reviews.kinds[kind]);
          expect(await page.getByTestId('staff-review-row').count()).toBe(0);
          // nothing wider than the screen
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        }
      } finally {
        await context.close();
      }
    }
  });

  it('refuses the queue to a signed-out reader', async () => {
    const context = await browser.newContext();
    try {
      const response = await context.request.get(`${server.origin}/api/staff/reviews`);
      expect(response.status()).toBe(401);
    } finally {
      await context.close();
    }
  });
});
