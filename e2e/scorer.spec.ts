import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enLive from '../app/locales/en/live.json';
import enScores from '../app/locales/en/scores.json';
import { openVisitor, startServerAndBrowser, waitUntilLive } from './support/page';
import type { RunningServer } from './support/server';

/**
 * The scorer in the goal pop-up and on the match row (decision 097), driven deterministically:
 * staff replay a match through the real replay API (the same feed sink the simulator writes
 * through), and the goal they post names its scorer. The open page receives it over MQTT and
 * shows "Scorer: Lionel Messi (67')" in the pop-up and "⚽ 67' Lionel Messi" under Barcelona on
 * the row, with the red card the same message carries; after a reload the list API brings the
 * scorer back from the stored events.
 */

const ADMIN = {
  email: `scorer-${Date.now().toString(36)}@example.com`,
  nickname: 'ScorerStaff',
  password: 'tribun2025',
};

let server: RunningServer;
let browser: Browser;
let token: string;

beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser({}, { staff: ADMIN }));
  const login = await fetch(`${server.origin}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: ADMIN.email, password: ADMIN.password }),
  });
  token = ((await login.json()) as { data: { token: string } }).data.token;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function staffPost<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${server.origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return (JSON.parse(text) as { data: T }).data;
}

const event = (type: number, minute: number, side: 'home' | 'away', player: string, seq: number) => ({
  type,
  minute,
  added_minute: null,
  side,
  player,
  related_player: null,
  detail: null,
  seq,
});

describe('the scorer of a goal', () => {
  it('is named in the pop-up and on the live row, with the red card, and is still there after a reload', async () => {
    // La Liga (catalog 3, a hot competition): Barcelona – Girona, kicked off 20 minutes into the second half.
    const created = await staffPost<{ match_id: number }>('/api/staff/replays', {
      sport: 'football',
      home_team: 'FC Barcelona',
      away_team: 'Girona FC',
      competition_id: 3,
    });
    const matchId = created.match_id;
    await staffPost(`/api/staff/replays/${matchId}/updates`, {
      updates: [
        {
          status_id: 4,
          home_score: 0,
          away_score: 0,
          half_played_sec: 20 * 60,
          half_time: [0, 0],
          kind: 'score',
        },
      ],
    });

    const { context, page } = await openVisitor(browser);
    try {
      expect((await page.goto(`${server.origin}/en`))?.status()).toBe(200);
      await waitUntilLive(page, 'en');
      const row = page.locator(`[data-testid="football-row"][data-match-id="${matchId}"]`);
      // The lists are virtualised: scroll until the row is drawn.
      const findRow = async () => {
        for (let step = 0; step < 60 && (await row.count()) === 0; step++) {
          await page.mouse.wheel(0, 500);
          await page.waitForTimeout(100);
        }
        await row.scrollIntoViewIfNeeded();
      };
      await findRow();
      expect(await row.getByTestId('last-goal').count()).toBe(0);
      // The pop-up layer is mounted after hydration: a goal heard before it pops nothing up.
      const region = page.getByRole('region', {
        name: enLive.popup.region.replace('{hotkey}', 'F8'),
        exact: true,
      });
      await region.waitFor({ state: 'attached' });

      await staffPost(`/api/staff/replays/${matchId}/updates`, {
        updates: [
          {
            status_id: 4,
            home_score: 1,
            away_score: 0,
            half_played_sec: 22 * 60,
            red: [0, 1],
            kind: 'score',
            events: [event(3, 66, 'away', 'Pedro Porro', 1), event(0, 67, 'home', 'Lionel Messi', 2)],
          },
        ],
      });

      // The pop-up: "Goal!", the teams and score, and the scorer with the goal's minute.
      const scorerText = enLive.popup.scorer.replace('{{player}}', 'Lionel Messi').replace('{{minute}}', '67');
      const toast = region.locator('li').filter({
        has: page.getByTestId('goal-scorer').filter({ hasText: scorerText }),
      });
      await toast.waitFor({ state: 'visible', timeout: 15_000 });
      const toastText = await toast.innerText();
      expect(toastText).toContain(enLive.popup.goal);
      expect(toastText).toContain('FC Barcelona');
      expect(toastText).toContain('Girona FC');
      expect(toastText).toMatch(/1\s*-\s*0/);

      // The row: the scorer under the home team, and Girona's red card, updated in place.
      const lastGoal = row.getByTestId('last-goal');
      await expect.poll(() => lastGoal.count(), { timeout: 10_000 }).toBe(1);
      expect(await lastGoal.innerText()).toContain("⚽ 67' Lionel Messi");
      expect(await lastGoal.getAttribute('title')).toBe(
        enScores.row.lastGoal.replace('{{player}}', 'Lionel Messi').replace('{{minute}}', '67'),
      );
      expect(await row.innerText()).toContain(enScores.row.redCards_one.replace('{{count}}', '1'));

      // A reload draws the row from the list API, which reads the stored goal.
      expect((await page.reload())?.status()).toBe(200);
      await waitUntilLive(page, 'en');
      await findRow();
      expect(await row.getByTestId('last-goal').innerText()).toContain("⚽ 67' Lionel Messi");
      expect(await row.innerText()).toContain(enScores.row.redCards_one.replace('{{count}}', '1'));
    } finally {
      await context.close();
    }
  });
});
