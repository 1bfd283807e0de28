import { and, asc, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Sport } from '../../../core/contracts/matches';
import type { Db } from '../../db/client';
import { competitions } from '../../db/schema/competitions';
import { matchLineups, matchStats, pointDeductions } from '../../db/schema/match-centre';
import { seasons } from '../../db/schema/seasons';
import { matchEvents } from '../../db/schema/match-events';
import { matches } from '../../db/schema/matches';
import { teams } from '../../db/schema/teams';
import { awayTeams, homeTeams, matchColumns } from '../matches/public';
import { EVENT_GOAL, EVENT_OWN_GOAL, EVENT_VAR } from '../../../core/match/score-details';

/**
 * The match centre's reads. Match rows are selected with the live-score module's columns
 * (`matchColumns`, joined on `homeTeams`/`awayTeams` and competitions) plus what the match
 * centre adds, so the live-score mappers turn them into the same match shapes the lists show.
 */

/** One match as every detail read needs it: the live-score row, its season and extra-time columns. */
const detailColumns = {
  ...matchColumns,
  sport: matches.sport,
  seasonId: matches.seasonId,
  round: matches.round,
  note: matches.note,
  etHome: matches.etHome,
  etAway: matches.etAway,
  penHome: matches.penHome,
  penAway: matches.penAway,
  updatedAt: matches.updatedAt,
  seasonName: seasons.name,
  seasonKind: seasons.kind,
  seasonRules: seasons.standingsRules,
  competitionRules: competitions.standingsRules,
};

export type DetailRow = NonNullable<Awaited<ReturnType<typeof findDetailRow>>>;

/**
 * A match with its teams, competition and season: primary-key reads only, so it is also the
 * cheap first read of every detail request (does the match exist, is it too old, is a cached
 * answer still current).
 */
export async function findDetailRow(db: Db, matchId: number) {
  const [row] = await db
    .select(detailColumns)
    .from(matches)
    .innerJoin(competitions, eq(competitions.id, matches.competitionId))
    .innerJoin(homeTeams, eq(homeTeams.id, matches.homeTeamId))
    .innerJoin(awayTeams, eq(awayTeams.id, matches.awayTeamId))
    .leftJoin(seasons, eq(seasons.id, matches.seasonId))
    .where(eq(matches.id, matchId));
  return row ?? null;
}

/** The timeline in match order: minute, added time (regular first), then the feed's order. */
export async function listEventRows(db: Db, matchId: number) {
  return db
    .select({
      type: matchEvents.type,
      minute: matchEvents.minute,
      addedMinute: matchEvents.addedMinute,
      side: matchEvents.side,
      player: matchEvents.player,
      relatedPlayer: matchEvents.relatedPlayer,
      detail: matchEvents.detail,
    })
    .from(matchEvents)
    .where(eq(matchEvents.matchId, matchId))
    .orderBy(
      asc(matchEvents.minute),
      sql`${matchEvents.addedMinute} asc nulls first`,
      sql`${matchEvents.seq} asc nulls last`,
      asc(matchEvents.id),
    );
}

export async function findStatsRow(db: Db, matchId: number) {
  const [row] = await db
    .select({ stats: matchStats.stats, momentum: matchStats.momentum })
    .from(matchStats)
    .where(eq(matchStats.matchId, matchId));
  return row ?? null;
}

export async function listLineupRows(db: Db, matchId: number) {
  return db
    .select({ side: matchLineups.side, formation: matchLineups.formation, players: matchLineups.players })
    .from(matchLineups)
    .where(eq(matchLineups.matchId, matchId));
}

/** A match in a history list (meetings, form, fixtures, results). */
const historyColumns = { ...matchColumns, note: matches.note };
export type HistoryRow = Awaited<ReturnType<typeof listHistoryRows>>[number];

function selectHistoryRows(db: Db) {
  return db
    .select(historyColumns)
    .from(matches)
    .innerJoin(competitions, eq(competitions.id, matches.competitionId))
    .innerJoin(homeTeams, eq(homeTeams.id, matches.homeTeamId))
    .innerJoin(awayTeams, eq(awayTeams.id, matches.awayTeamId));
}

/** The history rows of `ids`, in the order of `ids`. */
export async function listHistoryRows(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await selectHistoryRows(db).where(inArray(matches.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row) => row !== undefined);
}

/**
 * Ids of the previous finished meetings of two teams (either venue, any competition) before
 * `beforeSec`, newest first. Each venue is one range of matches_home_team_idx.
 */
export async function listMeetingIds(
  db: Db,
  options: { sport: Sport; teamA: number; teamB: number; beforeSec: number; endedStatus: number; limit: number },
): Promise<number[]> {
  const before = new Date(options.beforeSec * 1000);
  const venue = (home: number, away: number) =>
    db
      .select({ id: matches.id, matchTime: matches.matchTime })
      .from(matches)
      .where(
        and(
          eq(matches.homeTeamId, home),
          eq(matches.awayTeamId, away),
          lt(matches.matchTime, before),
          eq(matches.sport, options.sport),
          eq(matches.statusId, options.endedStatus),
        ),
      )
      .orderBy(desc(matches.matchTime), desc(matches.id))
      .limit(options.limit);
  const rows = await unionAll(venue(options.teamA, options.teamB), venue(options.teamB, options.teamA))
    .orderBy(desc(sql`match_time`), desc(sql`id`))
    .limit(options.limit);
  return rows.map((row) => row.id);
}

/**
 * Ids of a team's last finished matches before `beforeSec`, newest first: the newest of its
 * home matches (matches_home_team_idx) and of its away matches (matches_away_team_idx), merged.
 */
export async function listFormIds(
  db: Db,
  options: { sport: Sport; teamId: number; beforeSec: number; endedStatus: number; limit: number },
): Promise<number[]> {
  const before = new Date(options.beforeSec * 1000);
  const side = (column: typeof matches.homeTeamId | typeof matches.awayTeamId) =>
    db
      .select({ id: matches.id, matchTime: matches.matchTime })
      .from(matches)
      .where(
        and(
          eq(column, options.teamId),
          lt(matches.matchTime, before),
          eq(matches.sport, options.sport),
          eq(matches.statusId, options.endedStatus),
        ),
      )
      .orderBy(desc(matches.matchTime), desc(matches.id))
      .limit(options.limit);
  const rows = await unionAll(side(matches.homeTeamId), side(matches.awayTeamId))
    .orderBy(desc(sql`match_time`), desc(sql`id`))
    .limit(options.limit);
  return rows.map((row) => row.id);
}

/** A season scope: one season, or a competition's matches that belong to none (simulated days). */
export type MatchScope = { seasonId: number } | { competitionId: number; seasonless: true };

export function scopeWhere(scope: MatchScope): SQL {
  return 'seasonId' in scope
    ? eq(matches.seasonId, scope.seasonId)
    : and(eq(matches.competitionId, scope.competitionId), isNull(matches.seasonId))!;
}

/**
 * The matches being played and the next not-started ones of a scope (or of a team): live ones
 * first (a team page that missed its team's live match was the bug), then by kick-off.
 */
export async function listFixtureRows(
  db: Db,
  options: { where: SQL; notStartedStatus: number; liveStatuses: readonly number[]; fromSec: number; limit: number },
) {
  const isLive = inArray(matches.statusId, [...options.liveStatuses]);
  return selectHistoryRows(db)
    .where(
      and(
        options.where,
        or(isLive, and(eq(matches.statusId, options.notStartedStatus), gte(matches.matchTime, new Date(options.fromSec * 1000)))),
      ),
    )
    .orderBy(sql`case when ${isLive} then 0 else 1 end`, asc(matches.matchTime), asc(matches.id))
    .limit(options.limit);
}

/** The last finished matches of a scope (or of a team), newest first. */
export async function listResultRows(db: Db, options: { where: SQL; endedStatus: number; limit: number }) {
  return selectHistoryRows(db)
    .where(and(options.where, eq(matches.statusId, options.endedStatus)))
    .orderBy(desc(matches.matchTime), desc(matches.id))
    .limit(options.limit);
}

/** Every match of a competition, whichever season it belongs to (or none). */
export function competitionWhere(competitionId: number): SQL {
  return eq(matches.competitionId, competitionId);
}

export function teamWhere(teamId: number): SQL {
  return or(eq(matches.homeTeamId, teamId), eq(matches.awayTeamId, teamId))!;
}

export async function findCompetitionRow(db: Db, competitionId: number) {
  const [row] = await db.select().from(competitions).where(eq(competitions.id, competitionId));
  return row ?? null;
}
export type CompetitionRow = NonNullable<Awaited<ReturnType<typeof findCompetitionRow>>>;

/**
 * A competition's seasons, newest first: by the kick-off of their latest match (a season
 * without matches last), then by name. `results` counts their finished matches.
 */
export async function listSeasonRows(db: Db, options: { competitionId: number; endedStatus: number }) {
  const lastMatch = sql<Date | null>`max(${matches.matchTime})`;
  return db
    .select({
      id: seasons.id,
      name: seasons.name,
      kind: seasons.kind,
      standingsRules: seasons.standingsRules,
      results: sql<number>`cast(count(*) filter (where ${matches.statusId} = ${options.endedStatus}) as int)`,
    })
    .from(seasons)
    .leftJoin(matches, eq(matches.seasonId, seasons.id))
    .where(eq(seasons.competitionId, options.competitionId))
    .groupBy(seasons.id)
    .orderBy(sql`${lastMatch} desc nulls last`, desc(seasons.name), desc(seasons.id));
}
export type SeasonRow = Awaited<ReturnType<typeof listSeasonRows>>[number];

export async function findSeasonRow(db: Db, seasonId: number) {
  const [row] = await db
    .select({
      id: seasons.id,
      competitionId: seasons.competitionId,
      name: seasons.name,
      kind: seasons.kind,
      standingsRules: seasons.standingsRules,
    })
    .from(seasons)
    .where(eq(seasons.id, seasonId));
  return row ?? null;
}

/** Every match of a season (or of a competition's matches of no season), as the table needs it. */
export async function listScopeMatchRows(db: Db, scope: MatchScope) {
  return db
    .select({
      homeTeamId: matches.homeTeamId,
      awayTeamId: matches.awayTeamId,
      statusId: matches.statusId,
      homeScore: matches.homeScore,
      awayScore: matches.awayScore,
      matchTime: matches.matchTime,
      round: matches.round,
    })
    .from(matches)
    .where(scopeWhere(scope));
}

export async function listTeamNames(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db.select({ id: teams.id, name: teams.name }).from(teams).where(inArray(teams.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

export async function listDeductionRows(db: Db, seasonId: number) {
  return db
    .select({
      id: pointDeductions.id,
      teamId: pointDeductions.teamId,
      teamName: teams.name,
      points: pointDeductions.points,
      reason: pointDeductions.reason,
    })
    .from(pointDeductions)
    .innerJoin(teams, eq(teams.id, pointDeductions.teamId))
    .where(eq(pointDeductions.seasonId, seasonId))
    .orderBy(asc(pointDeductions.id));
}

/**
 * A digest of everything a season's table is computed from: its matches (teams, status,
 * score, kick-off, and round, which decides whether a match counts), its point deductions and
 * its tie-break chain. Equal digests mean an equal table, whoever wrote the change and
 * whichever server process holds the cached table.
 */
export async function readSeasonDigest(db: Db, seasonId: number): Promise<string> {
  const [row] = await db
    .select({
      matches: sql<string>`md5(coalesce(string_agg(concat_ws(':', ${matches.id}, ${matches.homeTeamId}, ${matches.awayTeamId}, ${matches.statusId}, ${matches.homeScore}, ${matches.awayScore}, extract(epoch from ${matches.matchTime})::bigint, ${matches.round}), ',' order by ${matches.id}), ''))`,
      deductions: sql<string>`(select md5(coalesce(string_agg(concat_ws(':', ${pointDeductions.id}, ${pointDeductions.teamId}, ${pointDeductions.points}, ${pointDeductions.reason}), ',' order by ${pointDeductions.id}), '')) from ${pointDeductions} where ${pointDeductions.seasonId} = ${seasonId})`,
      season: sql<string>`(select concat_ws(':', ${seasons.name}, ${seasons.kind}, ${seasons.standingsRules}) from ${seasons} where ${seasons.id} = ${seasonId})`,
    })
    .from(matches)
    .where(eq(matches.seasonId, seasonId));
  return `${row?.matches}|${row?.deductions}|${row?.season}`;
}

/**
 * Goal-related events (goals, own goals, VAR decisions) of a scope's matches, each match's in
 * timeline order, with the teams of the match.
 */
export async function listScorerEventRows(db: Db, scope: MatchScope) {
  return db
    .select({
      matchId: matchEvents.matchId,
      type: matchEvents.type,
      minute: matchEvents.minute,
      side: matchEvents.side,
      player: matchEvents.player,
      detail: matchEvents.detail,
      homeTeamId: matches.homeTeamId,
      awayTeamId: matches.awayTeamId,
    })
    .from(matchEvents)
    .innerJoin(matches, eq(matches.id, matchEvents.matchId))
    .where(and(scopeWhere(scope), inArray(matchEvents.type, [EVENT_GOAL, EVENT_OWN_GOAL, EVENT_VAR])))
    .orderBy(
      asc(matchEvents.matchId),
      asc(matchEvents.minute),
      sql`${matchEvents.addedMinute} asc nulls first`,
      sql`${matchEvents.seq} asc nulls last`,
      asc(matchEvents.id),
    );
}

export async function findTeamRow(db: Db, teamId: number) {
  const [row] = await db
    .select({ id: teams.id, sport: teams.sport, name: teams.name, shortName: teams.shortName })
    .from(teams)
    .where(eq(teams.id, teamId));
  return row ?? null;
}

/** The competitions a team has a match in. */
export async function listTeamCompetitionRows(db: Db, teamId: number) {
  const ids = db
    .selectDistinct({ id: matches.competitionId })
    .from(matches)
    .where(teamWhere(teamId));
  return db.select().from(competitions).where(inArray(competitions.id, ids));
}
