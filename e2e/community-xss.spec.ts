import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, registerFan } from './support/fans';
import type { StaffAccount } from './support/outbox';
import { DESKTOP_CHROME_UA, startServerAndBrowser } from './support/page';
import type { RunningServer } from './support/server';
import { XSS_PAYLOADS } from './support/xss-payloads';

/**
 * Sixty script-injection payloads written where fans write — posts, comments and nicknames — and
 * read where others read them — the feed, the hot list, a post with its comments, a fan's page,
 * the staff review queue — in real Chromium: none runs (no call of the watched function, no
 * dialog, no event-handler attribute, no script address, no frame), and the formatting the
 * community allows (bold, italic, lists, quotes, links with rel="nofollow ugc noopener") survives.
 */
const stamp = Date.now().toString(36);
const ADMIN: StaffAccount = { email: `xss-admin-${stamp}@example.com`, nickname: 'XssAdmin', password: 'xss-admin-2026' };
const PER_WRITE = 10;

let server: RunningServer;
let browser: Browser;
let staffToken: string;

beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser({ SIM: 'off' }, { staff: ADMIN }));
  const login = await apiCall<{ token: string }>(server.origin, 'POST', '/api/user/login', { account: ADMIN.email, password: ADMIN.password });
  expect(login.status, login.text).toBe(200);
  staffToken = login.data.token;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Staff approve a new account's waiting post (found by its id in the queue). */
async function approve(postId: number): Promise<void> {
  const queue = await apiCall<{ list: { id: number; subject_id: number }[] }>(server.origin, 'GET', '/api/staff/reviews?kind=community_post&size=50', undefined, staffToken);
  const item = queue.data.list.find((row) => row.subject_id === postId);
  expect(item, `post ${postId} waits in the queue`).toBeDefined();
  const decided = await apiCall(server.origin, 'POST', `/api/staff/reviews/${item!.id}/decision`, { decision: 'approve' }, staffToken);
  expect(decided.status, decided.text).toBe(200);
  // the community publishes it from the decision's event, delivered by the job runner
  await expect.poll(async () => (await apiCall(server.origin, 'GET', `/api/community/posts/${postId}`)).status, { timeout: 30_000 }).toBe(200);
}

interface Watch {
  hits: number[];
  dialogs: string[];
}

/** Opens a page with the watched function and dialog listener in place before any script runs. */
async function watchedPage(width: number, token?: string): Promise<{ page: Page; watch: Watch; close: () => Promise<void> }> {
  const context = await browser.newContext({ userAgent: DESKTOP_CHROME_UA, viewport: { width, height: 900 } });
  if (token) await context.addCookies([{ name: 'tribun_session', value: token, url: server.origin, httpOnly: true, sameSite: 'Lax' }]);
  const watch: Watch = { hits: [], dialogs: [] };
  await context.exposeFunction('__xss', (n: number) => {
    watch.hits.push(n);
  });
  const page = await context.newPage();
  page.on('dialog', (dialog) => {
    watch.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return { page, watch, close: () => context.close() };
}

/** What must never be in a page a fan's words reached. */
async function dangerousMarkup(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const element of Array.from(document.querySelectorAll('body *'))) {
      for (const attribute of Array.from(element.attributes)) {
        if (/^on/i.test(attribute.name)) found.push(`${element.tagName} ${attribute.name}`);
        if (/^(href|src|action|formaction|data|xlink:href)$/i.test(attribute.name) && /^\s*(javascript|vbscript|data):/i.test(attribute.value)) found.push(`${element.tagName} ${attribute.name}=${attribute.value.slice(0, 30)}`);
      }
    }
    for (const element of Array.from(document.querySelectorAll('body iframe, body object, body embed, body base, meta[http-equiv="refresh" i], body style, body link'))) found.push(element.tagName);
    return found;
  });
}

async function visit(page: Page, watch: Watch, url: string, expectText?: string): Promise<void> {
  const response = await page.goto(`${server.origin}${url}`, { waitUntil: 'load' });
  expect(response?.status(), url).toBeLessThan(400);
  if (expectText) await page.getByText(expectText, { exact: false }).first().waitFor({ timeout: 30_000 });
  // let hydration and any deferred handler (autofocus, image errors) have their moment
  await page.waitForTimeout(300);
  expect(watch.hits, `${url}: a payload ran`).toEqual([]);
  expect(watch.dialogs, `${url}: a dialog opened`).toEqual([]);
  expect(await dangerousMarkup(page), url).toEqual([]);
}

describe('script injection in the community', () => {
  it('refuses a nickname with markup at registration', async () => {
    for (const nickname of ['<script>x</script>', '<img src=x onerror=1>', '"><b>x', 'a&lt;b']) {
      const answer = await apiCall(server.origin, 'POST', '/api/user/reg', { email: `nick-${stamp}@example.com`, code: '000000', password: 'tribun2026', confirmPassword: 'tribun2026', nickname });
      expect(answer.status, nickname).toBe(400);
    }
  });

  it('runs none of sixty payloads in posts and comments, on every page that shows them, and keeps the allowed formatting', async () => {
    const fans = [];
    for (let index = 0; index < XSS_PAYLOADS.length / PER_WRITE + 1; index += 1) fans.push(await registerFan(server, `xss-${index}-${stamp}@example.com`, `Xss${index}${stamp}`));
    const [keeper, ...writers] = fans;

    // The control post, with everything the community allows.
    const control = await apiCall<{ id: number }>(
      server.origin,
      'POST',
      '/api/community/posts',
      { sport: 'football', body: '<p><strong>KEEP-BOLD</strong> <em>KEEP-EM</em> <a href="https://example.com/ok">KEEP-LINK</a></p><ul><li>KEEP-LI</li></ul><blockquote><p>KEEP-QUOTE</p></blockquote>' },
      keeper!.token,
    );
    expect(control.status, control.text).toBe(200);
    await approve(control.data.id);

    // Ten payloads a post and ten a comment; every writer is a new account, so staff approve each post.
    const posts: { id: number; marker: string }[] = [];
    for (const [index, writer] of writers.entries()) {
      const payloads = XSS_PAYLOADS.slice(index * PER_WRITE, (index + 1) * PER_WRITE);
      const marker = `XSS-POST-${index}-${stamp}`;
      const posted = await apiCall<{ id: number }>(server.origin, 'POST', '/api/community/posts', { sport: 'football', body: `<p>${marker}</p>${payloads.join('\n')}` }, writer.token);
      expect(posted.status, posted.text).toBe(200);
      posts.push({ id: posted.data.id, marker });
      const commented = await apiCall(server.origin, 'POST', `/api/community/posts/${control.data.id}/comments`, { body: `<p>XSS-COMMENT-${index}</p>${payloads.join('\n')}` }, writer.token);
      expect(commented.status, commented.text).toBe(200);
    }

    // Staff read the waiting posts' labels in the queue before deciding.
    const staffView = await watchedPage(1280, staffToken);
    try {
      await visit(staffView.page, staffView.watch, '/en/staff/reviews', `Xss1${stamp}`);
    } finally {
      await staffView.close();
    }
    for (const post of posts) await approve(post.id);

    for (const width of [1280, 390]) {
      const reader = await watchedPage(width, keeper!.token);
      try {
        const { page, watch } = reader;
        await visit(page, watch, '/en/community/community', posts[0]!.marker);
        // the watch itself works: a call from the page is seen
        await page.evaluate(() => (window as unknown as { __xss: (n: number) => Promise<void> }).__xss(0));
        expect(watch.hits).toEqual([0]);
        watch.hits.length = 0;
        await visit(page, watch, '/en/community/community/pageLayout/hotList');
        await visit(page, watch, `/en/community/community/postDetail/${control.data.id}`, 'XSS-COMMENT-0');
        // the allowed formatting, as the server sanitised it and the page shows it
        expect(await page.locator('strong', { hasText: 'KEEP-BOLD' }).count()).toBeGreaterThan(0);
        expect(await page.locator('em', { hasText: 'KEEP-EM' }).count()).toBeGreaterThan(0);
        expect(await page.locator('li', { hasText: 'KEEP-LI' }).count()).toBeGreaterThan(0);
        expect(await page.locator('blockquote', { hasText: 'KEEP-QUOTE' }).count()).toBeGreaterThan(0);
        const link = page.locator('a', { hasText: 'KEEP-LINK' }).first();
        expect(await link.getAttribute('href')).toBe('https://example.com/ok');
        expect(await link.getAttribute('rel')).toBe('nofollow ugc noopener');
        expect(await link.getAttribute('target')).toBeNull();
        for (const post of width === 1280 ? posts : posts.slice(0, 1)) await visit(page, watch, `/en/community/community/postDetail/${post.id}`, post.marker);
        await visit(page, watch, `/en/community/community/userCenter/${writers[0]!.id}`);
      } finally {
        await reader.close();
      }
    }
  });
});
