import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enLive from '../app/locales/en/live.json';
import trLive from '../app/locales/tr/live.json';
import trPersonal from '../app/locales/tr/personalCenter.json';
import trScores from '../app/locales/tr/scores.json';
import { apiCall, registerFan, signInVisitor } from './support/fans';
import type { StaffAccount } from './support/outbox';
import { DESKTOP_CHROME_UA, GOOGLEBOT_UA, startServerAndBrowser } from './support/page';
import type { RunningServer } from './support/server';

/**
 * What a fan tripped over on a default start, each seen on a phone (390×844) in Turkish, against
 * the real server in real Chromium:
 * - goal pop-ups: the default scope (the hot competitions for a reader who follows nothing, the
 *   reader's own matches once they star one), one pop-up at a time on a phone, none over an open
 *   dialog, and the end of the page scrollable clear of a pop-up (decision 110);
 * - one goal, one minute: the header, the pop-up's title and scorer line and the timeline read
 *   the same minute (decision 111);
 * - a half-time score only once half time is reached (decision 112);
 * - the language chosen in Settings at `/` (decision 113).
 *
 * The simulator is off: staff play replay matches through the staff replay API, which stores
 * each update and publishes it on the server's own broker the way the feed does.
 */
const STAFF: StaffAccount = { email: 'fan-live-staff@example.test', nickname: 'FanLiveStaff', password: 'fan-live-staff-2026' };
const SUPER_LIG = 1;
const PREMIER_LEAGUE = 2;
const LA_LIGA = 3;
/** Ligue 1: not one of the hot competitions */
const LIGUE_1 = 13;
const DAY = 86_400;
const PHONE = { width: 390, height: 844 };
const REGION = trLive.popup.region.replace('{hotkey}', 'F8');

let server: RunningServer;
let browser: Browser;
let staffToken: string;

const nowSec = () => Math.floor(Date.now() / 1000);
const startOfUtcDay = (sec: number) => sec - (sec % DAY);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser({ SIM: 'off' }, { staff: STAFF }));
  const login = await apiCall<{ token: string }>(server.origin, 'POST', '/api/user/login', { account: STAFF.email, password: STAFF.password });
  expect(login.status, login.text).toBe(200);
  staffToken = login.data.token;
  // Today's lists hold the matches of this UTC day: a run just before midnight waits for the new day.
  const left = startOfUtcDay(nowSec()) + DAY - nowSec();
  if (left < 300) await sleep((left + 2) * 1000);
}, 400_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

// ---- staff: replay matches through the real feed pipeline ----

interface Teams {
  home: string;
  away: string;
}

async function createMatch(teams: Teams, competitionId: number): Promise<number> {
  const created = await apiCall<{ match_id: number }>(
    server.origin,
    'POST',
    '/api/staff/replays',
    { sport: 'football', home_team: teams.home, away_team: teams.away, competition_id: competitionId, match_time: nowSec() - 60 },
    staffToken,
  );
  expect(created.status, created.text).toBe(200);
  return created.data.match_id;
}

async function postUpdates(matchId: number, updates: unknown[]): Promise<void> {
  const answer = await apiCall<{ applied: number }>(server.origin, 'POST', `/api/staff/replays/${matchId}/updates`, { updates }, staffToken);
  expect(answer.status, answer.text).toBe(200);
  expect(answer.data.applied).toBe(updates.length);
}

/** First half under way, `playedSec` into it, 0-0; `halfTime` as a feed that sends the field from kick-off does. */
const kickOff = (matchId: number, playedSec = 60, halfTime?: [number, number]) =>
  postUpdates(matchId, [
    { status_id: 2, home_score: 0, away_score: 0, half_played_sec: playedSec, kind: 'score', ...(halfTime ? { half_time: halfTime } : {}) },
  ]);

let seq = 0;
/** A home goal in the first half, `playedSec` into it, with the goal event the feed records (its minute and scorer). */
function homeGoal(matchId: number, goal: { home: number; playedSec: number; minute: number; scorer: string }): Promise<void> {
  seq += 1;
  return postUpdates(matchId, [
    {
      status_id: 2,
      home_score: goal.home,
      away_score: 0,
      half_played_sec: goal.playedSec,
      kind: 'score',
      events: [{ seq, type: 0, minute: goal.minute, added_minute: null, side: 'home', player: goal.scorer, related_player: null, detail: null }],
    },
  ]);
}

async function teamsOf(matchId: number): Promise<Teams> {
  const response = await fetch(`${server.origin}/api/match/football/${matchId}`, { headers: { Language: 'tr' } });
  expect(response.status).toBe(200);
  const { match } = ((await response.json()) as { data: { match: { home_team_name: string; away_team_name: string } } }).data;
  return { home: match.home_team_name, away: match.away_team_name };
}

// ---- the phone ----

interface Phone {
  context: BrowserContext;
  page: Page;
  nextSubscription: () => Promise<void>;
}

/**
 * A Turkish reader on a 390×844 phone. The page records every pop-up it shows (its text and
 * when it appeared) and the most shown at once, so the test can say what the reader saw.
 */
async function openPhone(userAgent = DESKTOP_CHROME_UA): Promise<Phone> {
  const context = await browser.newContext({ userAgent, viewport: PHONE, locale: 'tr-TR', timezoneId: 'Europe/Istanbul' });
  await context.addInitScript(() => {
    const seen = new WeakSet<Element>();
    const record = { shown: [] as { text: string; at: number }[], most: 0 };
    (window as unknown as { popups: typeof record }).popups = record;
    const check = () => {
      const open = Array.from(document.querySelectorAll('li[data-swipe-direction][data-state="open"]'));
      record.most = Math.max(record.most, open.length);
      for (const item of open) {
        if (seen.has(item)) continue;
        seen.add(item);
        record.shown.push({ text: (item as HTMLElement).innerText, at: Date.now() });
      }
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-state'] });
  });
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
  return { context, page, nextSubscription: () => new Promise<void>((resolve) => waiters.push(resolve)) };
}

/** Opens `path`, waits for the broker's acknowledgement of the page's subscription and for the pop-up layer. */
async function openLive(phone: Phone, path: string): Promise<void> {
  const subscribed = phone.nextSubscription();
  expect((await phone.page.goto(`${server.origin}${path}`))?.status()).toBe(200);
  await subscribed;
  await phone.page.getByRole('region', { name: REGION, exact: true }).waitFor({ state: 'attached' });
}

interface Shown {
  text: string;
  at: number;
}

const popupsOf = (page: Page) => page.evaluate(() => (window as unknown as { popups: { shown: Shown[]; most: number } }).popups);

/** Waits until `count` pop-ups have been shown on the page since it loaded. */
async function shownPopups(page: Page, count: number, timeout = 30_000): Promise<Shown[]> {
  await expect.poll(async () => (await popupsOf(page)).shown.length, { timeout, interval: 200 }).toBeGreaterThanOrEqual(count);
  return (await popupsOf(page)).shown;
}

const openToast = (page: Page) => page.getByRole('region', { name: REGION, exact: true }).locator('li[data-state="open"]');

describe('goal pop-ups on a phone (decision 110)', () => {
  it('pop up the hot competitions for a reader who follows nothing, one at a time, with the page’s end scrollable clear of them', async () => {
    const hot = [
      await createMatch({ home: 'Galatasaray', away: 'Fenerbahçe' }, SUPER_LIG),
      await createMatch({ home: 'Beşiktaş', away: 'Trabzonspor' }, SUPER_LIG),
      await createMatch({ home: 'Arsenal', away: 'Chelsea' }, PREMIER_LEAGUE),
    ];
    const cold = await createMatch({ home: 'Lens', away: 'Lille' }, LIGUE_1);
    for (const id of [...hot, cold]) await kickOff(id);
    const hotTeams = await Promise.all(hot.map(teamsOf));
    const coldTeams = await teamsOf(cold);

    const phone = await openPhone();
    const { page } = phone;
    try {
      await openLive(phone, '/football');
      // A goal in a competition nobody asked for, then three hot ones in a burst.
      await homeGoal(cold, { home: 1, playedSec: 600, minute: 11, scorer: 'Forvet Lens' });
      for (const [index, id] of hot.entries()) await homeGoal(id, { home: 1, playedSec: 600, minute: 11, scorer: `Forvet ${index}` });

      // The first shows alone; while it shows, the end of the page scrolls clear of it.
      const toast = openToast(page);
      await toast.first().waitFor({ timeout: 10_000 });
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await sleep(300);
      const toastTop = (await toast.first().boundingBox())!.y;
      const lastRow = page.locator('[data-testid="football-row"]').last();
      const rowBox = (await lastRow.boundingBox())!;
      expect(rowBox.y + rowBox.height).toBeLessThanOrEqual(toastTop);
      const pageEnd = await page.evaluate(() => {
        const children = Array.from(document.body.children).filter((element) => element.getBoundingClientRect().height > 0 && getComputedStyle(element).position !== 'fixed');
        return Math.max(...children.map((element) => element.getBoundingClientRect().bottom));
      });
      expect(pageEnd).toBeLessThanOrEqual(toastTop);

      // Then the others, each in turn (5 s each): never two at once, never the cold match.
      const shown = await shownPopups(page, 3, 30_000);
      expect(shown.map((item) => item.text.includes(trLive.popup.goal))).toEqual([true, true, true]);
      for (const [index, teams] of hotTeams.entries()) {
        expect(shown[index]!.text).toContain(teams.home);
        expect(shown[index]!.text).toContain(teams.away);
      }
      expect(shown.some((item) => item.text.includes(coldTeams.home))).toBe(false);
      expect((await popupsOf(page)).most).toBe(1);
      // Gone, the room below the page goes with it.
      await toast.first().waitFor({ state: 'detached', timeout: 10_000 });
      expect(await page.evaluate(() => document.body.style.paddingBottom)).toBe('');

      // The reader stars the Ligue 1 match: from now on their own matches pop up, the hot list no longer stands in.
      const coldRow = page.locator(`[data-testid="football-row"][data-match-id="${cold}"]`);
      await coldRow.getByRole('button', { name: trScores.row.collect.replace('{{teams}}', `${coldTeams.home} – ${coldTeams.away}`) }).click();
      await coldRow.getByRole('button', { name: trScores.row.uncollect.replace('{{teams}}', `${coldTeams.home} – ${coldTeams.away}`) }).waitFor();
      await homeGoal(hot[0]!, { home: 2, playedSec: 900, minute: 16, scorer: 'Forvet 0' });
      await homeGoal(cold, { home: 2, playedSec: 900, minute: 16, scorer: 'Forvet Lens' });
      const after = (await shownPopups(page, 4, 15_000)).slice(3);
      expect(after[0]!.text).toContain(coldTeams.home);
      await sleep(1500);
      expect((await popupsOf(page)).shown.slice(3).some((item) => item.text.includes(hotTeams[0]!.home))).toBe(false);
    } finally {
      await phone.context.close();
    }
  });

  it('wait behind the account-closure dialog and come once it is closed', async () => {
    const matchId = await createMatch({ home: 'Kasımpaşa', away: 'Antalyaspor' }, SUPER_LIG);
    await kickOff(matchId);
    const fan = await registerFan(server, 'fan-live-dialog@example.test', 'DialogFan');
    const phone = await openPhone();
    const { page } = phone;
    try {
      await signInVisitor(phone, server.origin, fan.token);
      await openLive(phone, '/personal-center/personal-center/cancelAccount');
      await page.getByTestId('cancel-account').click();
      const dialog = page.getByRole('alertdialog', { name: trPersonal.cancel.dialog.title });
      await dialog.waitFor();

      await homeGoal(matchId, { home: 1, playedSec: 300, minute: 6, scorer: 'Forvet Kasımpaşa' });
      // The goal reaches the page while the dialog is open: nothing is drawn over it.
      await sleep(3000);
      expect(await openToast(page).count()).toBe(0);
      expect((await popupsOf(page)).shown).toEqual([]);

      const closedAt = Date.now();
      await dialog.getByRole('button', { name: trPersonal.cancel.dialog.keep }).click();
      await dialog.waitFor({ state: 'detached' });
      const [shown] = await shownPopups(page, 1, 10_000);
      expect(shown!.text).toContain(trLive.popup.goal);
      expect(shown!.at).toBeGreaterThanOrEqual(closedAt);
    } finally {
      await phone.context.close();
    }
  });
});

describe('one goal, one minute (decision 111)', () => {
  it('the header, the pop-up’s title and scorer line and the timeline read the same minute', async () => {
    const matchId = await createMatch({ home: 'Barcelona', away: 'Girona' }, LA_LIGA);
    await kickOff(matchId, 29 * 60);
    const phone = await openPhone();
    const { page } = phone;
    try {
      await openLive(phone, `/football/Details/${matchId}`);
      // 30:15 into the match: its 31st minute, the minute the feed gives the goal.
      await homeGoal(matchId, { home: 1, playedSec: 30 * 60 + 15, minute: 31, scorer: 'Robert Lewandowski' });

      const toast = openToast(page).first();
      await toast.waitFor({ timeout: 10_000 });
      const toastText = await toast.innerText();
      expect(toastText).toContain("31'");
      expect(await toast.getByTestId('goal-scorer').innerText()).toContain(trLive.popup.scorer.replace('{{player}}', 'Robert Lewandowski').replace('{{minute}}', '31'));
      expect(toastText).not.toMatch(/\b30'/);

      const header = page.locator('header').filter({ hasText: /1 - 0/ });
      expect(await header.innerText()).toContain("31'");
      const goalLine = page.getByTestId('timeline-event').filter({ hasText: 'Robert Lewandowski' });
      await goalLine.waitFor();
      expect((await goalLine.innerText()).trim().startsWith("31'")).toBe(true);
    } finally {
      await phone.context.close();
    }
  });
});

describe('the half-time score (decision 112)', () => {
  it('shows only once half time is reached, though the feed sends it from kick-off', async () => {
    const matchId = await createMatch({ home: 'Göztepe', away: 'Samsunspor' }, SUPER_LIG);
    await kickOff(matchId, 600, [0, 0]);
    const phone = await openPhone();
    const { page } = phone;
    try {
      await openLive(phone, '/football');
      const row = page.locator(`[data-testid="football-row"][data-match-id="${matchId}"]`);
      await row.waitFor();
      // First half, 0-0: no "(0)" beside the live score.
      expect(await row.innerText()).not.toContain('(0)');
      await postUpdates(matchId, [{ status_id: 3, home_score: 0, away_score: 0, half_time: [0, 0], kind: 'score' }]);
      await expect.poll(() => row.innerText(), { timeout: 10_000 }).toContain('(0)');
      expect(await row.innerText()).toContain(trScores.statusShort.football['3']);
    } finally {
      await phone.context.close();
    }
  });
});

describe('the language chosen in Settings at / (decision 113)', () => {
  it('takes a fan who chose English in Settings from / to /en', async () => {
    const fan = await registerFan(server, 'fan-live-language@example.test', 'LanguageFan');
    const phone = await openPhone();
    const { page } = phone;
    try {
      await signInVisitor(phone, server.origin, fan.token);
      await page.goto(`${server.origin}/personal-center/personal-center/setEntry`);
      await page.getByRole('region', { name: REGION, exact: true }).waitFor({ state: 'attached' });
      await page.getByRole('radio', { name: 'English' }).click();
      await page.waitForURL((url) => url.pathname === '/en/personal-center/personal-center/setEntry');
      expect((await page.goto(`${server.origin}/`))?.status()).toBe(200);
      expect(new URL(page.url()).pathname).toBe('/en');
      expect(await page.locator('html').getAttribute('lang')).toMatch(/^en/);
      // Choosing Turkish again keeps them on /.
      await page.goto(`${server.origin}/en/personal-center/personal-center/setEntry`);
      await page.getByRole('region', { name: enLive.popup.region.replace('{hotkey}', 'F8'), exact: true }).waitFor({ state: 'attached' });
      await page.getByRole('radio', { name: 'Türkçe' }).click();
      await page.waitForURL((url) => url.pathname === '/personal-center/personal-center/setEntry');
      await page.goto(`${server.origin}/`);
      expect(new URL(page.url()).pathname).toBe('/');
    } finally {
      await phone.context.close();
    }
  });

  it('sends a signed-out reader’s choice too, never from a page kept for others, and leaves crawlers and first visits on /', async () => {
    const get = (cookie: string | null, userAgent = DESKTOP_CHROME_UA) =>
      fetch(`${server.origin}/?from=test`, { redirect: 'manual', headers: { 'user-agent': userAgent, ...(cookie ? { cookie } : {}) } });
    // A first visit is rendered (and kept for the next readers without a choice) …
    const first = await get(null);
    expect(first.status).toBe(200);
    expect(await first.text()).toContain('lang="tr');
    // … and the reader who chose English a moment later is sent on, not served that page.
    const english = await get('locale=en');
    expect(english.status).toBe(302);
    expect(english.headers.get('location')).toBe('/en?from=test');
    expect(english.headers.get('cache-control')).toBe('private, no-store');
    const chinese = await get('locale=zh');
    expect(chinese.headers.get('location')).toBe('/zh?from=test');
    // A crawler stays on the Turkish page its alternates name, whatever it carries.
    const crawler = await get('locale=en', GOOGLEBOT_UA);
    expect(crawler.status).toBe(200);
    const html = await crawler.text();
    expect(html).toContain('lang="tr');
    const alternates = new Map(
      [...html.matchAll(/<link\b[^>]*>/gi)]
        .map(([tag]) => tag)
        .filter((tag) => /rel="alternate"/i.test(tag))
        .map((tag) => [/hreflang="([^"]+)"/i.exec(tag)?.[1], /href="([^"]+)"/.exec(tag)?.[1]] as const),
    );
    expect(alternates.get('tr')).toBe(`${server.origin}/`);
    expect(alternates.get('en')).toBe(`${server.origin}/en`);
    expect(alternates.get('x-default')).toBe(`${server.origin}/`);
  });
});
