import { z } from 'zod';
import { singleLineText } from './text';
import { PairSchema } from './pair';

/**
 * What a feed tells about a match beyond its score: timeline events, statistics, attack
 * momentum and lineups. Shared by the live channel (core/contracts/matches.ts) and the match
 * centre's API (core/contracts/match-centre.ts).
 */

/** An entry of the section 3 event catalogue in a match's timeline. */
export const MatchEventSchema = z.object({
  /** index in the event catalogue (0 goal, 1 corner, 2 yellow card, 3 red card, 8 substitution, 15 own goal, 24 VAR…) */
  type: z.number().int().min(0).max(30),
  minute: z.number().int().min(0),
  /** added time: 45+2 is minute 45, added_minute 2 */
  added_minute: z.number().int().min(1).nullable(),
  /** the side the event belongs to; for a goal or an own goal, the side whose score goes up */
  side: z.enum(['home', 'away']).nullable(),
  player: singleLineText().nullable(),
  /** substitution: who came on; goal: who assisted */
  related_player: singleLineText().nullable(),
  /** VAR: what was reviewed or decided; penalties: the outcome */
  detail: singleLineText().nullable(),
});
export type MatchEvent = z.infer<typeof MatchEventSchema>;

/** Football statistics; a feed gives what it has, so every entry is optional. */
export const FootballStatsSchema = z.object({
  kind: z.literal('football'),
  /** per cent, summing to 100 */
  possession: PairSchema.optional(),
  shots_on: PairSchema.optional(),
  shots_off: PairSchema.optional(),
  attacks: PairSchema.optional(),
  dangerous_attacks: PairSchema.optional(),
  corners: PairSchema.optional(),
  yellow_cards: PairSchema.optional(),
  red_cards: PairSchema.optional(),
  fouls: PairSchema.optional(),
  offsides: PairSchema.optional(),
  passes: PairSchema.optional(),
});
export type FootballStats = z.infer<typeof FootballStatsSchema>;

/** A basketball team box score. */
export const BasketballStatsSchema = z.object({
  kind: z.literal('basketball'),
  field_goals_made: PairSchema.optional(),
  field_goals_attempted: PairSchema.optional(),
  three_points_made: PairSchema.optional(),
  three_points_attempted: PairSchema.optional(),
  free_throws_made: PairSchema.optional(),
  free_throws_attempted: PairSchema.optional(),
  rebounds: PairSchema.optional(),
  assists: PairSchema.optional(),
  steals: PairSchema.optional(),
  blocks: PairSchema.optional(),
  turnovers: PairSchema.optional(),
  fouls: PairSchema.optional(),
});
export type BasketballStats = z.infer<typeof BasketballStatsSchema>;

export const MatchStatsDataSchema = z.discriminatedUnion('kind', [FootballStatsSchema, BasketballStatsSchema]);
export type MatchStatsData = z.infer<typeof MatchStatsDataSchema>;

/** Attack pressure of one minute (dangerous attacks and shots, weighted); the chart draws home up, away down. */
export const MomentumMinuteSchema = z.object({
  minute: z.number().int().min(0),
  home: z.number().int().min(0),
  away: z.number().int().min(0),
});
export type MomentumMinute = z.infer<typeof MomentumMinuteSchema>;

/** One player of a lineup with what they did in the match. */
export const LineupPlayerSchema = z.object({
  name: singleLineText(),
  number: z.number().int().nullable(),
  /** e.g. "Goalkeeper", "Left Center Back", or a basketball position */
  position: singleLineText().nullable(),
  starter: z.boolean(),
  /** where a starter stands on a pitch drawn left (own goal) to right, 0..1 each; null on the bench */
  x: z.number().min(0).max(1).nullable(),
  y: z.number().min(0).max(1).nullable(),
  minute_in: z.number().int().nullable(),
  minute_out: z.number().int().nullable(),
  /** football: goals, own_goals, assists, shots, shots_on, passes, passes_completed, tackles, yellow, red; basketball: points, rebounds, assists, minutes… */
  stats: z.record(singleLineText(), z.number()),
});
export type LineupPlayer = z.infer<typeof LineupPlayerSchema>;

export const LineupSchema = z.object({
  formation: singleLineText().nullable(),
  players: z.array(LineupPlayerSchema),
});
export type Lineup = z.infer<typeof LineupSchema>;

