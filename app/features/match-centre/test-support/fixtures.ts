import type { MatchEvent, LineupPlayer, MomentumMinute } from '../../../../core/contracts/match-data';
import type {
  BasketballOverviewData,
  CompetitionPageData,
  FootballOverviewData,
  H2hData,
  HistoryMatch,
  SeasonRef,
  StandingsData,
  StandingsRow,
  TeamPageData,
} from '../../../../core/contracts/match-centre';
import type { LiveMessage } from '../../../../core/contracts/matches';
import { KICK_OFF, basketballMatch, competition, footballMatch } from '../../../test-support/match-fixtures';

/** Match centre test data in the contracts' shapes, built per test. */

export { KICK_OFF, basketballMatch, competition, footballMatch };

export function event(overrides: Partial<MatchEvent> = {}): MatchEvent {
  return { type: 0, minute: 10, added_minute: null, side: 'home', player: null, related_player: null, detail: null, ...overrides };
}

export function season(overrides: Partial<SeasonRef> = {}): SeasonRef {
  return { season_id: 7, name: '2025/26', kind: 'regular', rules: 'points-h2h', ...overrides };
}

export function footballOverview(overrides: Partial<FootballOverviewData> = {}): FootballOverviewData {
  return {
    match: footballMatch(),
    competition: competition(),
    season: season(),
    round: '13',
    note: null,
    score_details: { periods: [], final: [0, 0] },
    events: [],
    stats: null,
    momentum: [],
    ...overrides,
  };
}

export function basketballOverview(overrides: Partial<BasketballOverviewData> = {}): BasketballOverviewData {
  return {
    match: basketballMatch(),
    competition: competition({ competition_id: 9, name: 'EuroLeague', short_name: 'EL', country: 'Europe' }),
    season: season(),
    round: null,
    score_details: { periods: [], final: [0, 0] },
    stats: null,
    ...overrides,
  };
}

export function player(overrides: Partial<LineupPlayer> = {}): LineupPlayer {
  return {
    name: 'Player',
    number: 1,
    position: null,
    starter: true,
    x: null,
    y: null,
    minute_in: null,
    minute_out: null,
    stats: {},
    ...overrides,
  };
}

export function historyMatch(overrides: Partial<HistoryMatch> = {}): HistoryMatch {
  return {
    match_id: 900,
    match_time: KICK_OFF - 30 * 86400,
    status_id: 8,
    competition_id: 1,
    competition_name: 'Süper Lig',
    home_team_id: 11,
    home_team_name: 'Galatasaray',
    away_team_id: 12,
    away_team_name: 'Fenerbahçe',
    a0: 2,
    b0: 1,
    ht: [1, 0],
    note: null,
    outcome: null,
    ...overrides,
  };
}

export function h2hData(overrides: Partial<H2hData> = {}): H2hData {
  return { meetings: [], summary: { home_wins: 0, draws: 0, away_wins: 0 }, home_form: [], away_form: [], ...overrides };
}

export function standingsRow(overrides: Partial<StandingsRow> = {}): StandingsRow {
  return {
    position: 1,
    team_id: 11,
    team_name: 'Galatasaray',
    team_logo: '/crests/team/11.svg',
    played: 13,
    won: 10,
    drawn: 2,
    lost: 1,
    goals_for: 30,
    goals_against: 10,
    goal_difference: 20,
    points: 32,
    deducted: 0,
    tied: false,
    ...overrides,
  };
}

export function standings(overrides: Partial<StandingsData> = {}): StandingsData {
  return {
    competition: competition(),
    season: season(),
    rows: [],
    deductions: [],
    played_matches: 0,
    total_matches: 0,
    last_result_time: null,
    highlight: [],
    ...overrides,
  };
}

export function competitionPage(overrides: Partial<CompetitionPageData> = {}): CompetitionPageData {
  return {
    competition: competition(),
    seasons: [season()],
    season: season(),
    standings: null,
    fixtures: [],
    results: [],
    top_scorers: [],
    ...overrides,
  };
}

export function teamPage(overrides: Partial<TeamPageData> = {}): TeamPageData {
  return {
    team: { team_id: 11, name: 'Galatasaray', short_name: 'GS', logo: '/crests/team/11.svg', sport: 'football' },
    competitions: [competition()],
    fixtures: [],
    results: [],
    ...overrides,
  };
}

export function momentum(minute: number, home: number, away: number): MomentumMinute {
  return { minute, home, away };
}

export function liveMessage(data: Partial<LiveMessage['data']> = {}): LiveMessage {
  return { type: 'stats', data: { match_id: 101, status: 2, a0: 0, b0: 0, ...data }, publish_time: KICK_OFF + 600 };
}
