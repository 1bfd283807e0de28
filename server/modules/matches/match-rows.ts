import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { LastGoal, Sport } from '../../../core/contracts/matches';
import { FOOTBALL_POPUP_STATUSES } from '../../../core/match/status';
import type { Db } from '../../db/client';
import { competitions } from '../../db/schema/competitions';
import { matchEvents } from '../../db/schema/match-events';
import { matches } from '../../db/schema/matches';
import { teams } from '../../db/schema/teams';
import { EVENT_GOAL, EVENT_OWN_GOAL, EVENT_VAR, standingGoals } from '../../../core/match/score-details';

/**
 * The reads behind the match lists: one query per request, matches joined with their
 * competition and both teams, so building a list of 1,000 matches never goes back to the
 * database per match.
 */

export const homeTeams = alias(teams, 'home_team');
export const awayTeams = alias(teams, 'away_team');

/**
 * The columns of a MatchRow. Other reads that need matches as the lists show them (collections)
 * select these too, joined on `homeTeams`/`awayTeams` and competitions, and use the mappers.
 */
export const matchColumns = {
  id: matches.id,
  competitionId: matches.competitionId,
  homeTeamId: matches.homeTeamId,
  awayTeamId: matches.awayTeamId,
  matchTime: matches.matchTime,
  statusId: matches.statusId,
  kickOffTime: matches.kickOffTime,
  homeScore: matches.homeScore,
  awayScore: matches.awayScore,
  htHome: matches.htHome,
  htAway: matches.htAway,
  redHome: matches.redHome,
  redAway: matches.redAway,
  yellowHome: matches.yellowHome,
  yellowAway: matches.yellowAway,
  cornerHome: matches.cornerHome,
  cornerAway: matches.cornerAway,
  periods: matches.periods,
  clock: matches.clock,
  /** tells a simulated match from a real one (match-origin.ts) */
  externalKey: matches.externalKey,
  homeName: homeTeams.name,
  homeShortName: homeTeams.shortName,
  awayName: awayTeams.name,
  awayShortName: awayTeams.shortName,
  competitionNameTr: competitions.nameTr,
  competitionNameEn: competitions.nameEn,
  competitionNameZh: competitions.nameZh,
  competitionShortName: competitions.shortName,
  competitionCountry: competitions.country,
  competitionIsHot: competitions.isHot,
  competitionHotRank: competitions.hotRank,
};

function selectMatchRows(db: Db) {
  return db
    .select(matchColumns)
    .from(matches)
    .innerJoin(competitions, eq(competitions.id, matches.competitionId))
    .innerJoin(homeTeams, eq(homeTeams.id, matches.homeTeamId))
    .innerJoin(awayTeams, eq(awayTeams.id, matches.awayTeamId));
}

type SelectedRow = Awaited<ReturnType<ReturnType<typeof selectMatchRows>['where']>>[number];

/**
 * A match as the lists read it. `lastGoal` is filled by the day lists for football matches in
 * play (decision 097); other reads leave it out, and the match carries no `last_goal` then.
 */
export type MatchRow = SelectedRow & { lastGoal?: LastGoal };

/**
 * Matches of one sport whose scheduled start falls in [fromSec, toSec), in kick-off order;
 * football matches in play come with their latest standing goal (one more read for the whole
 * day, never one per match).
 */
export async function listDayMatchRows(db: Db, options: { sport: Sport; fromSec: number; toSec: number }): Promise<MatchRow[]> {
  const dayWhere = and(
    eq(matches.sport, options.sport),
    gte(matches.matchTime, new Date(options.fromSec * 1000)),
    lt(matches.matchTime, new Date(options.toSec * 1000)),
  );
  const rows: MatchRow[] = await selectMatchRows(db).where(dayWhere).orderBy(asc(matches.matchTime), asc(matches.id));
  if (options.sport !== 'football' || !rows.some((row) => FOOTBALL_POPUP_STATUSES.includes(row.statusId))) return rows;
  const lastGoals = await listLastGoals(db, and(dayWhere, inArray(matches.statusId, [...FOOTBALL_POPUP_STATUSES])));
  for (const row of rows) {
    const lastGoal = lastGoals.get(row.id);
    if (lastGoal) row.lastGoal = lastGoal;
  }
  return rows;
}

/**
 * The latest standing goal of each match the condition selects: its goal, own-goal and VAR
 * events in timeline order (the match centre's order), in one read on the events' match index.
 */
async function listLastGoals(db: Db, where: ReturnType<typeof and>): Promise<Map<number, LastGoal>> {
  const events = await db
    .select({
      matchId: matchEvents.matchId,
      type: matchEvents.type,
      minute: matchEvents.minute,
      addedMinute: matchEvents.addedMinute,
      side: matchEvents.side,
      player: matchEvents.player,
      detail: matchEvents.detail,
    })
    .from(matchEvents)
    .innerJoin(matches, eq(matches.id, matchEvents.matchId))
    .where(and(where, inArray(matchEvents.type, [EVENT_GOAL, EVENT_OWN_GOAL, EVENT_VAR])))
    .orderBy(
      asc(matchEvents.matchId),
      asc(matchEvents.minute),
      sql`${matchEvents.addedMinute} asc nulls first`,
      sql`${matchEvents.seq} asc nulls last`,
      asc(matchEvents.id),
    );
  const byMatch = new Map<number, typeof events>();
  for (const event of events) {
    const list = byMatch.get(event.matchId);
    if (list) list.push(event);
    else byMatch.set(event.matchId, [event]);
  }
  const lastGoals = new Map<number, LastGoal>();
  for (const [matchId, list] of byMatch) {
    const last = standingGoals(list).at(-1);
    if (!last?.side) continue;
    lastGoals.set(matchId, {
      side: last.side,
      minute: last.minute,
      added_minute: last.addedMinute,
      player: last.player,
      own_goal: last.type === EVENT_OWN_GOAL,
    });
  }
  return lastGoals;
}

export async function findMatchRow(db: Db, options: { sport: Sport; matchId: number }): Promise<MatchRow | null> {
  const [row] = await selectMatchRows(db).where(and(eq(matches.id, options.matchId), eq(matches.sport, options.sport)));
  return row ?? null;
}
