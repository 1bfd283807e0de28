import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP_CHROME_UA, startServerAndBrowser, waitUntilLive } from './support/page';
import type { RunningServer } from './support/server';

/**
 * Live updates move nothing on the page (decision 083): while scores change and minutes tick,
 * Chromium's layout-shift entries (the measure behind CLS) name no element that moved. The
 * simulator plays 120 simulated seconds per real second (e2e/live-updates.spec.ts explains the
 * seed), so a minute ticks every half second and goals come every few seconds.
 *
 * Not counted, and the assertions say where: the goal pop-ups, which float above the page in
 * their own corner; whole rows of the list sliding when a match changes section (kicked off,
 * finished), which is the list re-sorting rather than a row changing; and on the match page,
 * the overview below the header growing as new events and statistics arrive.
 */
const SIM_SPEED = '120';
const SIM_SEED = '1905';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser({ SIM_SPEED, SIM_SEED }));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Shift {
  value: number;
  /** what moved: tag, classes and text, and whether it is a pop-up or a whole list row */
  sources: { what: string; isPopUp: boolean; isListRow: boolean; isMatchHeader: boolean; from: number[]; to: number[] }[];
}

/** Starts recording layout shifts in the page (from now on, not the load's). */
async function recordShifts(page: Page): Promise<void> {
  await page.evaluate('globalThis.__name ??= (f) => f');
  await page.evaluate(() => {
    const store = window as unknown as { __shifts: Shift[] };
    store.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      }[]) {
        if (entry.hadRecentInput) continue;
        store.__shifts.push({
          value: entry.value,
          sources: entry.sources.map((source) => {
            const element = source.node instanceof Element ? source.node : (source.node?.parentElement ?? null);
            const rect = (r: DOMRectReadOnly) => [r.x, r.y, r.width, r.height].map(Math.round);
            return {
              what: element
                ? `${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''} "${(source.node?.textContent ?? '').slice(0, 30)}"`
                : '(removed)',
              isPopUp: element?.closest('[role="region"]') !== null && element?.closest('[role="region"]') !== undefined,
              // The virtual list's wrapper of one row or heading (VirtualRows): the list re-sorting.
              isListRow: element?.matches('[data-index]') ?? false,
              isMatchHeader: element?.closest('article header') !== null && element?.closest('article header') !== undefined,
              from: rect(source.previousRect),
              to: rect(source.currentRect),
            };
          }),
        });
      }
    }).observe({ type: 'layout-shift', buffered: false });
  });
}

async function recordedShifts(page: Page): Promise<Shift[]> {
  return page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
}

/** The moved elements that are neither a pop-up nor a whole list row, described. */
function unexplained(shifts: Shift[]): string[] {
  return shifts.flatMap((shift) =>
    shift.sources.filter((s) => !s.isPopUp && !s.isListRow).map((s) => `${shift.value.toFixed(5)}: ${s.what} ${s.from.join(',')} → ${s.to.join(',')}`),
  );
}

/** Live rows' scores and clocks, as the reader sees them. */
async function liveRows(page: Page): Promise<Map<string, string>> {
  const rows = await page.locator('[data-testid="football-row"][data-list="live"]').evaluateAll((elements) =>
    elements.map((row) => [row.getAttribute('data-match-id') ?? '', (row as HTMLElement).innerText.replace(/\s+/g, ' ')] as const),
  );
  return new Map(rows);
}

describe('live updates do not move the page', () => {
  it('the home page at 390 px: scores and minutes change in place', async () => {
    const context = await browser.newContext({ userAgent: DESKTOP_CHROME_UA, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    try {
      await page.goto(`${server.origin}/`);
      await waitUntilLive(page, 'tr');
      await recordShifts(page);
      const before = await liveRows(page);
      expect(before.size).toBeGreaterThan(0);

      // Until a live row's score and another's minute have changed (both come within seconds).
      const deadline = Date.now() + 60_000;
      let scoreChanged = false;
      let clockChanged = false;
      const scores = async () =>
        new Map(
          await page.locator('[data-testid="football-row"]').evaluateAll((rows) =>
            rows.map((row) => [row.getAttribute('data-match-id') ?? '', `${row.querySelector('[data-testid="home-score"]')?.textContent}-${row.querySelector('[data-testid="away-score"]')?.textContent}`] as const),
          ),
        );
      const scoresBefore = await scores();
      while (!(scoreChanged && clockChanged) && Date.now() < deadline) {
        await page.waitForTimeout(500);
        const now = await liveRows(page);
        clockChanged ||= [...now].some(([id, text]) => before.has(id) && before.get(id) !== text);
        const scoresNow = await scores();
        scoreChanged ||= [...scoresNow].some(([id, score]) => scoresBefore.has(id) && scoresBefore.get(id) !== score);
      }
      expect(clockChanged, 'a live minute ticked').toBe(true);
      expect(scoreChanged, 'a score changed').toBe(true);
      // A moment more for the goal highlight to come and the page to settle.
      await page.waitForTimeout(1_000);

      const shifts = await recordedShifts(page);
      expect(unexplained(shifts)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a live match page at 390 px: the header keeps still while the minute ticks and the score moves', async () => {
    const context = await browser.newContext({ userAgent: DESKTOP_CHROME_UA, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    try {
      await page.goto(`${server.origin}/`);
      await waitUntilLive(page, 'tr');
      // A match in play (its minute showing, not half-time).
      const id = await page
        .locator('[data-testid="football-row"][data-list="live"]')
        .filter({ hasText: /\d'/ })
        .first()
        .getAttribute('data-match-id');
      expect(id).not.toBeNull();
      await page.goto(`${server.origin}/football/Details/${id}`);
      await waitUntilLive(page, 'tr');
      await recordShifts(page);
      const header = page.locator('article header');
      const before = await header.innerText();
      const box = await header.boundingBox();
      // The header's clock moves on (a minute is half a second here): updates arrive while the
      // shifts are recorded. Then a few seconds more of them.
      await page.waitForFunction((text) => document.querySelector('article header')?.textContent !== text, await header.textContent(), {
        timeout: 20_000,
      });
      expect(await header.innerText()).not.toBe(before);
      await page.waitForTimeout(3_000);
      // The header (teams, score, minute, half-time, red cards) and what is above it keep still.
      // Below it the overview grows as events and statistics arrive: new content, not counted.
      const moved = unexplained((await recordedShifts(page)).map((shift) => ({ ...shift, sources: shift.sources.filter((s) => s.isMatchHeader) })));
      expect(moved).toEqual([]);
      expect(await header.boundingBox()).toEqual(box);
    } finally {
      await context.close();
    }
  });
});
