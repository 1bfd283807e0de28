import { z } from 'zod';
import { SportSchema } from './matches';
import { MARKETS, MarketMatchSchema, OUTCOMES, PERIODS, PricedSelectionSchema, SelectionSchema } from './odds';
import { defineEndpoint } from './endpoints';
import { singleLineText } from './text';

/**
 * Shapes of the guessing-contest API (docs/api/guessing.md): fans bet points on football and
 * basketball markets priced by the shared odds model (core/odds, docs/odds-model.md); singles and
 * parlays; the price a fan saw is the price they get, or the slip is told the price moved.
 * Served by server/modules/guessing; error messages are message keys of core/messages.
 */

/** Bets close this many minutes before kick-off (specification section 5). */
export const BET_CUTOFF_MINUTES = 15;
/** A parlay has at least two selections (section 5) and, here, at most this many. */
export const PARLAY_MIN_LEGS = 2;
export const PARLAY_MAX_LEGS = 10;

export const BET_KINDS = ['single', 'parlay'] as const;
export type BetKind = (typeof BET_KINDS)[number];

/** open: waiting for results; settled: paid out (or lost); void: every leg void, the stake returned. */
export const BET_STATUSES = ['open', 'settled', 'void'] as const;
export type BetStatus = (typeof BET_STATUSES)[number];

const id = (message: string) =>
  z
    .union([z.number(), z.string().regex(/^\d{1,10}$/).transform(Number)], { error: message })
    .pipe(z.number().int({ error: message }).min(1, { error: message }).max(2_147_483_647, { error: message }));

export const BetLegInputSchema = z.object({
  match_id: id('guessing.matchId.invalid'),
  selection: SelectionSchema,
  /** the decimal odds the fan saw; a different current price answers BET_PRICE_MOVED */
  odds: z.number().finite().min(1).max(1000),
});
export type BetLegInput = z.infer<typeof BetLegInputSchema>;

/**
 * Place a bet. `kind` must be chosen ('Choose single or parlay first'); the stake is checked by the
 * service so each rule has its message: present, a whole number, greater than 0, within the
 * per-bet limit and the daily cap, and covered by the balance.
 */
export const PlaceBetBodySchema = z.object({
  kind: z.enum(BET_KINDS).optional(),
  legs: z.array(BetLegInputSchema).max(PARLAY_MAX_LEGS),
  stake: z.number().optional(),
  idempotency_key: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, { error: 'guessing.idempotencyKey.invalid' }),
});
export type PlaceBetBody = z.input<typeof PlaceBetBodySchema>;

export const BetIdParamsSchema = z.object({ id: id('guessing.betId.invalid') });
export const MatchIdParamsSchema = z.object({ matchId: id('guessing.matchId.invalid') });

export const BetListQuerySchema = z.object({
  status: z.enum(['open', 'finished', 'all']).optional().default('all'),
  kind: z.enum(BET_KINDS).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  size: z.coerce.number().int().min(1).max(50).optional().default(20),
});

export const BettingDayQuerySchema = z.object({
  sport: SportSchema.optional().default('football'),
  /** unix seconds of the day's start (UTC); today by default */
  day: z.coerce.number().int().min(0).max(4_102_444_800).optional(),
});

export const BetReceiptSchema = z.object({
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  text: z.string(),
});

export const BetMatchSchema = MarketMatchSchema;
export type BetMatch = z.infer<typeof BetMatchSchema>;

export const BetLegSchema = z.object({
  match: BetMatchSchema,
  selection: SelectionSchema,
  /** frozen at placement */
  odds: z.number(),
  /** null while the match is not settled */
  outcome: z.enum(OUTCOMES).nullable(),
  receipt: BetReceiptSchema.nullable(),
});

export const BetSchema = z.object({
  id: z.number().int(),
  kind: z.enum(BET_KINDS),
  stake: z.number().int(),
  /** the product of the legs' odds, frozen at placement */
  odds: z.number(),
  /** floor(stake × odds): what a win of every leg pays */
  potential_return: z.number().int(),
  status: z.enum(BET_STATUSES),
  /** what the bet paid (0 for a loss); null while open */
  payout: z.number().int().nullable(),
  legs: z.array(BetLegSchema),
  /** ISO times */
  placed_at: z.string(),
  settled_at: z.string().nullable(),
  /** how the payout was worked out, in the reader's language; null while open */
  receipt: BetReceiptSchema.nullable(),
});
export type Bet = z.infer<typeof BetSchema>;

export const BetListDataSchema = z.object({
  list: z.array(BetSchema),
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
});
export type BetListData = z.infer<typeof BetListDataSchema>;

/** A match of the betting page with its priced markets; `open` false with the reason when it takes no bets. */
export const BettingMatchSchema = z.object({
  match: BetMatchSchema,
  open: z.boolean(),
  /** message key, and its text in the request's language */
  reason: z.string().nullable(),
  reason_text: z.string().nullable(),
  /** unix seconds: bets close at kick-off minus BET_CUTOFF_MINUTES */
  closes_at: z.number().int(),
  markets: z.array(PricedSelectionSchema),
});
export type BettingMatch = z.infer<typeof BettingMatchSchema>;

export const BettingDayDataSchema = z.object({
  sport: SportSchema,
  day: z.number().int(),
  matches: z.array(BettingMatchSchema),
  /** the per-bet stake limit and the daily cap in force (configuration) */
  limits: z.object({ max_stake: z.number().int(), daily_cap: z.number().int() }),
});
export type BettingDayData = z.infer<typeof BettingDayDataSchema>;

export const BettingRecordSchema = z.object({
  bets: z.number().int(),
  open: z.number().int(),
  won: z.number().int(),
  lost: z.number().int(),
  /** pushes, voids and half results, counted apart */
  other: z.number().int(),
  staked: z.number().int(),
  returned: z.number().int(),
  current_streak: z.number().int(),
  best_streak: z.number().int(),
});
export type BettingRecord = z.infer<typeof BettingRecordSchema>;

export const StreakRankingDataSchema = z.object({
  list: z.array(
    z.object({
      rank: z.number().int(),
      user: z.object({ id: z.number().int(), nickname: z.string(), avatar: z.string() }),
      current_streak: z.number().int(),
      best_streak: z.number().int(),
      settled: z.number().int(),
    }),
  ),
});
export type StreakRankingData = z.infer<typeof StreakRankingDataSchema>;

/* ─────────────── Staff (docs/api/guessing.md "Staff") ───────────────
 * What staff see before voiding a market: the matches with ungraded legs, and per match the
 * markets that carry legs with their counts, the points still staked on them, and the reasons
 * of earlier staff voids.
 */

const count$ = z.number().int().min(0);

export const StaffBetMarketSchema = z.object({
  market: z.enum(MARKETS),
  period: z.enum(PERIODS),
  legs: z.object({
    /** not graded yet: what a void would touch */
    open: count$,
    /** graded (won, lost, pushed, void — staff voids included) */
    graded: count$,
    /** voided by staff */
    staff_void: count$,
  }),
  /** bets with a leg on this market, by the bet's status (a bet has at most one leg per match) */
  bets: z.object({ open: count$, settled: count$ }),
  /** points staked on the open bets with a leg on this market (a parlay's whole stake) */
  open_stake: count$,
  /** the reasons staff gave when voiding this market, each with the legs it voided */
  voids: z.array(z.object({ reason: z.string(), legs: count$ })),
});
export type StaffBetMarket = z.infer<typeof StaffBetMarketSchema>;

export const StaffBetMatchSchema = z.object({ match: BetMatchSchema, markets: z.array(StaffBetMarketSchema) });
export type StaffBetMatch = z.infer<typeof StaffBetMatchSchema>;

export const StaffBetMatchListSchema = z.object({
  list: z.array(StaffBetMatchSchema),
  page: z.number().int(),
  size: z.number().int(),
  /** matches with at least one ungraded leg */
  total: z.number().int(),
});
export type StaffBetMatchList = z.infer<typeof StaffBetMatchListSchema>;

export const StaffBetMatchListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  size: z.coerce.number().int().min(1).max(50).optional().default(20),
});

/** The server's limit of a void's reason. */
export const VOID_REASON_MAX_LENGTH = 500;

// The reason is text a client sends: control characters are refused as everywhere (core/contracts/text.ts).
export const VoidMarketBodySchema = z.object({ market: z.enum(MARKETS), period: z.enum(PERIODS), reason: singleLineText().trim().min(1).max(VOID_REASON_MAX_LENGTH) });
export type VoidMarketBody = z.input<typeof VoidMarketBodySchema>;

/** What a void touched: the legs it voided and the bets it re-settled. */
export const VoidMarketDataSchema = z.object({ legs: z.number().int(), bets: z.number().int() });
export type VoidMarketData = z.infer<typeof VoidMarketDataSchema>;

/** The guessing contest's endpoints (core/contracts/endpoints.ts). */
export const guessingEndpoints = {
  day: defineEndpoint({ method: 'GET', path: '/api/guessing/day', query: BettingDayQuerySchema, data: BettingDayDataSchema }),
  markets: defineEndpoint({ method: 'GET', path: '/api/guessing/matches/:matchId/markets', data: BettingMatchSchema }),
  place: defineEndpoint({ method: 'POST', path: '/api/guessing/bets', body: PlaceBetBodySchema, data: BetSchema }),
  bets: defineEndpoint({ method: 'GET', path: '/api/guessing/bets', query: BetListQuerySchema, data: BetListDataSchema }),
  bet: defineEndpoint({ method: 'GET', path: '/api/guessing/bets/:id', data: BetSchema }),
  record: defineEndpoint({ method: 'GET', path: '/api/guessing/record', data: BettingRecordSchema }),
  streak: defineEndpoint({ method: 'GET', path: '/api/guessing/rankings/streak', data: StreakRankingDataSchema }),
};

/** The guessing contest's staff endpoints. */
export const staffGuessingEndpoints = {
  matches: defineEndpoint({ method: 'GET', path: '/api/staff/guessing/matches', query: StaffBetMatchListQuerySchema, data: StaffBetMatchListSchema }),
  match: defineEndpoint({ method: 'GET', path: '/api/staff/guessing/matches/:matchId', data: StaffBetMatchSchema }),
  voidMarket: defineEndpoint({ method: 'POST', path: '/api/staff/guessing/matches/:matchId/void-market', body: VoidMarketBodySchema, data: VoidMarketDataSchema }),
};
