import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enCommon from '../app/locales/en/common.json';
import enScores from '../app/locales/en/scores.json';
import trCommon from '../app/locales/tr/common.json';
import trScores from '../app/locales/tr/scores.json';
import zhCommon from '../app/locales/zh/common.json';
import zhScores from '../app/locales/zh/scores.json';
import { openVisitor, startServerAndBrowser, type Visitor, waitUntilLive } from './support/page';
import type { RunningServer } from './support/server';

/**
 * The home page and the two sport lists, in the three languages, as a person opening them
 * sees them: the right document language, translated headings and titles, and the simulator's
 * live matches with their scores.
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

/** Score cells of the live football rows, as "home-away" strings. */
async function liveFootballScores(page: Page): Promise<string[]> {
  const rows = page.locator('[data-testid="football-row"][data-list="live"]');
  return rows.evaluateAll((elements) =>
    elements.map((row) => {
      const home = row.querySelector('[data-testid="home-score"]')?.textContent ?? '';
      const away = row.querySelector('[data-testid="away-score"]')?.textContent ?? '';
      return `${home}-${away}`;
    }),
  );
}

const HOMES = [
  { path: '/', locale: 'tr', lang: 'tr-TR', scores: trScores, common: trCommon },
  { path: '/en', locale: 'en', lang: 'en-US', scores: enScores, common: enCommon },
  { path: '/zh', locale: 'zh', lang: 'zh-CN', scores: zhScores, common: zhCommon },
] as const;

describe('home page in three languages', () => {
  for (const home of HOMES) {
    it(`${home.path} is in ${home.lang} and shows live matches with scores`, async () => {
      const { page } = visitor;
      const response = await page.goto(`${server.origin}${home.path}`);
      expect(response?.status()).toBe(200);

      expect(await page.locator('html').getAttribute('lang')).toBe(home.lang);
      expect(await page.title()).toContain(home.scores.meta.home.title);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(home.scores.home.title);
      // The header's main navigation is translated too.
      const nav = page.getByRole('navigation', { name: home.common.layout.nav.label });
      expect(await nav.isVisible()).toBe(true);

      // The live section heading, then at least one live row whose two scores are numbers.
      const liveHeading = page.getByRole('heading', { level: 2 }).filter({ hasText: home.scores.section.live });
      expect(await liveHeading.count()).toBeGreaterThan(0);
      const scores = await liveFootballScores(page);
      expect(scores.length).toBeGreaterThan(0);
      for (const score of scores) expect(score).toMatch(/^\d+-\d+$/);

      // The live row shows both team names next to the score, inside a link to the match page.
      const firstLive = page.locator('[data-testid="football-row"][data-list="live"]').first();
      const link = firstLive.getByRole('link').first();
      expect(await link.getAttribute('href')).toMatch(
        new RegExp(`^${home.path === '/' ? '' : home.path}/football/Details/\\d+$`),
      );
      expect((await link.innerText()).trim().length).toBeGreaterThan(0);

      // Once hydrated, the page connects to the live channel and says so in its language.
      await waitUntilLive(page, home.locale);
    });
  }
});

describe('sport lists', () => {
  it('/football lists today’s matches, live ones with scores', async () => {
    const { page } = visitor;
    const response = await page.goto(`${server.origin}/football`);
    expect(response?.status()).toBe(200);
    expect(await page.locator('html').getAttribute('lang')).toBe('tr-TR');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(trScores.football.title);
    expect(await page.title()).toContain(trScores.meta.football.title);

    const rows = page.locator('[data-testid="football-row"]');
    expect(await rows.count()).toBeGreaterThan(5);
    const scores = await liveFootballScores(page);
    expect(scores.length).toBeGreaterThan(0);
    for (const score of scores) expect(score).toMatch(/^\d+-\d+$/);
    // The All / Hot switch, with counts.
    const views = page.getByRole('navigation', { name: trScores.football.view });
    expect(await views.getByRole('link').count()).toBe(2);
  });

  it('/en/basketball lists today’s games, live ones with scores', async () => {
    const { page } = visitor;
    const response = await page.goto(`${server.origin}/en/basketball`);
    expect(response?.status()).toBe(200);
    expect(await page.locator('html').getAttribute('lang')).toBe('en-US');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(enScores.basketball.title);

    const rows = page.locator('[data-testid="basketball-row"]');
    expect(await rows.count()).toBeGreaterThan(0);
    const live = page.locator('[data-testid="basketball-row"][data-list="live"]');
    expect(await live.count()).toBeGreaterThan(0);
    const first = live.first();
    expect(await first.getByTestId('home-score').innerText()).toMatch(/^\d+$/);
    expect(await first.getByTestId('away-score').innerText()).toMatch(/^\d+$/);
    expect(await first.getByRole('link').first().getAttribute('href')).toMatch(/^\/en\/basketball\/Details\/\d+$/);
  });

  it('/basketball is the Turkish list', async () => {
    const { page } = visitor;
    const response = await page.goto(`${server.origin}/basketball`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(trScores.basketball.title);
    expect(await page.locator('[data-testid="basketball-row"]').count()).toBeGreaterThan(0);
  });
});
