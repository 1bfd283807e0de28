import { describe, expect, it } from 'vitest';
import { EMPTY_COLLECTED, collectedFromLocal } from '../../lib/collections/collected-matches';
import { basketballMatch, competition, footballMatch } from '../../test-support/match-fixtures';
import {
  findSelectedMatch,
  listCompetitionEntries,
  matchOfHref,
  selectFavouriteMatches,
  selectNextKickOffs,
  sideMatches,
  type SideMatch,
} from './columns';

const T = Date.UTC(2026, 10, 28, 12, 0) / 1000;
const competitions = {
  '1': competition({ competition_id: 1, name: 'Süper Lig', is_hot: true }),
  '2': competition({ competition_id: 2, name: 'Premier League', is_hot: true }),
  '3': competition({ competition_id: 3, name: 'Zambia Super League', is_hot: false }),
  '4': competition({ competition_id: 4, name: 'Argentina Primera', is_hot: false }),
};

// Live in 1, not started in 2 and 3, finished in 4, a live one in 3; one match of an unknown competition.
const day: SideMatch[] = sideMatches(
  [
    { matches: [footballMatch({ match_id: 11, competition_id: 1, status_id: 2, match_time: T - 1800 })] },
    { matches: [footballMatch({ match_id: 31, competition_id: 3, status_id: 4, match_time: T - 3600 })] },
    {
      matches: [
        footballMatch({ match_id: 21, competition_id: 2, status_id: 1, match_time: T + 7200, home_team_id: 50, away_team_id: 51 }),
        footballMatch({ match_id: 22, competition_id: 2, status_id: 1, match_time: T + 3600 }),
        footballMatch({ match_id: 32, competition_id: 3, status_id: 1, match_time: T + 3600 }),
      ],
    },
    { matches: [footballMatch({ match_id: 41, competition_id: 4, status_id: 8, match_time: T - 9000 })] },
    { matches: [footballMatch({ match_id: 91, competition_id: 99, status_id: 1, match_time: T + 600 })] },
  ],
  [basketballMatch({ match_id: 501, competition_id: 9, status_id: 1, match_time: T + 1800 })],
);

describe('the competitions column', () => {
  it('lists each known competition once with its matches and live ones, hot first in hot order, then by name', () => {
    const entries = listCompetitionEntries({ matches: day.filter((m) => m.sport === 'football'), competitions, hot: [2, 1], locale: 'en-GB' });
    expect(entries.map((e) => [e.id, e.name, e.count, e.live, e.isHot])).toEqual([
      [2, 'Premier League', 2, 0, true],
      [1, 'Süper Lig', 1, 1, true],
      [4, 'Argentina Primera', 1, 0, false],
      [3, 'Zambia Super League', 2, 1, false],
    ]);
  });

  it('leaves out a competition the list does not know (it has no page)', () => {
    const entries = listCompetitionEntries({ matches: day, competitions, locale: 'tr-TR' });
    expect(entries.map((e) => e.id)).not.toContain(99);
    expect(entries.map((e) => e.id)).not.toContain(9);
  });

  it('orders by name in the reader’s language', () => {
    const names = { '5': competition({ competition_id: 5, name: 'Çek Ligi', is_hot: false }), '6': competition({ competition_id: 6, name: 'Danimarka', is_hot: false }), '7': competition({ competition_id: 7, name: 'Cezayir', is_hot: false }) };
    const matches = sideMatches([{ matches: [5, 6, 7].map((id) => footballMatch({ match_id: id * 10, competition_id: id })) }]);
    expect(listCompetitionEntries({ matches, competitions: names, locale: 'tr-TR' }).map((e) => e.name)).toEqual(['Cezayir', 'Çek Ligi', 'Danimarka']);
  });
});

describe('the right column', () => {
  it('lists the next kick-offs of both sports, earliest first, ties by id, only matches not started', () => {
    expect(selectNextKickOffs(day).map((e) => `${e.sport}:${e.match.match_id}`)).toEqual([
      'football:91',
      'basketball:501',
      'football:22',
      'football:32',
      'football:21',
    ]);
    expect(selectNextKickOffs(day, 2)).toHaveLength(2);
  });

  it('has no next kick-off on a day that is over', () => {
    expect(selectNextKickOffs(day.filter((e) => e.match.status_id !== 1))).toEqual([]);
  });

  it('shows the selected match as the list holds it now, and nothing for a match the list does not hold', () => {
    expect(findSelectedMatch(day, { sport: 'football', matchId: 22 })?.match.match_id).toBe(22);
    expect(findSelectedMatch(day, { sport: 'basketball', matchId: 22 })).toBeNull();
    expect(findSelectedMatch(day, { sport: 'football', matchId: 12345 })).toBeNull();
    expect(findSelectedMatch(day, null)).toBeNull();
    const later = sideMatches([{ matches: [footballMatch({ match_id: 22, competition_id: 2, status_id: 2, a0: 1 })] }]);
    expect(findSelectedMatch(later, { sport: 'football', matchId: 22 })?.match.a0).toBe(1);
  });

  it('takes a match from the address of a row’s link in every language, and nothing else', () => {
    expect(matchOfHref('/football/Details/22')).toEqual({ sport: 'football', matchId: 22 });
    expect(matchOfHref('/en/basketball/Details/501')).toEqual({ sport: 'basketball', matchId: 501 });
    expect(matchOfHref('/zh/football/Details/7/h2h')).toEqual({ sport: 'football', matchId: 7 });
    expect(matchOfHref('/football/Details/7?x=1')).toEqual({ sport: 'football', matchId: 7 });
    expect(matchOfHref('/competition/2')).toBeNull();
    expect(matchOfHref('/football/Details/abc')).toBeNull();
    expect(matchOfHref('/football/Details/12x')).toBeNull();
    expect(matchOfHref('https://evil.example/football/Details/1')).toBeNull();
    expect(matchOfHref('/de/football/Details/1')).toBeNull();
    expect(matchOfHref(null)).toBeNull();
  });
});

describe('the favourites box', () => {
  it('is empty until the reader’s follows are known', () => {
    expect(selectFavouriteMatches(day, EMPTY_COLLECTED)).toEqual([]);
  });

  it('keeps starred matches and those of followed teams and competitions, live first, then by kick-off', () => {
    const collected = collectedFromLocal({ matches: ['football:41', 'basketball:501'], competitions: [1], teams: [51] });
    expect(selectFavouriteMatches(day, collected).map((e) => `${e.sport}:${e.match.match_id}`)).toEqual([
      'football:11',
      'football:41',
      'basketball:501',
      'football:21',
    ]);
  });

  it('does not take a starred basketball game for the football match of the same id', () => {
    const collected = collectedFromLocal({ matches: ['basketball:22'], competitions: [], teams: [] });
    expect(selectFavouriteMatches(day, collected)).toEqual([]);
  });
});
