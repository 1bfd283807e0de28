import { z } from 'zod';
import { SportSchema } from './matches';
import { MARKETS, MarketMatchSchema, OUTCOMES, PERIODS, PricedSelectionSchema, SelectionSchema } from './odds';
import { multiLineText, singleLineText } from './text';
import { defineEndpoint } from './endpoints';

/**
 * Shapes of the prediction-centre API (docs/api/forecast.md): tipsters publish plans on upcoming
 * matches, fans unlock paid plans with points, plans settle from real results, and every plan
 * carries a tamper-evident fingerprint. Served by server/modules/forecast; error messages are
 * message keys of core/messages.
 *
 * The pick, line, odds and full description of a plan ("the content") are sent only to its
 * tipster, to users who unlocked it, for free plans, and to everyone once the plan is settled.
 */

/** Plan view prices (specification sections 5 and 9); a free plan has price 0. */
export const PLAN_PRICE_MIN = 50;
export const PLAN_PRICE_MAX = 200;
/** Description length limit; over SYNC_THRESHOLD characters a plan also goes to the community as an excerpt. */
export const PLAN_DESCRIPTION_MAX = 2000;
export const PLAN_COMMUNITY_SYNC_THRESHOLD = 100;
/** share of a long description shown publicly as the community excerpt */
export const PLAN_EXCERPT_SHARE = 0.3;

export const PLAN_STATUSES = ['open', 'settled', 'void'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

export const RANKING_PERIODS = ['week', 'month', 'all'] as const;
export type RankingPeriod = (typeof RANKING_PERIODS)[number];
export const RANKING_KINDS = ['rate', 'streak'] as const;
export type RankingKind = (typeof RANKING_KINDS)[number];

export const PLAN_LIST_VIEWS = ['upToDate', 'recommend', 'myFollow', 'my', 'purchased'] as const;
export type PlanListView = (typeof PLAN_LIST_VIEWS)[number];

const id = (message: string) =>
  z
    .union([z.number(), z.string().regex(/^\d{1,10}$/).transform(Number)], { error: message })
    .pipe(z.number().int({ error: message }).min(1, { error: message }).max(2_147_483_647, { error: message }));

const idempotencyKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,100}$/, { error: 'forecast.idempotencyKey.invalid' });

/**
 * Publish a plan. `free: true` publishes without a price; otherwise `price` must be given,
 * greater than 0 and within 50–200 (each has its own message).
 */
export const PublishPlanBodySchema = z.object({
  match_id: id('forecast.matchId.invalid'),
  selection: SelectionSchema,
  /** required and at most PLAN_DESCRIPTION_MAX characters: checked by the service, each with its message */
  description: multiLineText().max(100_000),
  free: z.boolean().optional().default(false),
  price: z.number().optional(),
  idempotency_key: idempotencyKey,
});
export type PublishPlanBody = z.input<typeof PublishPlanBodySchema>;

export const UnlockPlanBodySchema = z.object({ idempotency_key: idempotencyKey.optional() });

export const PlanIdParamsSchema = z.object({ id: id('forecast.planId.invalid') });
export const MatchIdParamsSchema = z.object({ matchId: id('forecast.matchId.invalid') });
export const UserIdParamsSchema = z.object({ userId: id('forecast.userId.invalid') });

export const PlanListQuerySchema = z.object({
  view: z.enum(PLAN_LIST_VIEWS).optional().default('upToDate'),
  match_id: id('forecast.matchId.invalid').optional(),
  tipster_id: id('forecast.userId.invalid').optional(),
  sport: SportSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  size: z.coerce.number().int().min(1).max(50).optional().default(20),
});

export const RankingQuerySchema = z.object({
  period: z.enum(RANKING_PERIODS).optional().default('week'),
  kind: z.enum(RANKING_KINDS).optional().default('rate'),
  sport: SportSchema.optional(),
});

export const ExportQuerySchema = z.object({ format: z.enum(['csv', 'json']).optional().default('json') });

export const HidePlanBodySchema = z.object({ reason: singleLineText().trim().min(1).max(200) });

export const TipsterSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
});
export type Tipster = z.infer<typeof TipsterSchema>;

export const PlanMatchSchema = MarketMatchSchema;
export type PlanMatch = z.infer<typeof PlanMatchSchema>;

/** A settlement's explanation: a message key of core/messages and its parameters, and the text in the request's language. */
export const ReceiptSchema = z.object({
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  text: z.string(),
});
export type Receipt = z.infer<typeof ReceiptSchema>;

/** What is hidden until unlocked: the pick with its line and fixed odds, and the whole description. */
export const PlanContentSchema = PricedSelectionSchema.omit({ probability: true }).extend({
  description: z.string(),
});
export type PlanContent = z.infer<typeof PlanContentSchema>;

export const PlanSchema = z.object({
  id: z.number().int(),
  tipster: TipsterSchema,
  match: PlanMatchSchema,
  /** market and period are public; pick, line and odds are content */
  market: z.enum(MARKETS),
  period: z.enum(PERIODS),
  /** 0 for a free plan */
  price: z.number().int(),
  free: z.boolean(),
  /** the first 30% of a description over 100 characters (the community excerpt); null otherwise */
  excerpt: z.string().nullable(),
  /** hex SHA-256 of the canonical content with the salt */
  fingerprint: z.string(),
  /** ISO time the server recorded the plan */
  published_at: z.string(),
  status: z.enum(PLAN_STATUSES),
  outcome: z.enum(OUTCOMES).nullable(),
  receipt: ReceiptSchema.nullable(),
  sell_count: z.number().int(),
  /** the viewer may read the content (own plan, unlocked, free, or settled) */
  unlocked: z.boolean(),
  /** the viewer may unlock it now (signed in, not own, paid, not yet unlocked) */
  can_unlock: z.boolean(),
  is_own: z.boolean(),
  content: PlanContentSchema.nullable(),
  /** revealed after settlement: the salt and the exact canonical text that was fingerprinted */
  proof: z.object({ salt: z.string(), canonical: z.string() }).nullable(),
  /** staff hid the description (it stays in the record for audit) */
  hidden: z.boolean(),
});
export type Plan = z.infer<typeof PlanSchema>;

export const PlanListDataSchema = z.object({
  list: z.array(PlanSchema),
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
});
export type PlanListData = z.infer<typeof PlanListDataSchema>;

/** The markets a match can carry plans on, priced by the shared odds model; `reason` when it cannot. */
export const MatchMarketsDataSchema = z.object({
  match_id: z.number().int(),
  publishable: z.boolean(),
  /** message key: match started, finished, cancelled, no market… */
  reason: z.string().nullable(),
  reason_text: z.string().nullable(),
  markets: z.array(PricedSelectionSchema),
});
export type MatchMarketsData = z.infer<typeof MatchMarketsDataSchema>;

export const QuotaDataSchema = z.object({ limit: z.number().int(), used: z.number().int(), remaining: z.number().int() });
export type QuotaData = z.infer<typeof QuotaDataSchema>;

/** Honest record figures (issue 12): sample sizes beside every rate. */
export const TipsterStatsSchema = z.object({
  /** settled plans that count for the win rate (wins, half wins, half losses, losses; pushes and voids do not) */
  settled: z.number().int(),
  wins: z.number(),
  /** wins / settled, half results counting half; null with no settled plan */
  win_rate: z.number().nullable(),
  /** win rate shrunk toward the market's average (Beta-binomial) */
  shrunk_rate: z.number().nullable(),
  /** Wilson 95% lower bound of the win rate */
  wilson_lower: z.number().nullable(),
  /** level-stakes yield against the fixed odds (profit / plans staked) */
  yield: z.number().nullable(),
  /** t-statistic of the yield */
  t_stat: z.number().nullable(),
  /** one-sided probability that a random tipster with these odds and this volume does as well */
  luck_p: z.number().nullable(),
  current_streak: z.number().int(),
  running_num_max: z.number().int(),
  my_guess_total: z.number().int(),
  sell_count: z.number().int(),
  sell_income: z.number().int(),
});
export type TipsterStats = z.infer<typeof TipsterStatsSchema>;

export const TipsterProfileDataSchema = z.object({
  tipster: TipsterSchema,
  stats: TipsterStatsSchema,
  is_followed: z.boolean(),
  followers: z.number().int(),
  /** the record over time for the chart: one point per settled plan, oldest first */
  history: z.array(
    z.object({
      settled_at: z.string(),
      outcome: z.enum(OUTCOMES),
      /** cumulative level-stakes profit in units after this plan */
      profit: z.number(),
      /** cumulative win rate after this plan */
      win_rate: z.number().nullable(),
    }),
  ),
});
export type TipsterProfileData = z.infer<typeof TipsterProfileDataSchema>;

export const RankingRowSchema = z.object({
  rank: z.number().int(),
  tipster: TipsterSchema,
  stats: TipsterStatsSchema,
});
export const RankingDataSchema = z.object({
  period: z.enum(RANKING_PERIODS),
  kind: z.enum(RANKING_KINDS),
  /** minimum settled plans to appear in a rate ranking */
  min_settled: z.number().int(),
  /** ISO start of the period (null for all-time) */
  from: z.string().nullable(),
  list: z.array(RankingRowSchema),
});
export type RankingData = z.infer<typeof RankingDataSchema>;

/** The home page's success-rate figure, computed from settled plans — never a fixed claim. */
export const SuccessRateDataSchema = z.object({
  rate: z.number().nullable(),
  settled: z.number().int(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type SuccessRateData = z.infer<typeof SuccessRateDataSchema>;

export const FollowDataSchema = z.object({ user_id: z.number().int(), is_followed: z.boolean() });

export const SettlementLogRowSchema = z.object({
  id: z.number().int(),
  plan_id: z.number().int(),
  match_id: z.number().int(),
  version: z.number().int(),
  outcome: z.enum(OUTCOMES),
  score: z.tuple([z.number().int(), z.number().int()]).nullable(),
  ht_score: z.tuple([z.number().int(), z.number().int()]).nullable(),
  cause: z.string(),
  created_at: z.string(),
});
export type SettlementLogRow = z.infer<typeof SettlementLogRowSchema>;

/** GET /api/staff/forecast/settlements: the settlement log, newest first, optionally of one match. */
export const SettlementLogQuerySchema = z.object({
  match_id: id('forecast.matchId.invalid').optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  size: z.coerce.number().int().min(1).max(100).optional().default(50),
});

export const SettlementLogDataSchema = z.object({
  list: z.array(SettlementLogRowSchema.extend({ receipt: ReceiptSchema, tipster_id: z.number().int() })),
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
});
export type SettlementLogData = z.infer<typeof SettlementLogDataSchema>;

/** POST /api/staff/forecast/plans/:id/hide: the plan's moderation state (the first hide's reason stays). */
export const HidePlanDataSchema = z.object({
  plan_id: z.number().int(),
  hidden: z.literal(true),
  hidden_at: z.string(),
  reason: z.string(),
  hidden_by: z.number().int().nullable(),
});
export type HidePlanData = z.infer<typeof HidePlanDataSchema>;

/** POST /api/staff/forecast/matches/:matchId/resettle: the settlement rows the re-run wrote (none when nothing changed). */
export const ResettleDataSchema = z.object({
  match_id: z.number().int(),
  cause: z.string(),
  written: z.array(z.object({ plan_id: z.number().int(), version: z.number().int(), outcome: z.enum(OUTCOMES), previous_outcome: z.enum(OUTCOMES).nullable() })),
});
export type ResettleData = z.infer<typeof ResettleDataSchema>;

/** The prediction centre's endpoints (core/contracts/endpoints.ts); a tipster's record export is a link (core/contracts/links.ts). */
export const forecastEndpoints = {
  plans: defineEndpoint({ method: 'GET', path: '/api/forecast/plans', query: PlanListQuerySchema, data: PlanListDataSchema }),
  plan: defineEndpoint({ method: 'GET', path: '/api/forecast/plans/:id', data: PlanSchema }),
  unlock: defineEndpoint({ method: 'POST', path: '/api/forecast/plans/:id/unlock', body: UnlockPlanBodySchema, data: PlanSchema }),
  publish: defineEndpoint({ method: 'POST', path: '/api/forecast/plans', body: PublishPlanBodySchema, data: PlanSchema }),
  markets: defineEndpoint({ method: 'GET', path: '/api/forecast/matches/:matchId/markets', data: MatchMarketsDataSchema }),
  quota: defineEndpoint({ method: 'GET', path: '/api/forecast/quota', data: QuotaDataSchema }),
  follow: defineEndpoint({ method: 'POST', path: '/api/forecast/follows/:userId', data: FollowDataSchema }),
  unfollow: defineEndpoint({ method: 'DELETE', path: '/api/forecast/follows/:userId', data: FollowDataSchema }),
  tipster: defineEndpoint({ method: 'GET', path: '/api/forecast/tipsters/:userId', data: TipsterProfileDataSchema }),
  rankings: defineEndpoint({ method: 'GET', path: '/api/forecast/rankings', query: RankingQuerySchema, data: RankingDataSchema }),
  successRate: defineEndpoint({ method: 'GET', path: '/api/forecast/success-rate', data: SuccessRateDataSchema }),
};

/** The prediction centre's staff endpoints. */
export const staffForecastEndpoints = {
  hidePlan: defineEndpoint({ method: 'POST', path: '/api/staff/forecast/plans/:id/hide', body: HidePlanBodySchema, data: HidePlanDataSchema }),
  settlements: defineEndpoint({ method: 'GET', path: '/api/staff/forecast/settlements', query: SettlementLogQuerySchema, data: SettlementLogDataSchema }),
  resettle: defineEndpoint({ method: 'POST', path: '/api/staff/forecast/matches/:matchId/resettle', data: ResettleDataSchema }),
};
