import type { BasketballMatch, Competition, FootballListData, FootballMatch } from '../../core/contracts/matches';

/** Test data in the contract's shapes (what the server sends), built per test. */
export const KICK_OFF = Date.UTC(2025, 10, 22, 17, 0) / 1000;

export function footballMatch(overrides: Partial<FootballMatch> = {}): FootballMatch {
  return {
    match_id: 101,
    competition_id: 1,
    home_team_id: 11,
    away_team_id: 12,
    match_time: KICK_OFF,
    status_id: 2,
    kick_off_time: KICK_OFF,
    a0: 0,
    b0: 0,
    is_collect: false,
    home_team_name: 'Galatasaray',
    away_team_name: 'Fenerbahçe',
    home_team_logo: '/crests/team/11.svg',
    away_team_logo: '/crests/team/12.svg',
    kick_off_time_str: '17:00',
    ht: null,
    red: [0, 0],
    yellow: [0, 0],
    corner: [0, 0],
    ...overrides,
  };
}

export function basketballMatch(overrides: Partial<BasketballMatch> = {}): BasketballMatch {
  return {
    match_id: 501,
    competition_id: 9,
    home_team_id: 91,
    away_team_id: 92,
    home_team_name: 'Anadolu Efes',
    away_team_name: 'Fenerbahçe Beko',
    home_team_logo: '/crests/team/91.svg',
    away_team_logo: '/crests/team/92.svg',
    match_time: KICK_OFF,
    status_id: 6,
    a0: 58,
    b0: 61,
    periods: [
      [20, 18],
      [22, 25],
      [16, 18],
    ],
    clock: 312,
    is_collect: false,
    ...overrides,
  };
}

export function competition(overrides: Partial<Competition> = {}): Competition {
  return {
    competition_id: 1,
    name: 'Süper Lig',
    short_name: 'SL',
    country: 'Türkiye',
    logo: '/crests/competition/1.svg',
    is_hot: true,
    is_collect: false,
    ...overrides,
  };
}

export function footballDay(parts: Partial<FootballListData> = {}): FootballListData {
  return {
    competitionIndexArr: { hot: [], all: {} },
    teamIndexArr: {},
    liveGlobal: [],
    soonGlobal: [],
    scheduledGlobal: [],
    finishedGlobal: [],
    otherGlobal: [],
    ...parts,
  };
}
