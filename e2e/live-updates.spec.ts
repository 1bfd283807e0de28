import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import trLive from '../app/locales/tr/live.json';
import { busiestGoalSeed } from './support/goal-timing';
import { openVisitor, startServerAndBrowser, type Visitor, waitUntilLive } from './support/page';
import type { RunningServer } from './support/server';

/**
 * Scores move in the open page: the simulator plays 150 simulated seconds per real second
 * (a match in under a minute), the home page receives the goals over MQTT, updates the row and
 * shows the goal pop-up, all without reloading.
 *
 * Which seed, at speed 150 with a 90 s wait: the simulator is deterministic per seed and day, so
 * its goal times are known beforehand (e2e/support/goal-timing.ts). Counting only goals the home
 * page can pop up (that UTC day's matches in the hot competitions, on the dense test calendar of
 * decision 091) and taking the page as ready 10 s after the server starts, one fixed seed left
 * some late evenings with no known goal to come (from 22:00 UTC the simulated clock runs into the
 * next day, whose matches the open page does not know). So the journey takes, of six seeds, the
 * one with the most such goals in the minute after the page is ready: over every 7th start
 * minute of 22:00–24:00 UTC for 60 days from 2026-11-24 the chosen seed never brings fewer than
 * two, and earlier in the day a dozen or more.
 */
const SIM_SPEED = '150';
const SIM_SEEDS = [1905, 1906, 1907, 1908, 1909, 1910] as const;
const GOAL_WAIT_MS = 90_000;

let server: RunningServer;
let browser: Browser;
let visitor: Visitor;

beforeAll(async () => {
  const { seed } = busiestGoalSeed({ seeds: SIM_SEEDS, speed: Number(SIM_SPEED), readySec: 10, windowSec: 60, startSec: Math.floor(Date.now() / 1000) });
  ({ server, browser } = await startServerAndBrowser({ SIM_SPEED, SIM_SEED: String(seed) }));
  visitor = await openVisitor(browser);
});

afterAll(async () => {
  await visitor?.context.close();
  await browser?.close();
  await server?.stop();
});

interface RowScore {
  id: string;
  score: string;
}

describe('live updates on the home page', () => {
  it('a goal changes the score in the open page and pops up, without a reload', async () => {
    const { page } = visitor;
    const response = await page.goto(`${server.origin}/`);
    expect(response?.status()).toBe(200);
    await waitUntilLive(page, 'tr');

    // A marker in this document: it survives only if the page is never reloaded or replaced.
    await page.evaluate(() => {
      (window as unknown as { __marker?: number }).__marker = 1;
    });
    const urlBefore = page.url();

    // Rows' scores, read in one go inside the page. With `markToasts` the pop-ups already on
    // screen are marked in the same step, so the pop-up awaited below is one that appeared
    // after this snapshot (goals come every few seconds at this speed).
    const readScores = (markToasts: boolean) =>
      page.evaluate((mark) => {
        if (mark) for (const toast of document.querySelectorAll('li')) toast.setAttribute('data-e2e-seen', '');
        return Array.from(document.querySelectorAll('[data-testid="football-row"]'), (row) => ({
          id: row.getAttribute('data-match-id') ?? '',
          score: `${row.querySelector('[data-testid="home-score"]')?.textContent ?? ''}-${row.querySelector('[data-testid="away-score"]')?.textContent ?? ''}`,
        }));
      }, markToasts);
    const before = new Map((await readScores(true)).map((r: RowScore) => [r.id, r.score]));
    expect(before.size).toBeGreaterThan(0);

    // The goal pop-up: a toast in the pop-up region (named in Turkish; F8 is Radix's hotkey to
    // reach it), titled "Gol!", with both teams and the new score, linking to the match.
    const region = page.getByRole('region', { name: trLive.popup.region.replace('{hotkey}', 'F8'), exact: true });
    const goalToast = region
      .locator('li:not([data-e2e-seen])')
      .filter({ has: page.getByText(trLive.popup.goal, { exact: true }) })
      .first();
    // Pop-ups come for every match of today's list (preloaded on every page, decision 096), and
    // the home page shows only the hot competitions: wait for a goal in a match it shows.
    const deadline = Date.now() + GOAL_WAIT_MS;
    let popup = { href: '', home: '', score: '', away: '' };
    let id: string | undefined;
    for (;;) {
      await goalToast.waitFor({ state: 'visible', timeout: Math.max(1, deadline - Date.now()) });
      popup = await goalToast.evaluate((toast) => {
        toast.setAttribute('data-e2e-seen', '');
        const link = toast.querySelector('a');
        const parts = link ? Array.from(link.children).map((child) => child.textContent?.trim() ?? '') : [];
        return { href: link?.getAttribute('href') ?? '', home: parts[0] ?? '', score: parts[1] ?? '', away: parts[2] ?? '' };
      });
      id = /^\/football\/Details\/(\d+)$/.exec(popup.href)?.[1];
      expect(id, `pop-up link ${popup.href}`).toBeDefined();
      if (before.has(id!)) break;
    }
    expect(popup.home.length).toBeGreaterThan(0);
    expect(popup.away.length).toBeGreaterThan(0);
    const score = /^(\d+) - (\d+)$/.exec(popup.score);
    expect(score, `pop-up score "${popup.score}"`).not.toBeNull();
    const [, home, away] = score!;

    // The match's row shows the same teams and the new score, which it did not show before.
    const row = page.locator(`[data-testid="football-row"][data-match-id="${id}"]`);
    const rowText = await row.innerText();
    expect(rowText).toContain(popup.home);
    expect(rowText).toContain(popup.away);
    // Later messages may have moved the score on again by now; it never goes below the pop-up's.
    const rowHome = Number(await row.getByTestId('home-score').innerText());
    const rowAway = Number(await row.getByTestId('away-score').innerText());
    expect(rowHome + rowAway).toBeGreaterThanOrEqual(Number(home) + Number(away));
    // The snapshot was taken before this goal reached the page, so the row must have moved.
    const previous = before.get(id!);
    if (previous !== undefined) {
      expect(`${rowHome}-${rowAway}`).not.toBe(previous);
      expect(`${home}-${away}`, 'the pop-up reports a score the row already showed').not.toBe(previous);
    }

    // And independently of the pop-up: some row's score text has changed in place.
    const after = await readScores(false);
    const changed = after.filter((r: RowScore) => before.has(r.id) && before.get(r.id) !== r.score);
    expect(changed.length).toBeGreaterThan(0);

    // Same document, same address: nothing was reloaded.
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
    expect(page.url()).toBe(urlBefore);
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
  });
});
