import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FootballListResponse, FootballMatch } from '../core/contracts/matches';
import { openVisitor, startServerAndBrowser } from './support/page';
import type { RunningServer } from './support/server';

/**
 * Pages that agree and honest labels (issue 15, docs/decisions/090-pages-that-agree.md), against
 * the real server in real Chromium: a team page lists its team's live match, a competition page
 * today's fixtures, a simulated match says so and is noindex, a finished match shows no live badge.
 */
const LIVE = new Set([2, 3, 4, 5, 7]);

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser());
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A day's football list (today's without `daySec`), by state. */
async function todaysFootball(daySec?: number): Promise<{ live: FootballMatch[]; upcoming: FootballMatch[]; finished: FootballMatch[] }> {
  const response = await fetch(`${server.origin}/api/match_recent/anew_list${daySec === undefined ? '' : `?day=${daySec}`}`);
  const { data } = (await response.json()) as FootballListResponse;
  const flat = (groups: typeof data.liveGlobal) => groups.flatMap((group) => group.matches);
  return {
    live: flat(data.liveGlobal).filter((match) => LIVE.has(match.status_id)),
    upcoming: [...flat(data.soonGlobal), ...flat(data.scheduledGlobal)],
    finished: flat(data.finishedGlobal),
  };
}

describe('pages that agree', () => {
  it('a team page shows the team’s live match, with its score, among its live and upcoming matches', async () => {
    const { live } = await todaysFootball();
    // The latest kick-off has the longest still to play.
    const match = live.sort((a, b) => b.match_time - a.match_time)[0];
    expect(match, 'a live football match').toBeDefined();
    const { context, page } = await openVisitor(browser);
    try {
      expect((await page.goto(`${server.origin}/en/team/${match!.home_team_id}`))?.status()).toBe(200);
      const row = page.locator(`section[aria-labelledby="team-fixtures"] [data-testid="history-match"]:has(a[href$="/football/Details/${match!.match_id}"])`);
      await row.waitFor({ state: 'visible', timeout: 10_000 });
      expect(await row.getAttribute('data-live')).toBe('true');
      expect(await row.locator('[data-testid="history-live"]').textContent()).toBe('Live');
      // Live first: nothing is listed above it but other live matches.
      const first = page.locator('section[aria-labelledby="team-fixtures"] [data-testid="history-match"]').first();
      expect(await first.getAttribute('data-live')).toBe('true');
    } finally {
      await context.close();
    }
  });

  it('a competition page shows today’s matches among its fixtures, not "no fixtures"', async () => {
    const { live, upcoming } = await todaysFootball();
    const today = [...live, ...upcoming];
    expect(today.length, 'football today').toBeGreaterThan(0);
    const competitionId = today[0]!.competition_id;
    const todaysIds = new Set(today.filter((match) => match.competition_id === competitionId).map((match) => match.match_id));
    const { context, page } = await openVisitor(browser);
    try {
      expect((await page.goto(`${server.origin}/en/competition/${competitionId}`))?.status()).toBe(200);
      const links = await page.locator('section[aria-labelledby="competition-fixtures"] [data-testid="history-match"] a').evaluateAll((anchors) =>
        anchors.map((anchor) => Number(/\/Details\/(\d+)$/.exec(anchor.getAttribute('href') ?? '')?.[1])),
      );
      expect(links.length).toBeGreaterThan(0);
      expect(links.some((id) => todaysIds.has(id))).toBe(true);
      expect(await page.locator('section[aria-labelledby="competition-fixtures"]').textContent()).not.toContain('No live or upcoming matches');
    } finally {
      await context.close();
    }
  });
});

describe('honest labels', () => {
  it('a simulated match says so on its row and its page, is noindex and carries no SportsEvent', async () => {
    const { live, upcoming, finished } = await todaysFootball();
    const match = [...live, ...upcoming, ...finished][0];
    expect(match?.is_simulated).toBe(true);
    const { context, page } = await openVisitor(browser);
    try {
      await page.goto(`${server.origin}/en/football`);
      const row = page.locator(`[data-testid="football-row"][data-match-id="${match!.match_id}"]`);
      await row.waitFor({ state: 'visible', timeout: 10_000 });
      expect(await row.locator('[data-testid="simulated-mark"]').isVisible()).toBe(true);

      expect((await page.goto(`${server.origin}/en/football/Details/${match!.match_id}`))?.status()).toBe(200);
      const mark = page.locator('header [data-testid="simulated-mark"]');
      expect(await mark.isVisible()).toBe(true);
      expect(await mark.getAttribute('title')).toBe('Simulated match: played by Tribün’s simulator, not a real result');
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
      expect(await page.locator('script[type="application/ld+json"]').count()).toBe(0);
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain('not a real result');
      // Nor is it in the sitemap.
      const sitemap = await (await fetch(`${server.origin}/sitemap.xml`)).text();
      expect(sitemap).not.toContain(`/football/Details/${match!.match_id}<`);
    } finally {
      await context.close();
    }
  });

  it('a finished match shows no live badge; a live one does', async () => {
    const { live, finished } = await todaysFootball();
    // Just after midnight UTC nothing of the new day has ended yet: yesterday's list has.
    const yesterday = Math.floor(Date.now() / 86_400_000) * 86_400 - 86_400;
    const done = finished[0] ?? (await todaysFootball(yesterday)).finished[0];
    expect(done, 'a finished football match today or yesterday').toBeDefined();
    const { context, page } = await openVisitor(browser);
    try {
      expect((await page.goto(`${server.origin}/en/football/Details/${done!.match_id}`))?.status()).toBe(200);
      await page.locator('header [aria-live="polite"]').first().waitFor();
      expect(await page.locator('[data-testid="match-live-indicator"]').count()).toBe(0);
      expect(await page.getByRole('status').filter({ hasText: /^\s*Live\s*$/ }).count()).toBe(0);
      // On its team's page, among the results: its score, and nothing live.
      await page.goto(`${server.origin}/en/team/${done!.home_team_id}`);
      const row = page.locator(`section[aria-labelledby="team-results"] [data-testid="history-match"]:has(a[href$="/football/Details/${done!.match_id}"])`);
      await row.waitFor({ state: 'visible', timeout: 10_000 });
      expect(await row.getAttribute('data-live')).toBe('false');
      expect(await row.locator('[data-testid="history-live"]').count()).toBe(0);
      if (live[0]) {
        await page.goto(`${server.origin}/en/football/Details/${live[0].match_id}`);
        expect(await page.locator('[data-testid="match-live-indicator"]').count()).toBe(1);
      }
    } finally {
      await context.close();
    }
  });
});
