import {
  detailAllowed,
  type BasketballOverviewData,
  type EventsData,
  type FootballOverviewData,
  type H2hData,
  type HistoryMatch,
  type LineupsData,
  type PlayersData,
  type SeasonRef,
  type StatisticsData,
} from '../../../core/contracts/match-centre';
import type { Lineup, MatchEvent } from '../../../core/contracts/match-data';
import type { Sport } from '../../../core/contracts/matches';
import type { DetailResult } from '../../../core/contracts/services';
import type { Locale } from '../../../core/locale';
import type { Db } from '../../db/client';
import { toBasketballMatch, toCompetition, toFootballMatch, toSeconds } from '../matches/public';
import { endedStatus, rankPlayers, toHistoryMatch, toSeasonRef } from './match-centre-mappers';
import {
  findDetailRow,
  findStatsRow,
  listEventRows,
  listFormIds,
  listHistoryRows,
  listLineupRows,
  listMeetingIds,
  type DetailRow,
} from './match-centre-rows';
import { basketballScoreDetails, footballScoreDetails } from '../../../core/match/score-details';

/** The readers of a match's tabs (no caching here: match-centre-cache.ts decides what is kept). */

/** A match this long past its kick-off is treated as final whatever its status (abandoned, cancelled, never reported). */
const FINAL_AFTER_SEC = 24 * 3600;
const MEETINGS_LIMIT = 10;
const FORM_LIMIT = 5;

/**
 * The match if a detail of it may be read: null when unknown or of the other sport, 'expired'
 * past three calendar months (sections 5 and 9, `detailAllowed`). Kept as a value, not thrown,
 * because the cache in front of it keeps these answers too; the service turns them into errors.
 */
export async function readDetailMatch(db: Db, options: { sport: Sport; matchId: number; nowSec: number }): Promise<DetailResult<DetailRow>> {
  const row = await findDetailRow(db, options.matchId);
  if (!row || row.sport !== options.sport) return null;
  if (!detailAllowed(toSeconds(row.matchTime), options.nowSec)) return 'expired';
  return row;
}

export function isFinalMatch(row: DetailRow, nowSec: number): boolean {
  return row.statusId === endedStatus(row.sport) || toSeconds(row.matchTime) < nowSec - FINAL_AFTER_SEC;
}

function toMatchEvent(row: Awaited<ReturnType<typeof listEventRows>>[number]): MatchEvent {
  return {
    type: row.type,
    minute: row.minute,
    added_minute: row.addedMinute !== null && row.addedMinute > 0 ? row.addedMinute : null,
    side: row.side,
    player: row.player,
    related_player: row.relatedPlayer,
    detail: row.detail,
  };
}

function seasonOf(row: DetailRow): SeasonRef | null {
  if (row.seasonId === null || row.seasonName === null || row.seasonKind === null || row.seasonRules === null) return null;
  return toSeasonRef(
    { id: row.seasonId, name: row.seasonName, kind: row.seasonKind, standingsRules: row.seasonRules },
    row.competitionRules,
  );
}

export async function buildFootballOverview(db: Db, row: DetailRow, locale: Locale): Promise<FootballOverviewData> {
  const [events, stats] = await Promise.all([listEventRows(db, row.id), findStatsRow(db, row.id)]);
  return {
    match: toFootballMatch(row),
    competition: toCompetition(row, locale),
    season: seasonOf(row),
    round: row.round,
    note: row.note,
    score_details: footballScoreDetails(row, events, { awarded: row.note === 'awarded' }),
    events: events.map(toMatchEvent),
    stats: stats?.stats.kind === 'football' ? stats.stats : null,
    momentum: stats?.momentum ?? [],
  };
}

export async function buildFootballEvents(db: Db, matchId: number): Promise<EventsData> {
  return { events: (await listEventRows(db, matchId)).map(toMatchEvent) };
}

export async function buildBasketballOverview(db: Db, row: DetailRow, locale: Locale): Promise<BasketballOverviewData> {
  const stats = await findStatsRow(db, row.id);
  return {
    match: toBasketballMatch(row),
    competition: toCompetition(row, locale),
    season: seasonOf(row),
    round: row.round,
    score_details: basketballScoreDetails(row.periods, [row.homeScore, row.awayScore]),
    stats: stats?.stats.kind === 'basketball' ? stats.stats : null,
  };
}

export async function buildStatistics(db: Db, sport: Sport, matchId: number): Promise<StatisticsData> {
  const stats = await findStatsRow(db, matchId);
  return {
    stats: stats && stats.stats.kind === sport ? stats.stats : null,
    momentum: stats?.momentum ?? [],
  };
}

export async function buildLineups(db: Db, matchId: number): Promise<LineupsData> {
  const rows = await listLineupRows(db, matchId);
  const lineup = (side: 'home' | 'away'): Lineup | null => {
    const row = rows.find((candidate) => candidate.side === side);
    return row ? { formation: row.formation, players: row.players } : null;
  };
  return { home: lineup('home'), away: lineup('away') };
}

export async function buildPlayers(db: Db, sport: Sport, matchId: number): Promise<PlayersData> {
  const lineups = await buildLineups(db, matchId);
  return {
    home: rankPlayers(lineups.home?.players ?? [], sport),
    away: rankPlayers(lineups.away?.players ?? [], sport),
  };
}

/** The two teams' last meetings before the match and each team's last results, told from its side. */
export async function buildH2h(db: Db, row: DetailRow, locale: Locale): Promise<H2hData> {
  const sport = row.sport;
  const common = { sport, beforeSec: toSeconds(row.matchTime), endedStatus: endedStatus(sport) };
  const [meetingIds, homeIds, awayIds] = await Promise.all([
    listMeetingIds(db, { ...common, teamA: row.homeTeamId, teamB: row.awayTeamId, limit: MEETINGS_LIMIT }),
    listFormIds(db, { ...common, teamId: row.homeTeamId, limit: FORM_LIMIT }),
    listFormIds(db, { ...common, teamId: row.awayTeamId, limit: FORM_LIMIT }),
  ]);
  const rows = await listHistoryRows(db, [...new Set([...meetingIds, ...homeIds, ...awayIds])]);
  const byId = new Map(rows.map((history) => [history.id, history]));
  const history = (ids: number[], perspectiveTeamId: number): HistoryMatch[] =>
    ids.flatMap((id) => {
      const found = byId.get(id);
      return found ? [toHistoryMatch(found, { sport, locale, perspectiveTeamId })] : [];
    });
  // Meetings are told from this match's home team's side, wherever each was played.
  const meetings = history(meetingIds, row.homeTeamId);
  const summary = { home_wins: 0, draws: 0, away_wins: 0 };
  for (const meeting of meetings) {
    if (meeting.outcome === 'W') summary.home_wins += 1;
    else if (meeting.outcome === 'L') summary.away_wins += 1;
    else summary.draws += 1;
  }
  return {
    meetings,
    summary,
    home_form: history(homeIds, row.homeTeamId),
    away_form: history(awayIds, row.awayTeamId),
  };
}
