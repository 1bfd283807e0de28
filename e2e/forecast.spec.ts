import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import trLive from '../app/locales/tr/live.json';
import zhLive from '../app/locales/zh/live.json';
import { apiCall, registerFan, signInVisitor, waitForPopUp } from './support/fans';
import type { StaffAccount } from './support/outbox';
import { openVisitor, startServerAndBrowser, type Visitor, waitUntilLive } from './support/page';
import type { RunningServer } from './support/server';

/**
 * The prediction centre end to end, in real Chromium against the real server: a Turkish tipster
 * publishes a plan on an upcoming match and sees its fingerprint; a Chinese fan unlocks it after
 * the non-refundable confirmation; the match is played through the staff replay API (the same
 * write pipeline as the live feed); the plan settles on the job runner; both see the pre_result
 * pop-up on their open pages; the streak ranking names the tipster; "verify" recomputes the
 * fingerprint in the browser. Before the unlock, the page HTML and route data carry no pick.
 */
const STAFF: StaffAccount = { email: 'forecast-staff@example.test', nickname: 'ForecastStaff', password: 'forecast-staff-2026' };
const SUPER_LIG = 1;

let server: RunningServer;
let browser: Browser;
let tipsterVisitor: Visitor;
let buyerVisitor: Visitor;
let staffToken: string;

const api = <T>(method: string, url: string, body?: unknown, token?: string) => apiCall<T>(server.origin, method, url, body, token);
const register = (email: string, nickname: string) => registerFan(server, email, nickname);
const signIn = (visitor: Visitor, token: string) => signInVisitor(visitor, server.origin, token);
const popUp = waitForPopUp;

async function replay(matchId: number, updates: unknown[]): Promise<void> {
  const answer = await api('POST', `/api/staff/replays/${matchId}/updates`, { updates }, staffToken);
  expect(answer.status, answer.text).toBe(200);
}

beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser({ SIM: 'off' }, { staff: STAFF }));
  const login = await api<{ token: string }>('POST', '/api/user/login', { account: STAFF.email, password: STAFF.password });
  staffToken = login.data.token;
  tipsterVisitor = await openVisitor(browser);
  buyerVisitor = await openVisitor(browser);
});

afterAll(async () => {
  await tipsterVisitor?.context.close();
  await buyerVisitor?.context.close();
  await browser?.close();
  await server?.stop();
});

describe('the prediction centre in the browser', () => {
  it('publishes, unlocks, settles once, pops up, ranks and verifies — in Turkish and Chinese', async () => {
    const stamp = Date.now().toString(36);
    const tipster = await register(`tipster-${stamp}@example.com`, `Tahminci${stamp}`);
    const buyer = await register(`buyer-${stamp}@example.com`, `Fan${stamp}`);
    const created = await api<{ match_id: number }>(
      'POST',
      '/api/staff/replays',
      { sport: 'football', home_team: 'Galatasaray', away_team: 'Fenerbahçe', competition_id: SUPER_LIG, match_time: Math.floor(Date.now() / 1000) + 3600 },
      staffToken,
    );
    expect(created.status, created.text).toBe(200);
    const matchId = created.data.match_id;

    // The tipster publishes a paid 1X2 plan on the home side, in Turkish.
    const secret = `GIZLI-ANALIZ-${stamp}`;
    const description = `${'Galatasaray evinde son haftalarda çok istikrarlı oynuyor ve savunması sağlam. '.repeat(2)}${secret} ev sahibi kazanır.`;
    await signIn(tipsterVisitor, tipster.token);
    const tipsterPage = tipsterVisitor.page;
    await tipsterPage.goto(`${server.origin}/forecast/launchDialog?match=${matchId}`);
    await tipsterPage.getByTestId('publish-markets').waitFor();
    await tipsterPage.locator('input[name="selection"][value="1x2:ft:home:"]').check();
    await tipsterPage.locator('textarea[name="description"]').fill(description);
    await tipsterPage.locator('input[name="price"]').fill('50');
    await tipsterPage.getByTestId('publish-submit').click();
    const fingerprint = tipsterPage.getByTestId('plan-fingerprint').first();
    await fingerprint.waitFor();
    const mine = await api<{ list: { id: number; fingerprint: string }[] }>('GET', `/api/forecast/plans?view=my`, undefined, tipster.token);
    const plan = mine.data.list[0];
    expect(plan).toBeDefined();
    // The tipster sees the plan's fingerprint as the server recorded it.
    expect(await fingerprint.getAttribute('title')).toBe(plan!.fingerprint);
    expect(plan!.fingerprint).toMatch(/^[0-9a-f]{64}$/);

    // Before the unlock: nothing a stranger's browser receives carries the hidden analysis.
    for (const path of [`/zh/forecast/plan/${plan!.id}`, '/zh/forecast', `/zh/forecast/plan/${plan!.id}.data`, `/api/forecast/plans/${plan!.id}`]) {
      const answer = await api('GET', path, undefined, buyer.token);
      expect(answer.text, path).not.toContain(secret);
    }

    // The fan unlocks it in Chinese after the confirmation that points are not refundable.
    await signIn(buyerVisitor, buyer.token);
    const buyerPage = buyerVisitor.page;
    await buyerPage.goto(`${server.origin}/zh/forecast/plan/${plan!.id}`);
    await waitUntilLive(buyerPage, 'zh');
    await buyerPage.getByTestId('plan-unlock').click();
    await buyerPage.getByTestId('plan-unlock-dialog').waitFor();
    await buyerPage.getByTestId('plan-unlock-confirm').click();
    await buyerPage.getByTestId('plan-description').waitFor();
    expect(await buyerPage.getByTestId('plan-description').textContent()).toContain(secret);

    // The match is played and ends 2–1; both open pages get the pre_result pop-up.
    await tipsterPage.goto(`${server.origin}/forecast/plan/${plan!.id}`);
    await waitUntilLive(tipsterPage, 'tr');
    await replay(matchId, [
      { status_id: 2, home_score: 0, away_score: 0, half_played_sec: 0, kind: 'score' },
      { status_id: 2, home_score: 1, away_score: 0, half_played_sec: 1200, kind: 'score' },
      { status_id: 3, home_score: 1, away_score: 0, half_time: [1, 0], kind: 'score' },
      { status_id: 4, home_score: 2, away_score: 1, half_played_sec: 1800, half_time: [1, 0], kind: 'score' },
      { status_id: 8, home_score: 2, away_score: 1, half_time: [1, 0], kind: 'score' },
    ]);
    // Settled on the job runner: the plan shows its outcome, and its content is public.
    const deadline = Date.now() + 30_000;
    let settled = await api<{ status: string; outcome: string; proof: unknown }>('GET', `/api/forecast/plans/${plan!.id}`);
    while (settled.data.status === 'open') {
      if (Date.now() > deadline) throw new Error(`the plan did not settle:\n${server.output().slice(-3000)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
      settled = await api('GET', `/api/forecast/plans/${plan!.id}`);
    }
    expect(settled.data).toMatchObject({ status: 'settled', outcome: 'win' });
    expect(settled.data.proof).not.toBeNull();
    await Promise.all([popUp(tipsterPage, trLive.user.pre_result.won), popUp(buyerPage, zhLive.user.pre_result_unlocked.won)]);

    // The streak ranking moves: the tipster now leads it.
    await tipsterPage.goto(`${server.origin}/forecast/winningRanking?period=week&kind=streak`);
    await tipsterPage.getByTestId('forecast-ranking').getByText(`Tahminci${stamp}`).first().waitFor();

    // The home page's success-rate figure is measured: one settled plan is counted, but no rate is
    // shown below ten (decision 119) — a new visitor sees the count and no percentage (the figure
    // is cached for five minutes in browsers that saw it before).
    const visitor = await openVisitor(browser);
    try {
      await visitor.page.goto(`${server.origin}/`);
      const figure = visitor.page.getByTestId('home-success-rate');
      await figure.waitFor();
      const text = (await figure.textContent()) ?? '';
      expect(text).toMatch(/1 plan sonuçlandı/);
      expect(text).not.toMatch(/%\d/);
    } finally {
      await visitor.context.close();
    }

    // "Verify" recomputes the fingerprint in the browser from the revealed salt and text.
    await buyerPage.goto(`${server.origin}/zh/forecast/plan/${plan!.id}`);
    await buyerPage.getByTestId('plan-receipt').waitFor();
    await buyerPage.getByTestId('plan-verify-button').click();
    const result = buyerPage.getByTestId('plan-verify-result');
    await result.waitFor();
    expect(await result.getAttribute('data-result')).toBe('verified');
  });
});
