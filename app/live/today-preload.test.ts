import { describe, expect, it } from 'vitest';
import type { FootballListData, FootballMatch } from '../../core/contracts/matches';
import { createKnownMatches } from './known-matches';
import { createTodayPreload, routesHaveFootballDay } from './today-preload';

const DAY = 1_764_000_000 - (1_764_000_000 % 86_400);
const NOON_MS = (DAY + 12 * 3600) * 1000;
const NEXT_DAY_MS = (DAY + 86_400 + 60) * 1000;

function match(id: number, a0: number, overrides: Partial<FootballMatch> = {}): FootballMatch {
  return {
    match_id: id,
    competition_id: 1,
    home_team_id: 11,
    away_team_id: 12,
    match_time: DAY + 3600,
    status_id: 2,
    kick_off_time: DAY + 3600,
    a0,
    b0: 0,
    is_collect: false,
    home_team_name: `Home ${id}`,
    away_team_name: `Away ${id}`,
    home_team_logo: '',
    away_team_logo: '',
    kick_off_time_str: '01:00',
    ht: null,
    red: [0, 0],
    yellow: [0, 0],
    corner: [0, 0],
    ...overrides,
  };
}

function day(matches: FootballMatch[]): FootballListData {
  const live = matches.filter((m) => m.status_id !== 1);
  const notStarted = matches.filter((m) => m.status_id === 1);
  return {
    competitionIndexArr: { hot: [], all: {} },
    teamIndexArr: {},
    liveGlobal: live.length > 0 ? [{ competition_id: 1, matches: live }] : [],
    soonGlobal: notStarted.length > 0 ? [{ competition_id: 1, matches: notStarted }] : [],
    scheduledGlobal: [],
    finishedGlobal: [],
    otherGlobal: [],
  } as unknown as FootballListData;
}

function setup(
  options: { pageHasDay?: (daySec: number) => boolean; answer?: (daySec: number) => FootballListData | null | Error; timeZone?: string } = {},
) {
  const known = createKnownMatches();
  const requests: number[] = [];
  const gates: (() => void)[] = [];
  let hold = false;
  const preload = createTodayPreload({
    known,
    timeZone: options.timeZone ?? 'UTC',
    pageHasDay: options.pageHasDay ?? (() => false),
    fetchDay: async (daySec) => {
      requests.push(daySec);
      if (hold) await new Promise<void>((resolve) => gates.push(resolve));
      const answer = options.answer ? options.answer(daySec) : day([match(daySec + 1, 0), match(daySec + 2, 1, { status_id: 1 })]);
      if (answer instanceof Error) throw answer;
      return answer;
    },
  });
  return {
    known,
    preload,
    requests,
    holdAnswers: () => (hold = true),
    release: () => {
      hold = false;
      for (const gate of gates.splice(0)) gate();
    },
  };
}

describe('today preload', () => {
  it("loads today's list once and makes its matches known for the pop-ups", async () => {
    const { preload, requests, known } = setup();
    await expect(preload.ensure(NOON_MS)).resolves.toBe('fetched');
    expect(requests).toEqual([DAY]);
    expect(known.find(DAY + 1)?.home_team_name).toBe(`Home ${DAY + 1}`);
    expect(known.find(DAY + 2)?.a0).toBe(1);

    // Later checks of the same day fetch nothing.
    await expect(preload.ensure(NOON_MS + 60_000)).resolves.toBe('known');
    await expect(preload.ensure(NOON_MS + 3_600_000)).resolves.toBe('known');
    expect(requests).toEqual([DAY]);
  });

  it('loads the new day after midnight (UTC)', async () => {
    const { preload, requests, known } = setup();
    await preload.ensure(NOON_MS);
    await expect(preload.ensure(NEXT_DAY_MS)).resolves.toBe('fetched');
    expect(requests).toEqual([DAY, DAY + 86_400]);
    expect(known.find(DAY + 86_400 + 1)).not.toBeNull();
    // Yesterday's matches stay known: a match past midnight still pops up.
    expect(known.find(DAY + 1)).not.toBeNull();
  });

  it("asks for the reader's day in the page's zone (decision 115)", async () => {
    const { preload, requests } = setup({ timeZone: 'Asia/Shanghai' });
    // 20:00 UTC is 04:00 the next morning in Shanghai: its day began at 16:00 UTC.
    await expect(preload.ensure((DAY + 20 * 3600) * 1000)).resolves.toBe('fetched');
    expect(requests).toEqual([DAY + 16 * 3600]);
    // Noon UTC is still that Shanghai day's evening before: the day before it.
    await preload.ensure(NOON_MS);
    expect(requests).toEqual([DAY + 16 * 3600, DAY - 8 * 3600]);
  });

  it('fetches nothing when the open page keeps today’s whole list itself', async () => {
    let onFootballPage = true;
    const { preload, requests } = setup({ pageHasDay: (daySec) => onFootballPage && daySec === DAY });
    await expect(preload.ensure(NOON_MS)).resolves.toBe('page');
    // Leaving that page keeps what it fed the cache: still nothing to fetch today.
    onFootballPage = false;
    await expect(preload.ensure(NOON_MS + 60_000)).resolves.toBe('known');
    expect(requests).toEqual([]);
    // A new day the page does not hold is loaded.
    await expect(preload.ensure(NEXT_DAY_MS)).resolves.toBe('fetched');
    expect(requests).toEqual([DAY + 86_400]);
  });

  it('loads again after a reconnect (invalidate), unless the page refetches it itself', async () => {
    let onFootballPage = false;
    const { preload, requests } = setup({ pageHasDay: () => onFootballPage });
    await preload.ensure(NOON_MS);
    preload.invalidate();
    await expect(preload.ensure(NOON_MS + 1000)).resolves.toBe('fetched');
    expect(requests).toEqual([DAY, DAY]);
    onFootballPage = true;
    preload.invalidate();
    await expect(preload.ensure(NOON_MS + 2000)).resolves.toBe('page');
    expect(requests).toEqual([DAY, DAY]);
  });

  it('shares one request between checks that come while it is on its way', async () => {
    const { preload, requests, holdAnswers, release } = setup();
    holdAnswers();
    const first = preload.ensure(NOON_MS);
    const second = preload.ensure(NOON_MS + 10);
    release();
    await expect(first).resolves.toBe('fetched');
    await expect(second).resolves.toBe('fetched');
    expect(requests).toEqual([DAY]);
  });

  it('tries again at the next check after a failed load', async () => {
    let fail = true;
    const { preload, requests } = setup({
      answer: (daySec) => (fail ? new Error('offline') : day([match(daySec + 1, 0)])),
    });
    await expect(preload.ensure(NOON_MS)).resolves.toBe('failed');
    fail = false;
    await expect(preload.ensure(NOON_MS + 60_000)).resolves.toBe('fetched');
    expect(requests).toEqual([DAY, DAY]);
  });

  it('a rejected answer (not the contract) counts as failed and is retried', async () => {
    let valid = false;
    const { preload } = setup({ answer: (daySec) => (valid ? day([match(daySec + 1, 0)]) : null) });
    await expect(preload.ensure(NOON_MS)).resolves.toBe('failed');
    valid = true;
    await expect(preload.ensure(NOON_MS)).resolves.toBe('fetched');
  });

  it('keeps the newer known state of a match a live message reached while the list was on its way', async () => {
    const { preload, known, holdAnswers, release } = setup({
      answer: () => day([match(7, 0), match(8, 0)]),
    });
    // Match 7 was known from a page and a goal message moved it to 1-0 during the load.
    known.remember(match(7, 0));
    holdAnswers();
    const loading = preload.ensure(NOON_MS);
    known.remember(match(7, 1));
    preload.noteMessage(7);
    release();
    await loading;
    expect(known.find(7)?.a0).toBe(1);
    expect(known.find(8)?.a0).toBe(0);
  });

  it('stop cancels a load in flight: nothing is remembered', async () => {
    const { preload, known, holdAnswers, release } = setup({ answer: () => day([match(9, 0)]) });
    holdAnswers();
    const loading = preload.ensure(NOON_MS);
    preload.stop();
    release();
    await expect(loading).resolves.toBe('failed');
    expect(known.find(9)).toBeNull();
  });
});

describe('routesHaveFootballDay', () => {
  it("is true only on today's football list page", () => {
    expect(routesHaveFootballDay([{ id: 'root', data: {} }, { id: 'en/football', data: { daySec: DAY, todaySec: DAY } }], DAY)).toBe(true);
    // Another day of the picker, or yesterday's page left open past midnight.
    expect(routesHaveFootballDay([{ id: 'tr/football', data: { daySec: DAY - 86_400, todaySec: DAY } }], DAY)).toBe(false);
    expect(routesHaveFootballDay([{ id: 'tr/football', data: { daySec: DAY, todaySec: DAY } }], DAY + 86_400)).toBe(false);
    // The home page keeps only the hot competitions; the about page none.
    expect(routesHaveFootballDay([{ id: 'tr/home', data: { daySec: DAY } }, { id: 'tr/about', data: null }], DAY)).toBe(false);
  });
});
