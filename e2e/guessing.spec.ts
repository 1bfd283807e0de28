import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import trLive from '../app/locales/tr/live.json';
import zhLive from '../app/locales/zh/live.json';
import { apiCall, registerFan, signInVisitor, waitForPopUp } from './support/fans';
import type { StaffAccount } from './support/outbox';
import { openVisitor, startServerAndBrowser, type Visitor, waitUntilLive } from './support/page';
import type { RunningServer } from './support/server';

/**
 * The guessing contest end to end, in real Chromium against the real server: staff creates two
 * replay matches kicking off in two hours; a Turkish fan places a single and a Chinese fan a
 * two-leg parlay through the betting page's slip (type, stake, review, confirm); staff plays
 * both matches to the end through the replay API (the live feed's write pipeline); the bets
 * settle on the job runner; both fans see the guess_result pop-up on their open pages; My bets
 * shows the settled parlay with its receipt.
 */
const STAFF: StaffAccount = { email: 'guessing-staff@example.test', nickname: 'GuessingStaff', password: 'guessing-staff-2026' };
const SUPER_LIG = 1;
const DAY = 86_400;

let server: RunningServer;
let browser: Browser;
let trVisitor: Visitor;
let zhVisitor: Visitor;
let staffToken: string;

const api = <T>(method: string, url: string, body?: unknown, token?: string) => apiCall<T>(server.origin, method, url, body, token);
const register = (email: string, nickname: string) => registerFan(server, email, nickname);
const signIn = (visitor: Visitor, token: string) => signInVisitor(visitor, server.origin, token);
const popUp = waitForPopUp;

async function createMatch(home: string, away: string, matchTime: number): Promise<number> {
  const created = await api<{ match_id: number }>('POST', '/api/staff/replays', { sport: 'football', home_team: home, away_team: away, competition_id: SUPER_LIG, match_time: matchTime }, staffToken);
  expect(created.status, created.text).toBe(200);
  return created.data.match_id;
}

async function playToTheEnd(matchId: number, [home, away]: [number, number]): Promise<void> {
  const answer = await api('POST', `/api/staff/replays/${matchId}/updates`, {
    updates: [
      { status_id: 2, home_score: 0, away_score: 0, half_played_sec: 0, kind: 'score' },
      { status_id: 3, home_score: 1, away_score: 0, half_time: [1, 0], kind: 'score' },
      { status_id: 4, home_score: home, away_score: away, half_played_sec: 1800, half_time: [1, 0], kind: 'score' },
      { status_id: 8, home_score: home, away_score: away, half_time: [1, 0], kind: 'score' },
    ],
  }, staffToken);
  expect(answer.status, answer.text).toBe(200);
}

/** Clicks a price of one match on the betting page. */
async function pick(page: Page, matchId: number, selectionPrefix: string): Promise<void> {
  const card = page.locator(`[data-testid="betting-match"][data-match="${matchId}"]`);
  await card.waitFor();
  await card.locator(`[data-testid="price"][data-selection^="${selectionPrefix}"]`).first().click();
}

async function confirmSlip(page: Page): Promise<void> {
  const slip = page.getByTestId('bet-slip');
  await slip.getByTestId('slip-review').click();
  await slip.getByTestId('slip-confirm').waitFor();
  // A double click places the bet once: the key is kept until the answer.
  await slip.getByTestId('slip-confirm-button').dblclick();
  await slip.getByTestId('slip-placed').waitFor();
}

beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser({ SIM: 'off' }, { staff: STAFF }));
  const login = await api<{ token: string }>('POST', '/api/user/login', { account: STAFF.email, password: STAFF.password });
  staffToken = login.data.token;
  trVisitor = await openVisitor(browser);
  zhVisitor = await openVisitor(browser);
});

afterAll(async () => {
  await trVisitor?.context.close();
  await zhVisitor?.context.close();
  await browser?.close();
  await server?.stop();
});

describe('the guessing contest in the browser', () => {
  it('places a single and a parlay through the slip, settles them, pops up and shows the receipt — in Turkish and Chinese', async () => {
    const stamp = Date.now().toString(36);
    const trFan = await register(`tr-fan-${stamp}@example.com`, `Taraftar${stamp}`);
    const zhFan = await register(`zh-fan-${stamp}@example.com`, `球迷${stamp}`);
    const nowSec = Math.floor(Date.now() / 1000);
    const kickOff = nowSec + 2 * 3600;
    const first = await createMatch('Galatasaray', 'Fenerbahçe', kickOff);
    const second = await createMatch('Beşiktaş', 'Trabzonspor', kickOff);
    // The betting page shows UTC days: late in the evening, kick-off is already tomorrow's.
    const dayIndex = Math.floor(kickOff / DAY) - Math.floor(nowSec / DAY);

    // The Turkish fan backs Galatasaray (MS 1) with a single of 40 points.
    await signIn(trVisitor, trFan.token);
    const trPage = trVisitor.page;
    await trPage.goto(`${server.origin}/guessing?day=${dayIndex}`);
    await pick(trPage, first, '1x2:ft:home:');
    // One selection is a single: no type to choose (decision 118's journey, e2e/fan-fixes-economy.spec.ts).
    await trPage.getByTestId('slip-stake').fill('40');
    await confirmSlip(trPage);

    // The Chinese fan combines Galatasaray to win and the over of the other match, 50 points.
    await signIn(zhVisitor, zhFan.token);
    const zhPage = zhVisitor.page;
    await zhPage.goto(`${server.origin}/zh/guessing?day=${dayIndex}`);
    await pick(zhPage, first, '1x2:ft:home:');
    await pick(zhPage, second, 'over_under:ft:over:');
    await zhPage.getByTestId('slip-kind-parlay').check();
    await zhPage.getByTestId('slip-parlay-stake').fill('50');
    const shownReturn = Number(await zhPage.getByTestId('slip-potential-return').textContent());
    await confirmSlip(zhPage);

    const trBets = await api<{ list: { kind: string; stake: number }[] }>('GET', '/api/guessing/bets', undefined, trFan.token);
    expect(trBets.data.list.map((b) => [b.kind, b.stake])).toEqual([['single', 40]]);
    const zhBets = await api<{ list: { kind: string; stake: number; legs: unknown[]; potential_return: number }[] }>('GET', '/api/guessing/bets', undefined, zhFan.token);
    expect(zhBets.data.list.map((b) => [b.kind, b.stake, b.legs.length])).toEqual([['parlay', 50, 2]]);
    // The slip promised what the server booked.
    expect(zhBets.data.list[0]!.potential_return).toBe(shownReturn);

    // Both matches are played to the end; the open pages get the guess_result pop-up.
    await Promise.all([waitUntilLive(trPage, 'tr'), waitUntilLive(zhPage, 'zh')]);
    await playToTheEnd(first, [2, 1]);
    await playToTheEnd(second, [5, 1]);
    await Promise.all([popUp(trPage, trLive.user.guess_result.won), popUp(zhPage, zhLive.user.guess_result.won)]);

    // My bets shows the settled parlay with its receipt.
    await zhPage.goto(`${server.origin}/zh/guessing/myBet`);
    const card = zhPage.locator('[data-testid="bet-card"][data-status="settled"]');
    await card.waitFor();
    await card.getByTestId('bet-receipt').waitFor();
    expect(await card.getByTestId('bet-outcome').getAttribute('data-outcome')).toBe('win');
    expect(Number(await card.getByTestId('bet-payout').textContent())).toBeGreaterThan(50);
  });
});
