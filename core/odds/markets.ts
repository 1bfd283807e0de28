import type { Period, Pick, PricedSelection, Selection } from '../contracts/odds';
import type { ScoreGrid } from './dixon-coles';
import { applyMargin, roundOdds } from './margin';
import { halfTimeParams, type BasketballMatchParams } from './normal-margin';

/**
 * Markets and prices (docs/odds-model.md). Every market is priced from a distribution of whole
 * numbers: the football score grid gives the goal difference and the goal total; basketball's
 * normal margin and total are spread over whole points (continuity correction).
 *
 * Two-way markets with pushes: a price is fair when a bettor's expected return is the stake. A
 * line (or each half of a quarter line) wins with P_w, pushes with P_p; with n = 1 part (whole
 * or half line) or n = 2 (quarter line, half the stake on each neighbouring line)
 *
 *     E[return] = Σ_parts (P_w·o + P_p) / n = 1   ⇒   1/o = Σ P_w / (n − Σ P_p).
 *
 * For one part that is the win probability conditional on no push. This fair probability of the
 * two sides of a line always adds up to 1, and the margin is applied over the pair by the power
 * method (margin.ts), exactly as over the three outcomes of 1x2.
 */

/** Probabilities of consecutive whole numbers: value = min + index. */
interface Distribution {
  min: number;
  probabilities: number[];
}

/** A side of a two-way line: its settlement for a value of the distribution and one part of its line. */
type Settle = (value: number, part: number) => number;

/** Football handicap lines offered around the fair one (quarter-goal steps): 5 per side. */
const FOOTBALL_HANDICAP_OFFSETS = [-0.5, -0.25, 0, 0.25, 0.5];
/** Football totals around the fair one: 1.5/2/2.25/2.5/2.75/3/3.5 when the fair line is 2.5. */
const FOOTBALL_TOTAL_OFFSETS: Record<Period, number[]> = {
  ft: [-1, -0.5, -0.25, 0, 0.25, 0.5, 1],
  ht: [-0.5, -0.25, 0, 0.25, 0.5],
};
/** Basketball spreads and totals: half-point lines (no push) one point apart, 5 per side. */
const BASKETBALL_OFFSETS = [-2, -1, 0, 1, 2];
const MIN_TOTAL_LINE = 0.5;

function distributionFromGrid(grid: ScoreGrid, valueOf: (home: number, away: number) => number): Distribution {
  const byValue = new Map<number, number>();
  grid.forEach((row, home) => row.forEach((p, away) => byValue.set(valueOf(home, away), (byValue.get(valueOf(home, away)) ?? 0) + p)));
  const values = [...byValue.keys()];
  const min = Math.min(...values);
  const max = Math.max(...values);
  const probabilities = Array.from({ length: max - min + 1 }, (_, i) => byValue.get(min + i) ?? 0);
  return { min, probabilities };
}

/** erfc with relative error below 1.2e-7 (Numerical Recipes' Chebyshev fit): enough for prices in cents. */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

export function normalCdf(x: number, mean: number, sigma: number): number {
  return 0.5 * erfc(-(x - mean) / (sigma * Math.SQRT2));
}

/** A normal spread over whole numbers: P(k) = Φ(k + ½) − Φ(k − ½), over mean ± 8σ, renormalised. */
function discretisedNormal(mean: number, sigma: number): Distribution {
  const min = Math.floor(mean - 8 * sigma);
  const max = Math.ceil(mean + 8 * sigma);
  const raw = Array.from({ length: max - min + 1 }, (_, i) => normalCdf(min + i + 0.5, mean, sigma) - normalCdf(min + i - 0.5, mean, sigma));
  const total = raw.reduce((s, p) => s + p, 0);
  return { min, probabilities: raw.map((p) => p / total) };
}

/** A basketball game is never level at the end: overtime decides, by a few points; the level mass goes half to ±1. */
function withOvertime(margin: Distribution): Distribution {
  const probabilities = [...margin.probabilities];
  const zero = -margin.min;
  const level = probabilities[zero];
  if (level === undefined || zero < 1 || zero + 1 >= probabilities.length) return margin;
  probabilities[zero] = 0;
  probabilities[zero - 1] = (probabilities[zero - 1] as number) + level / 2;
  probabilities[zero + 1] = (probabilities[zero + 1] as number) + level / 2;
  return { min: margin.min, probabilities };
}

function probabilityWhere(distribution: Distribution, holds: (value: number) => boolean): number {
  return distribution.probabilities.reduce((sum, p, i) => (holds(distribution.min + i) ? sum + p : sum), 0);
}

/** Parts of a line: a quarter line splits into its two neighbours, anything else is one part. */
function partsOf(line: number): number[] {
  return Number.isInteger(line * 2) ? [line] : [line - 0.25, line + 0.25];
}

/** The fair probability a side's price pays for (see the top of this file), or null if it can only push. */
function fairProbability(distribution: Distribution, line: number, settle: Settle): number | null {
  const parts = partsOf(line);
  let wins = 0;
  let pushes = 0;
  for (const part of parts) {
    wins += probabilityWhere(distribution, (value) => settle(value, part) > 0);
    pushes += probabilityWhere(distribution, (value) => settle(value, part) === 0);
  }
  const stakeAtRisk = parts.length - pushes;
  return stakeAtRisk > 1e-12 ? wins / stakeAtRisk : null;
}

/** A line without a negative zero, so "0" is "0" everywhere (formatting, JSON, comparisons). */
function cleanLine(line: number): number {
  return line === 0 ? 0 : line;
}

interface Side {
  pick: Pick;
  line: number | null;
  probability: number;
}

/** Prices one market's outcomes: the power-method margin over the fair probabilities, then rounding. */
function priceSides(market: Selection['market'], period: Period, sides: Side[], margin: number): PricedSelection[] {
  const odds = applyMargin(
    sides.map((side) => side.probability),
    margin,
  );
  return sides.map((side, i) => ({
    market,
    period,
    pick: side.pick,
    line: side.line,
    probability: side.probability,
    odds: roundOdds(odds[i] as number),
  }));
}

const handicapSettle = {
  home: (margin: number, part: number) => margin + part,
  away: (margin: number, part: number) => -margin + part,
};
const totalSettle = {
  over: (total: number, part: number) => total - part,
  under: (total: number, part: number) => part - total,
};

/** A handicap line from the home side's view: home at `line`, away at −line. */
function handicapMarket(margin: Distribution, period: Period, homeLine: number, bookMargin: number): PricedSelection[] {
  const home = fairProbability(margin, homeLine, handicapSettle.home);
  const away = fairProbability(margin, -homeLine, handicapSettle.away);
  if (home === null || away === null) return [];
  return priceSides(
    'handicap',
    period,
    [
      { pick: 'home', line: cleanLine(homeLine), probability: home },
      { pick: 'away', line: cleanLine(-homeLine), probability: away },
    ],
    bookMargin,
  );
}

function totalMarket(total: Distribution, period: Period, line: number, bookMargin: number, market: 'over_under' | 'corners_over_under' = 'over_under'): PricedSelection[] {
  const over = fairProbability(total, line, totalSettle.over);
  const under = fairProbability(total, line, totalSettle.under);
  if (over === null || under === null) return [];
  return priceSides(
    market,
    period,
    [
      { pick: 'over', line, probability: over },
      { pick: 'under', line, probability: under },
    ],
    bookMargin,
  );
}

/** Among candidate lines, the one whose first side is nearest an even bet (the first candidate on ties). */
function fairLine(candidates: number[], probabilityAt: (line: number) => number | null): number {
  let best = candidates[0] as number;
  let bestDistance = Infinity;
  for (const line of candidates) {
    const p = probabilityAt(line);
    if (p === null) continue;
    const distance = Math.abs(p - 0.5);
    if (distance < bestDistance - 1e-12) {
      best = line;
      bestDistance = distance;
    }
  }
  return best;
}

function steps(from: number, to: number, step: number): number[] {
  const count = Math.round((to - from) / step);
  return Array.from({ length: count + 1 }, (_, i) => from + i * step);
}

function oneXTwo(margin: Distribution, period: Period, hasDraw: boolean, bookMargin: number): PricedSelection[] {
  const home = probabilityWhere(margin, (m) => m > 0);
  const draw = probabilityWhere(margin, (m) => m === 0);
  const away = probabilityWhere(margin, (m) => m < 0);
  const sides: Side[] = hasDraw
    ? [
        { pick: 'home', line: null, probability: home },
        { pick: 'draw', line: null, probability: draw },
        { pick: 'away', line: null, probability: away },
      ]
    : [
        { pick: 'home', line: null, probability: home + draw / 2 },
        { pick: 'away', line: null, probability: away + draw / 2 },
      ];
  return priceSides('1x2', period, sides, bookMargin);
}

function linesAround(main: number, offsets: readonly number[], minimum: number): number[] {
  return offsets.map((offset) => main + offset).filter((line) => line >= minimum);
}

function footballPeriod(grid: ScoreGrid, period: Period, bookMargin: number): PricedSelection[] {
  const margin = distributionFromGrid(grid, (home, away) => home - away);
  const total = distributionFromGrid(grid, (home, away) => home + away);
  const maxGoals = grid.length - 1;
  const mainHandicap = fairLine(steps(-maxGoals, maxGoals, 0.25), (line) => fairProbability(margin, line, handicapSettle.home));
  const mainTotal = fairLine(steps(MIN_TOTAL_LINE, 2 * maxGoals, 0.25), (line) => fairProbability(total, line, totalSettle.over));
  return [
    ...oneXTwo(margin, period, true, bookMargin),
    ...FOOTBALL_HANDICAP_OFFSETS.flatMap((offset) => handicapMarket(margin, period, mainHandicap + offset, bookMargin)),
    ...linesAround(mainTotal, FOOTBALL_TOTAL_OFFSETS[period], MIN_TOTAL_LINE).flatMap((line) => totalMarket(total, period, line, bookMargin)),
  ];
}

/**
 * Football markets from the full-time and half-time score grids: 1x2, Asian handicap on five
 * quarter-goal lines around the fair line (home and away side each), and over/under on lines
 * around the fair total (full time seven, half time five), for both periods. The margin
 * (e.g. 0.05) is applied over each market's own outcomes.
 */
export function priceFootball(grid: ScoreGrid, htGrid: ScoreGrid, margin: number): PricedSelection[] {
  return [...footballPeriod(grid, 'ft', margin), ...footballPeriod(htGrid, 'ht', margin)];
}

/** Corner totals: three half-corner lines one corner apart around the fair one (8.5/9.5/10.5). */
const CORNER_TOTAL_OFFSETS = [-1, 0, 1];

/**
 * Corner markets from the corners grid (corners.ts): the total over/under on three half-corner
 * lines around the fair one, and most corners — home, level (`draw`) or away — full time only.
 */
export function priceCorners(grid: ScoreGrid, margin: number): PricedSelection[] {
  const difference = distributionFromGrid(grid, (home, away) => home - away);
  const total = distributionFromGrid(grid, (home, away) => home + away);
  const maxTotal = 2 * (grid.length - 1);
  const mainTotal = fairLine(steps(MIN_TOTAL_LINE, maxTotal - 0.5, 1), (line) => fairProbability(total, line, totalSettle.over));
  const most: Side[] = [
    { pick: 'home', line: null, probability: probabilityWhere(difference, (d) => d > 0) },
    { pick: 'draw', line: null, probability: probabilityWhere(difference, (d) => d === 0) },
    { pick: 'away', line: null, probability: probabilityWhere(difference, (d) => d < 0) },
  ];
  return [
    ...linesAround(mainTotal, CORNER_TOTAL_OFFSETS, MIN_TOTAL_LINE).flatMap((line) => totalMarket(total, 'ft', line, margin, 'corners_over_under')),
    ...priceSides('corners_most', 'ft', most, margin),
  ];
}

/** The half-point line (x.5) nearest to where the first side is an even bet. */
function halfPointLine(center: number, probabilityAt: (line: number) => number | null): number {
  const nearest = Math.round(center - 0.5) + 0.5;
  return fairLine(steps(nearest - 3, nearest + 3, 1), probabilityAt);
}

function basketballPeriod(params: BasketballMatchParams, period: Period, bookMargin: number): PricedSelection[] {
  const normalMargin = discretisedNormal(params.marginMean, params.marginSigma);
  // Only the full game goes to overtime; a half can end level (and its 1x2 has a draw).
  const margin = period === 'ft' ? withOvertime(normalMargin) : normalMargin;
  const total = discretisedNormal(params.totalMean, params.totalSigma);
  const mainSpread = halfPointLine(-params.marginMean, (line) => fairProbability(margin, line, handicapSettle.home));
  const mainTotal = halfPointLine(params.totalMean, (line) => fairProbability(total, line, totalSettle.over));
  return [
    ...oneXTwo(margin, period, period === 'ht', bookMargin),
    ...BASKETBALL_OFFSETS.flatMap((offset) => handicapMarket(margin, period, mainSpread + offset, bookMargin)),
    ...linesAround(mainTotal, BASKETBALL_OFFSETS, MIN_TOTAL_LINE).flatMap((line) => totalMarket(total, period, line, bookMargin)),
  ];
}

/**
 * Basketball markets from the full-time normal parameters (half time: means × 0.5, σ × √0.5):
 * 1x2 (full time home/away only — overtime decides; half time with a draw), spreads and totals
 * on five half-point lines one point apart around the fair ones, for both periods.
 */
export function priceBasketball(params: BasketballMatchParams, margin: number): PricedSelection[] {
  return [...basketballPeriod(params, 'ft', margin), ...basketballPeriod(halfTimeParams(params), 'ht', margin)];
}

/** The priced selection matching market, period, pick and line exactly, or null when it is not offered. */
export function findPrice(markets: readonly PricedSelection[], selection: Selection): PricedSelection | null {
  return (
    markets.find(
      (priced) =>
        priced.market === selection.market &&
        priced.period === selection.period &&
        priced.pick === selection.pick &&
        priced.line === selection.line,
    ) ?? null
  );
}
