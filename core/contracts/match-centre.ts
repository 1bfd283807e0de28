import { z } from 'zod';
import { BasketballStatsSchema, FootballStatsSchema, LineupPlayerSchema, LineupSchema, MatchEventSchema, MatchStatsDataSchema, MomentumMinuteSchema } from './match-data';
import { BasketballMatchSchema, CompetitionSchema, FootballMatchSchema, IsSimulatedSchema } from './matches';
import { PairSchema } from './pair';
import { defineEndpoint } from './endpoints';


/**
 * Shapes of the match centre (issue 4): a match's data tabs, standings, competition and team
 * pages. Field names follow the live-score API's snake_case; times are unix seconds (UTC);
 * every pair is [home, away].
 */

export const SeasonRefSchema = z.object({
  season_id: z.number().int(),
  name: z.string(),
  kind: z.enum(['preseason', 'regular', 'qualifying', 'group', 'playoffs']),
  rules: z.string(),
});
export type SeasonRef = z.infer<typeof SeasonRefSchema>;

/** Scores by period: football halves, extra time and shoot-out; basketball quarters. */
export const ScoreDetailsSchema = z.object({
  periods: z.array(z.object({ label: z.enum(['h1', 'h2', 'et', 'pen', 'q1', 'q2', 'q3', 'q4', 'ot']), score: PairSchema })),
  final: PairSchema,
});
export type ScoreDetails = z.infer<typeof ScoreDetailsSchema>;

/** A finished (or scheduled) match as history lists show it. */
export const HistoryMatchSchema = z.object({
  match_id: z.number().int(),
  match_time: z.number().int(),
  status_id: z.number().int(),
  competition_id: z.number().int(),
  competition_name: z.string(),
  home_team_id: z.number().int(),
  home_team_name: z.string(),
  away_team_id: z.number().int(),
  away_team_name: z.string(),
  a0: z.number().int(),
  b0: z.number().int(),
  ht: PairSchema.nullable(),
  note: z.enum(['awarded', 'postponed']).nullable(),
  /** for form lists: the result of the team the list is about */
  outcome: z.enum(['W', 'D', 'L']).nullable(),
  is_simulated: IsSimulatedSchema,
});
export type HistoryMatch = z.infer<typeof HistoryMatchSchema>;

export const H2hDataSchema = z.object({
  /** previous meetings of the two teams, newest first */
  meetings: z.array(HistoryMatchSchema),
  summary: z.object({ home_wins: z.number().int(), draws: z.number().int(), away_wins: z.number().int() }),
  /** the last finished matches of each team before this one, newest first */
  home_form: z.array(HistoryMatchSchema),
  away_form: z.array(HistoryMatchSchema),
});
export type H2hData = z.infer<typeof H2hDataSchema>;

export const StandingsRowSchema = z.object({
  position: z.number().int(),
  team_id: z.number().int(),
  team_name: z.string(),
  team_logo: z.string(),
  played: z.number().int(),
  won: z.number().int(),
  drawn: z.number().int(),
  lost: z.number().int(),
  goals_for: z.number().int(),
  goals_against: z.number().int(),
  goal_difference: z.number().int(),
  points: z.number().int(),
  /** points the league took off (already subtracted from `points`) */
  deducted: z.number().int(),
  /** level on every tie-break criterion with a neighbour */
  tied: z.boolean(),
});
export type StandingsRow = z.infer<typeof StandingsRowSchema>;

export const DeductionSchema = z.object({
  id: z.number().int(),
  team_id: z.number().int(),
  team_name: z.string(),
  points: z.number().int(),
  reason: z.string(),
});

export const StandingsDataSchema = z.object({
  competition: CompetitionSchema,
  season: SeasonRefSchema,
  rows: z.array(StandingsRowSchema),
  deductions: z.array(DeductionSchema),
  /** matches counted / matches of the season known (an unfinished season or a file that stops early) */
  played_matches: z.number().int(),
  total_matches: z.number().int(),
  /** kick-off of the last counted match, null before the first */
  last_result_time: z.number().int().nullable(),
  /** the teams to highlight (the two of the match a match page asks for) */
  highlight: z.array(z.number().int()),
});
export type StandingsData = z.infer<typeof StandingsDataSchema>;

export const FootballOverviewDataSchema = z.object({
  match: FootballMatchSchema,
  competition: CompetitionSchema,
  season: SeasonRefSchema.nullable(),
  round: z.string().nullable(),
  note: z.enum(['awarded', 'postponed']).nullable(),
  score_details: ScoreDetailsSchema,
  events: z.array(MatchEventSchema),
  stats: FootballStatsSchema.nullable(),
  momentum: z.array(MomentumMinuteSchema),
});
export type FootballOverviewData = z.infer<typeof FootballOverviewDataSchema>;

export const BasketballOverviewDataSchema = z.object({
  match: BasketballMatchSchema,
  competition: CompetitionSchema,
  season: SeasonRefSchema.nullable(),
  round: z.string().nullable(),
  score_details: ScoreDetailsSchema,
  stats: BasketballStatsSchema.nullable(),
});
export type BasketballOverviewData = z.infer<typeof BasketballOverviewDataSchema>;

export const LineupsDataSchema = z.object({ home: LineupSchema.nullable(), away: LineupSchema.nullable() });
export type LineupsData = z.infer<typeof LineupsDataSchema>;

export const EventsDataSchema = z.object({ events: z.array(MatchEventSchema) });
export const StatisticsDataSchema = z.object({
  stats: MatchStatsDataSchema.nullable(),
  momentum: z.array(MomentumMinuteSchema),
});
export type StatisticsData = z.infer<typeof StatisticsDataSchema>;

/** Players with match statistics, best first (football: goals, then shots; basketball: points). */
export const PlayersDataSchema = z.object({
  home: z.array(LineupPlayerSchema),
  away: z.array(LineupPlayerSchema),
});
export type PlayersData = z.infer<typeof PlayersDataSchema>;

export const TopScorerSchema = z.object({
  player: z.string(),
  team_id: z.number().int(),
  team_name: z.string(),
  goals: z.number().int(),
  penalties: z.number().int(),
});
export type TopScorer = z.infer<typeof TopScorerSchema>;

export const CompetitionPageDataSchema = z.object({
  competition: CompetitionSchema,
  seasons: z.array(SeasonRefSchema),
  season: SeasonRefSchema.nullable(),
  standings: StandingsDataSchema.nullable(),
  /** the season's next matches, soonest first */
  fixtures: z.array(HistoryMatchSchema),
  /** the season's last results, newest first */
  results: z.array(HistoryMatchSchema),
  /** from the season's goal events; empty when the source has no scorers */
  top_scorers: z.array(TopScorerSchema),
});
export type CompetitionPageData = z.infer<typeof CompetitionPageDataSchema>;

export const TeamPageDataSchema = z.object({
  team: z.object({ team_id: z.number().int(), name: z.string(), short_name: z.string(), logo: z.string(), sport: z.enum(['football', 'basketball']) }),
  competitions: z.array(CompetitionSchema),
  fixtures: z.array(HistoryMatchSchema),
  results: z.array(HistoryMatchSchema),
});
export type TeamPageData = z.infer<typeof TeamPageDataSchema>;

export { DETAIL_MAX_AGE_MONTHS, detailAllowed, detailExpiresAt, HISTORY_DAYS, UPCOMING_DAYS } from './match-dates';

export type EventsData = z.infer<typeof EventsDataSchema>;

/** A standings tab or endpoint: the table, or null when there is none (a knockout cup, no season yet). */
export const StandingsAnswerDataSchema = z.object({ standings: StandingsDataSchema.nullable() });
export type StandingsAnswerData = z.infer<typeof StandingsAnswerDataSchema>;

// A detail read of a match older than three months answers 410 DETAIL_EXPIRED (core/contracts/api.ts).

/**
 * The match centre's endpoints the browser calls (core/contracts/endpoints.ts): a match's
 * lineups, fetched again when the live channel says they changed. Football answers code 1.
 */
export const matchCentreEndpoints = {
  footballLineups: defineEndpoint({ method: 'GET', path: '/api/match/football/:id/lineups', data: LineupsDataSchema, code: 1 }),
  basketballLineups: defineEndpoint({ method: 'GET', path: '/api/match/basketball/:id/lineups', data: LineupsDataSchema }),
};
