import { z } from 'zod';
import { singleLineText } from './text';
import { defineEndpoint } from './endpoints';
import { STANDINGS_RULES_NAMES } from '../standings/rules';

/**
 * Shapes of season imports and point deductions (docs/data/openfootball.md): the answer of an
 * openfootball import — the same from `npm run data:import` and from the staff console — and
 * the staff endpoints that list seasons and record deductions. Times are ISO strings.
 * Field messages name keys of server/i18n/imports-messages.ts.
 */

export const StandingsRulesNameSchema = z.enum(STANDINGS_RULES_NAMES as [string, ...string[]], { error: 'imports.rules.unknown' });

/**
 * One deduction as a deductions file (`--deductions file.json`) and the import body write it:
 * the team by its name in the results file, the points taken off (a positive number), and the
 * league's published reason.
 */
export const ImportDeductionSchema = z
  .object({
    team: singleLineText({ error: 'imports.deduction.teamRequired' }).trim().min(1, { error: 'imports.deduction.teamRequired' }),
    points: z
      .number({ error: 'imports.deduction.pointsInvalid' })
      .int({ error: 'imports.deduction.pointsInvalid' })
      .min(1, { error: 'imports.deduction.pointsInvalid' })
      .max(200, { error: 'imports.deduction.pointsInvalid' }),
    reason: singleLineText({ error: 'imports.deduction.reasonLength' })
      .trim()
      .min(3, { error: 'imports.deduction.reasonLength' })
      .max(500, { error: 'imports.deduction.reasonLength' }),
  })
  .strict();
export type ImportDeduction = z.infer<typeof ImportDeductionSchema>;

export const ImportDeductionsSchema = z.array(ImportDeductionSchema, { error: 'imports.deductions.notAList' }).max(100);

/** Something in the file that was imported anyway, or left out, and that staff should know. */
export const ImportWarningSchema = z.object({
  /**
   * `shootoutLevel`: a shoot-out score with no winner, not stored; `fewMatches`: a league team
   * with fewer fixtures than the rest; `awardedOverHalfTime`: a full-time score below the
   * half-time one, stored as an awarded result (decision 088)
   */
  code: z.enum(['shootoutLevel', 'fewMatches', 'awardedOverHalfTime']),
  /** where in the file: a match by its teams, date and round, or a team name */
  field: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type ImportWarning = z.infer<typeof ImportWarningSchema>;

export const ImportResultSchema = z.object({
  competition_id: z.number().int(),
  /** true when the import made a new competition (a code the catalog does not know) */
  competition_created: z.boolean(),
  season_id: z.number().int(),
  /** "2023/24" */
  season: z.string(),
  season_created: z.boolean(),
  /** the tie-break chain the season's table uses */
  rules: z.string(),
  /** "openfootball:2023-24/en.1.json" */
  source: z.string(),
  matches: z.object({
    inserted: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
  }),
  /** teams that did not exist before, by name */
  teams_created: z.array(z.string()),
  /** pairs of names that look like one club written two ways; reported, never merged */
  variants: z.array(z.tuple([z.string(), z.string()])),
  warnings: z.array(ImportWarningSchema),
  /** deductions the import recorded (its own, replacing those of an earlier import) */
  deductions: z.number().int(),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;

/** POST /api/staff/imports/openfootball: the file's name (it names the competition and season) and its content. */
export const OpenfootballImportBodySchema = z.object({
  /** "2023-24/en.1.json": the folder gives the season, the name the competition */
  file_name: singleLineText({ error: 'imports.fileName.invalid' })
    .trim()
    .min(1, { error: 'imports.fileName.invalid' })
    .max(200, { error: 'imports.fileName.invalid' }),
  /** the parsed football.json object; checked by the importer, which names any problem */
  content: z.unknown().refine((value) => value !== undefined, { error: 'imports.content.required' }),
  rules: StandingsRulesNameSchema.optional(),
  deductions: z.unknown().optional(),
  /** import into this existing competition instead of the one the file name gives */
  competition_id: z.number().int().min(1).max(2_147_483_647).optional(),
  /** "2023/24" when neither the file name nor the file says */
  season: singleLineText().trim().min(1).max(40).optional(),
});
export type OpenfootballImportBody = z.infer<typeof OpenfootballImportBodySchema>;

export const StaffSeasonSchema = z.object({
  season_id: z.number().int(),
  name: z.string(),
  kind: z.string(),
  rules: z.string(),
  source: z.string().nullable(),
  competition_id: z.number().int(),
  /** in the request's language */
  competition_name: z.string(),
  matches: z.number().int(),
  deductions: z.number().int(),
  created_at: z.string(),
});
export type StaffSeason = z.infer<typeof StaffSeasonSchema>;

export const StaffSeasonsDataSchema = z.object({ list: z.array(StaffSeasonSchema) });
export type StaffSeasonsData = z.infer<typeof StaffSeasonsDataSchema>;

export const StaffSeasonParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
});

export const StaffDeductionParamsSchema = StaffSeasonParamsSchema;

export const StaffDeductionSchema = z.object({
  id: z.number().int(),
  team_id: z.number().int(),
  team_name: z.string(),
  points: z.number().int(),
  reason: z.string(),
  /** null for a deduction an import recorded */
  created_by: z.object({ id: z.number().int(), nickname: z.string() }).nullable(),
  created_at: z.string(),
});
export type StaffDeduction = z.infer<typeof StaffDeductionSchema>;

export const StaffSeasonDeductionsDataSchema = z.object({
  season: StaffSeasonSchema,
  /** the teams that play in the season, by name: the ones a deduction may name */
  teams: z.array(z.object({ team_id: z.number().int(), team_name: z.string() })),
  list: z.array(StaffDeductionSchema),
});
export type StaffSeasonDeductionsData = z.infer<typeof StaffSeasonDeductionsDataSchema>;

export const StaffDeductionBodySchema = z.object({
  team_id: z.number({ error: 'imports.deduction.teamRequired' }).int({ error: 'imports.deduction.teamRequired' }).min(1, { error: 'imports.deduction.teamRequired' }),
  points: ImportDeductionSchema.shape.points,
  reason: ImportDeductionSchema.shape.reason,
});
export type StaffDeductionBody = z.infer<typeof StaffDeductionBodySchema>;

export const StaffDeletedDeductionSchema = z.object({ id: z.number().int() });

/** The staff endpoints of season imports and deductions (core/contracts/endpoints.ts). */
export const importsEndpoints = {
  importOpenfootball: defineEndpoint({ method: 'POST', path: '/api/staff/imports/openfootball', body: OpenfootballImportBodySchema, data: ImportResultSchema }),
  seasons: defineEndpoint({ method: 'GET', path: '/api/staff/seasons', data: StaffSeasonsDataSchema }),
  seasonDeductions: defineEndpoint({ method: 'GET', path: '/api/staff/seasons/:id/deductions', data: StaffSeasonDeductionsDataSchema }),
  addDeduction: defineEndpoint({ method: 'POST', path: '/api/staff/seasons/:id/deductions', body: StaffDeductionBodySchema, data: StaffDeductionSchema }),
  deleteDeduction: defineEndpoint({ method: 'DELETE', path: '/api/staff/deductions/:id', data: StaffDeletedDeductionSchema }),
};
