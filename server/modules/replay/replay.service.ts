import { and, desc, eq, exists, inArray, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Pair } from '../../../core/contracts/matches';
import type { CreateReplayBody, CreateReplayData, ReplayUpdate, ReplayUpdatesData } from '../../../core/contracts/replay';
import { findCatalogCompetitionOfTeams } from '../../catalog/national-teams';
import type { Db, DbTransaction } from '../../db/client';
import { competitions } from '../../db/schema/competitions';
import { matches } from '../../db/schema/matches';
import { AppError, invalidFields } from '../../errors';
import type { MatchWrites } from '../matches/public';
import { fromReplayUpdateBody } from './replay-update-body';
import { bumpListVersion } from '../matches/public';
import { allocateMatchIds, findOrCreateTeams, lockAllocation } from '../matches/public';

/**
 * Replays: recorded matches played through the live pipeline (docs/data/statsbomb.md). A
 * replay is an ordinary match row in the outside id range whose external key marks it as a
 * replay; only such matches take replay updates, so staff can never rewrite a simulated or
 * imported match by mistake. Updates go through the feed sink the simulator uses: one
 * transaction each, then one live message.
 */

const REPLAY_KEY_PREFIX = 'replay:';

/**
 * Creates the match a replay will drive: the teams by name (catalogue clubs and national teams
 * when the name is theirs, else new teams), the competition given, else the one both teams last
 * played in, else the catalogue competition listing both (a national-team match finds the World
 * Cup or the European Championship); kick-off `match_time` — the real match's date, which then
 * dates and titles the replay — or now. Lineups given are shown before kick-off.
 * Rule: the two teams differ; the competition is a football competition.
 */
export async function createReplayMatch(options: {
  db: Db;
  sink: MatchWrites;
  body: CreateReplayBody;
  now: Date;
}): Promise<CreateReplayData> {
  const { db, sink, body, now } = options;
  if (body.home_team === body.away_team) throw invalidFields([{ field: 'away_team', message: 'replay.teams.same' }]);
  const matchTime = body.match_time ?? Math.floor(now.getTime() / 1000);

  const created = await db.transaction(async (tx) => {
    await lockAllocation(tx);
    const teams = await findOrCreateTeams(tx, body.sport, [body.home_team, body.away_team]);
    const homeTeamId = teams.ids.get(body.home_team)!;
    const awayTeamId = teams.ids.get(body.away_team)!;
    const competitionId = await resolveCompetition(tx, {
      competitionId: body.competition_id,
      homeTeamId,
      awayTeamId,
      teamNames: [body.home_team, body.away_team],
      year: new Date(matchTime * 1000).getUTCFullYear(),
      now,
    });
    const [matchId] = await allocateMatchIds(tx, 1);
    await tx.insert(matches).values({
      id: matchId!,
      sport: body.sport,
      competitionId,
      homeTeamId,
      awayTeamId,
      matchTime: new Date(matchTime * 1000),
      externalKey: `${REPLAY_KEY_PREFIX}${matchId}`,
    });
    await bumpListVersion(tx, body.sport);
    return { match_id: matchId!, competition_id: competitionId, home_team_id: homeTeamId, away_team_id: awayTeamId, match_time: matchTime, created_teams: teams.created };
  });

  if (body.lineups) {
    await sink.applyUpdate({
      matchId: created.match_id,
      sport: 'football',
      statusId: 1,
      homeScore: 0,
      awayScore: 0,
      kind: 'others',
      lineups: body.lineups,
    });
  }
  return created;
}

/**
 * The competition of a replay: the one asked for (it must be a football competition), else the
 * competition of the latest match up to now of either team in a competition where both teams
 * have matches, else the catalogue competition whose teams include both (for national teams,
 * the one played in the match's year: a World Cup year or a European Championship one).
 * 400 when there is none, so the match is never filed somewhere arbitrary — a national-team
 * match is never filed under a club competition.
 */
async function resolveCompetition(
  tx: DbTransaction,
  options: { competitionId: number | undefined; homeTeamId: number; awayTeamId: number; teamNames: [string, string]; year: number; now: Date },
): Promise<number> {
  const { competitionId, homeTeamId, awayTeamId, now } = options;
  if (competitionId !== undefined) {
    const [row] = await tx
      .select({ id: competitions.id })
      .from(competitions)
      .where(and(eq(competitions.id, competitionId), eq(competitions.sport, 'football')));
    if (!row) throw invalidFields([{ field: 'competition_id', message: 'replay.competition.notFound' }], 'replay.competition.notFound');
    return row.id;
  }
  const otherMatch = alias(matches, 'other_match');
  const playsIn = (teamId: number) =>
    exists(
      tx
        .select({ one: sql`1` })
        .from(otherMatch)
        .where(
          and(
            eq(otherMatch.competitionId, matches.competitionId),
            or(eq(otherMatch.homeTeamId, teamId), eq(otherMatch.awayTeamId, teamId)),
          ),
        ),
    );
  const [row] = await tx
    .select({ competitionId: matches.competitionId })
    .from(matches)
    .innerJoin(competitions, eq(competitions.id, matches.competitionId))
    .where(
      and(
        eq(matches.sport, 'football'),
        eq(competitions.sport, 'football'),
        or(inArray(matches.homeTeamId, [homeTeamId, awayTeamId]), inArray(matches.awayTeamId, [homeTeamId, awayTeamId])),
        lte(matches.matchTime, now),
        playsIn(homeTeamId),
        playsIn(awayTeamId),
      ),
    )
    .orderBy(desc(matches.matchTime), desc(matches.id))
    .limit(1);
  if (row) return row.competitionId;
  const listed = findCatalogCompetitionOfTeams({ sport: 'football', teams: options.teamNames, year: options.year });
  if (listed !== undefined) {
    const [known] = await tx.select({ id: competitions.id }).from(competitions).where(eq(competitions.id, listed));
    if (known) return known.id;
  }
  throw new AppError('REPLAY_NO_COMPETITION');
}

/**
 * Applies a replay's updates in order through the feed sink (each one transaction and one live
 * message). The half's kick-off time comes from the server's clock and `half_played_sec`.
 * Rule: only a match created as a replay takes them (404 unknown match, 409 any other match).
 */
export async function applyReplayUpdates(options: {
  db: Db;
  sink: MatchWrites;
  matchId: number;
  updates: readonly ReplayUpdate[];
  now: () => Date;
}): Promise<ReplayUpdatesData> {
  const { db, sink, matchId, updates, now } = options;
  const [match] = await db
    .select({ sport: matches.sport, externalKey: matches.externalKey, statusId: matches.statusId, home: matches.homeScore, away: matches.awayScore })
    .from(matches)
    .where(eq(matches.id, matchId));
  if (!match) throw new AppError('NOT_FOUND', { message: 'replay.match.notFound' });
  if (match.sport !== 'football' || match.externalKey !== `${REPLAY_KEY_PREFIX}${matchId}`) {
    throw new AppError('NOT_A_REPLAY');
  }
  let statusId = match.statusId;
  let score: Pair = [match.home, match.away];
  let applied = 0;
  for (const body of updates) {
    const result = await sink.applyUpdate(fromReplayUpdateBody(body, matchId, Math.floor(now().getTime() / 1000)));
    // Finished is final: updates sent after the final whistle (a replay played twice) change nothing.
    if (!result.applied) continue;
    applied += 1;
    statusId = body.status_id;
    score = [body.home_score, body.away_score];
  }
  return { match_id: matchId, applied, status_id: statusId, score };
}
