import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enCommunity from '../app/features/community/locales/en.json';
import trCommunity from '../app/features/community/locales/tr.json';
import zhCommunity from '../app/features/community/locales/zh.json';
import { apiCall, registerFan } from './support/fans';
import type { StaffAccount } from './support/outbox';
import { DESKTOP_CHROME_UA, startServerAndBrowser } from './support/page';
import type { RunningServer } from './support/server';

/**
 * Community moderation against the real server in real Chromium (decision 143): a post reported
 * by the threshold of distinct fans (COMMUNITY_REPORT_HIDE_REPORTERS, 3) disappears for readers;
 * staff find it on the reports page, restore it there, and it is back for everyone, with the
 * restoration in the audit log. The fans report through the API with their sessions (the report
 * dialog of the post page is another piece of work).
 */
const stamp = Date.now().toString(36);
const ADMIN: StaffAccount = { email: `moderation-admin-${stamp}@example.com`, nickname: 'ModAdmin', password: 'moderation-admin-2026' };

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser({ SIM: 'off' }, { staff: ADMIN }));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('community moderation', () => {
  it('hides a post reported by three fans; staff restore it from the reports page and it is back', async () => {
    const login = await apiCall<{ token: string }>(server.origin, 'POST', '/api/user/login', { account: ADMIN.email, password: ADMIN.password });
    expect(login.status, login.text).toBe(200);
    const staffToken = login.data.token;
    const author = await registerFan(server, `mod-author-${stamp}@example.com`, `Author ${stamp}`);
    const reader = await registerFan(server, `mod-reader-${stamp}@example.com`, `Reader ${stamp}`);

    // A new account's post waits for review first: staff approve it, and it is published.
    const posted = await apiCall<{ id: number; status: string }>(server.origin, 'POST', '/api/community/posts', { sport: 'football', body: `<p>Hakem maçı bitirdi ${stamp}</p>` }, author.token);
    expect(posted.status, posted.text).toBe(200);
    const postId = posted.data.id;
    const queue = await apiCall<{ list: { id: number; subject_id: number }[] }>(server.origin, 'GET', '/api/staff/reviews?kind=community_post&size=50', undefined, staffToken);
    const item = queue.data.list.find((entry) => entry.subject_id === postId);
    expect(item).toBeTruthy();
    expect((await apiCall(server.origin, 'POST', `/api/staff/reviews/${item!.id}/decision`, { decision: 'approve' }, staffToken)).status).toBe(200);
    const readerSees = async () => (await apiCall(server.origin, 'GET', `/api/community/posts/${postId}`, undefined, reader.token)).status;
    await expect.poll(readerSees, { timeout: 30_000 }).toBe(200);

    // Two reports leave it up; the third distinct fan's hides it from readers and lists.
    for (let index = 0; index < 3; index++) {
      const reporter = await registerFan(server, `mod-reporter-${index}-${stamp}@example.com`, `Reporter${index} ${stamp}`);
      const reported = await apiCall<{ counted: boolean }>(server.origin, 'POST', '/api/community/reports', { target_type: 'post', target_id: postId, reason: 'abuse' }, reporter.token);
      expect(reported.status, reported.text).toBe(200);
      expect(reported.data.counted).toBe(true);
      expect(await readerSees()).toBe(index < 2 ? 200 : 404);
    }
    const listed = await apiCall<{ list: { id: number }[] }>(server.origin, 'GET', '/api/community/posts?size=50', undefined, reader.token);
    expect(listed.data.list.map((post) => post.id)).not.toContain(postId);
    const own = await apiCall<{ status: string; hidden_reason: string }>(server.origin, 'GET', `/api/community/posts/${postId}`, undefined, author.token);
    expect(own.data).toMatchObject({ status: 'hidden', hidden_reason: 'reported' });

    // rendered on the server: the case is on the page without JavaScript
    const plain = await browser.newContext({ userAgent: DESKTOP_CHROME_UA, javaScriptEnabled: false });
    try {
      const page = await plain.newPage();
      expect((await page.request.post(`${server.origin}/api/user/login`, { data: { account: ADMIN.email, password: ADMIN.password } })).status()).toBe(200);
      const response = await page.goto(`${server.origin}/en/staff/community/reports`);
      expect(response?.status()).toBe(200);
      expect(await page.locator(`[data-testid="staff-report-case"][data-target="post:${postId}"]`).innerText()).toContain(`Hakem maçı bitirdi ${stamp}`);
      // the forms post without scripts too: deleting without a reason is refused with the message, nothing changes
      const plainRow = page.locator(`[data-testid="staff-report-case"][data-target="post:${postId}"]`);
      await plainRow.getByRole('button', { name: enCommunity.moderation.action.delete }).click();
      await page.waitForLoadState('load');
      expect(await page.locator(`[data-testid="staff-report-case"][data-target="post:${postId}"]`).innerText()).toContain('Please choose a reason');
      expect(await readerSees()).toBe(404);
      expect((await apiCall<{ status: string }>(server.origin, 'GET', `/api/staff/community/posts/${postId}`, undefined, staffToken)).data.status).toBe('hidden');
      const audit = await page.goto(`${server.origin}/en/staff/community/audit?target_type=post&target_id=${postId}`);
      expect(audit?.status()).toBe(200);
    } finally {
      await plain.close();
    }

    const context = await browser.newContext({ userAgent: DESKTOP_CHROME_UA, viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      const signedIn = await page.request.post(`${server.origin}/api/user/login`, { data: { account: ADMIN.email, password: ADMIN.password } });
      expect(signedIn.status()).toBe(200);
      for (const [prefix, texts] of [['', trCommunity], ['/zh', zhCommunity], ['/en', enCommunity]] as const) {
        await page.goto(`${server.origin}${prefix}/staff/community/reports`);
        const row = page.locator(`[data-testid="staff-report-case"][data-target="post:${postId}"]`);
        await row.waitFor({ timeout: 30_000 });
        expect(await page.locator('h1').innerText()).toBe(texts.moderation.reports.title);
        expect(await row.getByTestId('staff-report-status').innerText()).toBe(texts.moderation.status.hidden);
        expect(await row.innerText()).toContain(`Hakem maçı bitirdi ${stamp}`);
      }
      // on a phone: the page fits the screen
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await page.locator(`[data-testid="staff-report-case"][data-target="post:${postId}"]`).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // on the English page: restore
      const row = page.locator(`[data-testid="staff-report-case"][data-target="post:${postId}"]`);
      await row.getByRole('button', { name: enCommunity.moderation.action.restore }).click();
      await page.getByText(enCommunity.moderation.done.restore).waitFor({ timeout: 30_000 });
      await expect.poll(() => row.getByTestId('staff-report-status').innerText(), { timeout: 30_000 }).toBe(enCommunity.moderation.status.published);
      expect(await readerSees()).toBe(200);

      // the audit log shows who restored it
      await page.goto(`${server.origin}/en/staff/community/audit?target_type=post&target_id=${postId}`);
      const entry = page.locator('[data-testid="staff-audit-row"][data-action="post_restored"]');
      await entry.waitFor({ timeout: 30_000 });
      expect(await entry.innerText()).toContain(ADMIN.nickname);
    } finally {
      await context.close();
    }
    const back = await apiCall<{ list: { id: number }[] }>(server.origin, 'GET', '/api/community/posts?size=50', undefined, reader.token);
    expect(back.data.list.map((post) => post.id)).toContain(postId);
    await expect
      .poll(async () => (await apiCall<{ list: { kind: string }[] }>(server.origin, 'GET', '/api/notifications?group=system', undefined, author.token)).data.list.map((row) => row.kind), { timeout: 30_000 })
      .toContain('community.content_restored');
    // a fan is refused the staff page's data
    expect((await apiCall(server.origin, 'GET', '/api/staff/community/reports', undefined, reader.token)).status).toBe(403);
  });
});
