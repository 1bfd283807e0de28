import { z } from 'zod';
import { singleLineText } from './text';
import { defineEndpoint } from './endpoints';
import { MatchEventSchema, MatchStatsDataSchema, MomentumMinuteSchema } from './match-data';
import { PairSchema } from './pair';

/**
 * Shapes of the live-score API and live channel (specification sections 3 and 7).
 * Field names are the specification's, so a client written against it works unchanged.
 * Times are unix seconds (UTC).
 */

export const SportSchema = z.enum(['football', 'basketball']);
export type Sport = z.infer<typeof SportSchema>;

/** A competition as the lists carry it. `logo` is a generated crest URL. */
export const CompetitionSchema = z.object({
  competition_id: z.number().int(),
  name: z.string(),
  short_name: z.string(),
  country: z.string(),
  logo: z.string(),
  is_hot: z.boolean(),
  is_collect: z.boolean(),
});
export type Competition = z.infer<typeof CompetitionSchema>;

export const TeamSchema = z.object({
  team_id: z.number().int(),
  name: z.string(),
  short_name: z.string(),
  logo: z.string(),
});
export type Team = z.infer<typeof TeamSchema>;

export { PairSchema, type Pair } from './pair';

/**
 * True for a match Tribün's simulator plays (no real result behind it), which pages label as
 * such; false or absent for imported real results and replays of recorded matches. An addition
 * to the specification's fields, optional so a client written against the specification works.
 */
export const IsSimulatedSchema = z.boolean().optional();

/**
 * The latest goal of a football match that stands (a VAR "no goal" takes one back): the side
 * whose score went up, the minute, and the scorer when the feed names one (decision 097).
 * An own goal names the player who put it in, if known, with `own_goal` true.
 */
export const LastGoalSchema = z.object({
  side: z.enum(['home', 'away']),
  minute: z.number().int().min(0),
  added_minute: z.number().int().min(1).nullable(),
  player: singleLineText().nullable(),
  own_goal: z.boolean(),
});
export type LastGoal = z.infer<typeof LastGoalSchema>;

/**
 * A football match in a list. `kick_off_time` is the start of the half being played (first
 * half: kick-off; second half: the restart), which is what the clock counts from.
 */
export const FootballMatchSchema = z.object({
  match_id: z.number().int(),
  competition_id: z.number().int(),
  home_team_id: z.number().int(),
  away_team_id: z.number().int(),
  match_time: z.number().int(),
  status_id: z.number().int().min(0).max(13),
  kick_off_time: z.number().int(),
  a0: z.number().int(),
  b0: z.number().int(),
  is_collect: z.boolean(),
  home_team_name: z.string(),
  away_team_name: z.string(),
  home_team_logo: z.string(),
  away_team_logo: z.string(),
  /** kick_off_time formatted HH:mm in UTC; the browser re-formats in the reader's zone. */
  kick_off_time_str: z.string(),
  /** half-time score, when known */
  ht: PairSchema.nullable(),
  red: PairSchema,
  yellow: PairSchema,
  corner: PairSchema,
  is_simulated: IsSimulatedSchema,
  /** an addition to the specification, optional so its clients work: null before any goal */
  last_goal: LastGoalSchema.nullable().optional(),
});
export type FootballMatch = z.infer<typeof FootballMatchSchema>;

/** Matches of one competition in one list, in kick-off order. */
export const FootballGroupSchema = z.object({
  competition_id: z.number().int(),
  matches: z.array(FootballMatchSchema),
});
export type FootballGroup = z.infer<typeof FootballGroupSchema>;

export const CompetitionIndexSchema = z.object({
  /** ids of hot competitions, in display order */
  hot: z.array(z.number().int()),
  /** every competition of the day by id */
  all: z.record(z.string(), CompetitionSchema),
});
export type CompetitionIndex = z.infer<typeof CompetitionIndexSchema>;

export const FootballListDataSchema = z.object({
  competitionIndexArr: CompetitionIndexSchema,
  teamIndexArr: z.record(z.string(), TeamSchema),
  /** status 2, 3, 4, 5, 7 */
  liveGlobal: z.array(FootballGroupSchema),
  /** not started, kick-off within the next hour */
  soonGlobal: z.array(FootballGroupSchema),
  /** not started, kick-off later */
  scheduledGlobal: z.array(FootballGroupSchema),
  /** status 8 */
  finishedGlobal: z.array(FootballGroupSchema),
  /** abnormal, delayed, interrupted, cut in half, cancelled, to be determined (0, 9–13) */
  otherGlobal: z.array(FootballGroupSchema),
});
export type FootballListData = z.infer<typeof FootballListDataSchema>;

export const FootballListResponseSchema = z.object({
  code: z.literal(1),
  msg: z.string(),
  data: FootballListDataSchema,
});
export type FootballListResponse = z.infer<typeof FootballListResponseSchema>;

export const HotListDataSchema = z.object({
  competitionIndexArr: CompetitionIndexSchema,
  teamIndexArr: z.record(z.string(), TeamSchema),
  /** one page of hot-competition groups (live first, then not started, then finished) */
  list: z.array(FootballGroupSchema),
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
});
export type HotListData = z.infer<typeof HotListDataSchema>;

export const HotListResponseSchema = z.object({
  code: z.literal(1),
  msg: z.string(),
  data: HotListDataSchema,
});

export const DayQuerySchema = z.object({
  /** start of the day in unix seconds (UTC midnight or the reader's local midnight) */
  day: z.coerce.number().int().min(0).max(4_102_444_800).optional(),
  keywords: singleLineText().max(64).optional().default(''),
});

export const HotListQuerySchema = z.object({
  day: z.coerce.number().int().min(0).max(4_102_444_800).optional(),
  page: z.coerce.number().int().min(1).max(1000).optional().default(1),
  size: z.coerce.number().int().min(1).max(100).optional().default(30),
});

export const BasketballQuerySchema = z.object({
  timestamp: z.coerce.number().int().min(0).max(4_102_444_800).optional(),
});

/**
 * A basketball match. Basketball status_id: 0 abnormal, 1 not started, 2 Q1, 3 end of Q1,
 * 4 Q2, 5 half time, 6 Q3, 7 end of Q3, 8 Q4, 9 overtime, 10 ended, 11 interrupted,
 * 12 cancelled, 13 delayed, 14 cut in half, 15 to be determined.
 */
export const BasketballMatchSchema = z.object({
  match_id: z.number().int(),
  competition_id: z.number().int(),
  home_team_id: z.number().int(),
  away_team_id: z.number().int(),
  home_team_name: z.string(),
  away_team_name: z.string(),
  home_team_logo: z.string(),
  away_team_logo: z.string(),
  match_time: z.number().int(),
  status_id: z.number().int().min(0).max(15),
  a0: z.number().int(),
  b0: z.number().int(),
  /** points per period, [home, away] each: Q1–Q4 then overtimes */
  periods: z.array(PairSchema),
  /** seconds left in the current period while it is played */
  clock: z.number().int().nullable(),
  is_collect: z.boolean(),
  is_simulated: IsSimulatedSchema,
});
export type BasketballMatch = z.infer<typeof BasketballMatchSchema>;

export const BasketballDataSchema = z.object({
  competitionList: z.array(CompetitionSchema),
  matchIngList: z.array(BasketballMatchSchema),
  matchWaitList: z.array(BasketballMatchSchema),
  matchEndList: z.array(BasketballMatchSchema),
});
export type BasketballData = z.infer<typeof BasketballDataSchema>;

export const BasketballResponseSchema = z.object({
  code: z.literal(0),
  msg: z.string(),
  data: BasketballDataSchema,
});

/** Header data of a match detail page: GET /api/match/football/:id (code 1 like the football lists). */
export const FootballMatchDetailResponseSchema = z.object({
  code: z.literal(1),
  msg: z.string(),
  data: z.object({ match: FootballMatchSchema, competition: CompetitionSchema }),
});
export type FootballMatchDetailResponse = z.infer<typeof FootballMatchDetailResponseSchema>;

/** Header data of a match detail page: GET /api/match/basketball/:id (code 0 like the basketball list). */
export const BasketballMatchDetailResponseSchema = z.object({
  code: z.literal(0),
  msg: z.string(),
  data: z.object({ match: BasketballMatchSchema, competition: CompetitionSchema }),
});
export type BasketballMatchDetailResponse = z.infer<typeof BasketballMatchDetailResponseSchema>;

/** Live message on topic `football` or `basketball` (section 3). */
export const LiveMessageSchema = z.object({
  type: z.enum(['score', 'stats', 'others']),
  data: z.object({
    match_id: z.number().int(),
    status: z.number().int(),
    a0: z.number().int(),
    b0: z.number().int(),
    /** start of the half being played (football) — the clock counts from it */
    kick_off_time: z.number().int().optional(),
    /** basketball: points per period and seconds left in the period */
    periods: z.array(PairSchema).optional(),
    clock: z.number().int().nullable().optional(),
    red: PairSchema.optional(),
    yellow: PairSchema.optional(),
    corner: PairSchema.optional(),
    ht: PairSchema.nullable().optional(),
    /** match centre (football and basketball): the statistics as they stand, new momentum minutes, new timeline events */
    stats: MatchStatsDataSchema.optional(),
    momentum: z.array(MomentumMinuteSchema).optional(),
    events: z.array(MatchEventSchema).optional(),
    /** the lineups changed: a page showing them fetches them again */
    lineups_changed: z.literal(true).optional(),
  }),
  publish_time: z.number().int(),
});
export type LiveMessage = z.infer<typeof LiveMessageSchema>;


/**
 * The live-score endpoints the browser calls (core/contracts/endpoints.ts): a day's lists, when a
 * page refetches them, and one match's header. Football answers code 1, basketball code 0.
 */
export const matchesEndpoints = {
  footballList: defineEndpoint({ method: 'GET', path: '/api/match_recent/anew_list', query: DayQuerySchema, data: FootballListDataSchema, code: 1 }),
  basketballList: defineEndpoint({ method: 'GET', path: '/api/basketball', query: BasketballQuerySchema, data: BasketballDataSchema }),
  footballMatch: defineEndpoint({ method: 'GET', path: '/api/match/football/:id', data: FootballMatchDetailResponseSchema.shape.data, code: 1 }),
  basketballMatch: defineEndpoint({ method: 'GET', path: '/api/match/basketball/:id', data: BasketballMatchDetailResponseSchema.shape.data }),
};
