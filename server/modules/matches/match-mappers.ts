import type { BasketballMatch, Competition, FootballMatch, Pair, Team } from '../../../core/contracts/matches';
import type { Locale } from '../../../core/locale';
import { competitionCrestUrl, teamCrestUrl } from '../crests/public';
import { isSimulatedMatch } from './match-origin';
import type { MatchRow } from './match-rows';

/** Rows of match-rows.ts turned into the exact shapes of core/contracts/matches.ts. */

export function toSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/** HH:mm in UTC; the browser re-formats it in the reader's time zone. */
function formatUtcTime(seconds: number): string {
  const date = new Date(seconds * 1000);
  return `${String(date.getUTCHours()).padStart(2, '0')}:${String(date.getUTCMinutes()).padStart(2, '0')}`;
}

export function toFootballMatch(row: MatchRow): FootballMatch {
  const matchTime = toSeconds(row.matchTime);
  // Before kick-off the clock has nothing to count from: the scheduled time stands in.
  const kickOffTime = row.kickOffTime ? toSeconds(row.kickOffTime) : matchTime;
  return {
    match_id: row.id,
    competition_id: row.competitionId,
    home_team_id: row.homeTeamId,
    away_team_id: row.awayTeamId,
    match_time: matchTime,
    status_id: row.statusId,
    kick_off_time: kickOffTime,
    a0: row.homeScore,
    b0: row.awayScore,
    is_collect: false,
    home_team_name: row.homeName,
    away_team_name: row.awayName,
    home_team_logo: teamCrestUrl(row.homeTeamId),
    away_team_logo: teamCrestUrl(row.awayTeamId),
    kick_off_time_str: formatUtcTime(kickOffTime),
    ht: row.htHome !== null && row.htAway !== null ? [row.htHome, row.htAway] : null,
    red: [row.redHome, row.redAway],
    yellow: [row.yellowHome, row.yellowAway],
    corner: [row.cornerHome, row.cornerAway],
    is_simulated: isSimulatedMatch(row),
    // Only when there is one (matches in play with a goal): a day of finished matches stays as small as before.
    ...(row.lastGoal ? { last_goal: row.lastGoal } : {}),
  };
}

export function toBasketballMatch(row: MatchRow): BasketballMatch {
  return {
    match_id: row.id,
    competition_id: row.competitionId,
    home_team_id: row.homeTeamId,
    away_team_id: row.awayTeamId,
    home_team_name: row.homeName,
    away_team_name: row.awayName,
    home_team_logo: teamCrestUrl(row.homeTeamId),
    away_team_logo: teamCrestUrl(row.awayTeamId),
    match_time: toSeconds(row.matchTime),
    status_id: row.statusId,
    a0: row.homeScore,
    b0: row.awayScore,
    periods: row.periods as Pair[],
    clock: row.clock,
    is_collect: false,
    is_simulated: isSimulatedMatch(row),
  };
}

export function competitionName(row: MatchRow, locale: Locale): string {
  return locale === 'en' ? row.competitionNameEn : locale === 'zh' ? row.competitionNameZh : row.competitionNameTr;
}

export function toCompetition(row: MatchRow, locale: Locale): Competition {
  return {
    competition_id: row.competitionId,
    name: competitionName(row, locale),
    short_name: row.competitionShortName,
    country: row.competitionCountry,
    logo: competitionCrestUrl(row.competitionId),
    is_hot: row.competitionIsHot,
    is_collect: false,
  };
}

export function toTeams(row: MatchRow): [Team, Team] {
  return [
    { team_id: row.homeTeamId, name: row.homeName, short_name: row.homeShortName, logo: teamCrestUrl(row.homeTeamId) },
    { team_id: row.awayTeamId, name: row.awayName, short_name: row.awayShortName, logo: teamCrestUrl(row.awayTeamId) },
  ];
}

/**
 * Display order of competitions: hot ones first by their rank, then the rest by name in the
 * reader's language (ties by id, so the order never flickers between requests).
 */
export function compareCompetitions(locale: Locale) {
  const collator = new Intl.Collator(locale);
  return (a: MatchRow, b: MatchRow): number => {
    if (a.competitionIsHot !== b.competitionIsHot) return a.competitionIsHot ? -1 : 1;
    if (a.competitionIsHot && a.competitionHotRank !== b.competitionHotRank) {
      return a.competitionHotRank - b.competitionHotRank;
    }
    return (
      collator.compare(competitionName(a, locale), competitionName(b, locale)) || a.competitionId - b.competitionId
    );
  };
}
