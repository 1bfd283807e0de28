import { describe, expect, it } from 'vitest';
import type { BasketballData, BasketballMatch, Competition, FootballGroup, FootballListData, FootballMatch, LiveMessage } from '../contracts/matches';
import {
  applyBasketballMessage,
  applyFootballMessage,
  countMatches,
  createBasketballLists,
  createFootballLists,
  dropStaleNotStarted,
  hotOnly,
  isScoreChanged,
} from './lists';
import type { FootballLists } from './lists';

const T0 = 1_700_000_000; // a match day, unix seconds
const NOW_MS = T0 * 1000 + 3_600_000;

function competition(id: number, isHot = false): Competition {
  return { competition_id: id, name: `C${id}`, short_name: `C${id}`, country: 'TR', logo: `/c/${id}.svg`, is_hot: isHot, is_collect: false };
}

function football(id: number, competitionId: number, over: Partial<FootballMatch> = {}): FootballMatch {
  return {
    match_id: id,
    competition_id: competitionId,
    home_team_id: id * 10,
    away_team_id: id * 10 + 1,
    match_time: T0,
    status_id: 1,
    kick_off_time: 0,
    a0: 0,
    b0: 0,
    is_collect: false,
    home_team_name: `Home ${id}`,
    away_team_name: `Away ${id}`,
    home_team_logo: '',
    away_team_logo: '',
    kick_off_time_str: '',
    ht: null,
    red: [0, 0],
    yellow: [0, 0],
    corner: [0, 0],
    ...over,
  };
}

const group = (competitionId: number, ...matches: FootballMatch[]): FootballGroup => ({ competition_id: competitionId, matches });

function listData(over: Partial<FootballListData> = {}): FootballListData {
  return {
    competitionIndexArr: { hot: [1], all: { '1': competition(1, true), '2': competition(2), '3': competition(3) } },
    teamIndexArr: {},
    liveGlobal: [],
    soonGlobal: [],
    scheduledGlobal: [],
    finishedGlobal: [],
    otherGlobal: [],
    ...over,
  };
}

function message(matchId: number, status: number, a0: number, b0: number, extra: Partial<LiveMessage['data']> = {}): LiveMessage {
  return { type: 'score', data: { match_id: matchId, status, a0, b0, ...extra }, publish_time: T0 };
}

const ids = (groups: FootballGroup[]) => groups.map((g) => [g.competition_id, g.matches.map((m) => m.match_id)]);
const findIn = (groups: FootballGroup[], matchId: number) => groups.flatMap((g) => g.matches).find((m) => m.match_id === matchId);

describe('createFootballLists', () => {
  it('keeps indexes and lists of the response', () => {
    const data = listData({
      teamIndexArr: { '10': { team_id: 10, name: 'A', short_name: 'A', logo: '' } },
      liveGlobal: [group(1, football(1, 1, { status_id: 2 }))],
      finishedGlobal: [group(2, football(2, 2, { status_id: 8 }))],
      otherGlobal: [group(3, football(3, 3, { status_id: 9 }))],
    });
    const lists = createFootballLists(data);
    expect(lists.hot).toEqual([1]);
    expect(Object.keys(lists.competitions)).toEqual(['1', '2', '3']);
    expect(lists.teams['10']?.name).toBe('A');
    expect(ids(lists.live)).toEqual([[1, [1]]]);
    expect(ids(lists.finished)).toEqual([[2, [2]]]);
    expect(ids(lists.other)).toEqual([[3, [3]]]);
    expect(lists.changedAt).toEqual({});
  });

  it('merges soon and scheduled into one not-started list in time order', () => {
    const lists = createFootballLists(
      listData({
        soonGlobal: [group(2, football(21, 2, { match_time: T0 + 600 })), group(1, football(11, 1, { match_time: T0 + 1200 }))],
        scheduledGlobal: [
          group(1, football(13, 1, { match_time: T0 + 9000 }), football(12, 1, { match_time: T0 + 7200 })),
          group(3, football(31, 3, { match_time: T0 + 8000 })),
        ],
      }),
    );
    expect(ids(lists.notStarted)).toEqual([
      [2, [21]],
      [1, [11, 12, 13]],
      [3, [31]],
    ]);
  });
});

describe('applyFootballMessage: a live match is updated', () => {
  const base = () =>
    createFootballLists(
      listData({
        liveGlobal: [group(1, football(1, 1, { status_id: 2, kick_off_time: T0 }), football(2, 1, { status_id: 2, kick_off_time: T0 }))],
      }),
    );

  it('updates score and status in place and flags the score change', () => {
    const lists = base();
    const { lists: next, popup } = applyFootballMessage(lists, message(1, 2, 1, 0), NOW_MS);
    expect(findIn(next.live, 1)).toMatchObject({ a0: 1, b0: 0, status_id: 2 });
    expect(ids(next.live)).toEqual([[1, [1, 2]]]);
    expect(next.changedAt).toEqual({ '1': NOW_MS });
    expect(popup).toEqual({ eventType: 'goal', matchId: 1, goalTeam: 'home', previous: [0, 0] });
  });

  it('leaves the previous lists untouched', () => {
    const lists = base();
    const snapshot = structuredClone(lists);
    applyFootballMessage(lists, message(1, 4, 2, 1, { kick_off_time: T0 + 3600, red: [1, 0] }), NOW_MS);
    expect(lists).toEqual(snapshot);
  });

  it('half-time keeps the match live and moves the clock start at the restart', () => {
    const halfTime = applyFootballMessage(base(), message(1, 3, 0, 0, { ht: [0, 0] }), NOW_MS).lists;
    expect(findIn(halfTime.live, 1)).toMatchObject({ status_id: 3, ht: [0, 0] });
    const restart = T0 + 3600 + 15 * 60;
    const secondHalf = applyFootballMessage(halfTime, message(1, 4, 0, 0, { kick_off_time: restart }), NOW_MS).lists;
    expect(findIn(secondHalf.live, 1)).toMatchObject({ status_id: 4, kick_off_time: restart, kick_off_time_str: '23:28' });
  });

  it('updates cards and corners when the message carries them, keeps them otherwise', () => {
    const carded = applyFootballMessage(base(), { ...message(1, 2, 0, 0, { red: [0, 1], yellow: [2, 1], corner: [3, 4] }), type: 'stats' }, NOW_MS).lists;
    expect(findIn(carded.live, 1)).toMatchObject({ red: [0, 1], yellow: [2, 1], corner: [3, 4] });
    const scored = applyFootballMessage(carded, message(1, 2, 0, 1), NOW_MS).lists;
    expect(findIn(scored.live, 1)).toMatchObject({ a0: 0, b0: 1, red: [0, 1], yellow: [2, 1], corner: [3, 4] });
  });

  it('a stats message without a score change flags nothing and raises no pop-up', () => {
    const { lists, popup } = applyFootballMessage(base(), { ...message(1, 2, 0, 0, { corner: [1, 0] }), type: 'stats' }, NOW_MS);
    expect(lists.changedAt).toEqual({});
    expect(popup).toBeNull();
  });

  it('returns the same lists when the message changes nothing', () => {
    const lists = base();
    const result = applyFootballMessage(lists, message(1, 2, 0, 0, { kick_off_time: T0, red: [0, 0] }), NOW_MS);
    expect(result.lists).toBe(lists);
    expect(result.popup).toBeNull();
  });

  it('ignores a message about a match that is in none of the lists', () => {
    const lists = base();
    const result = applyFootballMessage(lists, message(999, 2, 1, 0), NOW_MS);
    expect(result.lists).toBe(lists);
    expect(result.popup).toBeNull();
  });

  it('keeps unchanged groups as the same objects', () => {
    const lists = createFootballLists(
      listData({ liveGlobal: [group(1, football(1, 1, { status_id: 2 })), group(2, football(2, 2, { status_id: 2 }))] }),
    );
    const next = applyFootballMessage(lists, message(1, 2, 1, 0), NOW_MS).lists;
    expect(next.live[1]).toBe(lists.live[1]);
    expect(next.finished).toBe(lists.finished);
  });
});

describe('applyFootballMessage: status 8 moves a live match to finished', () => {
  it('removes the whole live group when it was the only match, and creates the finished group', () => {
    const lists = createFootballLists(listData({ liveGlobal: [group(1, football(1, 1, { status_id: 4, a0: 2, b0: 1 }))] }));
    const { lists: next, popup } = applyFootballMessage(lists, message(1, 8, 2, 1), NOW_MS);
    expect(next.live).toEqual([]);
    expect(ids(next.finished)).toEqual([[1, [1]]]);
    expect(findIn(next.finished, 1)).toMatchObject({ status_id: 8, a0: 2, b0: 1 });
    expect(popup).toBeNull();
  });

  it('keeps the live group when other matches remain', () => {
    const lists = createFootballLists(
      listData({ liveGlobal: [group(1, football(1, 1, { status_id: 4 }), football(2, 1, { status_id: 4 }))] }),
    );
    const next = applyFootballMessage(lists, message(2, 8, 0, 0), NOW_MS).lists;
    expect(ids(next.live)).toEqual([[1, [1]]]);
    expect(ids(next.finished)).toEqual([[1, [2]]]);
  });

  it('joins an existing finished group in kick-off order', () => {
    const lists = createFootballLists(
      listData({
        liveGlobal: [group(1, football(2, 1, { status_id: 4, match_time: T0 + 1800 }))],
        finishedGlobal: [group(1, football(1, 1, { status_id: 8, match_time: T0 }), football(3, 1, { status_id: 8, match_time: T0 + 3600 }))],
      }),
    );
    const next = applyFootballMessage(lists, message(2, 8, 1, 1), NOW_MS).lists;
    expect(ids(next.finished)).toEqual([[1, [1, 2, 3]]]);
  });

  it('places a new finished group by kick-off among the others', () => {
    const lists = createFootballLists(
      listData({
        liveGlobal: [group(2, football(5, 2, { status_id: 4, match_time: T0 + 1800 }))],
        finishedGlobal: [group(1, football(1, 1, { status_id: 8, match_time: T0 })), group(3, football(3, 3, { status_id: 8, match_time: T0 + 3600 }))],
      }),
    );
    const next = applyFootballMessage(lists, message(5, 8, 0, 0), NOW_MS).lists;
    expect(ids(next.finished)).toEqual([
      [1, [1]],
      [2, [5]],
      [3, [3]],
    ]);
  });

  it('a last-minute goal with the final whistle still flags the change, but no pop-up at status 8', () => {
    const lists = createFootballLists(listData({ liveGlobal: [group(1, football(1, 1, { status_id: 4 }))] }));
    const { lists: next, popup } = applyFootballMessage(lists, message(1, 8, 1, 0), NOW_MS);
    expect(isScoreChanged(next, 1, NOW_MS)).toBe(true);
    expect(popup).toBeNull();
  });
});

describe('applyFootballMessage: a not-started match that kicks off moves to live', () => {
  it.each([2, 3, 4, 5, 7])('new status %i moves it', (status) => {
    const lists = createFootballLists(listData({ soonGlobal: [group(1, football(1, 1))] }));
    const next = applyFootballMessage(lists, message(1, status, 0, 0, { kick_off_time: T0 }), NOW_MS).lists;
    expect(next.notStarted).toEqual([]);
    expect(ids(next.live)).toEqual([[1, [1]]]);
    expect(findIn(next.live, 1)?.status_id).toBe(status);
  });

  it('keeps kick-off order inside an existing live group', () => {
    const lists = createFootballLists(
      listData({
        liveGlobal: [group(1, football(1, 1, { status_id: 2, match_time: T0 }), football(3, 1, { status_id: 2, match_time: T0 + 900 }))],
        soonGlobal: [group(1, football(2, 1, { match_time: T0 + 600 }), football(4, 1, { match_time: T0 + 3000 }))],
      }),
    );
    const next = applyFootballMessage(lists, message(2, 2, 0, 0), NOW_MS).lists;
    expect(ids(next.live)).toEqual([[1, [1, 2, 3]]]);
    expect(ids(next.notStarted)).toEqual([[1, [4]]]);
  });

  it('a status-1 message leaves a not-started match where it is', () => {
    const lists = createFootballLists(listData({ soonGlobal: [group(1, football(1, 1))] }));
    const next = applyFootballMessage(lists, message(1, 1, 0, 0, { kick_off_time: T0 + 60 }), NOW_MS).lists;
    expect(ids(next.notStarted)).toEqual([[1, [1]]]);
    expect(next.live).toEqual([]);
  });

  it('a match that kicks off already scoring (missed messages) raises a goal pop-up', () => {
    const lists = createFootballLists(listData({ soonGlobal: [group(1, football(1, 1))] }));
    const { popup } = applyFootballMessage(lists, message(1, 2, 0, 1), NOW_MS);
    expect(popup).toEqual({ eventType: 'goal', matchId: 1, goalTeam: 'away', previous: [0, 0] });
  });
});

describe('applyFootballMessage: other statuses', () => {
  it.each([9, 10, 11, 12, 13])('status %i moves a live match to other', (status) => {
    const lists = createFootballLists(listData({ liveGlobal: [group(1, football(1, 1, { status_id: 2 }))] }));
    const next = applyFootballMessage(lists, message(1, status, 0, 0), NOW_MS).lists;
    expect(next.live).toEqual([]);
    expect(ids(next.other)).toEqual([[1, [1]]]);
  });

  it('a delayed not-started match moves to other', () => {
    const lists = createFootballLists(listData({ scheduledGlobal: [group(2, football(1, 2))] }));
    const next = applyFootballMessage(lists, message(1, 9, 0, 0), NOW_MS).lists;
    expect(next.notStarted).toEqual([]);
    expect(ids(next.other)).toEqual([[2, [1]]]);
  });

  it('an interrupted match that resumes moves back to live', () => {
    const lists = createFootballLists(listData({ otherGlobal: [group(1, football(1, 1, { status_id: 10, a0: 1 }))] }));
    const next = applyFootballMessage(lists, message(1, 4, 1, 0), NOW_MS).lists;
    expect(next.other).toEqual([]);
    expect(ids(next.live)).toEqual([[1, [1]]]);
  });

  it('a match in other that is declared ended moves to finished', () => {
    const lists = createFootballLists(listData({ otherGlobal: [group(1, football(1, 1, { status_id: 11 }))] }));
    const next = applyFootballMessage(lists, message(1, 8, 0, 0), NOW_MS).lists;
    expect(next.other).toEqual([]);
    expect(ids(next.finished)).toEqual([[1, [1]]]);
  });

  it('a delayed match rescheduled as not started moves back to not started', () => {
    const lists = createFootballLists(listData({ otherGlobal: [group(1, football(1, 1, { status_id: 9 }))] }));
    const next = applyFootballMessage(lists, message(1, 1, 0, 0), NOW_MS).lists;
    expect(ids(next.notStarted)).toEqual([[1, [1]]]);
    expect(next.other).toEqual([]);
  });

  it('deprecated overtime (6) keeps the match live but raises no pop-up', () => {
    const lists = createFootballLists(listData({ liveGlobal: [group(1, football(1, 1, { status_id: 5, a0: 1, b0: 1 }))] }));
    const { lists: next, popup } = applyFootballMessage(lists, message(1, 6, 2, 1), NOW_MS);
    expect(ids(next.live)).toEqual([[1, [1]]]);
    expect(popup).toBeNull();
    expect(isScoreChanged(next, 1, NOW_MS)).toBe(true);
  });
});

describe('applyFootballMessage: goal and misjudged pop-ups', () => {
  const live = (a0: number, b0: number, status = 2) =>
    createFootballLists(listData({ liveGlobal: [group(1, football(1, 1, { status_id: status, a0, b0 }))] }));

  it.each([2, 3, 4, 5, 7])('a goal in status %i raises a goal pop-up', (status) => {
    const { popup } = applyFootballMessage(live(0, 0, status), message(1, status, 0, 1), NOW_MS);
    expect(popup).toEqual({ eventType: 'goal', matchId: 1, goalTeam: 'away', previous: [0, 0] });
  });

  it.each([0, 1, 6, 8, 9, 10, 11, 12, 13])('a score change arriving with status %i raises none', (status) => {
    const { popup } = applyFootballMessage(live(0, 0), message(1, status, 1, 0), NOW_MS);
    expect(popup).toBeNull();
  });

  it('a home score that went down is misjudged, for the home side', () => {
    const { popup } = applyFootballMessage(live(2, 1), message(1, 2, 1, 1), NOW_MS);
    expect(popup).toEqual({ eventType: 'misjudged', matchId: 1, goalTeam: 'home', previous: [2, 1] });
  });

  it('an away score that went down is misjudged, for the away side', () => {
    const { popup } = applyFootballMessage(live(2, 1), message(1, 4, 2, 0), NOW_MS);
    expect(popup).toEqual({ eventType: 'misjudged', matchId: 1, goalTeam: 'away', previous: [2, 1] });
  });

  it('a score that went down is misjudged even when the other side went up in the same message', () => {
    const { popup } = applyFootballMessage(live(1, 1), message(1, 2, 3, 0), NOW_MS);
    expect(popup).toEqual({ eventType: 'misjudged', matchId: 1, goalTeam: 'away', previous: [1, 1] });
  });

  it('two goals for one side at once are still one goal pop-up', () => {
    const { popup } = applyFootballMessage(live(0, 0), message(1, 2, 2, 0), NOW_MS);
    expect(popup).toEqual({ eventType: 'goal', matchId: 1, goalTeam: 'home', previous: [0, 0] });
  });

  it('goals for both sides at once name home', () => {
    const { popup } = applyFootballMessage(live(0, 0), message(1, 2, 1, 1), NOW_MS);
    expect(popup?.eventType).toBe('goal');
    expect(popup?.goalTeam).toBe('home');
  });

  it('a misjudged score still flags the match as changed', () => {
    const { lists } = applyFootballMessage(live(1, 0), message(1, 2, 0, 0), NOW_MS);
    expect(isScoreChanged(lists, 1, NOW_MS)).toBe(true);
    expect(findIn(lists.live, 1)).toMatchObject({ a0: 0, b0: 0 });
  });

  it('the same score sent twice raises one pop-up only', () => {
    const first = applyFootballMessage(live(0, 0), message(1, 2, 1, 0), NOW_MS);
    const second = applyFootballMessage(first.lists, message(1, 2, 1, 0), NOW_MS + 500);
    expect(first.popup).not.toBeNull();
    expect(second.popup).toBeNull();
    expect(second.lists.changedAt['1']).toBe(NOW_MS);
  });
});

describe('score-changed flag lasts 10 seconds', () => {
  const changed = () =>
    applyFootballMessage(createFootballLists(listData({ liveGlobal: [group(1, football(1, 1, { status_id: 2 }))] })), message(1, 2, 1, 0), NOW_MS)
      .lists;

  it('is on from the change until just before 10 s', () => {
    const lists = changed();
    expect(isScoreChanged(lists, 1, NOW_MS)).toBe(true);
    expect(isScoreChanged(lists, 1, NOW_MS + 9_999)).toBe(true);
  });

  it('is off at 10 s and after', () => {
    const lists = changed();
    expect(isScoreChanged(lists, 1, NOW_MS + 10_000)).toBe(false);
    expect(isScoreChanged(lists, 1, NOW_MS + 60_000)).toBe(false);
  });

  it('is off for matches that never changed', () => {
    expect(isScoreChanged(changed(), 2, NOW_MS)).toBe(false);
  });

  it('a later goal restarts the 10 s and expired flags are forgotten', () => {
    const lists = createFootballLists(
      listData({ liveGlobal: [group(1, football(1, 1, { status_id: 2 }), football(2, 1, { status_id: 2 }))] }),
    );
    const one = applyFootballMessage(lists, message(1, 2, 1, 0), NOW_MS).lists;
    const two = applyFootballMessage(one, message(2, 2, 0, 1), NOW_MS + 20_000).lists;
    expect(two.changedAt).toEqual({ '2': NOW_MS + 20_000 });
    const three = applyFootballMessage(two, message(2, 2, 0, 2), NOW_MS + 25_000).lists;
    expect(isScoreChanged(three, 2, NOW_MS + 34_000)).toBe(true);
  });
});

describe('dropStaleNotStarted: not-started lists drop matches started over 120 minutes ago', () => {
  const now = T0 + 10_000;
  const groups = [
    group(1, football(1, 1, { match_time: now - 120 * 60 }), football(2, 1, { match_time: now - 120 * 60 - 1 })),
    group(2, football(3, 2, { match_time: now - 3 * 3600 })),
    group(3, football(4, 3, { match_time: now + 600 })),
  ];

  it('keeps a match exactly 120 minutes past its start and drops one a second later', () => {
    expect(ids(dropStaleNotStarted(groups, now))).toEqual([
      [1, [1]],
      [3, [4]],
    ]);
  });

  it('drops a group left empty', () => {
    expect(dropStaleNotStarted(groups, now).some((g) => g.competition_id === 2)).toBe(false);
  });

  it('returns the same list when nothing is stale', () => {
    const fresh = [group(3, football(4, 3, { match_time: now + 600 }))];
    expect(dropStaleNotStarted(fresh, now)).toBe(fresh);
  });

  it('keeps untouched groups as the same objects', () => {
    expect(dropStaleNotStarted(groups, now)[1]).toBe(groups[2]);
  });

  it('an empty list stays empty', () => {
    expect(dropStaleNotStarted([], now)).toEqual([]);
  });
});

describe('hotOnly and countMatches', () => {
  const groups = [group(1, football(1, 1), football(2, 1)), group(2, football(3, 2)), group(3, football(4, 3))];

  it('keeps only groups of hot competitions, in list order', () => {
    expect(ids(hotOnly(groups, [3, 1]))).toEqual([
      [1, [1, 2]],
      [3, [4]],
    ]);
  });

  it('no hot competitions means an empty hot list', () => {
    expect(hotOnly(groups, [])).toEqual([]);
  });

  it('counts matches across groups', () => {
    expect(countMatches(groups)).toBe(4);
    expect(countMatches([])).toBe(0);
  });

  it('a hot live list follows the reducer', () => {
    let lists: FootballLists = createFootballLists(
      listData({ soonGlobal: [group(1, football(1, 1)), group(2, football(2, 2))] }),
    );
    lists = applyFootballMessage(lists, message(1, 2, 0, 0), NOW_MS).lists;
    lists = applyFootballMessage(lists, message(2, 2, 0, 0), NOW_MS).lists;
    expect(ids(hotOnly(lists.live, lists.hot))).toEqual([[1, [1]]]);
    expect(countMatches(lists.live)).toBe(2);
  });
});

function basketball(id: number, status: number, over: Partial<BasketballMatch> = {}): BasketballMatch {
  return {
    match_id: id,
    competition_id: 1,
    home_team_id: id * 10,
    away_team_id: id * 10 + 1,
    home_team_name: `H${id}`,
    away_team_name: `A${id}`,
    home_team_logo: '',
    away_team_logo: '',
    match_time: T0 + id * 60,
    status_id: status,
    a0: 0,
    b0: 0,
    periods: [],
    clock: null,
    is_collect: false,
    ...over,
  };
}

function basketballData(over: Partial<BasketballData> = {}): BasketballData {
  return { competitionList: [competition(1), competition(2)], matchIngList: [], matchWaitList: [], matchEndList: [], ...over };
}

const bIds = (matches: BasketballMatch[]) => matches.map((m) => m.match_id);

describe('createBasketballLists', () => {
  it('indexes competitions by id and keeps the lists', () => {
    const lists = createBasketballLists(
      basketballData({ matchIngList: [basketball(1, 2)], matchWaitList: [basketball(2, 1)], matchEndList: [basketball(3, 10)] }),
    );
    expect(Object.keys(lists.competitions)).toEqual(['1', '2']);
    expect(lists.competitions['2']?.name).toBe('C2');
    expect(bIds(lists.live)).toEqual([1]);
    expect(bIds(lists.waiting)).toEqual([2]);
    expect(bIds(lists.finished)).toEqual([3]);
  });

  it('waiting matches with status 11-15 are treated as finished, in kick-off order', () => {
    const lists = createBasketballLists(
      basketballData({
        matchWaitList: [basketball(1, 1), basketball(2, 11), basketball(4, 12), basketball(5, 13), basketball(6, 14), basketball(7, 15), basketball(8, 0)],
        matchEndList: [basketball(3, 10), basketball(9, 10)],
      }),
    );
    expect(bIds(lists.waiting)).toEqual([1, 8]);
    expect(bIds(lists.finished)).toEqual([2, 3, 4, 5, 6, 7, 9]);
  });
});

describe('applyBasketballMessage', () => {
  it('updates score, periods and clock of a live match and flags the score change', () => {
    const lists = createBasketballLists(basketballData({ matchIngList: [basketball(1, 2, { clock: 600 })] }));
    const next = applyBasketballMessage(
      lists,
      { type: 'score', data: { match_id: 1, status: 2, a0: 3, b0: 0, periods: [[3, 0]], clock: 540 }, publish_time: T0 },
      NOW_MS,
    );
    expect(next.live[0]).toMatchObject({ a0: 3, b0: 0, periods: [[3, 0]], clock: 540 });
    expect(isScoreChanged(next, 1, NOW_MS + 5_000)).toBe(true);
    expect(lists.live[0]?.a0).toBe(0);
  });

  it('a clock tick without a score change does not flag the match', () => {
    const lists = createBasketballLists(basketballData({ matchIngList: [basketball(1, 2, { clock: 600 })] }));
    const next = applyBasketballMessage(lists, { type: 'others', data: { match_id: 1, status: 2, a0: 0, b0: 0, clock: 599 }, publish_time: T0 }, NOW_MS);
    expect(next.live[0]?.clock).toBe(599);
    expect(next.changedAt).toEqual({});
  });

  it('a waiting match that tips off moves to live in kick-off order', () => {
    const lists = createBasketballLists(
      basketballData({ matchIngList: [basketball(1, 4), basketball(3, 2)], matchWaitList: [basketball(2, 1), basketball(4, 1)] }),
    );
    const next = applyBasketballMessage(lists, { type: 'score', data: { match_id: 2, status: 2, a0: 0, b0: 0, clock: 600 }, publish_time: T0 }, NOW_MS);
    expect(bIds(next.live)).toEqual([1, 2, 3]);
    expect(bIds(next.waiting)).toEqual([4]);
  });

  it('status 10 moves a live match to finished', () => {
    const lists = createBasketballLists(basketballData({ matchIngList: [basketball(1, 8, { a0: 99, b0: 98 })] }));
    const next = applyBasketballMessage(lists, { type: 'score', data: { match_id: 1, status: 10, a0: 99, b0: 98, clock: null }, publish_time: T0 }, NOW_MS);
    expect(next.live).toEqual([]);
    expect(bIds(next.finished)).toEqual([1]);
    expect(next.finished[0]).toMatchObject({ status_id: 10, clock: null });
  });

  it.each([11, 12, 13, 14, 15])('status %i moves a live or waiting match to finished', (status) => {
    const lists = createBasketballLists(basketballData({ matchIngList: [basketball(1, 4)], matchWaitList: [basketball(2, 1)] }));
    let next = applyBasketballMessage(lists, { type: 'others', data: { match_id: 1, status, a0: 0, b0: 0 }, publish_time: T0 }, NOW_MS);
    next = applyBasketballMessage(next, { type: 'others', data: { match_id: 2, status, a0: 0, b0: 0 }, publish_time: T0 }, NOW_MS);
    expect(next.live).toEqual([]);
    expect(next.waiting).toEqual([]);
    expect(bIds(next.finished)).toEqual([1, 2]);
  });

  it('keeps periods and clock when the message leaves them out', () => {
    const lists = createBasketballLists(basketballData({ matchIngList: [basketball(1, 4, { periods: [[20, 18]], clock: 300 })] }));
    const next = applyBasketballMessage(lists, { type: 'score', data: { match_id: 1, status: 4, a0: 22, b0: 18 }, publish_time: T0 }, NOW_MS);
    expect(next.live[0]).toMatchObject({ periods: [[20, 18]], clock: 300, a0: 22 });
  });

  it('returns the same lists for an unknown match or an identical message', () => {
    const lists = createBasketballLists(basketballData({ matchIngList: [basketball(1, 2, { clock: 600 })] }));
    expect(applyBasketballMessage(lists, { type: 'score', data: { match_id: 7, status: 2, a0: 1, b0: 0 }, publish_time: T0 }, NOW_MS)).toBe(lists);
    expect(applyBasketballMessage(lists, { type: 'score', data: { match_id: 1, status: 2, a0: 0, b0: 0, clock: 600 }, publish_time: T0 }, NOW_MS)).toBe(lists);
  });
});
