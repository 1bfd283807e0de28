import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enLive from '../app/locales/en/live.json';
import enScores from '../app/locales/en/scores.json';
import trLive from '../app/locales/tr/live.json';
import trScores from '../app/locales/tr/scores.json';
import { apiCall } from './support/fans';
import type { StaffAccount } from './support/outbox';
import { DESKTOP_CHROME_UA, startServerAndBrowser } from './support/page';
import type { RunningServer } from './support/server';

/**
 * Goal pop-ups on every page, the home page's "next match" line and the match page's default
 * tab (decision 096), against the real server in real Chromium, with nothing stood in for.
 *
 * The simulator is off, so nothing is live but what this test plays: staff create replay
 * matches and post their updates through the staff replay API (docs/data/statsbomb.md
 * "Endpoints"), which stores each update and publishes it through the server's own broker the
 * way the feed does. The pages hear it over their real MQTT connection (/mqtt).
 *
 * The tests share one server and run in order: the home page's test needs nothing live, so it
 * comes first; the later tests play matches of their own.
 */
const STAFF: StaffAccount = { email: 'popups-staff@example.test', nickname: 'PopupsStaff', password: 'popups-staff-2026' };
const SUPER_LIG = 1;
const DAY = 86_400;

let server: RunningServer;
let browser: Browser;
let staffToken: string;

const nowSec = () => Math.floor(Date.now() / 1000);
const startOfUtcDay = (sec: number) => sec - (sec % DAY);

beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser({ SIM: 'off' }, { staff: STAFF }));
  const login = await apiCall<{ token: string }>(server.origin, 'POST', '/api/user/login', { account: STAFF.email, password: STAFF.password });
  expect(login.status, login.text).toBe(200);
  staffToken = login.data.token;
  // Today's lists (and the app-wide preload) hold the matches kicking off this UTC day: a run
  // in the last minutes before 00:00 UTC waits for the new day rather than straddle it.
  const left = startOfUtcDay(nowSec()) + DAY - nowSec();
  if (left < 180) await new Promise((resolve) => setTimeout(resolve, (left + 2) * 1000));
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

// ---- staff: replay matches through the real feed pipeline ----

interface Teams {
  home: string;
  away: string;
}

/** Creates a Süper Lig replay match (not started) kicking off at `matchTime`. */
async function createMatch(teams: Teams, matchTime: number): Promise<number> {
  const created = await apiCall<{ match_id: number }>(
    server.origin,
    'POST',
    '/api/staff/replays',
    { sport: 'football', home_team: teams.home, away_team: teams.away, competition_id: SUPER_LIG, match_time: matchTime },
    staffToken,
  );
  expect(created.status, created.text).toBe(200);
  return created.data.match_id;
}

/** Posts updates; each is stored and published on the live channel like a feed update. */
async function postUpdates(matchId: number, updates: unknown[]): Promise<void> {
  const answer = await apiCall<{ applied: number }>(server.origin, 'POST', `/api/staff/replays/${matchId}/updates`, { updates }, staffToken);
  expect(answer.status, answer.text).toBe(200);
  expect(answer.data.applied).toBe(updates.length);
}

/** Kick-off: first half, 0-0. */
const kickOff = (matchId: number) => postUpdates(matchId, [{ status_id: 2, home_score: 0, away_score: 0, half_played_sec: 0, kind: 'score' }]);

interface Goal {
  home: number;
  away: number;
  scorer: string;
  minute: number;
}

let seq = 0;
/** A home goal in the first half, with its goal event (the pop-up names the scorer). */
function postHomeGoal(matchId: number, goal: Goal): Promise<void> {
  seq += 1;
  return postUpdates(matchId, [
    {
      status_id: 2,
      home_score: goal.home,
      away_score: goal.away,
      half_played_sec: goal.minute * 60,
      kind: 'score',
      events: [{ seq, type: 0, minute: goal.minute, added_minute: null, side: 'home', player: goal.scorer, related_player: null, detail: null }],
    },
  ]);
}

/** The match's team names as the server gives them in `language`. */
async function teamsOf(matchId: number, language: string): Promise<Teams> {
  const response = await fetch(`${server.origin}/api/match/football/${matchId}`, { headers: { Language: language } });
  expect(response.status).toBe(200);
  const { match } = ((await response.json()) as { data: { match: { home_team_name: string; away_team_name: string } } }).data;
  return { home: match.home_team_name, away: match.away_team_name };
}

// ---- the browser ----

interface Visit {
  context: BrowserContext;
  page: Page;
  /** resolves once the server's broker has acknowledged the page's next subscription (its SUBACK) */
  nextSubscription: () => Promise<void>;
}

/**
 * A signed-out reader. The page's live connection is the real one; the test only watches its
 * frames, to know when the broker has the page's subscription to the score topics (the client
 * subscribes on every connect) before staff post an update it must hear.
 */
async function openReader(timezoneId = 'UTC'): Promise<Visit> {
  const context = await browser.newContext({ userAgent: DESKTOP_CHROME_UA, viewport: { width: 1280, height: 800 }, locale: 'tr-TR', timezoneId });
  const page = await context.newPage();
  let waiters: (() => void)[] = [];
  page.on('websocket', (socket) => {
    if (!/\/mqtt(\?.*)?$/.test(socket.url())) return;
    socket.on('framereceived', ({ payload }) => {
      const first = typeof payload === 'string' ? payload.charCodeAt(0) : payload[0];
      if (first === undefined || first >> 4 !== 9) return; // SUBACK
      const resolved = waiters;
      waiters = [];
      for (const resolve of resolved) resolve();
    });
  });
  return {
    context,
    page,
    nextSubscription: () => new Promise<void>((resolve) => waiters.push(resolve)),
  };
}

/** Opens `path` and waits until the broker acknowledged the page's subscription. */
async function openLive(visit: Visit, path: string): Promise<void> {
  const subscribed = visit.nextSubscription();
  expect((await visit.page.goto(`${server.origin}${path}`))?.status()).toBe(200);
  await subscribed;
}

/** The goal pop-up titled `title` in the pop-up region (named in the page's language; F8 is Radix's hotkey). */
function goalToast(page: Page, title: string, region: string) {
  return page
    .getByRole('region', { name: region.replace('{hotkey}', 'F8'), exact: true })
    .locator('li')
    .filter({ has: page.getByText(title, { exact: true }) })
    .first();
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the home page when nothing is live', () => {
  it('says when the next match starts, in the reader’s zone and language, links to it, and hides the line when it kicks off', async () => {
    const zone = 'America/New_York';
    // Later today (UTC): today's lists are the ones the live channel moves.
    const matchTime = Math.min(nowSec() + 30 * 60, startOfUtcDay(nowSec()) + DAY - 60);
    const matchId = await createMatch({ home: 'Galatasaray', away: 'Fenerbahçe' }, matchTime);

    const readers = await Promise.all([openReader(zone), openReader(zone)]);
    try {
      const cases = [
        { visit: readers[0]!, prefix: '', language: 'tr', iso: 'tr-TR', scores: trScores },
        { visit: readers[1]!, prefix: '/en', language: 'en', iso: 'en-US', scores: enScores },
      ] as const;
      for (const { visit, prefix, language, iso, scores } of cases) {
        await openLive(visit, prefix === '' ? '/' : prefix);
        const line = visit.page.getByTestId('next-kick-off');
        const teams = await teamsOf(matchId, language);
        // HH:mm in the browser's zone (New York), not the server's UTC: the page switches after hydration.
        const time = new Intl.DateTimeFormat(iso, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone }).format(new Date(matchTime * 1000));
        const next = scores.home.nextKickOff.replace('{{home}}', teams.home).replace('{{away}}', teams.away).replace('{{time}}', time);
        await expect.poll(() => line.innerText(), { timeout: 10_000 }).toContain(`${scores.home.noLive} ${next}`);
        // "(in 30 min)": the duration in the page's language.
        const [before, after] = scores.home.nextIn.split('{{duration}}') as [string, string];
        const minutes = escape(scores.home.durationM).replace('\\{\\{minutes\\}\\}', '\\d+');
        expect(await line.innerText()).toMatch(new RegExp(`${escape(before)}${minutes}${escape(after)}$`));
        expect(await line.locator('a').getAttribute('href')).toBe(`${prefix}/football/Details/${matchId}`);
      }

      // The match kicks off: the live message reaches both open pages, and the line goes.
      await kickOff(matchId);
      for (const { visit } of cases) await visit.page.getByTestId('next-kick-off').waitFor({ state: 'detached', timeout: 10_000 });
    } finally {
      for (const { context } of readers) await context.close();
    }
  });
});

describe('goal pop-ups on every page', () => {
  const teams: Teams = { home: 'Beşiktaş', away: 'Trabzonspor' };
  let matchId: number;
  let homeScore = 0;

  beforeAll(async () => {
    matchId = await createMatch(teams, nowSec());
    await kickOff(matchId);
  });

  /**
   * Staff post a home goal, with its scorer; the open page shows its pop-up, naming both teams,
   * the score and the scorer, and returns the pop-up's link. The pop-up layer is loaded after
   * hydration (app/root.tsx): a goal heard before it is mounted pops nothing up, so the goal is
   * posted once its region is on the page, found by its translated label (a page that did not
   * carry the live texts gets them with its locale's chunk, and the label follows).
   */
  async function goalPopsUp(page: Page, live: typeof enLive, language: string): Promise<string> {
    await page.getByRole('region', { name: live.popup.region.replace('{hotkey}', 'F8'), exact: true }).waitFor({ state: 'attached' });
    homeScore += 1;
    const goal: Goal = { home: homeScore, away: 0, scorer: `Forvet ${homeScore}`, minute: 10 + homeScore };
    await postHomeGoal(matchId, goal);
    const toast = goalToast(page, live.popup.goal, live.popup.region);
    await toast.waitFor({ timeout: 10_000 });
    const named = await teamsOf(matchId, language);
    const text = await toast.innerText();
    expect(text).toContain(named.home);
    expect(text).toContain(named.away);
    expect(text).toMatch(new RegExp(`\\b${goal.home}\\s*-\\s*${goal.away}\\b`));
    expect(await toast.getByTestId('goal-scorer').innerText()).toContain(goal.scorer);
    return (await toast.locator('a').first().getAttribute('href')) ?? '';
  }

  it('pops up a goal of any of today’s matches on /about and /en/about, which load no match list of their own', async () => {
    const visit = await openReader();
    const { page } = visit;
    try {
      const lists: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/match_recent/anew_list')) lists.push(request.url());
      });

      for (const [path, live, prefix] of [
        ['/about', trLive, ''],
        ['/en/about', enLive, '/en'],
      ] as const) {
        const preload = page.waitForResponse((r) => r.url().includes('/api/match_recent/anew_list') && r.request().method() === 'GET');
        await openLive(visit, path);
        // The app-wide preload of today's football list, with the match live in it: the pop-up
        // compares the goal with the score the list gave.
        const response = await preload;
        await response.finished();
        const day = ((await response.json()) as { data: { liveGlobal: { matches: { match_id: number }[] }[] } }).data;
        expect(day.liveGlobal.flatMap((g) => g.matches.map((m) => m.match_id))).toContain(matchId);

        const href = await goalPopsUp(page, live, prefix === '' ? 'tr' : 'en');
        expect(href).toBe(`${prefix}/football/Details/${matchId}`);
        if (path === '/about') {
          // One preload, for today's UTC day.
          expect(lists).toHaveLength(1);
          expect(lists[0]).toContain(`day=${startOfUtcDay(nowSec())}`);
        }
      }
    } finally {
      await visit.context.close();
    }
  });

  it('today’s football page feeds the pop-ups itself: the list is not fetched a second time', async () => {
    const visit = await openReader();
    const { page } = visit;
    try {
      const lists: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/match_recent/anew_list')) lists.push(request.url());
      });
      await openLive(visit, '/en/football');
      // The match is on the page, live.
      await page.locator(`[data-testid="football-row"][data-match-id="${matchId}"]`).waitFor();
      await goalPopsUp(page, enLive, 'en');
      expect(lists).toEqual([]);
    } finally {
      await visit.context.close();
    }
  });
});

describe('a match page without a tab in its address', () => {
  // Football only: basketball matches come from the simulator alone (the replay API plays
  // football), and the simulator is off here so that nothing is live but the test's matches.
  it('opens on the overview', async () => {
    const matchId = await createMatch({ home: 'Fenerbahçe', away: 'Beşiktaş' }, nowSec() + 3600);
    const visit = await openReader();
    try {
      expect((await visit.page.goto(`${server.origin}/en/football/Details/${matchId}`))?.status()).toBe(200);
      // The tab strip's open tab (the site's own menu marks its current section too).
      const current = visit.page.getByRole('navigation', { name: enScores.detail.tabsLabel }).locator('a[aria-current="page"]');
      expect(await current.getAttribute('href')).toBe(`/en/football/Details/${matchId}/overview`);
      expect((await current.innerText()).trim()).toBe(enScores.detail.tab.overview);
    } finally {
      await visit.context.close();
    }
  });
});
