import { describe, expect, it } from 'vitest';
import type { PricedSelection } from '../contracts/odds';
import { gridFromMeans, HALF_TIME_GOAL_SHARE, type ScoreGrid } from './dixon-coles';
import { gradeSelection, isValidLine, outcomeFactor } from './grade';
import { appliedMargin } from './margin';
import { findPrice, normalCdf, priceBasketball, priceFootball } from './markets';
import { halfTimeParams, type BasketballMatchParams } from './normal-margin';

const MARGIN = 0.05;
// A home favourite: 1.7 against 1.0 expected goals, ρ = −0.08.
const grid = gridFromMeans(1.7, 1.0, -0.08);
const htGrid = gridFromMeans(1.7 * HALF_TIME_GOAL_SHARE, 1.0 * HALF_TIME_GOAL_SHARE, -0.08);
const football = priceFootball(grid, htGrid, MARGIN);

const params: BasketballMatchParams = { marginMean: 4.3, marginSigma: 12.5, totalMean: 221.2, totalSigma: 18 };
const basketball = priceBasketball(params, MARGIN);

/** The two (or three) outcomes of one market: 1x2 per period, handicap per home line, over/under per line. */
function marketsOf(priced: readonly PricedSelection[]): PricedSelection[][] {
  const groups = new Map<string, PricedSelection[]>();
  for (const selection of priced) {
    const homeLine = selection.market === 'handicap' && selection.pick === 'away' ? -(selection.line ?? 0) : selection.line;
    const key = `${selection.market}/${selection.period}/${homeLine === 0 ? 0 : homeLine}`;
    groups.set(key, [...(groups.get(key) ?? []), selection]);
  }
  return [...groups.values()];
}

function linesOf(priced: readonly PricedSelection[], market: PricedSelection['market'], period: 'ft' | 'ht', pick: PricedSelection['pick']): number[] {
  return priced.filter((s) => s.market === market && s.period === period && s.pick === pick).map((s) => s.line ?? Number.NaN);
}

/** Expected return of a stake of 1 at decimal odds `odds`, grading every score of the grid. */
function expectedReturn(selection: PricedSelection, scores: ScoreGrid, odds: number): number {
  let expected = 0;
  scores.forEach((row, home) =>
    row.forEach((p, away) => {
      const result = { home, away, htHome: home, htAway: away };
      expected += p * outcomeFactor(gradeSelection('football', selection, result).outcome, odds);
    }),
  );
  return expected;
}

describe('priceFootball', () => {
  it('offers 1x2, handicap and over/under at full time and half time', () => {
    for (const period of ['ft', 'ht'] as const) {
      expect(football.filter((s) => s.market === '1x2' && s.period === period).map((s) => [s.pick, s.line])).toEqual([
        ['home', null],
        ['draw', null],
        ['away', null],
      ]);
      expect(linesOf(football, 'handicap', period, 'home')).toHaveLength(5);
      expect(linesOf(football, 'handicap', period, 'away')).toHaveLength(5);
    }
    expect(linesOf(football, 'over_under', 'ft', 'over')).toHaveLength(7);
    expect(linesOf(football, 'over_under', 'ht', 'over')).toHaveLength(5);
    expect(football.every((s) => isValidLine('football', s))).toBe(true);
  });

  it('centres the lines on the fair ones, in quarter-goal steps', () => {
    // 2.7 expected goals: the fair total is 2.5 or 2.75, the home favourite gives about half a goal
    const totals = linesOf(football, 'over_under', 'ft', 'over');
    expect(totals).toContain(2.25);
    expect(totals).toContain(2.5);
    expect(totals).toContain(2.75);
    const [lowest, highest] = [Math.min(...totals), Math.max(...totals)];
    expect(highest - lowest).toBe(2);
    const homeLines = linesOf(football, 'handicap', 'ft', 'home');
    expect(homeLines).toEqual(homeLines.map((_, i) => (homeLines[0] ?? 0) + i * 0.25));
    const main = football.find((s) => s.market === 'handicap' && s.period === 'ft' && s.pick === 'home' && s.line === homeLines[2]);
    expect(Math.abs((main?.probability ?? 0) - 0.5)).toBeLessThan(0.08);
    expect(homeLines[2]).toBeLessThan(0);
    expect(linesOf(football, 'over_under', 'ht', 'over').every((line) => line >= 0.5)).toBe(true);
  });

  it('gives each market fair probabilities that add up to 1 and the configured margin', () => {
    const markets = marketsOf(football);
    expect(markets).toHaveLength(2 + 5 + 5 + 7 + 5);
    for (const market of markets) {
      expect(market.reduce((s, p) => s + p.probability, 0)).toBeCloseTo(1, 10);
      // rounded to two decimals: each price is within half a hundredth of the exact one
      const slack = market.reduce((s, p) => s + 0.005 / (p.odds * p.odds), 0);
      expect(Math.abs(appliedMargin(market.map((p) => p.odds)) - MARGIN)).toBeLessThanOrEqual(slack + 1e-9);
    }
  });

  it('prices every line so that a fair bettor breaks even, pushes and half results included', () => {
    for (const selection of football) {
      const scores = selection.period === 'ft' ? grid : htGrid;
      expect(expectedReturn(selection, scores, 1 / selection.probability)).toBeCloseTo(1, 10);
    }
  });

  it('prices a quarter line between its two neighbours', () => {
    const over = (line: number) => findPrice(football, { market: 'over_under', period: 'ft', pick: 'over', line });
    const [low, quarter, high] = [over(2.5), over(2.75), over(3)];
    expect(quarter?.odds).toBeGreaterThan(low?.odds ?? Infinity);
    expect(quarter?.odds).toBeLessThan(high?.odds ?? 0);
  });

  it('is deterministic', () => {
    expect(priceFootball(grid, htGrid, MARGIN)).toEqual(football);
  });

  it('writes a level handicap as 0 on both sides, never −0', () => {
    const level = priceFootball(gridFromMeans(1.2, 1.2, 0), gridFromMeans(0.5, 0.5, 0), MARGIN).filter((s) => s.market === 'handicap' && s.line === 0);
    expect(level.length).toBeGreaterThan(0);
    expect(level.every((s) => Object.is(s.line, 0))).toBe(true);
  });
});

/** Whole-point probabilities of a normal margin or total, as the pricer spreads it (continuity correction). */
function pointProbabilities(mean: number, sigma: number): Map<number, number> {
  const probabilities = new Map<number, number>();
  for (let k = Math.floor(mean - 8 * sigma); k <= Math.ceil(mean + 8 * sigma); k++) {
    probabilities.set(k, normalCdf(k + 0.5, mean, sigma) - normalCdf(k - 0.5, mean, sigma));
  }
  return probabilities;
}

describe('priceBasketball', () => {
  it('offers the winner without a draw at full time and with one at half time', () => {
    expect(linesOf(basketball, '1x2', 'ft', 'draw')).toEqual([]);
    expect(linesOf(basketball, '1x2', 'ft', 'home')).toHaveLength(1);
    expect(linesOf(basketball, '1x2', 'ht', 'draw')).toHaveLength(1);
    expect(basketball.every((s) => isValidLine('basketball', s))).toBe(true);
  });

  it('offers half-point spreads and totals around the fair ones', () => {
    const spreads = linesOf(basketball, 'handicap', 'ft', 'home');
    expect(spreads).toEqual([-6.5, -5.5, -4.5, -3.5, -2.5]);
    expect(linesOf(basketball, 'handicap', 'ft', 'away')).toEqual([6.5, 5.5, 4.5, 3.5, 2.5]);
    expect(linesOf(basketball, 'over_under', 'ft', 'over')).toEqual([219.5, 220.5, 221.5, 222.5, 223.5]);
    expect(linesOf(basketball, 'handicap', 'ht', 'home')).toEqual([-4.5, -3.5, -2.5, -1.5, -0.5]);
    expect(linesOf(basketball, 'over_under', 'ht', 'over')).toEqual([108.5, 109.5, 110.5, 111.5, 112.5]);
  });

  it('prices spreads and totals from the normal model', () => {
    // home −4.5 covers when the margin is 5 or more: P(M > 4.5) under N(4.3, 12.5)
    expect(findPrice(basketball, { market: 'handicap', period: 'ft', pick: 'home', line: -4.5 })?.probability).toBeCloseTo(1 - normalCdf(4.5, 4.3, 12.5), 6);
    expect(findPrice(basketball, { market: 'over_under', period: 'ft', pick: 'under', line: 221.5 })?.probability).toBeCloseTo(normalCdf(221.5, 221.2, 18), 6);
    const ht = halfTimeParams(params);
    expect(findPrice(basketball, { market: 'over_under', period: 'ht', pick: 'over', line: 110.5 })?.probability).toBeCloseTo(1 - normalCdf(110.5, ht.totalMean, ht.totalSigma), 6);
    // overtime splits a level game: the winner is P(M > 0) plus half of P(M = 0)
    const home = findPrice(basketball, { market: '1x2', period: 'ft', pick: 'home', line: null });
    const level = normalCdf(0.5, 4.3, 12.5) - normalCdf(-0.5, 4.3, 12.5);
    expect(home?.probability).toBeCloseTo(1 - normalCdf(0.5, 4.3, 12.5) + level / 2, 6);
    const draw = findPrice(basketball, { market: '1x2', period: 'ht', pick: 'draw', line: null });
    expect(draw?.probability).toBeCloseTo(normalCdf(0.5, ht.marginMean, ht.marginSigma) - normalCdf(-0.5, ht.marginMean, ht.marginSigma), 6);
  });

  it('gives each market the configured margin', () => {
    const markets = marketsOf(basketball);
    expect(markets).toHaveLength(2 + 5 + 5 + 5 + 5);
    for (const market of markets) {
      expect(market.reduce((s, p) => s + p.probability, 0)).toBeCloseTo(1, 10);
      const slack = market.reduce((s, p) => s + 0.005 / (p.odds * p.odds), 0);
      expect(Math.abs(appliedMargin(market.map((p) => p.odds)) - MARGIN)).toBeLessThanOrEqual(slack + 1e-9);
    }
  });

  it('handles pushes on whole-point lines the way the grader settles them', () => {
    // a whole line is not offered, but a price for it must still make a fair bettor break even
    const ht = halfTimeParams(params);
    const margins = pointProbabilities(ht.marginMean, ht.marginSigma);
    const total = [...margins.values()].reduce((s, p) => s + p, 0);
    const win = [...margins].filter(([m]) => m > 3).reduce((s, [, p]) => s + p, 0) / total;
    const push = (margins.get(3) ?? 0) / total;
    const fairOdds = (1 - push) / win;
    const selection = { market: 'handicap', period: 'ht', pick: 'home', line: -3 } as const;
    let expected = 0;
    for (const [m, p] of margins) {
      const outcome = gradeSelection('basketball', selection, { home: 200, away: 190, htHome: 100 + m, htAway: 100 }).outcome;
      expected += (p / total) * outcomeFactor(outcome, fairOdds);
    }
    expect(expected).toBeCloseTo(1, 10);
  });
});

describe('findPrice', () => {
  it('finds a selection by market, period, pick and exact line', () => {
    const offered = football.find((s) => s.market === 'over_under' && s.period === 'ft' && s.pick === 'under');
    if (!offered) throw new Error('no under offered');
    expect(findPrice(football, { market: 'over_under', period: 'ft', pick: 'under', line: offered.line })).toEqual(offered);
    expect(findPrice(football, { market: 'over_under', period: 'ht', pick: 'under', line: offered.line })).not.toEqual(offered);
    expect(findPrice(football, { market: 'over_under', period: 'ft', pick: 'under', line: (offered.line ?? 0) + 1e-9 })).toBeNull();
    expect(findPrice(football, { market: 'over_under', period: 'ft', pick: 'under', line: 9.5 })).toBeNull();
    expect(findPrice(football, { market: '1x2', period: 'ft', pick: 'draw', line: null })?.pick).toBe('draw');
    expect(findPrice(basketball, { market: '1x2', period: 'ft', pick: 'draw', line: null })).toBeNull();
  });
});
