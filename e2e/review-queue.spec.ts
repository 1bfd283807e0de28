import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enStaff from '../app/locales/en/staff.json';
import trStaff from '../app/locales/tr/staff.json';
import zhStaff from '../app/locales/zh/staff.json';
import { apiCall, registerFan } from './support/fans';
import type { StaffAccount } from './support/outbox';
import { DESKTOP_CHROME_UA, startServerAndBrowser } from './support/page';
import type { RunningServer } from './support/server';

/**
 * The staff review queue against the real server in real Chromium (decision 134), with the first
 * feature that uses it: a new account's community post waits for staff (decision 139). Staff
 * find it under its kind in every language and on a phone, approve it on the page, and the post
 * is published and its author told in the inbox. A signed-out reader is refused the queue.
 */
const stamp = Date.now().toString(36);
const ADMIN: StaffAccount = { email: `review-admin-${stamp}@example.com`, nickname: 'ReviewAdmin', password: 'review-admin-2026' };

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser({ SIM: 'off' }, { staff: ADMIN }));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the review queue with the community', () => {
  it('holds a new account’s post for staff, who approve it on the page; the post is published and its author told', async () => {
    const author = await registerFan(server, `poster-${stamp}@example.com`, `Poster ${stamp}`);
    const reader = await registerFan(server, `reader-${stamp}@example.com`, `Reader ${stamp}`);
    const posted = await apiCall<{ id: number; status: string }>(server.origin, 'POST', '/api/community/posts', { sport: 'football', body: '<p>Derbi günü! <b>Hadi</b></p>' }, author.token);
    expect(posted.status, posted.text).toBe(200);
    expect(posted.data.status).toBe('pending_review');
    // Waiting: another fan cannot read it.
    expect((await apiCall(server.origin, 'GET', `/api/community/posts/${posted.data.id}`, undefined, reader.token)).status).toBe(404);

    for (const width of [1280, 390]) {
      const context = await browser.newContext({ userAgent: DESKTOP_CHROME_UA, viewport: { width, height: 900 } });
      try {
        const page = await context.newPage();
        const login = await page.request.post(`${server.origin}/api/user/login`, { data: { account: ADMIN.email, password: ADMIN.password } });
        expect(login.status()).toBe(200);
        for (const [prefix, staff] of [['', trStaff], ['/en', enStaff], ['/zh', zhStaff]] as const) {
          await page.goto(`${server.origin}${prefix}/staff/reviews`);
          const row = page.locator(`[data-testid="staff-review-row"][data-review-id]`).filter({ hasText: `Poster ${stamp}` });
          await row.first().waitFor({ timeout: 30_000 });
          expect(await page.locator('h1').innerText()).toBe(staff.reviews.title);
          expect(await row.first().innerText()).toContain(staff.reviews.kinds.community_post);
          await expect(page.getByTestId('staff-reviews-kind').innerText()).resolves.toContain(staff.reviews.kinds.community_post);
          // nothing wider than the screen
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        }
        if (width === 390) {
          await page.goto(`${server.origin}/en/staff/reviews`);
          const row = page.locator('[data-testid="staff-review-row"]').filter({ hasText: `Poster ${stamp}` }).first();
          await row.waitFor();
          await row.getByRole('button', { name: enStaff.reviews.approve }).click();
          await expect.poll(async () => (await apiCall<{ status: string }>(server.origin, 'GET', `/api/community/posts/${posted.data.id}`, undefined, reader.token)).status, { timeout: 30_000 }).toBe(200);
        }
      } finally {
        await context.close();
      }
    }
    const post = await apiCall<{ status: string; body_html: string }>(server.origin, 'GET', `/api/community/posts/${posted.data.id}`, undefined, reader.token);
    expect(post.data.status).toBe('published');
    expect(post.data.body_html).toBe('<p>Derbi günü! <strong>Hadi</strong></p>');
    // The review.decided subscriber told the author.
    await expect
      .poll(async () => (await apiCall<{ list: { kind: string }[] }>(server.origin, 'GET', '/api/notifications?group=system', undefined, author.token)).data.list.map((item) => item.kind), { timeout: 30_000 })
      .toContain('community.post_approved');
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
