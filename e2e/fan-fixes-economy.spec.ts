import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import trGuessing from '../app/locales/tr/guessing.json';
import { apiCall, registerFan, signInVisitor } from './support/fans';
import type { StaffAccount } from './support/outbox';
import { DESKTOP_CHROME_UA, startServerAndBrowser } from './support/page';
import type { RunningServer } from './support/server';

/**
 * What a fan tripped over in the guessing contest and the prediction centre on a default start,
 * each seen on a phone (390×844), in real Chromium against the real server (simulator on, dense
 * calendar):
 * - the betting page paints its open matches from the server's HTML (no "Yükleniyor…"), open
 *   ones first and the closed ones behind a toggle (decision 118);
 * - one selection is a single with no type to choose; the choice appears from two; each total's
 *   over and under share a row, on the betting page and in the publish form;
 * - the winning-streak ranking lists a fan whose four settled bets were all lost;
 * - a bought plan that lost says "Plan tutmadı" — not "tahmininiz tutmadı" — and fits a 320px
 *   phone (decision 120);
 * - on the prediction centre's first day no rate rests on one plan (decision 119).
 *
 * Staff play replay matches through the staff replay API (the same write pipeline as the feed).
 */
const STAFF: StaffAccount = { email: 'fan-economy-staff@example.test', nickname: 'FanEconomyStaff', password: 'fan-economy-staff-2026' };
const SUPER_LIG = 1;
const PHONE = { width: 390, height: 844 };

let server: RunningServer;
let browser: Browser;
let staffToken: string;
const contexts: BrowserContext[] = [];

const api = <T>(method: string, url: string, body?: unknown, token?: string) => apiCall<T>(server.origin, method, url, body, token);
const stamp = Date.now().toString(36);
const nowSec = () => Math.floor(Date.now() / 1000);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The reader's day index of a kick-off on the betting page (days in Istanbul for a Turkish page). */
function istanbulDayIndex(kickOffSec: number): number {
  const date = (sec: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(new Date(sec * 1000));
  return Math.round((Date.parse(date(kickOffSec)) - Date.parse(date(nowSec()))) / 86_400_000);
}

async function phonePage(options: { token?: string; javaScriptEnabled?: boolean; width?: number } = {}): Promise<Page> {
  const context = await browser.newContext({
    userAgent: DESKTOP_CHROME_UA,
    viewport: { width: options.width ?? PHONE.width, height: PHONE.height },
    locale: 'tr-TR',
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  contexts.push(context);
  const page = await context.newPage();
  if (options.token) await signInVisitor({ context, page }, server.origin, options.token);
  return page;
}

async function createMatch(home: string, away: string, matchTime: number): Promise<number> {
  const created = await api<{ match_id: number }>('POST', '/api/staff/replays', { sport: 'football', home_team: home, away_team: away, competition_id: SUPER_LIG, match_time: matchTime }, staffToken);
  expect(created.status, created.text).toBe(200);
  return created.data.match_id;
}

async function playToTheEnd(matchId: number, [home, away]: [number, number]): Promise<void> {
  const answer = await api(
    'POST',
    `/api/staff/replays/${matchId}/updates`,
    {
      updates: [
        { status_id: 2, home_score: 0, away_score: 0, half_played_sec: 0, kind: 'score' },
        { status_id: 3, home_score: 0, away_score: 0, half_time: [0, 0], kind: 'score' },
        { status_id: 4, home_score: home, away_score: away, half_played_sec: 1800, half_time: [0, 0], kind: 'score' },
        { status_id: 8, home_score: home, away_score: away, half_time: [0, 0], kind: 'score' },
      ],
    },
    staffToken,
  );
  expect(answer.status, answer.text).toBe(200);
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen:\n${server.output().slice(-3000)}`);
    await sleep(250);
  }
}

/** The over and the under of each line of a market group sit on one row: same top, over on the left. */
async function expectOverBesideUnder(page: Page, scope: string, selector: (pick: 'over' | 'under', line: string) => string, lines: string[]): Promise<void> {
  expect(lines.length, scope).toBeGreaterThan(1);
  // Measured in one go, so nothing that loads meanwhile moves one box and not the other.
  const boxes = await page.evaluate(
    (pairs) =>
      pairs.map(([overSelector, underSelector]) => {
        const over = document.querySelector(overSelector)?.getBoundingClientRect();
        const under = document.querySelector(underSelector)?.getBoundingClientRect();
        return over && under ? { overTop: over.top, overLeft: over.left, underTop: under.top, underLeft: under.left, underRight: under.right } : null;
      }),
    lines.map((line) => [selector('over', line), selector('under', line)] as const),
  );
  boxes.forEach((box, i) => {
    const line = lines[i];
    expect(box, `${scope} ${line}`).not.toBeNull();
    expect(Math.abs(box!.overTop - box!.underTop), `${scope} ${line}: over and under on one row`).toBeLessThan(2);
    expect(box!.overLeft, `${scope} ${line}: over first`).toBeLessThan(box!.underLeft);
    expect(box!.underRight, `${scope} ${line}: within the phone`).toBeLessThanOrEqual(PHONE.width);
  });
}

let bettor: { id: number; token: string };
let tipster: { id: number; token: string };
let buyer: { id: number; token: string };
const matchIds: number[] = [];
let dayIndex = 0;
let planId = 0;

beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser({}, { staff: STAFF }));
  const login = await api<{ token: string }>('POST', '/api/user/login', { account: STAFF.email, password: STAFF.password });
  expect(login.status, login.text).toBe(200);
  staffToken = login.data.token;
  [bettor, tipster, buyer] = await Promise.all([
    registerFan(server, `bettor-${stamp}@example.com`, `Kuponcu${stamp}`),
    registerFan(server, `tipster-${stamp}@example.com`, `Tahminci${stamp}`),
    registerFan(server, `buyer-${stamp}@example.com`, `Alici${stamp}`),
  ]);
  const kickOff = nowSec() + 2 * 3600;
  dayIndex = istanbulDayIndex(kickOff);
  for (const [home, away] of [
    ['Galatasaray', 'Fenerbahçe'],
    ['Beşiktaş', 'Trabzonspor'],
    ['Başakşehir', 'Konyaspor'],
    ['Antalyaspor', 'Kasımpaşa'],
  ] as const) {
    matchIds.push(await createMatch(home, away, kickOff));
  }
}, 400_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

describe('what a fan tripped over in the guessing contest and the prediction centre, on a phone', () => {
  it("paints today's open matches from the server, open ones first, closed ones behind a toggle (tr)", async () => {
    // Without any script: what a phone paints before the bundle arrives.
    const painted = await phonePage({ javaScriptEnabled: false });
    const started = Date.now();
    await painted.goto(`${server.origin}/guessing`);
    const documentMs = Date.now() - started;
    expect(await painted.getByTestId('betting-loading').count()).toBe(0);
    const open = await painted.locator('[data-testid="betting-match"]').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-open')));
    expect(open.length, 'the simulator has matches today').toBeGreaterThan(0);
    expect(open[0], 'the first match takes bets').toBe('true');
    // Every open match comes before every closed one; the closed ones wait behind the toggle.
    expect(open.indexOf('false') === -1 || open.slice(open.indexOf('false')).every((x) => x === 'false')).toBe(true);
    const closedInToggle = await painted.locator('[data-testid="closed-matches"] [data-testid="betting-match"]').count();
    expect(closedInToggle).toBe(open.filter((x) => x === 'false').length);
    if (closedInToggle > 0) {
      expect(await painted.getByTestId('closed-matches').evaluate((details) => (details as HTMLDetailsElement).open)).toBe(false);
      const summary = trGuessing.board.closedMatches_other.replace('{{count}}', String(closedInToggle));
      expect(await painted.getByTestId('closed-matches').locator('summary').textContent()).toBe(summary);
    }
    // The fan waited over ten seconds and once hit the 10-second timeout. The first page after a
    // start may still wait for the leagues' first fits (decision 118): a few seconds on a quiet
    // machine, more while the server suites run beside the journeys on the same two cores, so
    // this bound only catches a fit per match instead of per league; the next pages do not wait.
    expect(documentMs, 'the first betting page document after the start').toBeLessThan(20_000);
    const again = Date.now();
    await painted.goto(`${server.origin}/guessing?sport=football`);
    await painted.locator('[data-testid="betting-match"]').first().waitFor();
    expect(Date.now() - again, 'the betting page document, fitted').toBeLessThan(3_000);

    // With scripts: the matches are there at once and stay (no "Yükleniyor…" after hydration).
    const live = await phonePage();
    await live.goto(`${server.origin}/guessing`);
    await live.locator('[data-testid="betting-match"][data-open="true"]').first().waitFor({ timeout: 5_000 });
    await live.locator('[data-testid="price"]:not([disabled])').first().waitFor();
    expect(await live.getByTestId('betting-loading').count()).toBe(0);
    expect(await live.getByTestId('betting-failed').count()).toBe(0);
  });

  it('makes one selection a single without a choice, offers the choice from two, and lays each total as over beside under (tr)', async () => {
    const page = await phonePage({ token: bettor.token });
    await page.goto(`${server.origin}/guessing?day=${dayIndex}`);
    const card = (matchId: number) => page.locator(`[data-testid="betting-match"][data-match="${matchId}"]`);
    await card(matchIds[0]!).locator('[data-testid="price"][data-selection="1x2:ft:home:"]:not([disabled])').click();

    // One selection: a single, no single/parlay choice, a stake to type.
    await page.getByTestId('slip-open').click();
    const drawer = page.getByTestId('slip-drawer');
    await drawer.getByTestId('slip-stake').waitFor();
    expect(await drawer.getByTestId('slip-kind').count()).toBe(0);
    await drawer.getByTestId('slip-stake').fill('10');
    await drawer.getByTestId('slip-review').click();
    await drawer.getByTestId('slip-confirm-button').click();
    await drawer.getByTestId('slip-placed').waitFor();
    await page.keyboard.press('Escape');

    // Two selections on two matches: now the fan chooses.
    await card(matchIds[1]!).locator('[data-testid="price"][data-selection="1x2:ft:away:"]').click();
    await card(matchIds[2]!).locator('[data-testid="price"][data-selection="1x2:ft:away:"]').click();
    await page.getByTestId('slip-open').click();
    await drawer.getByTestId('slip-kind').waitFor();
    expect(await drawer.getByTestId('slip-kind-single').isVisible()).toBe(true);
    expect(await drawer.getByTestId('slip-kind-parlay').isVisible()).toBe(true);
    await page.keyboard.press('Escape');

    // Every market of the first match: each goal total's over and under side by side.
    const markets = card(matchIds[0]!).getByTestId('all-markets');
    await markets.locator('summary').click();
    const group = markets.locator('[data-testid="market-group"][data-market="over_under:ft"]');
    await group.waitFor();
    const lines = await group.locator('[data-testid="price"][data-selection^="over_under:ft:over:"]').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-selection')!.split(':')[3]!));
    await expectOverBesideUnder(
      page,
      'betting page',
      (pick, line) => `[data-testid="betting-match"][data-match="${matchIds[0]}"] [data-testid="market-group"][data-market="over_under:ft"] [data-testid="price"][data-selection="over_under:ft:${pick}:${line}"]`,
      lines,
    );

    // The other three bets of the fan, through the API: all on the home side.
    for (const matchId of matchIds.slice(1)) {
      const priced = await api<{ markets: { market: string; period: string; pick: string; odds: number }[] }>('GET', `/api/guessing/matches/${matchId}/markets`);
      const odds = priced.data.markets.find((m) => m.market === '1x2' && m.period === 'ft' && m.pick === 'home')!.odds;
      const placed = await api('POST', '/api/guessing/bets', { kind: 'single', stake: 10, legs: [{ match_id: matchId, selection: { market: '1x2', period: 'ft', pick: 'home', line: null }, odds }], idempotency_key: `econ-${stamp}-${matchId}` }, bettor.token);
      expect(placed.status, placed.text).toBe(200);
    }
  });

  it("lays the publish form's totals out line by line, over beside under, and a fan buys the plan (tr)", async () => {
    const page = await phonePage({ token: tipster.token });
    await page.goto(`${server.origin}/forecast/launchDialog?match=${matchIds[0]}`);
    await page.getByTestId('publish-markets').waitFor();
    const lines = await page.locator('input[name="selection"][value^="over_under:ft:over:"]').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value.split(':')[3]!));
    await expectOverBesideUnder(page, 'publish form', (pick, line) => `label:has(input[name="selection"][value="over_under:ft:${pick}:${line}"])`, lines);

    const published = await api<{ id: number }>(
      'POST',
      '/api/forecast/plans',
      { match_id: matchIds[0], selection: { market: '1x2', period: 'ft', pick: 'home', line: null }, description: 'Galatasaray evinde güçlü; ev sahibi kazanır.', price: 50, idempotency_key: `econ-plan-${stamp}` },
      tipster.token,
    );
    expect(published.status, published.text).toBe(200);
    planId = published.data.id;
    const unlocked = await api('POST', `/api/forecast/plans/${planId}/unlock`, { idempotency_key: `econ-unlock-${stamp}` }, buyer.token);
    expect(unlocked.status, unlocked.text).toBe(200);
  });

  it('lists a fan whose four settled bets were all lost in the winning-streak ranking (tr)', async () => {
    // Every match ends 0–1: the fan's four home picks and the plan's pick lose.
    for (const matchId of matchIds) await playToTheEnd(matchId, [0, 1]);
    await until('the four bets settled', async () => {
      const finished = await api<{ total: number }>('GET', '/api/guessing/bets?status=finished&page=1&size=10', undefined, bettor.token);
      return finished.data.total === 4;
    });
    const page = await phonePage();
    await page.goto(`${server.origin}/guessing/winningStreakRankings`);
    const ranking = page.getByTestId('streak-ranking');
    const row = ranking.locator('tr', { hasText: `Kuponcu${stamp}` });
    await row.waitFor();
    expect((await row.locator('td').allTextContents()).slice(2)).toEqual(['0', '0', '4']);
    expect(await ranking.textContent()).not.toContain(trGuessing.ranking.empty);
  });

  it("tells the buyer the plan did not win — not that their prediction failed — within a 390px and a 320px phone (tr)", async () => {
    await until('the plan settled', async () => (await api<{ status: string }>('GET', `/api/forecast/plans/${planId}`)).data.status !== 'open');
    for (const width of [390, 320]) {
      const page = await phonePage({ token: buyer.token, width });
      await page.goto(`${server.origin}/personal-center/personal-center/buyRecords`);
      const card = page.locator(`[data-testid="plan-card"][data-plan-id="${planId}"]`);
      await card.waitFor();
      expect(await card.getByTestId('plan-status').textContent()).toBe('Plan tutmadı');
      const receipt = await card.getByTestId('plan-receipt').textContent();
      expect(receipt).toContain('plan tutmadı');
      expect(await card.textContent()).not.toMatch(/tahmininiz|Kaybetti/);
      const overflow = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: window.innerWidth }));
      expect(overflow.page, `nothing wider than the ${width}px phone`).toBeLessThanOrEqual(overflow.view);
      const box = await card.boundingBox();
      expect(box!.x + box!.width, `the card within ${width}px`).toBeLessThanOrEqual(width);
    }
  });

  it("shows no rate on one settled plan, and explains nothing that is not shown (en, the prediction centre's first day)", async () => {
    const page = await phonePage();
    await page.goto(`${server.origin}/en/forecast`);
    const figure = page.getByTestId('success-rate').first();
    await figure.waitFor();
    expect(await figure.getAttribute('data-rate')).toBe('hidden');
    const words = await figure.textContent();
    expect(words).toContain('1 plan settled from');
    expect(words).toContain('a success rate is shown from 10 settled plans');
    expect(words).not.toMatch(/%/);

    await page.goto(`${server.origin}/en/forecast/tipster/${tipster.id}`);
    const few = page.getByTestId('tipster-few');
    await few.waitFor();
    expect(await few.textContent()).toContain('0 won of 1 settled plan. Win rates are shown from 10 settled plans');
    expect(await page.getByTestId('stat-shrunk').count()).toBe(0);
    expect(await page.getByTestId('tipster-stats').textContent()).not.toMatch(/Adjusted|%/);
  });
});
