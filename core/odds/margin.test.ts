import { describe, expect, it } from 'vitest';
import { appliedMargin, applyMargin, MIN_ODDS, powerExponent, roundOdds } from './margin';

describe('applyMargin (power method)', () => {
  const markets = [
    [0.5, 0.5],
    [0.62, 0.38],
    [0.47, 0.27, 0.26],
    [0.8, 0.15, 0.05],
    [0.05, 0.1, 0.85],
    [0.97, 0.03],
  ];

  it.each([0, 0.02, 0.05, 0.1])('applies exactly the configured margin %s over each market', (margin) => {
    for (const probabilities of markets) {
      expect(appliedMargin(applyMargin(probabilities, margin))).toBeCloseTo(margin, 10);
    }
  });

  it('keeps the applied margin within rounding once odds are rounded to two decimals', () => {
    for (const probabilities of markets) {
      const rounded = applyMargin(probabilities, 0.05).map(roundOdds);
      // each price moves by at most half a hundredth: 1/o changes by at most 0.005/o²
      const slack = rounded.reduce((sum, o) => sum + 0.005 / (o * o), 0);
      expect(Math.abs(appliedMargin(rounded) - 0.05)).toBeLessThanOrEqual(slack + 1e-12);
    }
  });

  it('gives fair odds without a margin and splits an even market evenly', () => {
    expect(applyMargin([0.25, 0.75], 0)).toEqual([4, 4 / 3]);
    const [home, away] = applyMargin([0.5, 0.5], 0.05);
    expect(home).toBeCloseTo(2 / 1.05, 10);
    expect(away).toBeCloseTo(home ?? 0, 12);
  });

  it('solves Σ p^t = 1 + margin and cuts the long shot more than the favourite', () => {
    const probabilities = [0.8, 0.15, 0.05];
    const t = powerExponent(probabilities, 0.05);
    expect(probabilities.reduce((s, p) => s + p ** t, 0)).toBeCloseTo(1.05, 12);
    const odds = applyMargin(probabilities, 0.05);
    const cut = odds.map((o, i) => o * (probabilities[i] ?? 0));
    // fair odds × p = 1; the long shot keeps the smallest share of its fair odds
    expect(cut[2]).toBeLessThan(cut[1] ?? 0);
    expect(cut[1]).toBeLessThan(cut[0] ?? 0);
    expect(Math.max(...cut)).toBeLessThan(1);
  });

  it('normalises probabilities that do not add up to 1', () => {
    expect(applyMargin([2, 2], 0)).toEqual([2, 2]);
  });

  it('refuses a margin the market cannot carry', () => {
    expect(() => applyMargin([0.5, 0.5], -0.01)).toThrow(RangeError);
    expect(() => applyMargin([0.5, 0.5], 1)).toThrow(RangeError);
    expect(() => applyMargin([1], 0.05)).toThrow(RangeError);
  });
});

describe('roundOdds', () => {
  it('rounds to two decimals and never goes below 1.01', () => {
    expect(roundOdds(1.8549)).toBe(1.85);
    expect(roundOdds(1.855)).toBe(1.86);
    expect(roundOdds(1.005)).toBe(1.01);
    expect(roundOdds(1.001)).toBe(MIN_ODDS);
    expect(roundOdds(0.5)).toBe(MIN_ODDS);
  });
});
