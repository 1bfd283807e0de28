import { and, asc, count, desc, eq, or } from 'drizzle-orm';
import type { ImportResult, OpenfootballImportBody, StaffDeduction, StaffSeason } from '../../../core/contracts/imports';
import type { Locale } from '../../../core/locale';
import type { Db } from '../../db/client';
import { competitions } from '../../db/schema/competitions';
import { pointDeductions } from '../../db/schema/match-centre';
import { seasons } from '../../db/schema/seasons';
import { matches } from '../../db/schema/matches';
import { teams } from '../../db/schema/teams';
import { users } from '../../db/schema/users';
import { AppError, type FieldError } from '../../errors';
import type { MessageKey } from '../../i18n/messages';

/**
 * Staff tools for seasons (docs/data/openfootball.md): the openfootball import the command line
 * runs, the list of seasons, and point deductions — the ones leagues impose, which appear in no
 * results file. A deduction staff record names them (`created_by`); an import's own have none.
 */

/** Where a problem of the import lies in the request body. */
function fieldOf(problem: ImportProblem): string {
  switch (problem.input) {
    case 'file':
      return problem.path === '' ? 'content' : `content.${problem.path}`;
    case 'deductions':
      return `deductions${problem.path.startsWith('[') || problem.path === '' ? '' : '.'}${problem.path}`;
    case 'fileName':
      return 'file_name';
    case 'competition':
      return 'competition_id';
    default:
      return problem.input;
  }
}

/** A problem of a malformed import, as the importer reports it: which input, where in it, and its message. */
export interface ImportProblem {
  input: string;
  path: string;
  message: MessageKey;
  params?: Record<string, string | number>;
}

/**
 * The openfootball importer (server/feed/importers/openfootball/staff-importer.ts), handed in by
 * the app with its database and the match write service: server/modules never imports the feed,
 * the feed depends on the modules (decision 061).
 */
export interface SeasonImporter {
  importSeason(
    options: { content: unknown; fileName: string; rules?: string; deductions?: unknown; competitionId?: number; seasonName?: string; now: Date },
  ): Promise<ImportResult>;
  /** the problems of a malformed input, or null for any other error */
  problemsOf(error: unknown): readonly ImportProblem[] | null;
}

/**
 * The import of the staff console: the same service and answer as `npm run data:import`. A
 * malformed file answers 400 IMPORT_INVALID with one message per problem, nothing written.
 */
export async function runOpenfootballImport(options: { body: OpenfootballImportBody; now: Date; importer: SeasonImporter }): Promise<ImportResult> {
  const { body, importer } = options;
  try {
    return await importer.importSeason({
      content: body.content,
      fileName: body.file_name,
      rules: body.rules,
      deductions: body.deductions,
      competitionId: body.competition_id,
      seasonName: body.season,
      now: options.now,
    });
  } catch (error) {
    const problems = importer.problemsOf(error);
    if (!problems) throw error;
    const fields: FieldError[] = problems.map((problem) => ({ field: fieldOf(problem), message: problem.message, params: problem.params }));
    throw new AppError('IMPORT_INVALID', { fields });
  }
}

function competitionName(locale: Locale) {
  return locale === 'en' ? competitions.nameEn : locale === 'zh' ? competitions.nameZh : competitions.nameTr;
}

async function readSeasons(db: Db, options: { locale: Locale; seasonId?: number }): Promise<StaffSeason[]> {
  const matchCounts = db
    .select({ seasonId: matches.seasonId, n: count().as('match_count') })
    .from(matches)
    .groupBy(matches.seasonId)
    .as('match_counts');
  const deductionCounts = db
    .select({ seasonId: pointDeductions.seasonId, n: count().as('deduction_count') })
    .from(pointDeductions)
    .groupBy(pointDeductions.seasonId)
    .as('deduction_counts');
  const rows = await db
    .select({
      season: seasons,
      competitionName: competitionName(options.locale),
      matchCount: matchCounts.n,
      deductionCount: deductionCounts.n,
    })
    .from(seasons)
    .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
    .leftJoin(matchCounts, eq(matchCounts.seasonId, seasons.id))
    .leftJoin(deductionCounts, eq(deductionCounts.seasonId, seasons.id))
    .where(options.seasonId === undefined ? undefined : eq(seasons.id, options.seasonId))
    .orderBy(desc(seasons.name), asc(competitions.id), asc(seasons.id));
  return rows.map((row) => ({
    season_id: row.season.id,
    name: row.season.name,
    kind: row.season.kind,
    rules: row.season.standingsRules,
    source: row.season.source,
    competition_id: row.season.competitionId,
    competition_name: row.competitionName,
    matches: Number(row.matchCount ?? 0),
    deductions: Number(row.deductionCount ?? 0),
    created_at: row.season.createdAt.toISOString(),
  }));
}

/** Every season, newest first, with its competition's name in the reader's language. */
export async function listSeasons(db: Db, options: { locale: Locale }): Promise<{ list: StaffSeason[] }> {
  return { list: await readSeasons(db, options) };
}

/** A season, or NOT_FOUND (404). */
export async function getSeason(db: Db, options: { seasonId: number; locale: Locale }): Promise<StaffSeason> {
  const [season] = await readSeasons(db, options);
  if (!season) throw new AppError('NOT_FOUND', { message: 'imports.season.notFound' });
  return season;
}

/** The teams with a fixture in the season, by name: the ones a deduction may name. */
async function seasonTeams(db: Db, seasonId: number): Promise<{ team_id: number; team_name: string }[]> {
  const rows = await db
    .selectDistinct({ team_id: teams.id, team_name: teams.name })
    .from(matches)
    .innerJoin(teams, or(eq(teams.id, matches.homeTeamId), eq(teams.id, matches.awayTeamId)))
    .where(eq(matches.seasonId, seasonId));
  return rows.sort((a, b) => a.team_name.localeCompare(b.team_name, 'en') || a.team_id - b.team_id);
}

async function readDeductions(db: Db, where: { seasonId?: number; id?: number }): Promise<StaffDeduction[]> {
  const rows = await db
    .select({
      deduction: pointDeductions,
      teamName: teams.name,
      staffId: users.id,
      staffNickname: users.nickname,
    })
    .from(pointDeductions)
    .innerJoin(teams, eq(teams.id, pointDeductions.teamId))
    .leftJoin(users, eq(users.id, pointDeductions.createdBy))
    .where(
      and(
        where.seasonId === undefined ? undefined : eq(pointDeductions.seasonId, where.seasonId),
        where.id === undefined ? undefined : eq(pointDeductions.id, where.id),
      ),
    )
    .orderBy(asc(pointDeductions.id));
  return rows.map((row) => ({
    id: row.deduction.id,
    team_id: row.deduction.teamId,
    team_name: row.teamName,
    points: row.deduction.points,
    reason: row.deduction.reason,
    created_by: row.staffId === null || row.staffNickname === null ? null : { id: row.staffId, nickname: row.staffNickname },
    created_at: row.deduction.createdAt.toISOString(),
  }));
}

/** A season, its teams and its deductions (oldest first); NOT_FOUND for an unknown season. */
export async function getSeasonDeductions(db: Db, options: { seasonId: number; locale: Locale }) {
  const season = await getSeason(db, options);
  const [seasonTeamList, list] = await Promise.all([seasonTeams(db, options.seasonId), readDeductions(db, { seasonId: options.seasonId })]);
  return { season, teams: seasonTeamList, list };
}

/**
 * Records a deduction a league imposed, in the staff member's name. The team must play in the
 * season (400 otherwise); an unknown season is NOT_FOUND. The season's table subtracts it at once.
 */
export async function addDeduction(
  db: Db,
  options: { seasonId: number; teamId: number; points: number; reason: string; staffId: number; now: Date },
): Promise<StaffDeduction> {
  const [season] = await db.select({ id: seasons.id }).from(seasons).where(eq(seasons.id, options.seasonId));
  if (!season) throw new AppError('NOT_FOUND', { message: 'imports.season.notFound' });
  const seasonTeamList = await seasonTeams(db, options.seasonId);
  if (!seasonTeamList.some((team) => team.team_id === options.teamId)) {
    const [team] = await db.select({ name: teams.name }).from(teams).where(eq(teams.id, options.teamId));
    throw new AppError('VALIDATION', {
      fields: [{ field: 'team_id', message: 'imports.deduction.teamNotInSeason', params: { team: team?.name ?? `#${options.teamId}` } }],
    });
  }
  const [created] = await db
    .insert(pointDeductions)
    .values({ seasonId: options.seasonId, teamId: options.teamId, points: options.points, reason: options.reason, createdBy: options.staffId, createdAt: options.now })
    .returning({ id: pointDeductions.id });
  const [deduction] = await readDeductions(db, { id: created!.id });
  return deduction!;
}

/** Removes a deduction (staff-recorded or import-made); NOT_FOUND when there is none with this id. */
export async function deleteDeduction(db: Db, options: { id: number }): Promise<{ id: number }> {
  const deleted = await db.delete(pointDeductions).where(eq(pointDeductions.id, options.id)).returning({ id: pointDeductions.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND', { message: 'imports.deduction.notFound' });
  return { id: options.id };
}
