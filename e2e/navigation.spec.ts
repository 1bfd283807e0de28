import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enCommon from '../app/locales/en/common.json';
import enErrors from '../app/locales/en/errors.json';
import enScores from '../app/locales/en/scores.json';
import trCommon from '../app/locales/tr/common.json';
import trErrors from '../app/locales/tr/errors.json';
import trScores from '../app/locales/tr/scores.json';
import { GOOGLEBOT_UA, openVisitor, startServerAndBrowser, type Visitor, waitUntilLive } from './support/page';
import type { RunningServer } from './support/server';

/**
 * Moving around the site (section 2): the language menu keeps the page, unknown addresses get
 * the not-found page that sends people home after 3 s (and crawlers a bare 404), and old
 * addresses are sent on permanently.
 */
let server: RunningServer;
let browser: Browser;
let visitor: Visitor;

beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser());
  visitor = await openVisitor(browser);
});

afterAll(async () => {
  await visitor?.context.close();
  await browser?.close();
  await server?.stop();
});

describe('language switch', () => {
  it('Türkçe → English on /football goes to /en/football, keeping the query', async () => {
    const { page, context } = visitor;
    await page.goto(`${server.origin}/football?list=hot`);
    await waitUntilLive(page, 'tr');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(trScores.football.title);

    await page
      .getByRole('banner')
      .getByRole('button', { name: `${trCommon.layout.language.label}: ${trCommon.language.tr}` })
      .click();
    await page.getByRole('menuitem', { name: enCommon.language.en }).click();
    await page.waitForURL(`${server.origin}/en/football?list=hot`);

    await page.getByRole('heading', { level: 1, name: enScores.football.title }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en-US');
    // The header now speaks English too, and the choice is remembered.
    expect(
      await page
        .getByRole('banner')
        .getByRole('button', { name: `${enCommon.layout.language.label}: ${enCommon.language.en}` })
        .isVisible(),
    ).toBe(true);
    const cookies = await context.cookies(server.origin);
    expect(cookies.find((cookie) => cookie.name === 'locale')?.value).toBe('en');
    // Still the hot view, now labelled in English.
    const views = page.getByRole('navigation', { name: enScores.football.view });
    const current = (await views.locator('[aria-current="page"]').textContent()) ?? '';
    expect(current).toBe(enScores.football.hot.replace('{{count}}', current.replace(/\D/g, '')));
    await context.clearCookies();
  });
});

describe('not-found page', () => {
  it('/no-such-page answers 404 with the page, then goes home after about 3 s', async () => {
    const { page } = visitor;
    const response = await page.goto(`${server.origin}/no-such-page`);
    const loadedAt = Date.now();
    expect(response?.status()).toBe(404);

    const copy = trErrors.notFound.page;
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(copy.title);
    expect(await page.getByText(copy.description, { exact: true }).isVisible()).toBe(true);
    const main = page.getByRole('main');
    expect(await main.getByRole('link', { name: copy.goHome, exact: true }).getAttribute('href')).toBe('/');
    expect(await main.getByRole('button', { name: copy.goBack, exact: true }).isVisible()).toBe(true);
    const quick = main.getByRole('navigation', { name: copy.quickLinks });
    const hrefs = await quick.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(['/', '/football', '/basketball', '/forecast']);
    expect(await page.title()).toContain(copy.title);

    // Still here shortly before the 3 s are up, home a little after.
    await page.waitForTimeout(Math.max(0, 2_000 - (Date.now() - loadedAt)));
    expect(new URL(page.url()).pathname).toBe('/no-such-page');
    await page.waitForURL(`${server.origin}/`, { timeout: 8_000 });
    const waited = Date.now() - loadedAt;
    expect(waited).toBeGreaterThanOrEqual(2_500);
    await page.getByRole('heading', { level: 1, name: trScores.home.title }).waitFor();
  });

  it('/en/no-such-page is the English not-found page and goes home to /en', async () => {
    const { page } = visitor;
    const response = await page.goto(`${server.origin}/en/no-such-page`);
    expect(response?.status()).toBe(404);
    const copy = enErrors.notFound.page;
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(copy.title);
    expect(await page.getByRole('main').getByRole('link', { name: copy.goHome, exact: true }).getAttribute('href')).toBe('/en');
    await page.waitForURL(`${server.origin}/en`, { timeout: 8_000 });
    await page.getByRole('heading', { level: 1, name: enScores.home.title }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en-US');
  });

  it('a crawler gets a plain 404 without the page', async () => {
    // Over HTTP, as a crawler fetches it.
    const raw = await fetch(`${server.origin}/no-such-page`, { headers: { 'User-Agent': GOOGLEBOT_UA } });
    expect(raw.status).toBe(404);
    expect(raw.headers.get('content-type')).toMatch(/^text\/plain/);
    const body = await raw.text();
    expect(body).not.toMatch(/<html|<script/i);
    expect(body).not.toContain(trErrors.notFound.page.title);

    // And in a browser that calls itself Googlebot: nothing to render, nothing to send it home.
    const bot = await openVisitor(browser, GOOGLEBOT_UA);
    try {
      const response = await bot.page.goto(`${server.origin}/no-such-page`);
      expect(response?.status()).toBe(404);
      expect(await bot.page.locator('h1').count()).toBe(0);
      expect(await bot.page.getByText(trErrors.notFound.page.title).count()).toBe(0);
      await bot.page.waitForTimeout(3_500);
      expect(new URL(bot.page.url()).pathname).toBe('/no-such-page');
    } finally {
      await bot.context.close();
    }

    // A person asking for the same address gets the page (same server, same path).
    const person = await fetch(`${server.origin}/no-such-page`, {
      headers: { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36' },
    });
    expect(person.status).toBe(404);
    expect(await person.text()).toContain(trErrors.notFound.page.title);
  });
});

describe('old addresses', () => {
  it('/football/Details/{id}1111/h2h is sent on to /football/Details/{id}/h2h with 301', async () => {
    const { page } = visitor;
    await page.goto(`${server.origin}/football`);
    const row = page.locator('[data-testid="football-row"]').first();
    const id = await row.getAttribute('data-match-id');
    expect(id).toMatch(/^\d+$/);
    const rowText = await row.getByRole('link').first().innerText();

    const legacy = `/football/Details/${id}1111/h2h`;
    const target = `/football/Details/${id}/h2h`;

    const raw = await fetch(`${server.origin}${legacy}`, { redirect: 'manual' });
    expect(raw.status).toBe(301);
    expect(raw.headers.get('location')).toBe(target);

    const response = await page.goto(`${server.origin}${legacy}`);
    expect(response?.status()).toBe(200);
    expect(response?.request().redirectedFrom()?.url()).toBe(`${server.origin}${legacy}`);
    expect((await response?.request().redirectedFrom()?.response())?.status()).toBe(301);
    expect(page.url()).toBe(`${server.origin}${target}`);

    // It is that match's page, on the head-to-head tab.
    const heading = await page.getByRole('heading', { level: 1 }).textContent();
    const homeTeam = rowText.split('\n')[0]!.trim();
    expect(heading).toContain(homeTeam);
    const tabs = page.getByRole('navigation', { name: trScores.detail.tabsLabel });
    expect(await tabs.locator('[aria-current="page"]').textContent()).toContain(trScores.detail.tab.h2h);
  });

  it('old links with the address in the hash (/#contact/…, /#about-us/…) land on the home page', async () => {
    const { page } = visitor;
    await page.goto(`${server.origin}/en#about-us/2024-05-06/abc123`);
    await page.waitForURL(`${server.origin}/en`);
    await page.getByRole('heading', { level: 1, name: enScores.home.title }).waitFor();
    expect(new URL(page.url()).hash).toBe('');
  });

  it('the other old-address rules answer 301 to their new place, keeping locale and query', async () => {
    const cases: [string, string][] = [
      ['/en/football/Details/123451111', '/en/football/Details/12345'],
      ['/basketball/Details/98765111/standings', '/basketball/Details/98765/standings'],
      ['/sports_123/2024-05-06/abc123', '/sports/123'],
      ['/sports/2024-05-06/abc123', '/sports'],
      ['/home/2024-05-06/abc123?from=mail', '/?from=mail'],
      ['/en/home/2024-05-06/abc123', '/en'],
      ['/tr/football', '/football'],
    ];
    for (const [from, to] of cases) {
      const response = await fetch(`${server.origin}${from}`, { redirect: 'manual' });
      expect(response.status, from).toBe(301);
      expect(response.headers.get('location'), from).toBe(to);
    }
  });
});
