import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enScores from '../app/locales/en/scores.json';
import trScores from '../app/locales/tr/scores.json';
import zhScores from '../app/locales/zh/scores.json';
import { DESKTOP_CHROME_UA, startServerAndBrowser } from './support/page';
import type { RunningServer } from './support/server';

/**
 * The list pages use a desktop's width (docs/decisions/122-desktop-list-columns.md): at
 * 1366×900 the competitions and favourites column, the list and the match column stand side
 * by side, the competitions link to their pages, a click on a match shows it in the right
 * column, and a star shows up among the favourites. At 390×844 the page is the phone page it
 * was: no side column, the list across the screen, a click on a match opens its page.
 */

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser({ SIM_SEED: '1122' }));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(path: string, viewport: { width: number; height: number }, locale = 'tr-TR'): Promise<Page> {
  const context = await browser.newContext({ userAgent: DESKTOP_CHROME_UA, viewport, locale });
  const page = await context.newPage();
  await page.goto(`${server.origin}${path}`);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 30_000 });
  return page;
}

async function box(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const found = await locator.boundingBox();
  if (found === null) throw new Error('not displayed');
  return found;
}

/** The texts the journeys look for, in any of the three languages. */
type ColumnTexts = { columns: { nav: string } };

/** The three columns, found by their landmarks. */
function columns(page: Page, texts: ColumnTexts) {
  return {
    nav: page.getByRole('navigation', { name: texts.columns.nav }),
    list: page.getByTestId('list-column'),
    aside: page.locator('aside[data-testid="match-column"]'),
  };
}

async function expectSideBySide(page: Page, texts: ColumnTexts): Promise<void> {
  const { nav, list, aside } = columns(page, texts);
  const [n, l, a] = [await box(nav), await box(list), await box(aside)];
  expect(n.x + n.width).toBeLessThanOrEqual(l.x);
  expect(l.x + l.width).toBeLessThanOrEqual(a.x);
  // One row: the three start at the same height.
  expect(Math.abs(n.y - l.y)).toBeLessThan(2);
  expect(Math.abs(a.y - l.y)).toBeLessThan(2);
  expect(l.width).toBeGreaterThan(430);
  // Nothing sticks out of the window.
  expect(a.x + a.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

describe('the live lists on a 1366 px desktop', () => {
  it('/football: competitions, list and next kick-offs side by side, the list wider than 430 px', async () => {
    const page = await open('/football', DESKTOP);
    try {
      await expectSideBySide(page, trScores);
      const { nav, aside } = columns(page, trScores);
      expect(await nav.getByTestId('competition-link').count()).toBeGreaterThan(3);
      await aside.getByRole('heading', { name: trScores.columns.next }).waitFor();
      expect(await aside.getByTestId('column-match').count()).toBeGreaterThan(0);
      // The list's own filter, repeated in the column, as links.
      expect(await nav.getByTestId('column-filter').count()).toBe(3);
    } finally {
      await page.context().close();
    }
  });

  it('a competition in the column opens its page', async () => {
    const page = await open('/football', DESKTOP);
    try {
      const link = columns(page, trScores).nav.getByTestId('competition-link').first();
      const id = await link.getAttribute('data-competition-id');
      const name = (await link.getAttribute('title'))!.split(' · ')[0]!;
      await link.click();
      await page.waitForURL(`${server.origin}/competition/${id}`);
      // The competition's own page, under the name the column gave it.
      await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
    } finally {
      await page.context().close();
    }
  });

  it('a click on a match shows it in the right column; the summary links to its page', async () => {
    const page = await open('/football', DESKTOP);
    try {
      const { aside } = columns(page, trScores);
      const row = page.locator('[data-testid="football-row"][data-list="live"]').first();
      const id = await row.getAttribute('data-match-id');
      const href = await row.locator('[data-testid="home-score"]').evaluate((el) => el.closest('a')!.getAttribute('href'));
      expect(href).toBe(`/football/Details/${id}`);
      await row.locator('a').first().click();

      const summary = aside.getByTestId('selected-match');
      await summary.waitFor();
      expect(await summary.getAttribute('data-match-id')).toBe(id);
      expect(new URL(page.url()).pathname).toBe('/football');
      await aside.getByRole('heading', { name: trScores.columns.selected }).waitFor();
      const rowText = await row.innerText();
      expect(rowText).toContain(await summary.getByTestId('selected-home').innerText());
      expect(rowText).toContain(await summary.getByTestId('selected-away').innerText());
      // The columns still stand side by side with a match selected.
      await expectSideBySide(page, trScores);

      // Closing it brings the next kick-offs back; choosing again and following the link opens the page.
      await aside.getByRole('button', { name: trScores.columns.close }).click();
      await aside.getByTestId('next-kick-offs').waitFor();
      await row.locator('a').first().click();
      await summary.getByRole('link', { name: trScores.columns.openMatch }).click();
      await page.waitForURL(`${server.origin}/football/Details/${id}`);
    } finally {
      await page.context().close();
    }
  });

  it('a match in the next kick-offs can be selected too', async () => {
    const page = await open('/football', DESKTOP);
    try {
      const { aside } = columns(page, trScores);
      const next = aside.getByTestId('column-match').first();
      const id = await next.getAttribute('data-match-id');
      await next.click();
      await aside.getByTestId('selected-match').waitFor();
      expect(await aside.getByTestId('selected-match').getAttribute('data-match-id')).toBe(id);
      expect(new URL(page.url()).pathname).toBe('/football');
    } finally {
      await page.context().close();
    }
  });

  it('a starred match appears among the favourites in the left column', async () => {
    const page = await open('/football', DESKTOP);
    try {
      const favourites = page.getByTestId('favourites-column');
      await favourites.getByText(trScores.columns.noFavourites).waitFor();
      const row = page.locator('[data-testid="football-row"]').first();
      const id = await row.getAttribute('data-match-id');
      await row.getByTestId('collect-button').click();
      await favourites.locator(`[data-testid="column-match"][data-match-id="${id}"]`).waitFor();
      expect(await columns(page, trScores).nav.getByRole('link', { name: trScores.columns.allFavourites }).getAttribute('href')).toBe(
        '/football?list=favourites',
      );
    } finally {
      await page.context().close();
    }
  });

  it('the home page in English and basketball in Chinese get the columns too', async () => {
    const home = await open('/en', DESKTOP, 'en-GB');
    try {
      await expectSideBySide(home, enScores);
      const nav = columns(home, enScores).nav;
      await nav.getByRole('heading', { name: enScores.columns.football }).waitFor();
      await nav.getByRole('heading', { name: enScores.columns.basketball }).waitFor();
      expect(await nav.getByTestId('competition-link').first().getAttribute('href')).toMatch(/^\/en\/competition\/\d+$/);
    } finally {
      await home.context().close();
    }
    const basketball = await open('/zh/basketball', DESKTOP, 'zh-CN');
    try {
      await expectSideBySide(basketball, zhScores);
      const row = basketball.locator('[data-testid="basketball-row"]').first();
      const id = await row.getAttribute('data-match-id');
      await row.locator('a').first().click();
      const summary = columns(basketball, zhScores).aside.getByTestId('selected-match');
      await summary.waitFor();
      expect(await summary.getAttribute('data-match-id')).toBe(id);
      expect(await summary.getByRole('link', { name: zhScores.columns.openMatch }).getAttribute('href')).toBe(`/zh/basketball/Details/${id}`);
    } finally {
      await basketball.context().close();
    }
  });
});

describe('the live lists on a 390 px phone', () => {
  it('/football and the home page show no side column, the list across the screen; a match opens its page', async () => {
    for (const path of ['/', '/football']) {
      const page = await open(path, PHONE);
      try {
        const { nav, aside, list } = columns(page, trScores);
        expect(await nav.isVisible()).toBe(false);
        expect(await aside.isVisible()).toBe(false);
        const l = await box(list);
        expect(l.x).toBe(0);
        expect(l.width).toBe(PHONE.width);
        const row = await box(page.locator('[data-testid="football-row"]').first());
        expect(row.x).toBe(0);
        expect(row.width).toBe(PHONE.width);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
        if (path === '/football') {
          const first = page.locator('[data-testid="football-row"]').first();
          const id = await first.getAttribute('data-match-id');
          await first.locator('a').first().click();
          await page.waitForURL(`${server.origin}/football/Details/${id}`);
        }
      } finally {
        await page.context().close();
      }
    }
  });
});
