import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-client';
import { refusedForGood } from './collected-store';
import {
  collectedFromList,
  collectedFromLocal,
  EMPTY_COLLECTED,
  favouriteGroups,
  hasFavourites,
  isFavouriteMatch,
  isFollowed,
  isMatchCollected,
  mergeLoaded,
} from './collected-matches';
import {
  afterMerge,
  EMPTY_LOCAL_FOLLOWS,
  LOCAL_FOLLOW_LIMIT,
  mergeEntries,
  parseLocalFollows,
  parseMatchKey,
  sendToAccount,
  serializeLocalFollows,
  withLocalFollow,
  withLocalMatch,
  type LocalFollows,
  type MergeEntry,
} from './local-follows';

const stored = (value: unknown) => JSON.stringify(value);

describe('the browser-kept follows: reading what is stored', () => {
  it('reads back what it wrote', () => {
    const follows: LocalFollows = { matches: ['football:1', 'basketball:2'], competitions: [3], teams: [4, 5] };
    expect(parseLocalFollows(serializeLocalFollows(follows))).toEqual(follows);
  });

  it.each([
    ['nothing stored', null],
    ['broken JSON', '{"v":1,'],
    ['a bare array', '[1,2]'],
    ['a string', '"football:1"'],
    ['null', 'null'],
    ['another version', stored({ v: 2, matches: ['football:1'], competitions: [], teams: [] })],
    ['no version', stored({ matches: ['football:1'] })],
    ['a huge value', stored({ v: 1, matches: [], competitions: [], teams: [], pad: 'x'.repeat(300_000) })],
  ])('ignores a tampered value (%s) and never throws', (_name, raw) => {
    expect(parseLocalFollows(raw)).toEqual(EMPTY_LOCAL_FOLLOWS);
  });

  it('drops single bad entries and duplicates, keeps the good ones', () => {
    const raw = stored({
      v: 1,
      matches: ['football:1', 'football:1', 'tennis:2', 'football:0', 'football:-3', 'basketball:99999999999', 7, null, { a: 1 }, 'basketball:8'],
      competitions: [1, '2', 0, -1, 1.5, 2 ** 31, 3, 3],
      teams: 'not a list',
    });
    expect(parseLocalFollows(raw)).toEqual({ matches: ['football:1', 'basketball:8'], competitions: [1, 3], teams: [] });
  });

  it(`keeps at most ${LOCAL_FOLLOW_LIMIT} of each kind`, () => {
    const many = Array.from({ length: LOCAL_FOLLOW_LIMIT + 50 }, (_, index) => index + 1);
    const read = parseLocalFollows(stored({ v: 1, matches: many.map((id) => `football:${id}`), competitions: many, teams: many }));
    expect(read.matches).toHaveLength(LOCAL_FOLLOW_LIMIT);
    expect(read.competitions).toHaveLength(LOCAL_FOLLOW_LIMIT);
    expect(read.teams).toHaveLength(LOCAL_FOLLOW_LIMIT);
  });

  it('reads match keys strictly', () => {
    expect(parseMatchKey('basketball:12')).toEqual({ sport: 'basketball', matchId: 12 });
    expect(parseMatchKey('football:12 ')).toBeNull();
    expect(parseMatchKey('football:2147483648')).toBeNull();
  });
});

describe('the browser-kept follows: changing them', () => {
  it('stars and un-stars idempotently', () => {
    const once = withLocalMatch(EMPTY_LOCAL_FOLLOWS, 'football:1', true);
    expect(once).toEqual({ matches: ['football:1'], competitions: [], teams: [] });
    if (once === 'limit') throw new Error('unexpected');
    expect(withLocalMatch(once, 'football:1', true)).toBe(once);
    expect(withLocalMatch(once, 'football:1', false)).toEqual(EMPTY_LOCAL_FOLLOWS);
    expect(withLocalMatch(EMPTY_LOCAL_FOLLOWS, 'football:1', false)).toBe(EMPTY_LOCAL_FOLLOWS);
  });

  it('follows teams and competitions separately', () => {
    const team = withLocalFollow(EMPTY_LOCAL_FOLLOWS, 'team', 9, true);
    if (team === 'limit') throw new Error('unexpected');
    const both = withLocalFollow(team, 'competition', 9, true);
    expect(both).toEqual({ matches: [], competitions: [9], teams: [9] });
  });

  it('refuses a new entry when a list is full, but still removes', () => {
    const full: LocalFollows = { matches: [], competitions: [], teams: Array.from({ length: LOCAL_FOLLOW_LIMIT }, (_, index) => index + 1) };
    expect(withLocalFollow(full, 'team', LOCAL_FOLLOW_LIMIT + 1, true)).toBe('limit');
    expect(withLocalFollow(full, 'team', 1, true)).toBe(full);
    const fewer = withLocalFollow(full, 'team', 1, false);
    expect(fewer !== 'limit' && fewer.teams).toHaveLength(LOCAL_FOLLOW_LIMIT - 1);
  });
});

describe('moving the browser-kept follows into the account', () => {
  const local: LocalFollows = { matches: ['football:1', 'basketball:2'], competitions: [3], teams: [4] };

  it('sends every entry', () => {
    expect(mergeEntries(local)).toEqual([
      { kind: 'match', key: 'football:1' },
      { kind: 'match', key: 'basketball:2' },
      { kind: 'competition', id: 3 },
      { kind: 'team', id: 4 },
    ]);
  });

  it('removes what the account took; what failed stays to be tried again', () => {
    const done = [
      { kind: 'match', key: 'football:1' },
      { kind: 'team', id: 4 },
    ] as const;
    expect(afterMerge(local, done)).toEqual({ matches: ['basketball:2'], competitions: [3], teams: [] });
    expect(afterMerge(local, [])).toEqual(local);
    expect(afterMerge(local, mergeEntries(local))).toEqual(EMPTY_LOCAL_FOLLOWS);
  });

  it('keeps what another tab added while the merge ran', () => {
    const meanwhile: LocalFollows = { ...local, teams: [4, 5] };
    expect(afterMerge(meanwhile, mergeEntries(local))).toEqual({ matches: [], competitions: [], teams: [5] });
  });

  it('does not confuse a competition and a team with the same id', () => {
    const same: LocalFollows = { matches: [], competitions: [7], teams: [7] };
    expect(afterMerge(same, [{ kind: 'team', id: 7 }])).toEqual({ matches: [], competitions: [7], teams: [] });
  });
});

describe('favourites across the app', () => {
  const match = (id: number, competition: number, home: number, away: number) => ({
    match_id: id,
    competition_id: competition,
    home_team_id: home,
    away_team_id: away,
    is_collect: false,
  });

  it('knows nothing until the state is ready (server render and hydration)', () => {
    expect(isFavouriteMatch(EMPTY_COLLECTED, 'football', match(1, 1, 1, 1))).toBe(false);
    expect(isFollowed(EMPTY_COLLECTED, 'team', 1)).toBe(false);
  });

  it('takes starred matches, followed teams (home or away) and followed competitions', () => {
    const state = collectedFromLocal({ matches: ['football:1'], competitions: [20], teams: [30] });
    expect(isFavouriteMatch(state, 'football', match(1, 99, 99, 99))).toBe(true);
    expect(isFavouriteMatch(state, 'basketball', match(1, 99, 99, 99))).toBe(false);
    expect(isFavouriteMatch(state, 'football', match(2, 20, 99, 99))).toBe(true);
    expect(isFavouriteMatch(state, 'football', match(3, 99, 99, 30))).toBe(true);
    expect(isFavouriteMatch(state, 'football', match(4, 99, 30, 99))).toBe(true);
    expect(isFavouriteMatch(state, 'football', match(5, 99, 99, 99))).toBe(false);
    expect(isMatchCollected(state, 'football', match(1, 99, 99, 99))).toBe(true);
    expect(hasFavourites(state)).toBe(true);
    expect(hasFavourites(collectedFromLocal(EMPTY_LOCAL_FOLLOWS))).toBe(false);
  });

  it('filters the day groups, dropping competitions left empty', () => {
    const groups = [
      { competition_id: 1, matches: [match(1, 1, 5, 6), match(2, 1, 7, 8)] },
      { competition_id: 2, matches: [match(3, 2, 9, 10)] },
    ];
    const kept = favouriteGroups(groups, (m) => m.home_team_id === 7);
    expect(kept).toEqual([{ competition_id: 1, matches: [match(2, 1, 7, 8)] }]);
  });

  it('loads the account’s teams and competitions, with follows made during the load on top', () => {
    const loaded = collectedFromList(1, [{ sport: 'football', match_id: 1 }], [{ competition_id: 2 }], [{ team_id: 3 }]);
    const merged = mergeLoaded(loaded, [
      { kind: 'team', id: 4, collected: true },
      { kind: 'competition', id: 2, collected: false },
      { sport: 'basketball', matchId: 5, collected: true },
    ]);
    expect([...merged.teams].sort()).toEqual([3, 4]);
    expect([...merged.competitions]).toEqual([]);
    expect([...merged.keys].sort()).toEqual(['basketball:5', 'football:1']);
  });
});

describe('sending the browser-kept follows to the account', () => {
  const local: LocalFollows = { matches: ['football:1', 'football:2', 'basketball:3'], competitions: [4, 5], teams: [6] };
  const failure = (code: number) =>
    new ApiError({ code, message: 'x', data: null, request: { method: 'POST', url: 'http://localhost/api/team/collectAdd' } });

  it('keeps what failed (offline, server error, a full account), drops what the account took or refused for good', async () => {
    const answers = new Map<string, unknown>([
      ['football:2', failure(0)], // offline
      ['competition:4', failure(503)],
      ['team:6', failure(409)], // the account is full
      ['basketball:3', failure(404)], // the match is gone: trying again will not help
    ]);
    const sent: string[] = [];
    const done = await sendToAccount(
      mergeEntries(local),
      async (entry) => {
        const key = entry.kind === 'match' ? entry.key : `${entry.kind}:${entry.id}`;
        sent.push(key);
        const error = answers.get(key);
        if (error) throw error;
      },
      { refusedForGood, stillSignedIn: () => true, batch: 2 },
    );
    expect(sent).toEqual(['football:1', 'football:2', 'basketball:3', 'competition:4', 'competition:5', 'team:6']);
    expect(afterMerge(local, done)).toEqual({ matches: ['football:2'], competitions: [4], teams: [6] });
  });

  it('stops between batches when the reader signs out', async () => {
    const sent: MergeEntry[] = [];
    const done = await sendToAccount(mergeEntries(local), async (entry) => void sent.push(entry), {
      refusedForGood,
      stillSignedIn: () => false,
      batch: 2,
    });
    expect(sent).toHaveLength(2);
    expect(afterMerge(local, done)).toEqual({ matches: ['basketball:3'], competitions: [4, 5], teams: [6] });
  });

  it('counts only 400 and 404 as refused for good', () => {
    expect([0, 400, 401, 404, 409, 429, 500, 503].map((code) => refusedForGood(failure(code)))).toEqual([
      false,
      true,
      false,
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(refusedForGood(new Error('not an API error'))).toBe(false);
  });
});
