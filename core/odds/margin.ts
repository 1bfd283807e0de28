/**
 * The house margin, applied with the power method (docs/odds-model.md).
 *
 * Given fair probabilities p_1 … p_n of a market's outcomes (Σ p_i = 1) and a margin m ≥ 0, find
 * the exponent t in (0, 1] with
 *
 *     Σ p_i^t = 1 + m
 *
 * and price outcome i at decimal odds o_i = 1 / p_i^t = p_i^(−t). Then the book's overround
 * Σ 1/o_i − 1 is exactly m. (The literature writes it with k = 1/t: implied probabilities are
 * p_i^(1/k), and removing the margin from quoted odds is p_i = q_i^k.)
 *
 * Why the power method rather than adding m/n to every probability or scaling all odds by
 * 1/(1+m): Σ p_i^t shrinks the long shots' odds more than the favourite's (p^t − p is largest,
 * relative to p, for small p), which is how real books price the favourite–long-shot bias, and
 * it never produces an implied probability above 1 or odds below 1.
 */

/** Probabilities are kept away from 0 so a long shot still gets finite odds. */
const MIN_PROBABILITY = 1e-9;
/** Displayed odds: two decimals, never below 1.01 (a stake must be able to win something) nor above 1000. */
export const MIN_ODDS = 1.01;
export const MAX_ODDS = 1000;

function normalise(probabilities: readonly number[]): number[] {
  const clamped = probabilities.map((p) => Math.max(MIN_PROBABILITY, p));
  const sum = clamped.reduce((total, p) => total + p, 0);
  return clamped.map((p) => p / sum);
}

/** The exponent t of the power method: Σ p_i^t = 1 + margin, by bisection (Σ p_i^t falls as t grows). */
export function powerExponent(probabilities: readonly number[], margin: number): number {
  const target = 1 + margin;
  const overround = (t: number) => probabilities.reduce((total, p) => total + p ** t, 0);
  let low = 0;
  let high = 1;
  for (let i = 0; i < 100 && high - low > 1e-15; i++) {
    const middle = (low + high) / 2;
    if (overround(middle) > target) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}

/**
 * Decimal odds (unrounded) for a market's fair probabilities with the margin applied by the power
 * method; the probabilities are normalised to sum to 1 first. Throws for a margin the market
 * cannot carry (negative, or at least n − 1, where even odds of 1 would not reach it).
 */
export function applyMargin(probabilities: number[], margin: number): number[] {
  if (probabilities.length < 2) throw new RangeError('a market has at least two outcomes');
  if (!(margin >= 0 && margin < probabilities.length - 1)) throw new RangeError(`margin ${margin} is out of range`);
  const fair = normalise(probabilities);
  if (margin === 0) return fair.map((p) => 1 / p);
  const t = powerExponent(fair, margin);
  return fair.map((p) => p ** -t);
}

/**
 * A price in whole hundredths, halves rounded up. The epsilon stops binary noise from rounding a
 * written price like 1.005 (stored as 1.00499…) down.
 */
export function toHundredths(odds: number): number {
  return Math.round((odds + Number.EPSILON * Math.max(1, odds)) * 100);
}

/** Odds as shown and stored: two decimals, within [MIN_ODDS, MAX_ODDS]. */
export function roundOdds(odds: number): number {
  const rounded = toHundredths(odds) / 100;
  return Math.min(MAX_ODDS, Math.max(MIN_ODDS, rounded));
}

/** The overround a set of decimal odds carries: Σ 1/odds − 1. */
export function appliedMargin(odds: readonly number[]): number {
  return odds.reduce((total, o) => total + 1 / o, 0) - 1;
}
