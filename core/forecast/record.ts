import type { TipsterStats } from '../contracts/forecast';
import type { Outcome } from '../contracts/odds';

/**
 * A tipster's record in honest figures (issue 12): every rate comes with its sample size, a
 * lower bound, a rate shrunk toward what the market expected, and a "luck meter" that asks how
 * often a tipster without any skill would have done as well with the same odds and volume.
 *
 * THE WIN-RATE RULE (one rule for tipster records, rankings and the home-page figure):
 *   settled = #win + #half_win + #half_loss + #loss      (a count of plans)
 *   wins    = #win + ½·#half_win
 *   win rate = wins / settled, null when settled = 0.
 * push and void do not count at all: the stake came back, the pick was neither right nor wrong.
 * A half result is a plan whose stake was split over two neighbouring lines (quarter lines):
 * a half_win won one half and pushed the other, so it is half a win out of one plan; a
 * half_loss lost one half and pushed the other, so it is no win out of one plan. Counting the
 * pushed half as "not won" slightly understates tipsters who favour quarter lines; the
 * alternative (counting only the staked halves) would make `settled` a fraction, and a rate
 * "out of 7.5 plans" is harder to read than the small understatement.
 */

export interface SettledPlanRecord {
  outcome: Outcome;
  /** the plan's fixed decimal odds, above 1 */
  odds: number;
  settledAt: Date;
}

/** Beta-binomial pseudo-count used when the caller gives none: the prior weighs like 20 plans. */
export const DEFAULT_PRIOR_STRENGTH = 20;

export type OutcomeCounts = Partial<Record<Outcome, number>>;

/** Wins and settled plans under the win-rate rule, from per-outcome counts (e.g. a SQL GROUP BY). */
export function winTally(counts: OutcomeCounts): { wins: number; settled: number } {
  const win = counts.win ?? 0;
  const halfWin = counts.half_win ?? 0;
  return {
    wins: win + halfWin / 2,
    settled: win + halfWin + (counts.half_loss ?? 0) + (counts.loss ?? 0),
  };
}

export function countOutcomes(outcomes: readonly Outcome[]): OutcomeCounts {
  const counts: OutcomeCounts = {};
  for (const outcome of outcomes) counts[outcome] = (counts[outcome] ?? 0) + 1;
  return counts;
}

/**
 * Winning streaks over outcomes, oldest first. A win or a half_win extends the streak (a half
 * win was still a pick on the right side of the line); a loss or a half_loss breaks it; push and
 * void neither extend nor break it (nothing was decided), so win, push, win is a streak of 2.
 * `current` is the streak still running after the newest outcome, `max` the longest ever.
 */
export function streaks(outcomes: readonly Outcome[]): { current: number; max: number } {
  let current = 0;
  let max = 0;
  for (const outcome of outcomes) {
    if (outcome === 'win' || outcome === 'half_win') {
      current++;
      max = Math.max(max, current);
    } else if (outcome === 'loss' || outcome === 'half_loss') {
      current = 0;
    }
  }
  return { current, max };
}

/** Profit of one unit staked at the plan's fixed odds: a half result stakes half on each neighbouring line. */
export function levelStakeProfit(record: SettledPlanRecord): number {
  switch (record.outcome) {
    case 'win':
      return record.odds - 1;
    case 'half_win':
      return (record.odds - 1) / 2;
    case 'push':
    case 'void':
      return 0;
    case 'half_loss':
      return -0.5;
    case 'loss':
      return -1;
  }
}

/**
 * Lower bound of the Wilson score interval for `wins` successes out of `n` (z = 1.96: 95%
 * two-sided). Unlike wins/n it does not put 3 out of 3 above 45 out of 50. Half wins make
 * `wins` a multiple of ½; the formula takes it as is. null when n = 0.
 */
export function wilsonLowerBound(wins: number, n: number, z = 1.96): number | null {
  assertCounts(wins, n);
  if (n === 0) return null;
  const p = wins / n;
  const z2 = z * z;
  const centre = p + z2 / (2 * n);
  const margin = z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return clampUnit((centre - margin) / (1 + z2 / n));
}

/**
 * Posterior mean of the win rate under a Beta prior with mean `priorMean` worth `priorStrength`
 * plans: (wins + priorMean·priorStrength) / (n + priorStrength). A short record stays near the
 * prior; a long one approaches its own rate. The prior is the market's average implied win
 * probability of the tipster's plans (`marketPriorMean`) — so picking heavy favourites earns no
 * credit by itself — or the site's average win rate when comparing tipsters against each other;
 * the strength is a pseudo-count, DEFAULT_PRIOR_STRENGTH (20) unless told. null when n = 0: the
 * prior alone says nothing about this tipster.
 */
export function shrunkRate(wins: number, n: number, priorMean: number, priorStrength: number): number | null {
  assertCounts(wins, n);
  if (!(priorMean >= 0 && priorMean <= 1)) throw new RangeError(`priorMean must be within [0, 1], got ${priorMean}`);
  if (!(priorStrength >= 0) || !Number.isFinite(priorStrength)) {
    throw new RangeError(`priorStrength must be a finite number ≥ 0, got ${priorStrength}`);
  }
  if (n === 0) return null;
  return clampUnit((wins + priorMean * priorStrength) / (n + priorStrength));
}

/**
 * The market's average implied win probability (1/odds) over the plans that count for the
 * win rate: what a tipster with no edge would be expected to hit with these picks. The odds
 * include the house margin, so this is a little above the true probability. null with none.
 */
export function marketPriorMean(records: readonly SettledPlanRecord[]): number | null {
  const counted = records.filter((record) => countsForWinRate(record.outcome));
  if (counted.length === 0) return null;
  return counted.reduce((sum, record) => sum + 1 / record.odds, 0) / counted.length;
}

/**
 * Is the record better than luck? Over the plans that were staked (every outcome but void; a
 * push stakes and gets the stake back):
 * - `yield`: level-stakes profit per plan, Σprofit / n;
 * - `tStat`: mean / (sd / √n) of the per-plan profits (sample sd); null when sd = 0;
 * - `pValue`: the one-sided probability that a tipster with no edge, on the same plans at the
 *   same odds, makes at least this profit.
 *
 * The null hypothesis: each pick wins with probability p = 1/odds. The odds include the
 * house margin, so this null is the fair-odds tipster — a little better than a real random
 * picker, who loses the margin on average. We keep it on purpose: it makes the p-value
 * slightly pessimistic for the tipster (a record has to beat a break-even guesser, not a losing
 * one), and it needs nothing the record does not hold. Under it a whole-stake plan's profit is
 * o − 1 with probability p and −1 otherwise: mean 0 and variance p(o−1)² + (1−p) = o − 1. A half
 * result is taken as a half-stake bet of the same kind (its other half pushed): variance (o−1)/4.
 * A push contributes 0 with no variance (its stake came back whatever happened).
 * z = (Σprofit − Σmean) / √Σvariance, normal by the Lyapunov central limit theorem (independent,
 * bounded, not identically distributed); pValue = 1 − Φ(z). With a handful of plans the
 * approximation is rough, which is why the sample size is shown beside it.
 *
 * All three are null with fewer than 2 staked plans; pValue is also null when every staked plan
 * pushed (no variance).
 */
export function luckMeter(records: readonly SettledPlanRecord[]): {
  yield: number | null;
  tStat: number | null;
  pValue: number | null;
} {
  const staked = records.filter((record) => record.outcome !== 'void');
  for (const record of staked) assertOdds(record.odds);
  if (staked.length < 2) return { yield: null, tStat: null, pValue: null };

  const profits = staked.map(levelStakeProfit);
  const n = profits.length;
  const total = profits.reduce((sum, profit) => sum + profit, 0);
  const mean = total / n;
  const variance = profits.reduce((sum, profit) => sum + (profit - mean) ** 2, 0) / (n - 1);
  // A spread of rounding noise is no spread: all-equal profits must not give a t of 1e16.
  const sd = Math.sqrt(variance);
  const tStat = sd > 1e-12 ? mean / (sd / Math.sqrt(n)) : null;

  const nullVariance = staked.reduce((sum, record) => sum + nullProfitVariance(record), 0);
  const pValue = nullVariance > 0 ? normalUpperTail(total / Math.sqrt(nullVariance)) : null;
  return { yield: mean, tStat, pValue };
}

/** Variance of the plan's profit under the fair-odds null (its mean is 0); see luckMeter. */
function nullProfitVariance(record: SettledPlanRecord): number {
  const wholeStake = record.odds - 1;
  switch (record.outcome) {
    case 'win':
    case 'loss':
      return wholeStake;
    case 'half_win':
    case 'half_loss':
      return wholeStake / 4;
    case 'push':
    case 'void':
      return 0;
  }
}

/**
 * 1 − Φ(z), the standard normal upper tail, as ½·erfc(z/√2). erfc is the Chebyshev-fitted
 * approximation of Numerical Recipes (erfcc): fractional error below 1.2·10⁻⁷ everywhere,
 * tails included, where 1 − Φ computed from an erf approximation (Abramowitz–Stegun 7.1.26)
 * would lose all its digits to cancellation.
 */
export function normalUpperTail(z: number): number {
  return erfc(z / Math.SQRT2) / 2;
}

/** Coefficients of the exponent's polynomial in t, constant term first (Numerical Recipes, erfcc). */
const ERFC_COEFFICIENTS = [
  -1.26551223, 1.00002368, 0.37409196, 0.09678418, -0.18628806, 0.27886807, -1.13520398, 1.48851587, -0.82215223,
  0.17087277,
];

function erfc(x: number): number {
  const a = Math.abs(x);
  const t = 1 / (1 + a / 2);
  const poly = ERFC_COEFFICIENTS.reduceRight((sum, coefficient) => sum * t + coefficient, 0);
  const value = t * Math.exp(-a * a + poly);
  return x >= 0 ? value : 2 - value;
}

/**
 * The whole record of a tipster as the contract's TipsterStats. `records` holds the plans that
 * left the open state, voids included (they are skipped where the rules say so); they are
 * put in settlement order here (stable, so equal times keep the caller's order), because the
 * streaks depend on it. The shrunk rate uses `priorMean` (see shrunkRate) with
 * `priorStrength` defaulting to DEFAULT_PRIOR_STRENGTH.
 */
export function computeTipsterStats(
  records: readonly SettledPlanRecord[],
  extras: { myGuessTotal: number; sellCount: number; sellIncome: number; priorMean: number; priorStrength?: number },
): TipsterStats {
  const ordered = oldestFirst(records);
  const outcomes = ordered.map((record) => record.outcome);
  const { wins, settled } = winTally(countOutcomes(outcomes));
  const { current, max } = streaks(outcomes);
  const luck = luckMeter(ordered);
  return {
    settled,
    wins,
    win_rate: settled > 0 ? wins / settled : null,
    shrunk_rate: shrunkRate(wins, settled, extras.priorMean, extras.priorStrength ?? DEFAULT_PRIOR_STRENGTH),
    wilson_lower: wilsonLowerBound(wins, settled),
    yield: luck.yield,
    t_stat: luck.tStat,
    luck_p: luck.pValue,
    current_streak: current,
    running_num_max: max,
    my_guess_total: extras.myGuessTotal,
    sell_count: extras.sellCount,
    sell_income: extras.sellIncome,
  };
}

export interface HistoryPoint {
  settledAt: Date;
  outcome: Outcome;
  /** cumulative level-stakes profit in units after this plan */
  profit: number;
  /** cumulative win rate after this plan; null while no plan counts (only pushes so far) */
  winRate: number | null;
}

/**
 * The record over time for the profile chart: one point per settled plan, oldest first (sorted
 * like computeTipsterStats). Voided plans are left out — they were never decided and would only
 * draw flat steps; pushes stay in (the tipster's pick met the line exactly, that is a result).
 */
export function cumulativeHistory(records: readonly SettledPlanRecord[]): HistoryPoint[] {
  const points: HistoryPoint[] = [];
  const counts: OutcomeCounts = {};
  let profit = 0;
  for (const record of oldestFirst(records)) {
    if (record.outcome === 'void') continue;
    counts[record.outcome] = (counts[record.outcome] ?? 0) + 1;
    profit += levelStakeProfit(record);
    const { wins, settled } = winTally(counts);
    points.push({
      settledAt: record.settledAt,
      outcome: record.outcome,
      profit,
      winRate: settled > 0 ? wins / settled : null,
    });
  }
  return points;
}

function countsForWinRate(outcome: Outcome): boolean {
  return outcome !== 'push' && outcome !== 'void';
}

function oldestFirst(records: readonly SettledPlanRecord[]): SettledPlanRecord[] {
  return [...records].sort((a, b) => a.settledAt.getTime() - b.settledAt.getTime());
}

function clampUnit(value: number): number {
  return Math.min(1, Math.max(0, value));
}

function assertCounts(wins: number, n: number): void {
  if (!(n >= 0) || !Number.isFinite(n) || !(wins >= 0) || wins > n) {
    throw new RangeError(`expected 0 ≤ wins ≤ n, got wins ${wins} of ${n}`);
  }
}

function assertOdds(odds: number): void {
  if (!(odds > 1) || !Number.isFinite(odds)) throw new RangeError(`odds must be a finite number above 1, got ${odds}`);
}
