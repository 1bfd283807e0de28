import { describe, expect, it } from 'vitest';
import { countFootballDay, hotPageCompetitionIds, restrictFootballData } from './home-data';
import { competition, footballDay, footballMatch } from '../../test-support/match-fixtures';

const day = footballDay({
  competitionIndexArr: {
    hot: [1, 2],
    all: { '1': competition(), '2': competition({ competition_id: 2, name: 'Premier League' }), '3': competition({ competition_id: 3, is_hot: false }) },
  },
  teamIndexArr: {
    '11': { team_id: 11, name: 'Galatasaray', short_name: 'GS', logo: '' },
    '12': { team_id: 12, name: 'Fenerbahçe', short_name: 'FB', logo: '' },
    '31': { team_id: 31, name: 'Other', short_name: 'O', logo: '' },
  },
  liveGlobal: [{ competition_id: 1, matches: [footballMatch()] }],
  soonGlobal: [{ competition_id: 3, matches: [footballMatch({ match_id: 301, competition_id: 3, home_team_id: 31, status_id: 1 })] }],
  scheduledGlobal: [{ competition_id: 2, matches: [footballMatch({ match_id: 201, competition_id: 2, status_id: 1 })] }],
  finishedGlobal: [{ competition_id: 3, matches: [footballMatch({ match_id: 302, competition_id: 3, status_id: 8 })] }],
  otherGlobal: [{ competition_id: 1, matches: [footballMatch({ match_id: 102, status_id: 12 })] }],
});

describe('home page data', () => {
  it('takes the hot list page’s competitions in order, each once', () => {
    expect(
      hotPageCompetitionIds({
        list: [
          { competition_id: 2, matches: [] },
          { competition_id: 1, matches: [] },
          { competition_id: 2, matches: [] },
        ],
      }),
    ).toEqual([2, 1]);
  });

  it('sends only the chosen competitions’ matches, competitions and teams', () => {
    const home = restrictFootballData(day, [1, 2]);
    expect(home.liveGlobal.map((g) => g.competition_id)).toEqual([1]);
    expect(home.soonGlobal).toEqual([]);
    expect(home.scheduledGlobal.map((g) => g.competition_id)).toEqual([2]);
    expect(home.finishedGlobal).toEqual([]);
    expect(Object.keys(home.competitionIndexArr.all).sort()).toEqual(['1', '2']);
    expect(Object.keys(home.teamIndexArr).sort()).toEqual(['11', '12']);
  });

  it('counts the whole day for the "all football" link', () => {
    expect(countFootballDay(day)).toEqual({ live: 1, notStarted: 2, finished: 1, total: 5 });
  });
});
