import { z } from 'zod';
import { SportSchema } from './matches';
import { MARKETS, PERIODS, PICKS } from './odds-vocabulary';

// The vocabulary is plain data without zod, so pages that only show odds do not load the
// validation library (docs/decisions/084); this module adds the schemas.
export {
  CORNER_MARKETS,
  isCornerMarket,
  isTotalMarket,
  MARKET_PICKS,
  MARKETS,
  ODDS_FORMATS,
  OUTCOMES,
  PERIODS,
  PICKS,
  type Market,
  type OddsFormat,
  type Outcome,
  type Period,
  type Pick,
} from './odds-vocabulary';

export const SelectionSchema = z.object({
  market: z.enum(MARKETS),
  period: z.enum(PERIODS),
  pick: z.enum(PICKS),
  /** handicap of the picked side, or the total for over/under; null for 1x2 */
  line: z.number().finite().min(-400).max(400).nullable(),
});
export type Selection = z.infer<typeof SelectionSchema>;

/** A selection with its price: the fair probability and the decimal odds after the house margin. */
export const PricedSelectionSchema = SelectionSchema.extend({
  /** fair probability of the outcome the price pays for (push and half results weighted in) */
  probability: z.number(),
  /** decimal odds with the margin applied, rounded to 2 decimals, at least 1.01 */
  odds: z.number(),
});
export type PricedSelection = z.infer<typeof PricedSelectionSchema>;

/** The match a plan or a bet is on, as both features show it. */
export const MarketMatchSchema = z.object({
  id: z.number().int(),
  sport: SportSchema,
  competition: z.object({ id: z.number().int(), name: z.string() }),
  home: z.object({ id: z.number().int(), name: z.string() }),
  away: z.object({ id: z.number().int(), name: z.string() }),
  /** unix seconds */
  match_time: z.number().int(),
  status_id: z.number().int(),
  /** [home, away] once the match has a score */
  score: z.tuple([z.number().int(), z.number().int()]).nullable(),
  ht_score: z.tuple([z.number().int(), z.number().int()]).nullable(),
});
export type MarketMatch = z.infer<typeof MarketMatchSchema>;
