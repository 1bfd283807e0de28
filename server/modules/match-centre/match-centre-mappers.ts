import type { HistoryMatch, SeasonRef, StandingsData, TopScorer } from '../../../core/contracts/match-centre';
import type { LineupPlayer } from '../../../core/contracts/match-data';
import type { Competition, Sport } from '../../../core/contracts/matches';
import type { Locale } from '../../../core/locale';
import { BASKETBALL_STATUS, FOOTBALL_STATUS, isBasketballLive, isFootballLive } from '../../../core/match/status';
import { isStandingsRulesName, type StandingsRulesName } from '../../../core/standings/rules';
import { countsForTable } from '../../../core/standings/stages';
import { computeTable } from '../../../core/standings/table';
import { DEFAULT_STANDINGS_RULES } from '../../catalog/competition-config';
import type { SeasonKind } from '../../db/schema/seasons';
import { competitionCrestUrl, teamCrestUrl } from '../crests/public';
import { competitionName, toSeconds } from '../matches/public';
import { isSimulatedMatch } from '../matches/public';
import type { CompetitionRow, HistoryRow } from './match-centre-rows';
import { EVENT_GOAL, standingGoals } from '../../../core/match/score-details';

/** Rows of match-centre-rows.ts turned into the shapes of core/contracts/match-centre.ts. */

/** The status of a match that is over and counts (a result, an awarded match included). */
export function endedStatus(sport: Sport): number {
  return sport === 'football' ? FOOTBALL_STATUS.ENDED : BASKETBALL_STATUS.ENDED;
}

export function notStartedStatus(sport: Sport): number {
  return sport === 'football' ? FOOTBALL_STATUS.NOT_STARTED : BASKETBALL_STATUS.NOT_STARTED;
}

/** The statuses of a match being played (core/match/status.ts: the live lists' statuses). */
export function liveStatuses(sport: Sport): readonly number[] {
  const statuses = Array.from({ length: 16 }, (_, status) => status);
  return sport === 'football' ? statuses.filter(isFootballLive) : statuses.filter(isBasketballLive);
}

/** A competition read from its own table (the live-score mapper takes a match row). */
export function toCompetitionOf(row: CompetitionRow, locale: Locale): Competition {
  return {
    competition_id: row.id,
    name: locale === 'en' ? row.nameEn : locale === 'zh' ? row.nameZh : row.nameTr,
    short_name: row.shortName,
    country: row.country,
    logo: competitionCrestUrl(row.id),
    is_hot: row.isHot,
    is_collect: false,
  };
}

/** Display order of competitions: hot ones by their rank, then the rest by name in the reader's language. */
export function sortCompetitions(list: Competition[], rows: readonly CompetitionRow[], locale: Locale): Competition[] {
  const rank = new Map(rows.map((row) => [row.id, row.isHot ? row.hotRank : Number.MAX_SAFE_INTEGER]));
  const collator = new Intl.Collator(locale);
  return list.sort(
    (a, b) =>
      rank.get(a.competition_id)! - rank.get(b.competition_id)! ||
      collator.compare(a.name, b.name) ||
      a.competition_id - b.competition_id,
  );
}

/** The tie-break chain a season's table uses: its own, else its competition's, else the default. */
export function rulesOf(seasonRules: string | null, competitionRules: string | null): StandingsRulesName {
  if (seasonRules && isStandingsRulesName(seasonRules)) return seasonRules;
  if (competitionRules && isStandingsRulesName(competitionRules)) return competitionRules;
  return DEFAULT_STANDINGS_RULES;
}

export function toSeasonRef(row: { id: number; name: string; kind: SeasonKind; standingsRules: string }, competitionRules: string): SeasonRef {
  return { season_id: row.id, name: row.name, kind: row.kind, rules: rulesOf(row.standingsRules, competitionRules) };
}

export function outcomeFor(row: { homeTeamId: number; homeScore: number; awayScore: number }, teamId: number): 'W' | 'D' | 'L' {
  if (row.homeScore === row.awayScore) return 'D';
  const homeWon = row.homeScore > row.awayScore;
  return homeWon === (row.homeTeamId === teamId) ? 'W' : 'L';
}

/**
 * A match in a history list. `perspectiveTeamId`: the team whose result `outcome` tells (only
 * for finished matches that team played in); null leaves `outcome` null.
 */
export function toHistoryMatch(
  row: HistoryRow,
  options: { sport: Sport; locale: Locale; perspectiveTeamId: number | null },
): HistoryMatch {
  const { perspectiveTeamId } = options;
  const isResult = row.statusId === endedStatus(options.sport);
  const involved = perspectiveTeamId === row.homeTeamId || perspectiveTeamId === row.awayTeamId;
  return {
    match_id: row.id,
    match_time: toSeconds(row.matchTime),
    status_id: row.statusId,
    competition_id: row.competitionId,
    competition_name: competitionName(row, options.locale),
    home_team_id: row.homeTeamId,
    home_team_name: row.homeName,
    away_team_id: row.awayTeamId,
    away_team_name: row.awayName,
    a0: row.homeScore,
    b0: row.awayScore,
    ht: options.sport === 'football' && row.htHome !== null && row.htAway !== null ? [row.htHome, row.htAway] : null,
    note: row.note,
    outcome: isResult && perspectiveTeamId !== null && involved ? outcomeFor(row, perspectiveTeamId) : null,
    is_simulated: isSimulatedMatch(row),
  };
}

export interface StandingsInput {
  competition: Competition;
  season: SeasonRef;
  sport: Sport;
  matches: readonly {
    homeTeamId: number;
    awayTeamId: number;
    statusId: number;
    homeScore: number;
    awayScore: number;
    matchTime: Date;
    /** the round as the source names it; knockout rounds do not count (core/standings/stages.ts) */
    round: string | null;
  }[];
  teamNames: ReadonlyMap<number, string>;
  deductions: readonly { id: number; teamId: number; teamName: string; points: number; reason: string }[];
}

/**
 * A season's table: every team with a match of the season's league stage, its finished matches
 * of that stage (awarded ones with their awarded score) as results, its point deductions,
 * sorted by the season's chain. Knockout rounds played in the same season (the Champions
 * League's play-offs and finals) are not the table's: they count neither as played nor as
 * known matches.
 */
export function buildStandings(input: StandingsInput): StandingsData {
  const ended = endedStatus(input.sport);
  const league = input.matches.filter((match) => countsForTable(match.round));
  const results = league.filter((match) => match.statusId === ended);
  const teamIds = new Set<number>();
  for (const match of league) {
    teamIds.add(match.homeTeamId);
    teamIds.add(match.awayTeamId);
  }
  const rows = computeTable({
    teams: [...teamIds].map((id) => ({ id, name: input.teamNames.get(id) ?? '' })),
    results: results.map((match) => ({
      homeTeamId: match.homeTeamId,
      awayTeamId: match.awayTeamId,
      homeGoals: match.homeScore,
      awayGoals: match.awayScore,
    })),
    deductions: input.deductions.map((deduction) => ({ teamId: deduction.teamId, points: deduction.points })),
    // toSeasonRef named a valid chain; rulesOf only narrows the type.
    rules: rulesOf(input.season.rules, null),
  });
  let lastResult: number | null = null;
  for (const match of results) lastResult = Math.max(lastResult ?? 0, toSeconds(match.matchTime));
  return {
    competition: input.competition,
    season: input.season,
    rows: rows.map((row) => ({
      position: row.position,
      team_id: row.teamId,
      team_name: input.teamNames.get(row.teamId) ?? '',
      team_logo: teamCrestUrl(row.teamId),
      played: row.played,
      won: row.won,
      drawn: row.drawn,
      lost: row.lost,
      goals_for: row.goalsFor,
      goals_against: row.goalsAgainst,
      goal_difference: row.goalDifference,
      points: row.points,
      deducted: row.deducted,
      tied: row.tied,
    })),
    deductions: input.deductions.map((deduction) => ({
      id: deduction.id,
      team_id: deduction.teamId,
      team_name: deduction.teamName,
      points: deduction.points,
      reason: deduction.reason,
    })),
    played_matches: results.length,
    total_matches: league.length,
    last_result_time: lastResult,
    highlight: [],
  };
}

export interface ScorerEvent {
  matchId: number;
  type: number;
  minute: number;
  side: 'home' | 'away' | null;
  player: string | null;
  detail: string | null;
  homeTeamId: number;
  awayTeamId: number;
}

/** What match_events.detail says of a goal scored from the penalty spot. */
export const PENALTY_DETAIL = 'penalty';

/**
 * Top scorers from goal events (each match's in timeline order): goals that stand count for
 * the named scorer's side; own goals credit no one; goals from the penalty spot are counted
 * again in `penalties`. Most goals first, then fewer penalties, then the name.
 */
export function topScorers(events: readonly ScorerEvent[], teamNames: ReadonlyMap<number, string>, limit: number): TopScorer[] {
  const byMatch = new Map<number, ScorerEvent[]>();
  for (const event of events) {
    const list = byMatch.get(event.matchId);
    if (list) list.push(event);
    else byMatch.set(event.matchId, [event]);
  }
  const tally = new Map<string, TopScorer>();
  for (const matchEvents of byMatch.values()) {
    for (const goal of standingGoals(matchEvents)) {
      if (goal.type !== EVENT_GOAL || !goal.player) continue;
      const teamId = goal.side === 'home' ? goal.homeTeamId : goal.awayTeamId;
      const key = `${teamId}|${goal.player}`;
      let scorer = tally.get(key);
      if (!scorer) {
        scorer = { player: goal.player, team_id: teamId, team_name: teamNames.get(teamId) ?? '', goals: 0, penalties: 0 };
        tally.set(key, scorer);
      }
      scorer.goals += 1;
      if (goal.detail === PENALTY_DETAIL) scorer.penalties += 1;
    }
  }
  const collator = new Intl.Collator('en');
  return [...tally.values()]
    .sort((a, b) => b.goals - a.goals || a.penalties - b.penalties || collator.compare(a.player, b.player) || a.team_id - b.team_id)
    .slice(0, limit);
}

/** The statistics that order the players tab, most important first. */
const PLAYER_ORDER: Record<Sport, readonly string[]> = {
  football: ['goals', 'assists', 'shots'],
  basketball: ['points', 'rebounds', 'assists'],
};

/**
 * The players of a lineup who have match statistics, best first: football by goals, assists,
 * shots; basketball by points, rebounds, assists; then starters before substitutes and by name.
 */
export function rankPlayers(players: readonly LineupPlayer[], sport: Sport): LineupPlayer[] {
  const keys = PLAYER_ORDER[sport];
  const collator = new Intl.Collator('en');
  return players
    .filter((player) => Object.keys(player.stats).length > 0)
    .sort((a, b) => {
      for (const key of keys) {
        const difference = (b.stats[key] ?? 0) - (a.stats[key] ?? 0);
        if (difference !== 0) return difference;
      }
      return Number(b.starter) - Number(a.starter) || collator.compare(a.name, b.name);
    });
}
