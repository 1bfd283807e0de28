import { z } from 'zod';

/**
 * The parts of StatsBomb open-data files the replay reads (events v4 and lineups, as published
 * in statsbomb/open-data). Unknown fields are dropped; a missing or mistyped field the replay
 * needs fails parsing with its path, so a wrong file is named, not half played.
 */

const RefSchema = z.object({ id: z.number().int(), name: z.string() });
const LocationSchema = z.array(z.number()).min(2);
const CardSchema = z.object({ card: RefSchema.optional() });

export const StatsbombEventSchema = z.object({
  id: z.string(),
  index: z.number().int(),
  /** 1 and 2 the halves, 3 and 4 extra time, 5 the shoot-out */
  period: z.number().int().min(1).max(5),
  /** time since the start of the period, "HH:MM:SS.mmm" */
  timestamp: z.string().regex(/^\d{2}:\d{2}:\d{2}(\.\d+)?$/, { error: 'expected "HH:MM:SS.mmm"' }),
  /** match minute as StatsBomb counts it: 0-based, the second half starts at 45 */
  minute: z.number().int().min(0),
  second: z.number().int().min(0),
  type: RefSchema,
  possession: z.number().int(),
  possession_team: RefSchema,
  team: RefSchema,
  player: RefSchema.optional(),
  position: RefSchema.optional(),
  /** 120 × 80 pitch, the acting team attacking towards x = 120 */
  location: LocationSchema.optional(),
  duration: z.number().optional(),
  tactics: z
    .object({
      formation: z.number().int(),
      lineup: z.array(z.object({ player: RefSchema, position: RefSchema, jersey_number: z.number().int() })),
    })
    .optional(),
  pass: z
    .object({
      type: RefSchema.optional(),
      outcome: RefSchema.optional(),
      recipient: RefSchema.optional(),
      aerial_won: z.boolean().optional(),
    })
    .optional(),
  shot: z
    .object({
      outcome: RefSchema,
      type: RefSchema,
      key_pass_id: z.string().optional(),
      aerial_won: z.boolean().optional(),
    })
    .optional(),
  foul_committed: CardSchema.extend({ penalty: z.boolean().optional() }).optional(),
  foul_won: z.object({ penalty: z.boolean().optional() }).optional(),
  bad_behaviour: CardSchema.optional(),
  substitution: z.object({ replacement: RefSchema }).optional(),
  duel: z.object({ type: RefSchema.optional(), outcome: RefSchema.optional() }).optional(),
  dribble: z.object({ outcome: RefSchema.optional() }).optional(),
  clearance: z.object({ aerial_won: z.boolean().optional() }).optional(),
  miscontrol: z.object({ aerial_won: z.boolean().optional() }).optional(),
});
export type StatsbombEvent = z.infer<typeof StatsbombEventSchema>;

export const StatsbombEventsSchema = z.array(StatsbombEventSchema).min(1, { error: 'the file holds no events' });

export const StatsbombLineupsSchema = z
  .array(
    z.object({
      team_id: z.number().int(),
      team_name: z.string(),
      lineup: z.array(
        z.object({
          player_id: z.number().int(),
          player_name: z.string(),
          player_nickname: z.string().nullable().optional(),
          jersey_number: z.number().int(),
        }),
      ),
    }),
  )
  .length(2, { error: 'a lineups file holds exactly two teams' });
export type StatsbombLineups = z.infer<typeof StatsbombLineupsSchema>;

/** Thrown for a file that is not what the replay needs; the message names the file and the problem. */
export class StatsbombFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StatsbombFileError';
  }
}

/** Parses an events file's JSON; a problem is reported as `<label>: <path>: <message>` (at most three). */
export function parseStatsbombEvents(json: unknown, label = 'events file'): StatsbombEvent[] {
  if (!Array.isArray(json)) throw new StatsbombFileError(`${label}: expected a JSON array of StatsBomb events`);
  return parseWith(StatsbombEventsSchema, json, label);
}

export function parseStatsbombLineups(json: unknown, label = 'lineups file'): StatsbombLineups {
  if (!Array.isArray(json)) throw new StatsbombFileError(`${label}: expected a JSON array of two StatsBomb team lineups`);
  return parseWith(StatsbombLineupsSchema, json, label);
}

function parseWith<T>(schema: z.ZodType<T>, json: unknown, label: string): T {
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  const problems = result.error.issues.slice(0, 3).map((issue) => {
    const where = issue.path.length > 0 ? issue.path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('') : '(top)';
    return `${where.replace(/^\./, '')}: ${issue.message}`;
  });
  const more = result.error.issues.length > 3 ? ` (and ${result.error.issues.length - 3} more)` : '';
  throw new StatsbombFileError(`${label}: ${problems.join('; ')}${more}`);
}
