import { eq, inArray } from 'drizzle-orm';
import { FOOTBALL_STATUS } from '../../../../core/match/status';
import { isStandingsRulesName } from '../../../../core/standings/rules';
import { computeTable, type TableRow } from '../../../../core/standings/table';
import { DEFAULT_STANDINGS_RULES } from '../../../catalog/competition-config';
import type { Db } from '../../../db/client';
import { pointDeductions } from '../../../db/schema/match-centre';
import { seasons } from '../../../db/schema/seasons';
import { matches } from '../../../db/schema/matches';
import { teams } from '../../../db/schema/teams';

/**
 * The table of a stored season, as the import left it: every team with a fixture in the season,
 * the ended matches (awarded ones with their awarded score), the season's deductions and its
 * tie-break chain. `rounds` narrows the matches that count (a league phase of a cup season).
 * Used to check imports against published tables; the match centre has its own reader.
 */
export async function readSeasonTable(
  db: Db,
  options: { seasonId: number; rounds?: (round: string | null) => boolean },
): Promise<(TableRow & { teamName: string })[]> {
  const [season] = await db.select().from(seasons).where(eq(seasons.id, options.seasonId));
  if (!season) throw new Error(`no season ${options.seasonId}`);
  const fixtures = (await db.select().from(matches).where(eq(matches.seasonId, season.id))).filter(
    (match) => !options.rounds || options.rounds(match.round),
  );
  const teamIds = [...new Set(fixtures.flatMap((match) => [match.homeTeamId, match.awayTeamId]))];
  const names = new Map(
    teamIds.length === 0
      ? []
      : (await db.select({ id: teams.id, name: teams.name }).from(teams).where(inArray(teams.id, teamIds))).map((team) => [team.id, team.name]),
  );
  const deductions = await db.select().from(pointDeductions).where(eq(pointDeductions.seasonId, season.id));
  const table = computeTable({
    teams: teamIds.map((id) => ({ id, name: names.get(id) ?? String(id) })),
    results: fixtures
      .filter((match) => match.statusId === FOOTBALL_STATUS.ENDED)
      .map((match) => ({ homeTeamId: match.homeTeamId, awayTeamId: match.awayTeamId, homeGoals: match.homeScore, awayGoals: match.awayScore })),
    deductions: deductions.map((deduction) => ({ teamId: deduction.teamId, points: deduction.points })),
    rules: isStandingsRulesName(season.standingsRules) ? season.standingsRules : DEFAULT_STANDINGS_RULES,
  });
  return table.map((row) => ({ ...row, teamName: names.get(row.teamId) ?? String(row.teamId) }));
}
