import { and, eq, isNull, like } from 'drizzle-orm';
import { ImportDeductionsSchema, type ImportDeduction, type ImportResult, type ImportWarning } from '../../../../core/contracts/imports';
import { isStandingsRulesName, STANDINGS_RULES_NAMES, type StandingsRulesName } from '../../../../core/standings/rules';
import {
  competitionConfig,
  competitionForOpenfootballCode,
  DEFAULT_STANDINGS_RULES,
  DEFAULT_TIME_ZONE,
} from '../../../catalog/competition-config';
import { splitCountrySuffix } from '../../../catalog/build/football-results';
import { listCatalogCompetitions } from '../../../catalog/national-teams';
import { seedCatalog } from '../../../catalog/seed-catalog';
import type { Db, DbTransaction } from '../../../db/client';
import { competitions } from '../../../db/schema/competitions';
import { pointDeductions } from '../../../db/schema/match-centre';
import { seasons, type SeasonKind } from '../../../db/schema/seasons';
import type { MatchWrites, SeasonMatchesWritten } from '../../../modules/matches/match-writes';
import { allocateCompetitionId, findOrCreateTeams, lockAllocation } from '../../../modules/matches/registry';
import { OpenfootballSeasonSchema, type OpenfootballSeason } from './football-json';
import { footballTxtToSeason } from './football-txt';
import { ImportError, problemsOfZodError, type ImportProblem } from './import-error';
import { findNameVariants, looksLikeLeague } from './name-variants';
import { competitionTitleOf, readFileName, seasonFolderOf, seasonNameOf, teamNameOf, toMatchRows, type MatchRow } from './season-rows';

export interface ImportOpenfootballOptions {
  /** the file's text, or its parsed JSON (the staff console sends the object) */
  content: unknown;
  /**
   * "2023-24/en.1.json" or a path ending so: the folder names the season, the name the
   * competition; a Football.TXT file "2024-25_trcup.txt" is read as its football.json would be
   */
  fileName: string;
  /** a key of STANDINGS_RULES; else the season's earlier choice, else the competition's configuration */
  rules?: string;
  /** `[{team, points, reason}]` as text or parsed; given, they replace the season's earlier import-made deductions */
  deductions?: unknown;
  /** how error messages name the deductions (their file's path) */
  deductionsName?: string;
  /** import into this existing competition instead of the one the code names */
  competitionId?: number;
  /**
   * make a new competition, named after the file, when neither the file's name nor its teams
   * identify one (`--new-competition`); without it such a file is refused (decision 088)
   */
  createCompetition?: boolean;
  /** "2023/24" when neither the folder nor the file says */
  seasonName?: string;
  /** decides whether a match without a score is still to come (1) or unknown (13) */
  now: Date;
}

/** The face of the match write service an import writes its matches through. */
export type SeasonMatchWriter = Pick<MatchWrites, 'writeSeasonMatches'>;

/**
 * Where an import writes: the database (competition, season, teams, deductions) and the match
 * write service, which writes the matches with their domain events in the import's transaction
 * and publishes the changed ones once it committed. Handed in by whoever runs the import (the
 * staff route, the history job, the command line), as the simulator is handed its sink.
 */
export interface ImportTarget {
  db: Db;
  matchWrites: SeasonMatchWriter;
}

const SOURCE_PREFIX = 'openfootball:';

/** The `seasons.source` of an openfootball season: "openfootball:2023-24/en.1.json". */
export function openfootballSource(seasonFolder: string, code: string): string {
  return `${SOURCE_PREFIX}${seasonFolder}/${code}.json`;
}

function parseJson(value: unknown, input: 'file' | 'deductions'): { value: unknown } | ImportProblem {
  if (typeof value !== 'string') return { value };
  try {
    return { value: JSON.parse(value) as unknown };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { input, path: '', message: 'imports.json.invalid', params: { detail } };
  }
}

/** A Football.TXT file read into the football.json shape, or the problems of its lines. */
function parseTxt(value: unknown): { value: unknown } | ImportProblem[] {
  if (typeof value !== 'string') return [{ input: 'file', path: '', message: 'imports.txt.notText' }];
  const read = footballTxtToSeason(value);
  return 'problems' in read ? read.problems : { value: read.season };
}

function isProblem(value: object): value is ImportProblem {
  return 'message' in value && 'input' in value;
}

export interface CheckedInput {
  season: OpenfootballSeason;
  code: string;
  seasonName: string;
  seasonFolder: string;
  rules: StandingsRulesName | undefined;
  deductions: ImportDeduction[] | undefined;
}

/** Everything that can be wrong with the input without asking the database: all of it is reported at once. */
function checkInput(options: ImportOpenfootballOptions): CheckedInput {
  const problems: ImportProblem[] = [];
  const names = { fileName: options.fileName, deductionsName: options.deductionsName };
  const file = readFileName(options.fileName);
  if (!file) problems.push({ input: 'fileName', path: '', message: 'imports.fileName.invalid' });

  let season: OpenfootballSeason | undefined;
  const parsed = file?.format === 'txt' ? parseTxt(options.content) : parseJson(options.content, 'file');
  if (Array.isArray(parsed)) problems.push(...parsed);
  else if (isProblem(parsed)) problems.push(parsed);
  else {
    const result = OpenfootballSeasonSchema.safeParse(parsed.value);
    if (result.success) season = result.data;
    else problems.push(...problemsOfZodError('file', result.error, parsed.value));
  }

  let rules: StandingsRulesName | undefined;
  if (options.rules !== undefined) {
    if (isStandingsRulesName(options.rules)) rules = options.rules;
    else problems.push({ input: 'rules', path: '', message: 'imports.rules.unknownNamed', params: { rules: options.rules, known: STANDINGS_RULES_NAMES.join(', ') } });
  }

  let deductions: ImportDeduction[] | undefined;
  if (options.deductions !== undefined) {
    const parsedDeductions = parseJson(options.deductions, 'deductions');
    if (isProblem(parsedDeductions)) problems.push(parsedDeductions);
    else {
      const result = ImportDeductionsSchema.safeParse(parsedDeductions.value);
      if (result.success) deductions = result.data;
      else problems.push(...problemsOfZodError('deductions', result.error, parsedDeductions.value));
    }
  }

  let seasonName: string | null = null;
  if (file && season) {
    const named = seasonNameOf({ option: options.seasonName, folder: file.folder, fileTitle: season.name });
    if (named === null) problems.push({ input: 'season', path: '', message: 'imports.season.unknown' });
    else if (typeof named === 'object') problems.push(named);
    else seasonName = named;
  }

  if (problems.length > 0 || !file || !season || seasonName === null) throw new ImportError(problems, names);
  return { season, code: file.code, seasonName, seasonFolder: seasonFolderOf(seasonName), rules, deductions };
}

/** An import checked and turned into rows, ready to be written (see prepareOpenfootballImport). */
export interface PreparedImport {
  options: ImportOpenfootballOptions;
  input: CheckedInput;
  /** the catalogue competition the file's name (its code) or the option names */
  catalogId: number | undefined;
  /** else the catalogue competition whose teams are the file's (findCatalogCompetitionByTeams) */
  teamsCatalogId: number | undefined;
  kind: SeasonKind;
  rows: MatchRow[];
  teamNames: string[];
  deductions: ImportDeduction[];
  variants: [string, string][];
  warnings: ImportWarning[];
  source: string;
}

/**
 * The pure half of an import: checks the file, the deductions and the options, and turns the
 * file into rows, without the database. Throws ImportError naming every problem it finds, so a
 * command can fail before it opens anything.
 */
export function prepareOpenfootballImport(options: ImportOpenfootballOptions): PreparedImport {
  const names = { fileName: options.fileName, deductionsName: options.deductionsName };
  const input = checkInput(options);
  const catalogId = options.competitionId ?? competitionForOpenfootballCode(input.code);
  const teamsCatalogId = catalogId === undefined ? findCatalogCompetitionByTeams(input.season.matches.flatMap((match) => [match.team1, match.team2])) : undefined;
  const config = competitionConfig(catalogId ?? teamsCatalogId ?? 0);
  const countrySuffixInNames = config?.countrySuffixInNames ?? false;
  const { rows, warnings } = toMatchRows(input.season, {
    code: input.code,
    seasonFolder: input.seasonFolder,
    timeZone: config?.timeZone ?? DEFAULT_TIME_ZONE,
    countrySuffixInNames,
    now: options.now,
  });
  const fixtures = rows.map((row) => ({ home: row.home, away: row.away }));
  const isLeague = config ? config.seasonKind === 'regular' : looksLikeLeague(fixtures);
  const found = findNameVariants(fixtures, { isLeague });
  warnings.push(...found.warnings);

  const teamNames = [...new Set(rows.flatMap((row) => [row.home, row.away]))];
  const deductionProblems: ImportProblem[] = [];
  const deductions = (input.deductions ?? []).map((deduction, index) => {
    const team = teamNameOf(deduction.team, countrySuffixInNames);
    if (!teamNames.includes(team)) {
      deductionProblems.push({ input: 'deductions', path: `[${index}].team`, message: 'imports.deduction.teamNotInSeason', params: { team: deduction.team } });
    }
    return { ...deduction, team };
  });
  if (deductionProblems.length > 0) throw new ImportError(deductionProblems, names);

  return {
    options,
    input,
    catalogId,
    teamsCatalogId,
    kind: config?.seasonKind ?? (isLeague ? 'regular' : 'group'),
    rows,
    teamNames,
    deductions,
    variants: found.variants,
    warnings,
    source: openfootballSource(input.seasonFolder, input.code),
  };
}

/** Share of the file's teams a catalogue competition must list, and of its teams the file must have. */
const TEAMS_IN_COMPETITION = 0.75;
const COMPETITION_IN_TEAMS = 0.5;

/**
 * The catalogue competition a file's teams belong to when its name says nothing we know
 * ("2018/wc.json", "superlig-2025.json"): the competition listing at least three quarters of the
 * file's teams, whose own teams are at least half in the file — so a league's season is not
 * taken for the cup its clubs also play (the Turkish Cup lists every Süper Lig club, and a
 * hundred more). The one sharing the most teams wins; none, undefined. Names compare as the
 * file writes them and without a country suffix ("Liverpool FC (ENG)").
 */
export function findCatalogCompetitionByTeams(names: readonly string[]): number | undefined {
  const file = new Set(names.flatMap((name) => [name, splitCountrySuffix(name).name]));
  const teamCount = new Set(names.map((name) => splitCountrySuffix(name).name)).size;
  if (teamCount === 0) return undefined;
  let best: { id: number; shared: number } | undefined;
  for (const competition of listCatalogCompetitions()) {
    if (competition.sport !== 'football') continue;
    const shared = competition.teams.filter((team) => file.has(team.name)).length;
    if (shared < teamCount * TEAMS_IN_COMPETITION || shared < competition.teams.length * COMPETITION_IN_TEAMS) continue;
    if (!best || shared > best.shared) best = { id: competition.id, shared };
  }
  return best?.id;
}

/**
 * Imports one football.json season (docs/data/openfootball.md): the competition (the catalog's
 * for a known code or for the file's teams, else one made from the file's name when asked), the season, its teams and matches, and
 * the given point deductions — all in one transaction, so a malformed file, deduction or option
 * changes nothing (ImportError names each problem). The matches go through the match write
 * service: a changed result records `result_corrected`, a result for a fixture
 * `match_finished`, a moved date `match_postponed`, as any match write does, and the changed
 * matches are published on the live channel after the commit. Idempotent: matches are found
 * again by their external key, so a second run of the same file inserts, changes and records
 * nothing. Name variants are reported, never merged.
 */
export async function importOpenfootballSeason(target: ImportTarget, options: ImportOpenfootballOptions): Promise<ImportResult> {
  return writePreparedImport(target, prepareOpenfootballImport(options));
}

/** The database half of an import: everything in one transaction, then the live messages. */
export async function writePreparedImport(target: ImportTarget, prepared: PreparedImport): Promise<ImportResult> {
  const { options, input, rows, teamNames, deductions, warnings, source } = prepared;
  const names = { fileName: options.fileName, deductionsName: options.deductionsName };
  const { result, written } = await target.db.transaction(async (tx) => {
    await lockAllocation(tx);
    const competition = await resolveCompetition(tx, {
      competitionId: options.competitionId,
      catalogId: prepared.catalogId,
      teamsCatalogId: prepared.teamsCatalogId,
      createCompetition: options.createCompetition ?? false,
      code: input.code,
      title: competitionTitleOf(input.season.name),
      rules: input.rules,
      names,
    });

    const [existingSeason] = await tx
      .select()
      .from(seasons)
      .where(and(eq(seasons.competitionId, competition.id), eq(seasons.name, input.seasonName)));
    const rules = input.rules ?? (existingSeason?.standingsRules as StandingsRulesName | undefined) ?? competition.rules;
    const kind = prepared.kind;
    let seasonId: number;
    if (existingSeason) {
      seasonId = existingSeason.id;
      if (existingSeason.standingsRules !== rules || existingSeason.source !== source || existingSeason.kind !== kind) {
        await tx.update(seasons).set({ standingsRules: rules, source, kind }).where(eq(seasons.id, seasonId));
      }
    } else {
      const [created] = await tx
        .insert(seasons)
        .values({ competitionId: competition.id, name: input.seasonName, kind, standingsRules: rules, source })
        .returning({ id: seasons.id });
      seasonId = created!.id;
    }

    const teams = await findOrCreateTeams(tx, 'football', teamNames);
    const written = await writeMatches(tx, target.matchWrites, { rows, teamIds: teams.ids, competitionId: competition.id, seasonId, now: options.now });

    if (input.deductions !== undefined) {
      await tx.delete(pointDeductions).where(and(eq(pointDeductions.seasonId, seasonId), isNull(pointDeductions.createdBy)));
      if (deductions.length > 0) {
        await tx.insert(pointDeductions).values(
          deductions.map((deduction) => ({
            seasonId,
            teamId: teams.ids.get(deduction.team)!,
            points: deduction.points,
            reason: deduction.reason,
            createdBy: null,
          })),
        );
      }
    }

    const result: ImportResult = {
      competition_id: competition.id,
      competition_created: competition.created,
      season_id: seasonId,
      season: input.seasonName,
      season_created: !existingSeason,
      rules,
      source,
      matches: { inserted: written.inserted, updated: written.updated, unchanged: written.unchanged },
      teams_created: teams.created,
      variants: prepared.variants,
      warnings,
      deductions: deductions.length,
    };
    return { result, written };
  });
  // Only what committed is announced (docs/decisions/061).
  await written.publish();
  return result;
}

async function resolveCompetition(
  tx: DbTransaction,
  options: {
    competitionId: number | undefined;
    catalogId: number | undefined;
    teamsCatalogId: number | undefined;
    createCompetition: boolean;
    code: string;
    title: string;
    rules: StandingsRulesName | undefined;
    names: { fileName: string; deductionsName?: string };
  },
): Promise<{ id: number; rules: StandingsRulesName; created: boolean }> {
  const read = async (id: number) => {
    const [row] = await tx.select({ id: competitions.id, rules: competitions.standingsRules }).from(competitions).where(eq(competitions.id, id));
    return row ? { id: row.id, rules: isStandingsRulesName(row.rules) ? row.rules : DEFAULT_STANDINGS_RULES, created: false } : null;
  };

  if (options.competitionId !== undefined) {
    const chosen = await read(options.competitionId);
    if (!chosen) {
      throw new ImportError([{ input: 'competition', path: '', message: 'imports.competition.notFound', params: { id: options.competitionId } }], options.names);
    }
    return chosen;
  }

  const fromCatalog = async (id: number) => {
    // A database the server never started on (a fresh DATA_DIR) has no catalog yet: write it
    // as every start does, inside this transaction, so catalog clubs keep their ids.
    let known = await read(id);
    if (!known) {
      await seedCatalog(tx);
      known = await read(id);
    }
    return known;
  };
  if (options.catalogId !== undefined) {
    const known = await fromCatalog(options.catalogId);
    if (known) return known;
  }

  // A code the catalog does not know: the competition an earlier import of this code made
  // (with --new-competition), else the catalogue competition whose teams the file's are.
  const earlier = await tx
    .select({ competitionId: seasons.competitionId, source: seasons.source })
    .from(seasons)
    .where(like(seasons.source, `${SOURCE_PREFIX}%`));
  const match = earlier.find((season) => season.source?.endsWith(`/${options.code}.json`));
  if (match) {
    const again = await read(match.competitionId);
    if (again) return again;
  }
  if (options.teamsCatalogId !== undefined) {
    const byTeams = await fromCatalog(options.teamsCatalogId);
    if (byTeams) return byTeams;
  }

  // A name nothing knows made a second competition and second clubs before: now staff say.
  if (!options.createCompetition) {
    throw new ImportError([{ input: 'competition', path: '', message: 'imports.competition.unknownFile', params: { code: options.code } }], options.names);
  }
  const id = await allocateCompetitionId(tx);
  const rules = options.rules ?? DEFAULT_STANDINGS_RULES;
  const country = (options.code.split('.')[0] ?? options.code).toUpperCase().slice(0, 3);
  await tx.insert(competitions).values({
    id,
    sport: 'football',
    nameTr: options.title,
    nameEn: options.title,
    nameZh: options.title,
    shortName: options.code.toUpperCase().slice(0, 12),
    country,
    colors: ['#334155', '#f8fafc'],
    standingsRules: rules,
  });
  return { id, rules, created: true };
}

/** Hands the file's matches to the match write service, with the ids this import resolved. */
function writeMatches(
  tx: DbTransaction,
  matchWrites: SeasonMatchWriter,
  options: { rows: MatchRow[]; teamIds: Map<string, number>; competitionId: number; seasonId: number; now: Date },
): Promise<SeasonMatchesWritten> {
  return matchWrites.writeSeasonMatches(tx, {
    sport: 'football',
    matches: options.rows.map((row) => ({
      externalKey: row.externalKey,
      competitionId: options.competitionId,
      seasonId: options.seasonId,
      homeTeamId: options.teamIds.get(row.home)!,
      awayTeamId: options.teamIds.get(row.away)!,
      matchTime: row.matchTime,
      statusId: row.statusId,
      homeScore: row.homeScore,
      awayScore: row.awayScore,
      htHome: row.htHome,
      htAway: row.htAway,
      etHome: row.etHome,
      etAway: row.etAway,
      penHome: row.penHome,
      penAway: row.penAway,
      round: row.round,
      note: row.note,
    })),
    now: options.now,
    correctionReason: 'openfootball re-import',
  });
}
