/**
 * The market vocabulary shared by the prediction centre (plans) and the guessing contest (bets):
 * what a selection is, how it is priced and how it is graded. One model prices both features and
 * one grader settles both (docs/odds-model.md).
 *
 * Handicap lines are the handicap of the picked side: {pick: 'home', line: -0.75} and
 * {pick: 'away', line: 0.75} are the two sides of one Asian-handicap market. Over/under lines are
 * totals (goals or points). Football lines are multiples of 0.25 (quarter lines split the stake
 * across the two neighbouring half or whole lines); basketball lines are multiples of 0.5.
 */

export const MARKETS = ['1x2', 'handicap', 'over_under', 'corners_over_under', 'corners_most'] as const;
export type Market = (typeof MARKETS)[number];

/**
 * Corner markets (football, full time only): the total of corner kicks over or under a line, and
 * which team takes more corners (home, away, or level — `draw`). Graded on the corners of the 90
 * minutes plus stoppage time, and void when the match's corners were not counted.
 */
export const CORNER_MARKETS = ['corners_over_under', 'corners_most'] as const satisfies readonly Market[];

export function isCornerMarket(market: Market): market is (typeof CORNER_MARKETS)[number] {
  return (CORNER_MARKETS as readonly Market[]).includes(market);
}

/** Markets whose line is a total (over/under picks) rather than the picked side's handicap. */
export function isTotalMarket(market: Market): boolean {
  return market === 'over_under' || market === 'corners_over_under';
}

/** ft: full time (football 90 minutes plus stoppage; basketball including overtime); ht: half time. */
export const PERIODS = ['ft', 'ht'] as const;
export type Period = (typeof PERIODS)[number];

export const PICKS = ['home', 'draw', 'away', 'over', 'under'] as const;
export type Pick = (typeof PICKS)[number];

/** Which picks each market has. Basketball full-time 1x2 has no draw (overtime decides). */
export const MARKET_PICKS: Record<Market, readonly Pick[]> = {
  '1x2': ['home', 'draw', 'away'],
  handicap: ['home', 'away'],
  over_under: ['over', 'under'],
  corners_over_under: ['over', 'under'],
  corners_most: ['home', 'draw', 'away'],
};

/**
 * How a selection ended. win and loss are whole; half_win and half_loss come from quarter lines
 * (half the stake on each neighbouring line); push returns the stake (a whole line landed exactly);
 * void: the match was not played (or a market was voided), the stake returns.
 */
export const OUTCOMES = ['win', 'half_win', 'push', 'half_loss', 'loss', 'void'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** Odds display formats: decimal (default), Hong Kong (decimal − 1) and fractional (UK). */
export const ODDS_FORMATS = ['decimal', 'hongkong', 'fractional'] as const;
export type OddsFormat = (typeof ODDS_FORMATS)[number];
