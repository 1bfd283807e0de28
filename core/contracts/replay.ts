import { z } from 'zod';
import { singleLineText } from './text';
import { FootballStatsSchema, LineupSchema, MatchEventSchema, MomentumMinuteSchema } from './match-data';
import { PairSchema } from './pair';

/**
 * Shapes of the staff replay API (docs/data/statsbomb.md "Endpoints"): a recorded match is
 * created as a replay, then its updates are posted in order and go through the same feed sink
 * as the simulator's, so the live channel carries them. Field names are snake_case like the
 * rest of the API; times are unix seconds; every pair is [home, away].
 */

/** Football statuses a replay may set (section 3): not started … ended, with extra time and shoot-out. */
const REPLAY_STATUS_IDS = [1, 2, 3, 4, 5, 7, 8] as const;

const TeamNameSchema = singleLineText({ error: 'replay.team.required' })
  .trim()
  .min(1, { error: 'replay.team.required' })
  .max(100, { error: 'replay.team.tooLong' });

export const ReplayLineupsSchema = z.object({ home: LineupSchema, away: LineupSchema });
export type ReplayLineups = z.infer<typeof ReplayLineupsSchema>;

export const CreateReplayBodySchema = z.object({
  sport: z.literal('football', { error: 'replay.sport.invalid' }),
  home_team: TeamNameSchema,
  away_team: TeamNameSchema,
  /** the competition the match is filed under; by default the one both teams last played in */
  competition_id: z.number().int().min(1).max(2_147_483_647).optional(),
  /** scheduled kick-off, unix seconds; now by default */
  match_time: z.number().int().min(0).max(4_102_444_800).optional(),
  /** lineups to show before kick-off */
  lineups: ReplayLineupsSchema.optional(),
});
export type CreateReplayBody = z.infer<typeof CreateReplayBodySchema>;

export const CreateReplayDataSchema = z.object({
  match_id: z.number().int(),
  competition_id: z.number().int(),
  home_team_id: z.number().int(),
  away_team_id: z.number().int(),
  match_time: z.number().int(),
  /** team names that were not in the catalogue and were created */
  created_teams: z.array(z.string()),
});
export type CreateReplayData = z.infer<typeof CreateReplayDataSchema>;

export const ReplayParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
});

/** A catalogue event of a replay; `seq` numbers the match's events so a re-sent one is stored once. */
export const ReplayEventSchema = MatchEventSchema.extend({
  seq: z.number().int().min(0).optional(),
});
export type ReplayEvent = z.infer<typeof ReplayEventSchema>;

/**
 * One change of the replayed match. The clock is not sent as a time: `half_played_sec` says how
 * far into the half being played the match is, and the server turns it into the half's
 * kick-off time by its own clock, so a replay client with a wrong clock still shows the right minute.
 */
export const ReplayUpdateSchema = z.object({
  status_id: z
    .number({ error: 'replay.status.invalid' })
    .int({ error: 'replay.status.invalid' })
    .refine((id) => (REPLAY_STATUS_IDS as readonly number[]).includes(id), { error: 'replay.status.invalid' }),
  home_score: z.number().int().min(0).max(99),
  away_score: z.number().int().min(0).max(99),
  /** while a half is played: seconds played in it */
  half_played_sec: z.number().int().min(0).max(7_200).optional(),
  half_time: PairSchema.nullable().optional(),
  red: PairSchema.optional(),
  yellow: PairSchema.optional(),
  corner: PairSchema.optional(),
  extra_time: PairSchema.nullable().optional(),
  penalties: PairSchema.nullable().optional(),
  /** the live message's type: 'score' when status or score changes, else 'stats' or 'others' */
  kind: z.enum(['score', 'stats', 'others']),
  events: z.array(ReplayEventSchema).max(50).optional(),
  stats: FootballStatsSchema.optional(),
  momentum: z.array(MomentumMinuteSchema).max(200).optional(),
  lineups: ReplayLineupsSchema.optional(),
});
export type ReplayUpdate = z.infer<typeof ReplayUpdateSchema>;

/** Most updates one request may carry (the message 'replay.updates.tooMany' names the number); a client sends more in several requests. */
export const MAX_REPLAY_UPDATES = 200;

export const ReplayUpdatesBodySchema = z.object({
  updates: z.array(ReplayUpdateSchema).min(1, { error: 'replay.updates.required' }).max(MAX_REPLAY_UPDATES, { error: 'replay.updates.tooMany' }),
});
export type ReplayUpdatesBody = z.infer<typeof ReplayUpdatesBodySchema>;

export const ReplayUpdatesDataSchema = z.object({
  match_id: z.number().int(),
  applied: z.number().int(),
  status_id: z.number().int(),
  score: PairSchema,
});
export type ReplayUpdatesData = z.infer<typeof ReplayUpdatesDataSchema>;
