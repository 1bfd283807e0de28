import { z } from 'zod';
import { SportSchema } from './matches';

/**
 * The next kick-off: what the home page shows when nothing is live ("the next match starts at
 * 19:00"). The simulator's calendar has quiet hours, as real football has (decision 091).
 */
export const NextKickOffQuerySchema = z.object({
  /** one sport, or the earliest of both when absent */
  sport: SportSchema.optional(),
});

export const NextKickOffSchema = z.object({
  match_id: z.number().int(),
  sport: SportSchema,
  competition_id: z.number().int(),
  /** scheduled start, unix seconds */
  kick_off_time: z.number().int(),
});
export type NextKickOff = z.infer<typeof NextKickOffSchema>;

/** `data` is null when no match is scheduled after now in the stored days. */
export const NextKickOffResponseSchema = z.object({
  code: z.literal(0),
  msg: z.string(),
  data: NextKickOffSchema.nullable(),
});
