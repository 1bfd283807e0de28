import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enCommunity from '../app/features/community/locales/en.json';
import { apiCall, registerFan } from './support/fans';
import type { StaffAccount } from './support/outbox';
import { DESKTOP_CHROME_UA, startServerAndBrowser, waitUntilLive } from './support/page';
import type { RunningServer } from './support/server';

/**
 * The community's pages in real Chromium (issue 25): a fan writes a post with a picture in the
 * editor at desktop width (uploaded through the upload endpoint, previewed, posted, told it waits
 * for review); staff approve it; another fan, on a phone, finds it in the feed, likes it and
 * comments; the first fan, reading the scores, sees the interaction messages arrive live (the
 * bell's unread count) and finds the reply on the page; each width shows the other side too.
 */
const stamp = Date.now().toString(36);
const ADMIN: StaffAccount = { email: `pages-admin-${stamp}@example.com`, nickname: 'PagesAdmin', password: 'pages-admin-2026' };

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser({ SIM: 'off' }, { staff: ADMIN }));
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

async function signedInPage(token: string, width: number): Promise<Page> {
  const context = await browser.newContext({ userAgent: DESKTOP_CHROME_UA, viewport: { width, height: 900 } });
  contexts.push(context);
  await context.addCookies([{ name: 'tribun_session', value: token, url: server.origin, httpOnly: true, sameSite: 'Lax' }]);
  return context.newPage();
}

async function noSidewaysScroll(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

describe('community pages', () => {
  it('a fan posts with a picture, another likes and replies on a phone, the first sees it arrive live', async () => {
    const author = await registerFan(server, `author-${stamp}@example.com`, `Author ${stamp}`);
    const fan = await registerFan(server, `fan-${stamp}@example.com`, `Fan ${stamp}`);
    const picture = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#c8102e' } }).png().toBuffer();

    // The author writes the post at desktop width.
    const desk = await signedInPage(author.token, 1280);
    await desk.goto(`${server.origin}/en/community/community/postInfo`);
    const body = desk.getByTestId('editor-body');
    await body.waitFor({ timeout: 30_000 });
    await body.click();
    await desk.keyboard.type(`Derby day ${stamp}! `);
    await desk.keyboard.press('ControlOrMeta+b');
    await desk.keyboard.type('Come on');
    await desk.getByTestId('editor-file').setInputFiles({ name: 'stand.png', mimeType: 'image/png', buffer: picture });
    await desk.locator('[data-testid="editor-media"][data-state="done"] img').waitFor({ timeout: 30_000 });
    await desk.getByTestId('editor-submit').click();
    await desk.waitForURL(/\/en\/community\/community\/postDetail\/\d+$/, { timeout: 30_000 });
    const postId = Number(/postDetail\/(\d+)$/.exec(desk.url())?.[1]);
    await desk.getByTestId('post-detail').waitFor();
    // A new account's post waits for staff, and the page says so plainly.
    expect(await desk.getByTestId('post-detail').innerText()).toContain(enCommunity.post.pendingNote);
    expect(await desk.getByTestId('post-body').innerHTML()).toMatch(/<strong>\s?Come on<\/strong>/);
    await desk.locator('[data-testid="post-pictures"] img').first().waitFor();
    await noSidewaysScroll(desk, 1280);

    // Staff approve it.
    const staff = await apiCall<{ token: string }>(server.origin, 'POST', '/api/user/login', { account: ADMIN.email, password: ADMIN.password });
    const queue = await apiCall<{ list: { id: number; subject_id: number }[] }>(server.origin, 'GET', '/api/staff/reviews?kind=community_post&size=50', undefined, staff.data.token);
    const item = queue.data.list.find((row) => Number(row.subject_id) === postId);
    expect(item, queue.text).toBeDefined();
    const decided = await apiCall(server.origin, 'POST', `/api/staff/reviews/${item?.id}/decision`, { decision: 'approve' }, staff.data.token);
    expect(decided.status, decided.text).toBe(200);
    await expect.poll(async () => (await apiCall(server.origin, 'GET', `/api/community/posts/${postId}`, undefined, fan.token)).status, { timeout: 30_000 }).toBe(200);

    // The approval is the author's first message (a system one).
    await expect.poll(async () => (await apiCall<{ total: number }>(server.origin, 'GET', '/api/notifications/unread', undefined, author.token)).data.total, { timeout: 30_000 }).toBe(1);
    // The author reads the scores meanwhile, connected to the live channel (its indicator shows on the scores pages).
    await desk.goto(`${server.origin}/en/basketball`);
    await waitUntilLive(desk, 'en');
    const bell = desk.getByRole('link', { name: /^Notifications/ });
    await expect.poll(async () => desk.getByTestId('notification-badge').textContent(), { timeout: 30_000 }).toBe('1');

    // The other fan finds it in the feed on a phone, likes it and comments.
    const phone = await signedInPage(fan.token, 390);
    await phone.goto(`${server.origin}/en/community/community`);
    const card = phone.locator(`[data-testid="post-card"][data-post-id="${postId}"]`);
    await card.waitFor({ timeout: 30_000 });
    expect(await card.innerText()).toContain(`Author ${stamp}`);
    await card.locator('img').waitFor();
    await noSidewaysScroll(phone, 390);
    await card.getByTestId('post-link').click();
    await phone.waitForURL(new RegExp(`/en/community/community/postDetail/${postId}$`));
    // The post is in the server's HTML; the buttons work once the app has hydrated.
    await phone.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 30_000 });
    await phone.getByTestId('post-like').waitFor();
    await phone.getByTestId('post-like').click();
    await expect.poll(() => phone.getByTestId('post-like').getAttribute('aria-pressed')).toBe('true');
    expect(await phone.getByTestId('post-like').innerText()).toContain('1 like');
    await phone.getByTestId('comment-form').locator('textarea').fill(`Great post ${stamp}`);
    await phone.getByTestId('comment-send').click();
    await phone.locator('[data-testid="comment"]').filter({ hasText: `Great post ${stamp}` }).waitFor();
    await noSidewaysScroll(phone, 390);

    // Without JavaScript the feed and the post read the same: both are rendered on the server (docs/decisions/142).
    const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 900 } });
    contexts.push(noScript);
    const plain = await noScript.newPage();
    await plain.goto(`${server.origin}/en/community/community`);
    expect(await plain.locator(`[data-testid="post-card"][data-post-id="${postId}"]`).innerText()).toContain(`Author ${stamp}`);
    await plain.goto(`${server.origin}/en/community/community/postDetail/${postId}`);
    expect(await plain.getByTestId('post-body').innerHTML()).toMatch(/<strong>\s?Come on<\/strong>/);
    expect(await plain.getByTestId('post-like').innerText()).toContain('1 like');

    // The author sees the like and the reply arrive live: the bell counts them (beside the approval) without a reload.
    await expect.poll(async () => desk.getByTestId('notification-badge').textContent(), { timeout: 30_000 }).toBe('3');
    await expect(bell.getAttribute('aria-label')).resolves.toBe('Notifications: 3 unread');
    await bell.click();
    await desk.getByText(`Fan ${stamp} commented on your post`).first().waitFor({ timeout: 30_000 });

    // Each width shows the other side: the author on a phone answers the comment; the fan at desktop finds the answer under it.
    const authorPhone = await signedInPage(author.token, 390);
    await authorPhone.goto(`${server.origin}/en/community/community/postDetail/${postId}`);
    const comment = authorPhone.locator('[data-testid="comment"]').filter({ hasText: `Great post ${stamp}` });
    await comment.waitFor({ timeout: 30_000 });
    expect(await authorPhone.getByTestId('post-like').innerText()).toContain('1 like');
    await comment.getByTestId('comment-reply').click();
    await authorPhone.getByTestId('reply-form').locator('textarea').fill(`Thanks ${stamp}`);
    await authorPhone.getByTestId('reply-form').getByTestId('comment-send').click();
    await authorPhone.locator('[data-testid="comment"]').filter({ hasText: `Thanks ${stamp}` }).waitFor();
    await noSidewaysScroll(authorPhone, 390);
    const fanDesk = await signedInPage(fan.token, 1280);
    await fanDesk.goto(`${server.origin}/en/community/community/postDetail/${postId}`);
    const thread = fanDesk.locator('[data-testid="comment-list"] li').filter({ hasText: `Great post ${stamp}` });
    await thread.locator('[data-testid="comment"]').filter({ hasText: `Thanks ${stamp}` }).waitFor({ timeout: 30_000 });
    expect(await fanDesk.getByTestId('comment-list').locator('h2').innerText()).toBe('2 comments');
  });

  it('shows a missing post as not found, and asks a signed-out reader to log in for the following feed and the editor', async () => {
    const context = await browser.newContext({ userAgent: DESKTOP_CHROME_UA, viewport: { width: 390, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    // read on the server (docs/decisions/142): a missing post is a real 404, the same page as an address naming no post
    const missing = await page.goto(`${server.origin}/en/community/community/postDetail/2147483000`);
    expect(missing?.status()).toBe(404);
    const missingTitle = await page.locator('h1').first().innerText();
    const notNumber = await page.goto(`${server.origin}/en/community/community/postDetail/abc`);
    expect(notNumber?.status()).toBe(404);
    expect(await page.locator('h1').first().innerText()).toBe(missingTitle);
    await page.goto(`${server.origin}/en/community/community?tab=following`);
    expect(await page.getByTestId('community-login').innerText()).toContain('Please log in first');
    await page.goto(`${server.origin}/en/community/community/postInfo`);
    expect(await page.getByTestId('community-login').innerText()).toContain('Please log in first');
  });
});
