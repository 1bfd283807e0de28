import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FootballListResponse, FootballMatch } from '../core/contracts/matches';
import trAccount from '../app/locales/tr/account.json';
import trScores from '../app/locales/tr/scores.json';
import { codeFromOutbox, MAIL_READER } from './support/outbox';
import { openVisitor, startServerAndBrowser } from './support/page';
import type { RunningServer } from './support/server';

/**
 * Following without an account (issue 15 "Fan tools", docs/decisions/095), in real Chromium
 * against the real server: a signed-out reader stars a match on /football and follows a team
 * on its page; the favourites view shows that match and the team's matches, also after a
 * reload; after signing up the follows are in the account (the personal centre lists them)
 * and the browser's list is emptied.
 */
const LOCAL_KEY = 'tribun.follows.v1';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser({}, { staff: MAIL_READER }));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 30_000 });
}

async function todaysFootball(): Promise<FootballMatch[]> {
  const response = await fetch(`${server.origin}/api/match_recent/anew_list`);
  const { data } = (await response.json()) as FootballListResponse;
  return [...data.liveGlobal, ...data.soonGlobal, ...data.scheduledGlobal, ...data.finishedGlobal].flatMap((group) => group.matches);
}

async function shownMatchIds(page: Page): Promise<number[]> {
  const ids = await page.locator('[data-testid="football-row"]').evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-match-id'))));
  return ids.sort((a, b) => a - b);
}

async function localFollows(page: Page): Promise<string | null> {
  return page.evaluate((key) => window.localStorage.getItem(key), LOCAL_KEY);
}

describe('following without an account', () => {
  let page: Page;
  let starred: number;
  let teamId: number;
  let expected: number[];

  beforeAll(async () => {
    ({ page } = await openVisitor(browser));
  });

  afterAll(async () => {
    await page?.context().close();
  });

  it('the favourites view first says how to add favourites', async () => {
    await page.goto(`${server.origin}/football?list=favourites`);
    await hydrated(page);
    await page.getByText(trScores.empty.favouritesNone).waitFor();
    expect(await page.getByTestId('favourites-view').getAttribute('aria-current')).toBe('page');
  });

  it('stars a match on /football while signed out, with no sign-in prompt', async () => {
    await page.goto(`${server.origin}/football`);
    await hydrated(page);
    const row = page.locator('[data-testid="football-row"]').first();
    starred = Number(await row.getAttribute('data-match-id'));
    const star = row.getByTestId('collect-button');
    expect(await star.getAttribute('aria-pressed')).toBe('false');
    await star.click();
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');
    expect(new URL(page.url()).pathname).toBe('/football');
    expect(JSON.parse((await localFollows(page)) ?? '{}')).toMatchObject({ v: 1, matches: [`football:${starred}`] });
  });

  it('follows a team on its team page', async () => {
    const today = await todaysFootball();
    const first = today.find((match) => match.match_id === starred);
    // A team that does not play in the starred match, so both kinds of favourite show.
    const other = today.find((match) => first && match.match_id !== starred && ![first.home_team_id, first.away_team_id].includes(match.home_team_id));
    if (!other) throw new Error('no second match today');
    teamId = other.home_team_id;
    expected = [
      ...new Set([starred, ...today.filter((m) => m.home_team_id === teamId || m.away_team_id === teamId).map((m) => m.match_id)]),
    ].sort((a, b) => a - b);

    await page.goto(`${server.origin}/team/${teamId}`);
    await hydrated(page);
    const follow = page.getByTestId('follow-team');
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('false');
    await follow.click();
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('true');
    expect(JSON.parse((await localFollows(page)) ?? '{}')).toMatchObject({ teams: [teamId] });
  });

  it('the favourites view shows the starred match and the team’s matches, also after a reload', async () => {
    await page.goto(`${server.origin}/football`);
    await hydrated(page);
    await page.getByTestId('favourites-view').click();
    await page.waitForURL(`${server.origin}/football?list=favourites`);
    await expect.poll(() => shownMatchIds(page)).toEqual(expected);

    await page.reload();
    await hydrated(page);
    await expect.poll(() => shownMatchIds(page)).toEqual(expected);
    // The star of the starred match is on; the team's own match was not starred.
    const starredRow = page.locator(`[data-testid="football-row"][data-match-id="${starred}"]`);
    await expect.poll(() => starredRow.getByTestId('collect-button').getAttribute('aria-pressed')).toBe('true');
  });

  it('after signing up the follows are in the account and the browser’s list is emptied', async () => {
    const stamp = `${Date.now().toString(36)}f`;
    const email = `follow-${stamp}@example.com`;
    const password = 'tribun2025';
    await page.goto(`${server.origin}/register`);
    await hydrated(page);
    await page.getByLabel(trAccount.form.email, { exact: true }).fill(email);
    await page.getByRole('button', { name: trAccount.form.sendCode }).click();
    await page.getByTestId('send-code').filter({ hasText: /\d/ }).waitFor();
    await page.getByLabel(trAccount.form.code, { exact: true }).fill(await codeFromOutbox(server, email));
    await page.getByRole('button', { name: trAccount.register.form.next }).click();
    await page.getByLabel(trAccount.register.form.nickname, { exact: true }).fill(`Fan ${stamp}`);
    await page.getByLabel(trAccount.form.password, { exact: true }).fill(password);
    await page.getByLabel(trAccount.form.confirmPassword, { exact: true }).fill(password);
    await page.getByRole('button', { name: trAccount.register.form.submit }).click();
    await page.waitForURL(`${server.origin}/personal-center/personal-center`);

    // The browser's entries move into the account, then leave local storage.
    await expect.poll(() => localFollows(page), { timeout: 15_000 }).toBeNull();
    await page.goto(`${server.origin}/personal-center/personal-center/competitionCollection`);
    await page.locator(`[data-testid="collected-match"][data-match-id="${starred}"]`).waitFor();
    await page.locator(`[data-testid="collected-team"][data-team-id="${teamId}"]`).waitFor();

    // Another browser, signed in as the same reader, sees the same favourites.
    const { context, page: other } = await openVisitor(browser);
    try {
      await other.goto(`${server.origin}/login`);
      await hydrated(other);
      await other.getByLabel(trAccount.login.form.account, { exact: true }).fill(email);
      await other.getByLabel(trAccount.login.form.password, { exact: true }).fill(password);
      await other.getByRole('button', { name: trAccount.login.form.submit }).click();
      await other.waitForURL((url) => !url.pathname.startsWith('/login'));
      await other.goto(`${server.origin}/football?list=favourites`);
      await hydrated(other);
      await expect.poll(() => shownMatchIds(other), { timeout: 15_000 }).toEqual(expected);
      expect(await localFollows(other)).toBeNull();
    } finally {
      await context.close();
    }
  });
});
