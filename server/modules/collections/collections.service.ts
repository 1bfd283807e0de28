import { and, count, desc, eq } from 'drizzle-orm';
import type { Sport } from '../../../core/contracts/matches';
import {
  COLLECTION_LIMIT,
  type CollectedCompetition,
  type CollectedMatch,
  type CollectedTeam,
  type CollectionsData,
} from '../../../core/contracts/collections';
import type { Locale } from '../../../core/locale';
import type { Db } from '../../db/client';
import { competitionCollections, matchCollections, teamCollections } from '../../db/schema/collections';
import { competitions } from '../../db/schema/competitions';
import { matches } from '../../db/schema/matches';
import { teams } from '../../db/schema/teams';
import { AppError } from '../../errors';
import { competitionCrestUrl, teamCrestUrl } from '../crests/public';
import { toBasketballMatch, toCompetition, toFootballMatch } from '../matches/public';
import { awayTeams, homeTeams, matchColumns, type MatchRow } from '../matches/public';

/**
 * Matches, competitions and teams a user collected (the star on a row, the follow buttons). Every function works on the
 * session's user only. Adding twice or removing what is not there is not an error; a match or
 * competition that does not exist is 404. A user collects at most COLLECTION_LIMIT matches and
 * as many competitions and teams (409 COLLECTION_LIMIT), which keeps GET /api/user/collections bounded.
 */

interface Who {
  userId: number;
  now?: Date;
}

function limitReached(): AppError {
  return new AppError('COLLECTION_LIMIT', {
    params: { max: COLLECTION_LIMIT },
  });
}

async function assertMatchExists(db: Db, sport: Sport, matchId: number): Promise<void> {
  const [found] = await db
    .select({ id: matches.id })
    .from(matches)
    .where(and(eq(matches.id, matchId), eq(matches.sport, sport)))
    .limit(1);
  if (!found) throw new AppError('NOT_FOUND', { message: 'api.match.notFound' });
}

async function assertCompetitionExists(db: Db, competitionId: number): Promise<void> {
  const [found] = await db
    .select({ id: competitions.id })
    .from(competitions)
    .where(eq(competitions.id, competitionId))
    .limit(1);
  if (!found) throw new AppError('NOT_FOUND', { message: 'collections.competition.notFound' });
}

async function assertTeamExists(db: Db, teamId: number): Promise<void> {
  const [found] = await db.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).limit(1);
  if (!found) throw new AppError('NOT_FOUND', { message: 'api.team.notFound' });
}

/** Collects a match of `sport`: 404 when that sport has no such match. */
export async function collectMatch(
  db: Db,
  options: Who & { sport: Sport; matchId: number },
): Promise<{ match_id: number; is_collect: boolean }> {
  await assertMatchExists(db, options.sport, options.matchId);
  const mine = and(
    eq(matchCollections.userId, options.userId),
    eq(matchCollections.sport, options.sport),
    eq(matchCollections.matchId, options.matchId),
  );
  const [already] = await db.select({ matchId: matchCollections.matchId }).from(matchCollections).where(mine).limit(1);
  if (!already) {
    const [held] = await db
      .select({ total: count() })
      .from(matchCollections)
      .where(eq(matchCollections.userId, options.userId));
    if ((held?.total ?? 0) >= COLLECTION_LIMIT) throw limitReached();
    await db
      .insert(matchCollections)
      .values({ userId: options.userId, sport: options.sport, matchId: options.matchId, createdAt: options.now ?? new Date() })
      .onConflictDoNothing();
  }
  return { match_id: options.matchId, is_collect: true };
}

/** Removes a collected match: 404 when that sport has no such match, fine when it was not collected. */
export async function uncollectMatch(
  db: Db,
  options: Who & { sport: Sport; matchId: number },
): Promise<{ match_id: number; is_collect: boolean }> {
  await assertMatchExists(db, options.sport, options.matchId);
  await db
    .delete(matchCollections)
    .where(
      and(
        eq(matchCollections.userId, options.userId),
        eq(matchCollections.sport, options.sport),
        eq(matchCollections.matchId, options.matchId),
      ),
    );
  return { match_id: options.matchId, is_collect: false };
}

/** Follows a competition: 404 when it does not exist. */
export async function collectCompetition(
  db: Db,
  options: Who & { competitionId: number },
): Promise<{ competition_id: number; is_collect: boolean }> {
  await assertCompetitionExists(db, options.competitionId);
  const mine = and(
    eq(competitionCollections.userId, options.userId),
    eq(competitionCollections.competitionId, options.competitionId),
  );
  const [already] = await db
    .select({ competitionId: competitionCollections.competitionId })
    .from(competitionCollections)
    .where(mine)
    .limit(1);
  if (!already) {
    const [held] = await db
      .select({ total: count() })
      .from(competitionCollections)
      .where(eq(competitionCollections.userId, options.userId));
    if ((held?.total ?? 0) >= COLLECTION_LIMIT) throw limitReached();
    await db
      .insert(competitionCollections)
      .values({ userId: options.userId, competitionId: options.competitionId, createdAt: options.now ?? new Date() })
      .onConflictDoNothing();
  }
  return { competition_id: options.competitionId, is_collect: true };
}

/** Stops following a competition: 404 when it does not exist, fine when it was not followed. */
export async function uncollectCompetition(
  db: Db,
  options: Who & { competitionId: number },
): Promise<{ competition_id: number; is_collect: boolean }> {
  await assertCompetitionExists(db, options.competitionId);
  await db
    .delete(competitionCollections)
    .where(
      and(
        eq(competitionCollections.userId, options.userId),
        eq(competitionCollections.competitionId, options.competitionId),
      ),
    );
  return { competition_id: options.competitionId, is_collect: false };
}

/** Follows a team: 404 when it does not exist. */
export async function collectTeam(db: Db, options: Who & { teamId: number }): Promise<{ team_id: number; is_collect: boolean }> {
  await assertTeamExists(db, options.teamId);
  const mine = and(eq(teamCollections.userId, options.userId), eq(teamCollections.teamId, options.teamId));
  const [already] = await db.select({ teamId: teamCollections.teamId }).from(teamCollections).where(mine).limit(1);
  if (!already) {
    const [held] = await db.select({ total: count() }).from(teamCollections).where(eq(teamCollections.userId, options.userId));
    if ((held?.total ?? 0) >= COLLECTION_LIMIT) throw limitReached();
    await db
      .insert(teamCollections)
      .values({ userId: options.userId, teamId: options.teamId, createdAt: options.now ?? new Date() })
      .onConflictDoNothing();
  }
  return { team_id: options.teamId, is_collect: true };
}

/** Stops following a team: 404 when it does not exist, fine when it was not followed. */
export async function uncollectTeam(db: Db, options: Who & { teamId: number }): Promise<{ team_id: number; is_collect: boolean }> {
  await assertTeamExists(db, options.teamId);
  await db.delete(teamCollections).where(and(eq(teamCollections.userId, options.userId), eq(teamCollections.teamId, options.teamId)));
  return { team_id: options.teamId, is_collect: false };
}

/** Everything the user collected, newest first, matches with their header data and competition. */
export async function listCollections(db: Db, options: { userId: number; locale: Locale }): Promise<CollectionsData> {
  const [matchRows, competitionRows, teamRows] = await Promise.all([
    db
      .select({ ...matchColumns, sport: matchCollections.sport, collectedAt: matchCollections.createdAt })
      .from(matchCollections)
      .innerJoin(matches, and(eq(matches.id, matchCollections.matchId), eq(matches.sport, matchCollections.sport)))
      .innerJoin(competitions, eq(competitions.id, matches.competitionId))
      .innerJoin(homeTeams, eq(homeTeams.id, matches.homeTeamId))
      .innerJoin(awayTeams, eq(awayTeams.id, matches.awayTeamId))
      .where(eq(matchCollections.userId, options.userId))
      .orderBy(desc(matchCollections.createdAt), desc(matchCollections.matchId)),
    db
      .select({
        competitionId: competitions.id,
        sport: competitions.sport,
        nameTr: competitions.nameTr,
        nameEn: competitions.nameEn,
        nameZh: competitions.nameZh,
        collectedAt: competitionCollections.createdAt,
      })
      .from(competitionCollections)
      .innerJoin(competitions, eq(competitions.id, competitionCollections.competitionId))
      .where(eq(competitionCollections.userId, options.userId))
      .orderBy(desc(competitionCollections.createdAt), desc(competitionCollections.competitionId)),
    db
      .select({ teamId: teams.id, sport: teams.sport, name: teams.name, collectedAt: teamCollections.createdAt })
      .from(teamCollections)
      .innerJoin(teams, eq(teams.id, teamCollections.teamId))
      .where(eq(teamCollections.userId, options.userId))
      .orderBy(desc(teamCollections.createdAt), desc(teamCollections.teamId)),
  ]);

  const followed = new Set(competitionRows.map((row) => row.competitionId));
  const collectedMatches = matchRows.map((found): CollectedMatch => {
    const row: MatchRow = found;
    const competition = { ...toCompetition(row, options.locale), is_collect: followed.has(row.competitionId) };
    const base = { match_id: row.id, collected_at: found.collectedAt.toISOString(), competition };
    return found.sport === 'football'
      ? { sport: 'football', ...base, match: { ...toFootballMatch(row), is_collect: true } }
      : { sport: 'basketball', ...base, match: { ...toBasketballMatch(row), is_collect: true } };
  });
  const collectedCompetitions = competitionRows.map(
    (row): CollectedCompetition => ({
      competition_id: row.competitionId,
      sport: row.sport,
      name: options.locale === 'en' ? row.nameEn : options.locale === 'zh' ? row.nameZh : row.nameTr,
      logo: competitionCrestUrl(row.competitionId),
      collected_at: row.collectedAt.toISOString(),
    }),
  );
  const collectedTeams = teamRows.map(
    (row): CollectedTeam => ({
      team_id: row.teamId,
      sport: row.sport,
      name: row.name,
      logo: teamCrestUrl(row.teamId),
      collected_at: row.collectedAt.toISOString(),
    }),
  );
  return { matches: collectedMatches, competitions: collectedCompetitions, teams: collectedTeams };
}
