import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Sport } from '../../../core/contracts/matches';
import type { Db } from '../../db/client';
import { competitions } from '../../db/schema/competitions';
import { matches } from '../../db/schema/matches';
import { teams } from '../../db/schema/teams';

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

export type MatchRow = Awaited<ReturnType<typeof listDayMatchRows>>[number];

/** Matches of one sport whose scheduled start falls in [fromSec, toSec), in kick-off order. */
export async function listDayMatchRows(db: Db, options: { sport: Sport; fromSec: number; toSec: number }) {
  return selectMatchRows(db)
    .where(
      and(
        eq(matches.sport, options.sport),
        gte(matches.matchTime, new Date(options.fromSec * 1000)),
        lt(matches.matchTime, new Date(options.toSec * 1000)),
      ),
    )
    .orderBy(asc(matches.matchTime), asc(matches.id));
}

export async function findMatchRow(db: Db, options: { sport: Sport; matchId: number }): Promise<MatchRow | null> {
  const [row] = await selectMatchRows(db).where(and(eq(matches.id, options.matchId), eq(matches.sport, options.sport)));
  return row ?? null;
}
