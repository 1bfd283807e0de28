import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enSports from '../app/features/sports/locales/en.json';
import trSports from '../app/features/sports/locales/tr.json';
import { loadCatalog } from '../server/catalog/catalog';
import type { StaffAccount } from './support/outbox';
import { DESKTOP_CHROME_UA, startServerAndBrowser } from './support/page';
import type { RunningServer } from './support/server';

/**
 * Sports news in real Chromium (docs/decisions/144): staff write an article in Turkish, English
 * and Chinese in the editor, tag a team and publish it; a fan on a phone finds it in the News
 * block of the team's page, opens it, and each language version names the others (hreflang,
 * x-default) and links them. An XSS payload in the body never runs, and the feed and the news
 * sitemap parse as XML in the browser.
 */
const stamp = Date.now().toString(36);
const ADMIN: StaffAccount = { email: `news-admin-${stamp}@example.com`, nickname: 'NewsDesk', password: 'news-admin-2026' };
const TITLES = { tr: `Derbi öncesi son durum ${stamp}`, en: `Derby preview ${stamp}`, zh: `德比前瞻 ${stamp}` } as const;
const football = loadCatalog().competitions.find((competition) => competition.sport === 'football')!;
const TEAM_ID = football.teams[0]!.id;

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser({}, { staff: ADMIN }));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 30_000 });
}

describe('sports news', () => {
  let articlePath = '';

  it('staff write an article in three languages, tag a team and publish it', async () => {
    const context = await browser.newContext({ userAgent: DESKTOP_CHROME_UA, viewport: { width: 1366, height: 900 }, locale: 'tr-TR' });
    const page = await context.newPage();
    const login = await page.request.post(`${server.origin}/api/user/login`, { data: { account: ADMIN.email, password: ADMIN.password } });
    expect(login.status()).toBe(200);
    await page.goto(`${server.origin}/staff/news`);
    await hydrated(page);
    await page.getByText(trSports.staff.empty).waitFor();
    await page.getByTestId('staff-news-new').click();
    await page.getByTestId('staff-news-form').waitFor();
    await page.locator('select[name="type"]').selectOption('preview');
    await page.locator('select[name="tag-type"]').selectOption('team');
    await page.locator('input[name="tag-id"]').fill(String(TEAM_ID));
    await page.getByTestId('staff-news-add-tag').click();
    for (const locale of ['tr', 'en', 'zh'] as const) {
      await page.locator(`[name="${locale}-title"]`).fill(TITLES[locale]);
      await page.locator(`[name="${locale}-summary"]`).fill(`${TITLES[locale]} — summary <img src=x onerror="window.__xss=3"></p><script>window.__xss=4</script>`);
      await page.locator(`[name="${locale}-body"]`).fill(`<h2>${TITLES[locale]}</h2><p>Body ${locale}.</p><img src=x onerror="window.__xss=1"><script>window.__xss=2</script>`);
    }
    await page.getByTestId('staff-news-save').click();
    await page.waitForURL(/\/staff\/news\/[0-9a-f-]{36}$/);
    await page.getByTestId('staff-news-publish').click();
    await page.getByTestId('staff-news-status').filter({ hasText: trSports.staff.status.published }).waitFor();
    articlePath = new URL(await page.getByTestId('staff-news-view').evaluate((a) => (a as HTMLAnchorElement).href)).pathname;
    expect(articlePath).toMatch(/^\/sports\/preview\/\d{4}-\d{2}-\d{2}\/[0-9a-f-]{36}$/);
    await context.close();
  });

  it('a fan on a phone finds it by its tag on the team page, and its language versions link each other', async () => {
    const context = await browser.newContext({ userAgent: DESKTOP_CHROME_UA, viewport: { width: 390, height: 844 }, locale: 'tr-TR' });
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`${server.origin}/team/${TEAM_ID}`);
    await hydrated(page);
    const card = page.getByTestId('news-block').getByRole('link', { name: new RegExp(TITLES.tr) });
    await card.waitFor();
    await card.click();
    await page.waitForURL(`${server.origin}${articlePath}`);
    await page.getByRole('heading', { level: 1, name: TITLES.tr }).waitFor();

    const alternates = async () =>
      page.locator('link[rel="alternate"][hreflang]').evaluateAll((links) => Object.fromEntries(links.map((l) => [l.getAttribute('hreflang'), new URL(l.getAttribute('href')!).pathname])));
    expect(await alternates()).toEqual({ tr: articlePath, en: `/en${articlePath}`, zh: `/zh${articlePath}`, 'x-default': articlePath });
    expect(new URL(await page.locator('link[rel="canonical"]').getAttribute('href').then(String)).pathname).toBe(articlePath);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}') as Record<string, unknown>;
    expect(ld).toMatchObject({ '@type': 'NewsArticle', headline: TITLES.tr, inLanguage: 'tr-TR' });
    expect(await page.getByTestId('news-body').locator('h2').textContent()).toBe(TITLES.tr);
    // the summary is plain text: its markup shows as typed, in the page and in the description
    await page.getByText(`${TITLES.tr} — summary <img src=x onerror="window.__xss=3">`, { exact: false }).first().waitFor();
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain('<script>window.__xss=4</script>');
    expect(await page.getByTestId('news-tags').getByRole('link').getAttribute('href')).toBe(`/team/${TEAM_ID}`);

    // the English version, from the page's own language link
    await page.getByTestId('news-languages').getByRole('link', { name: 'English' }).click();
    await page.waitForURL(`${server.origin}/en${articlePath}`);
    await page.getByRole('heading', { level: 1, name: TITLES.en }).waitFor();
    expect(await alternates()).toEqual({ tr: articlePath, en: `/en${articlePath}`, zh: `/zh${articlePath}`, 'x-default': articlePath });
    expect(await page.getByTestId('news-languages').getByRole('link').allTextContents()).toEqual(['Türkçe', '繁體中文']);
    await page.goto(`${server.origin}/en/sports`);
    await page.getByTestId('news-list').getByRole('link', { name: new RegExp(TITLES.en) }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(enSports.page.title);

    // nothing of the payload ran anywhere
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);

    // a wrong type or date moves for good to the article's address
    const moved = await page.request.get(`${server.origin}${articlePath.replace('/preview/', '/report/')}`, { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers().location).toBe(articlePath);
    await context.close();
  });

  it('the feeds and the news sitemap parse as XML in the browser', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.origin}/sports`);
    const results = await page.evaluate(async (paths) => {
      const out: Record<string, { error: boolean; items: number; titles: string[] }> = {};
      for (const path of paths) {
        const text = await (await fetch(path)).text();
        const doc = new DOMParser().parseFromString(text, 'application/xml');
        out[path] = {
          error: doc.getElementsByTagName('parsererror').length > 0,
          items: doc.getElementsByTagName('item').length + doc.getElementsByTagName('url').length,
          titles: [...doc.getElementsByTagName('title'), ...doc.getElementsByTagNameNS('http://www.google.com/schemas/sitemap-news/0.9', 'title')].map((node) => node.textContent ?? ''),
        };
      }
      return out;
    }, ['/sports/rss.xml', '/en/sports/rss.xml', '/zh/sports/rss.xml', '/news-sitemap.xml']);
    for (const [path, result] of Object.entries(results)) expect(result.error, path).toBe(false);
    expect(results['/en/sports/rss.xml']!.titles).toContain(TITLES.en);
    expect(results['/zh/sports/rss.xml']!.titles).toContain(TITLES.zh);
    expect(results['/news-sitemap.xml']!.titles).toEqual(expect.arrayContaining([TITLES.tr, TITLES.en, TITLES.zh]));
    await page.close();
  });
});
