import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './support/fans';
import { DESKTOP_CHROME_UA, openVisitor, startServerAndBrowser, waitUntilLive } from './support/page';
import type { RunningServer } from './support/server';

/**
 * A page served from the anonymous page cache (decision 085) is still a live page: it hydrates,
 * connects to the live channel and shows the next goal without a reload. The simulator is off
 * and the match is a staff replay, so nothing else moves the live version and the page is
 * certainly the kept one (X-Page-Cache: hit) when the browser loads it.
 */
const STAFF = { email: 'cache-staff@example.test', nickname: 'CacheStaff', password: 'cache-staff-pass-2026' };

let server: RunningServer;
let browser: Browser;
let staffToken: string;

beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser({ SIM: 'off', PAGE_CACHE_TTL_MS: '60000' }, { staff: STAFF }));
  const login = await apiCall<{ token: string }>(server.origin, 'POST', '/api/user/login', { account: STAFF.email, password: STAFF.password });
  staffToken = login.data.token;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function replayUpdate(matchId: number, homeScore: number, halfPlayedSec: number): Promise<void> {
  const answer = await apiCall(
    server.origin,
    'POST',
    `/api/staff/replays/${matchId}/updates`,
    { updates: [{ status_id: 2, home_score: homeScore, away_score: 0, half_played_sec: halfPlayedSec, kind: 'score' }] },
    staffToken,
  );
  expect(answer.status).toBe(200);
}

describe('a page from the anonymous page cache', () => {
  it('is served kept to a signed-out browser and still receives the next goal live', async () => {
    const created = await apiCall<{ match_id: number }>(
      server.origin,
      'POST',
      '/api/staff/replays',
      { sport: 'football', home_team: 'Galatasaray', away_team: 'Fenerbahçe' },
      staffToken,
    );
    expect(created.status).toBe(200);
    const matchId = created.data.match_id;
    await replayUpdate(matchId, 0, 600);

    const url = `${server.origin}/en/football/Details/${matchId}`;
    // Another signed-out reader (same browser kind, no cookies) asked first: the page is kept.
    const first = await fetch(url, { headers: { 'user-agent': DESKTOP_CHROME_UA } });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-page-cache')).toBe('miss');

    const { context, page } = await openVisitor(browser);
    try {
      const response = await page.goto(url);
      expect(response?.status()).toBe(200);
      const headers = response?.headers() ?? {};
      expect(headers['x-page-cache']).toBe('hit');
      expect(headers['content-encoding']).toBe('br');
      const score = page.locator('header [aria-live="polite"]').first();
      expect(await score.textContent()).toBe('0 - 0');
      await waitUntilLive(page, 'en');

      await replayUpdate(matchId, 1, 700);
      await expect.poll(() => score.textContent(), { timeout: 15_000 }).toBe('1 - 0');
      // The same document all along: the goal came over the live channel, not a reload.
      expect(page.url()).toBe(url);
      expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    } finally {
      await context.close();
    }
  });
});
