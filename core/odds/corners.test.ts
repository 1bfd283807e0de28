import { describe, expect, it } from 'vitest';
import type { PricedSelection, Selection } from '../contracts/odds';
import { cornerGrid, expectedCorners, fitCorners, MAX_CORNERS, type CornerResult } from './corners';
import { gridFromMeans } from './dixon-coles';
import { gradeSelection, isValidLine, type MatchResult } from './grade';
import { appliedMargin } from './margin';
import { findPrice, priceCorners } from './markets';

const MARGIN = 0.05;

/** Deterministic uniform numbers (mulberry32), so the synthetic league is the same every run. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function poisson(random: () => number, mean: number): number {
  // Knuth: fine for means around 5.
  const limit = Math.exp(-mean);
  let k = 0;
  let p = random();
  while (p > limit) {
    k += 1;
    p *= random();
  }
  return k;
}

/**
 * A synthetic double round robin of 12 teams played twice over (264 matches): team i wins
 * corners at exp(0.08 · (i − 5.5)), concedes the opposite way, 5.0 per side at home advantage 0.1.
 */
function syntheticLeague(): { results: CornerResult[]; truth: (home: number, away: number) => { home: number; away: number } } {
  const random = seededRandom(81);
  const strength = (team: number) => 0.08 * (team - 5.5);
  const base = Math.log(4.8);
  const truth = (home: number, away: number) => ({
    home: Math.exp(base + 0.1 + strength(home) - strength(away)),
    away: Math.exp(base + strength(away) - strength(home)),
  });
  const results: CornerResult[] = [];
  const start = Date.UTC(2025, 7, 1);
  let day = 0;
  for (let round = 0; round < 2; round++) {
    for (let home = 0; home < 12; home++) {
      for (let away = 0; away < 12; away++) {
        if (home === away) continue;
        const means = truth(home, away);
        results.push({ home, away, homeCorners: poisson(random, means.home), awayCorners: poisson(random, means.away), date: new Date(start + (day++ % 280) * 86_400_000) });
      }
    }
  }
  return { results, truth };
}

describe('fitCorners', () => {
  const { results, truth } = syntheticLeague();
  const now = new Date(Date.UTC(2026, 4, 20));
  const model = fitCorners(results, { now, xi: 0 });

  it('reproduces the league: corners per match and the home side share within tolerance', () => {
    const observed = results.reduce((s, r) => s + r.homeCorners + r.awayCorners, 0) / results.length;
    let fitted = 0;
    let homeShare = 0;
    for (const r of results) {
      const means = expectedCorners(model, r.home, r.away);
      fitted += means.home + means.away;
      homeShare += means.home / (means.home + means.away);
    }
    // Tolerances: 0.2 corners per match (the priors pull a little), 2 points of home share.
    expect(Math.abs(fitted / results.length - observed)).toBeLessThan(0.2);
    const observedShare = results.reduce((s, r) => s + r.homeCorners, 0) / results.reduce((s, r) => s + r.homeCorners + r.awayCorners, 0);
    expect(Math.abs(homeShare / results.length - observedShare)).toBeLessThan(0.02);
    expect(model.homeAdvantage).toBeGreaterThan(0);
    expect(model.matchCount).toBe(264);
  });

  it('ranks a strong corner side above a weak one, close to the truth', () => {
    const strong = expectedCorners(model, 11, 0);
    const weak = expectedCorners(model, 0, 11);
    expect(strong.home).toBeGreaterThan(weak.home);
    expect(strong.home + strong.away).toBeGreaterThan(8);
    // Within 20% of the generating means: 264 noisy matches, and the prior shrinks the extremes.
    expect(strong.home / truth(11, 0).home).toBeGreaterThan(0.8);
    expect(strong.home / truth(11, 0).home).toBeLessThan(1.2);
  });

  it('treats a team it never saw as average and stays finite on an empty history', () => {
    const unseen = expectedCorners(model, 'new', 'other');
    expect(unseen.home).toBeCloseTo(Math.exp(model.intercept + model.homeAdvantage), 10);
    const empty = fitCorners([], { now });
    expect(empty.matchCount).toBe(0);
    expect(Number.isFinite(expectedCorners(empty, 1, 2).home)).toBe(true);
  });

  it('gives a corner grid that sums to 1', () => {
    const grid = cornerGrid(model, 3, 7);
    expect(grid).toHaveLength(MAX_CORNERS + 1);
    expect(grid.reduce((s, row) => s + row.reduce((t, p) => t + p, 0), 0)).toBeCloseTo(1, 12);
  });
});

describe('priceCorners', () => {
  // 5.6 against 4.3 corners expected: 9.9 in total, the home side most likely to take more.
  const grid = gridFromMeans(5.6, 4.3, 0, MAX_CORNERS);
  const prices = priceCorners(grid, MARGIN);
  const totals = prices.filter((p) => p.market === 'corners_over_under');
  const most = prices.filter((p) => p.market === 'corners_most');

  it('offers three half-corner total lines around the fair one and the three most-corners outcomes, full time only', () => {
    expect(totals.map((p) => p.line)).toEqual([8.5, 8.5, 9.5, 9.5, 10.5, 10.5]);
    expect(most.map((p) => p.pick)).toEqual(['home', 'draw', 'away']);
    expect(prices.every((p) => p.period === 'ft' && isValidLine('football', p))).toBe(true);
  });

  it('gives each market fair probabilities that add up to 1 and the configured margin', () => {
    const markets: PricedSelection[][] = [most, ...[8.5, 9.5, 10.5].map((line) => totals.filter((p) => p.line === line))];
    for (const market of markets) {
      expect(market.reduce((s, p) => s + p.probability, 0)).toBeCloseTo(1, 10);
      const slack = market.reduce((s, p) => s + 0.005 / (p.odds * p.odds), 0);
      expect(Math.abs(appliedMargin(market.map((p) => p.odds)) - MARGIN)).toBeLessThanOrEqual(slack + 1e-9);
    }
  });

  it('prices over 9.5 at the Poisson chance of 10 or more corners', () => {
    // The total of two independent Poisson sides is Poisson(9.9).
    let atMostNine = 0;
    let term = Math.exp(-9.9);
    for (let k = 0; k <= 9; k++) {
      atMostNine += term;
      term *= 9.9 / (k + 1);
    }
    expect(findPrice(prices, { market: 'corners_over_under', period: 'ft', pick: 'over', line: 9.5 })?.probability).toBeCloseTo(1 - atMostNine, 8);
    expect(most[0]!.probability).toBeGreaterThan(most[2]!.probability);
  });
});

describe('grading corner markets', () => {
  const result = (corners: [number, number] | null): MatchResult => ({ home: 2, away: 1, htHome: 1, htAway: 0, corners });
  const total = (pick: 'over' | 'under', line: number): Selection => ({ market: 'corners_over_under', period: 'ft', pick, line });
  const most = (pick: 'home' | 'draw' | 'away'): Selection => ({ market: 'corners_most', period: 'ft', pick, line: null });

  it('grades the corner total: win, loss, and a push on a whole line', () => {
    expect(gradeSelection('football', total('over', 9.5), result([6, 4])).outcome).toBe('win');
    expect(gradeSelection('football', total('under', 9.5), result([6, 4])).outcome).toBe('loss');
    expect(gradeSelection('football', total('over', 10), result([6, 4])).outcome).toBe('push');
    expect(gradeSelection('football', total('over', 9.5), result([6, 4])).receipt).toEqual({
      key: 'odds.receipt.cornersOverUnder.win',
      params: { line: '9.5', corners: '6\u20134', total: 10 },
    });
  });

  it('grades most corners on the corners, not the goals, with level corners as its own outcome', () => {
    // 2–1 in goals but 3–7 in corners: the away side took more.
    expect(gradeSelection('football', most('away'), result([3, 7])).outcome).toBe('win');
    expect(gradeSelection('football', most('home'), result([3, 7])).outcome).toBe('loss');
    expect(gradeSelection('football', most('draw'), result([5, 5])).outcome).toBe('win');
    expect(gradeSelection('football', most('home'), result([5, 5])).receipt).toEqual({ key: 'odds.receipt.cornersMost.loss', params: { corners: '5\u20135' } });
  });

  it('voids corner markets when the corners were not counted', () => {
    for (const selection of [total('over', 9.5), most('home')]) {
      expect(gradeSelection('football', selection, result(null))).toEqual({ outcome: 'void', receipt: { key: 'odds.receipt.void.noCorners', params: { reason: 'no_corners' } } });
    }
  });

  it('accepts corner selections for football full time only, on half-corner lines', () => {
    expect(isValidLine('football', total('over', 9.5))).toBe(true);
    expect(isValidLine('football', total('over', 10))).toBe(true);
    expect(isValidLine('football', total('over', 9.25))).toBe(false);
    expect(isValidLine('football', total('over', 0))).toBe(false);
    expect(isValidLine('football', total('over', 31))).toBe(false);
    expect(isValidLine('football', { ...total('over', 4.5), period: 'ht' })).toBe(false);
    expect(isValidLine('basketball', total('over', 9.5))).toBe(false);
    expect(isValidLine('football', most('draw'))).toBe(true);
    expect(isValidLine('football', { ...most('home'), line: 0.5 })).toBe(false);
    expect(isValidLine('football', { market: 'corners_most', period: 'ft', pick: 'over', line: null })).toBe(false);
  });
});
