import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OUTCOMES, type Outcome } from '../contracts/odds';
import {
  computeTipsterStats,
  countOutcomes,
  cumulativeHistory,
  levelStakeProfit,
  luckMeter,
  marketPriorMean,
  normalUpperTail,
  shrunkRate,
  streaks,
  wilsonLowerBound,
  winTally,
  type SettledPlanRecord,
} from './record';

const day = (n: number) => new Date(Date.UTC(2025, 2, n, 20, 0));
const plan = (outcome: Outcome, odds: number, n: number): SettledPlanRecord => ({ outcome, odds, settledAt: day(n) });

describe('win-rate rule', () => {
  it('counts win 1 and half_win ½ out of every win, half win, half loss and loss; push and void do not count', () => {
    expect(winTally({ win: 3, half_win: 2, push: 4, half_loss: 1, loss: 2, void: 5 })).toEqual({ wins: 4, settled: 8 });
  });

  it('is 0 of 0 with nothing decided', () => {
    expect(winTally({})).toEqual({ wins: 0, settled: 0 });
    expect(winTally(countOutcomes(['push', 'void', 'push']))).toEqual({ wins: 0, settled: 0 });
  });

  it('counts outcomes', () => {
    expect(countOutcomes(['win', 'loss', 'win', 'void'])).toEqual({ win: 2, loss: 1, void: 1 });
  });
});

describe('streaks (oldest first)', () => {
  it.each<[string, Outcome[], { current: number; max: number }]>([
    ['nothing', [], { current: 0, max: 0 }],
    ['one win', ['win'], { current: 1, max: 1 }],
    ['a push in the middle neither breaks nor extends', ['win', 'push', 'win'], { current: 2, max: 2 }],
    ['a void in the middle neither breaks nor extends', ['win', 'void', 'win', 'void'], { current: 2, max: 2 }],
    ['a half win extends', ['win', 'half_win', 'win'], { current: 3, max: 3 }],
    ['a half loss breaks', ['win', 'half_loss', 'win'], { current: 1, max: 1 }],
    ['only pushes and voids', ['push', 'void', 'push'], { current: 0, max: 0 }],
    ['ends on a loss', ['win', 'win', 'loss'], { current: 0, max: 2 }],
    ['ends on a push after wins', ['loss', 'win', 'win', 'push'], { current: 2, max: 2 }],
    [
      'longest run earlier than the current one',
      ['loss', 'win', 'win', 'push', 'half_win', 'loss', 'win', 'void', 'win'],
      { current: 2, max: 3 },
    ],
  ])('%s', (_label, outcomes, expected) => {
    expect(streaks(outcomes)).toEqual(expected);
  });
});

describe('level-stake profit of one unit', () => {
  it.each<[Outcome, number, number]>([
    ['win', 1.85, 0.85],
    ['half_win', 1.9, 0.45],
    ['push', 1.9, 0],
    ['void', 1.9, 0],
    ['half_loss', 1.9, -0.5],
    ['loss', 1.9, -1],
  ])('%s at %f is %f', (outcome, odds, profit) => {
    expect(levelStakeProfit(plan(outcome, odds, 1))).toBeCloseTo(profit, 12);
  });
});

describe('Wilson lower bound (95%)', () => {
  it.each([
    [8, 10, 0.4902],
    [10, 10, 0.7225],
    [50, 100, 0.4038],
    [0, 10, 0],
  ])('%i of %i is about %f (published values)', (wins, n, expected) => {
    expect(wilsonLowerBound(wins, n)).toBeCloseTo(expected, 4);
  });

  it('puts 45 of 50 above 3 of 3, though 3 of 3 is the higher raw rate', () => {
    expect(wilsonLowerBound(45, 50) ?? 0).toBeGreaterThan(wilsonLowerBound(3, 3) ?? 1);
  });

  it('takes half wins as they are (2.5 of 5)', () => {
    expect(wilsonLowerBound(2.5, 5)).toBeCloseTo(0.1704, 4);
  });

  it('is null with no plan and refuses impossible counts', () => {
    expect(wilsonLowerBound(0, 0)).toBeNull();
    expect(() => wilsonLowerBound(6, 5)).toThrow(RangeError);
    expect(() => wilsonLowerBound(-1, 5)).toThrow(RangeError);
  });

  it('is wider at 99%', () => {
    expect(wilsonLowerBound(8, 10, 2.576) ?? 1).toBeLessThan(wilsonLowerBound(8, 10) ?? 0);
  });
});

describe('shrunk rate (Beta-binomial posterior mean)', () => {
  it('8 of 10 toward 0.5 with the weight of 20 plans is 18 of 30', () => {
    expect(shrunkRate(8, 10, 0.5, 20)).toBeCloseTo(0.6, 12);
  });

  it('a long record approaches its own rate, a short one stays near the prior', () => {
    expect(shrunkRate(800, 1000, 0.5, 20)).toBeCloseTo(810 / 1020, 12);
    expect(shrunkRate(1, 1, 0.45, 20)).toBeCloseTo(10 / 21, 12);
  });

  it('with no prior weight is the raw rate', () => {
    expect(shrunkRate(3, 4, 0.5, 0)).toBe(0.75);
  });

  it('is null with no settled plan and refuses a prior outside [0, 1]', () => {
    expect(shrunkRate(0, 0, 0.5, 20)).toBeNull();
    expect(() => shrunkRate(1, 2, 1.2, 20)).toThrow(RangeError);
    expect(() => shrunkRate(1, 2, 0.5, -1)).toThrow(RangeError);
  });
});

describe('market prior mean', () => {
  it('averages 1/odds over the plans that count for the win rate', () => {
    expect(marketPriorMean([plan('win', 2, 1), plan('loss', 4, 2), plan('push', 1.01, 3), plan('void', 1.01, 4)])).toBe(0.375);
    expect(marketPriorMean([plan('void', 2, 1)])).toBeNull();
  });
});

describe('normal upper tail 1 − Φ(z)', () => {
  it.each([
    [0, 0.5],
    [1, 0.15865525393145707],
    [1.96, 0.024997895148220435],
    [3, 0.0013498980316300957],
    [5, 2.866515718791946e-7],
    [8, 6.220960574271819e-16],
    [-1.96, 0.9750021048517795],
  ])('at %f matches to 7 significant digits, tails included', (z, expected) => {
    expect(Math.abs(normalUpperTail(z) - expected) / expected).toBeLessThan(2e-7);
  });
});

describe('luck meter', () => {
  // Hand-worked: profits 1, 1, −1, 2, 0 (the void is not staked).
  const records = [plan('win', 2, 1), plan('win', 2, 2), plan('loss', 2, 3), plan('win', 3, 4), plan('push', 1.9, 5), plan('void', 1.5, 6)];

  it('yield is profit per staked plan, voids left out', () => {
    expect(luckMeter(records).yield).toBeCloseTo(3 / 5, 12);
  });

  it('t is mean / (sample sd / √n): 0.6 / (√1.3 / √5)', () => {
    expect(luckMeter(records).tStat).toBeCloseTo(0.6 / (Math.sqrt(1.3) / Math.sqrt(5)), 10);
  });

  it('p is the fair-odds null: variances 1 + 1 + 1 + 2 + 0 = 5, z = 3/√5, p = 1 − Φ(1.3416) ≈ 0.0899', () => {
    expect(luckMeter(records).pValue).toBeCloseTo(0.08985624743949992, 6);
  });

  it('weighs half results as half-stake bets', () => {
    // profits 0.45 and −0.5; variances 0.9/4 and 0.95/4; z = −0.05 / √0.4625
    const halves = [plan('half_win', 1.9, 1), plan('half_loss', 1.95, 2)];
    expect(luckMeter(halves).pValue).toBeCloseTo(normalUpperTail(-0.05 / Math.sqrt(0.4625)), 12);
    expect(luckMeter(halves).pValue).toBeGreaterThan(0.5);
  });

  it('20 wins of 30 at 2.50 is unlikely to be luck: profit 20, variance 30 · 1.5, p = 1 − Φ(20/√45) ≈ 0.0014', () => {
    const hot = Array.from({ length: 30 }, (_, i) => plan(i % 3 === 0 ? 'loss' : 'win', 2.5, i + 1));
    const { yield: perPlan, pValue } = luckMeter(hot);
    expect(perPlan).toBeCloseTo(20 / 30, 12);
    expect(pValue).toBeCloseTo(0.0014345, 6);
  });

  it('is null below 2 staked plans', () => {
    expect(luckMeter([])).toEqual({ yield: null, tStat: null, pValue: null });
    expect(luckMeter([plan('win', 2, 1), plan('void', 2, 2)])).toEqual({ yield: null, tStat: null, pValue: null });
  });

  it('has no t when every profit is the same, and no p when every plan pushed', () => {
    expect(luckMeter([plan('loss', 2, 1), plan('loss', 3, 2)])).toMatchObject({ yield: -1, tStat: null });
    expect(luckMeter([plan('push', 2, 1), plan('push', 3, 2)])).toEqual({ yield: 0, tStat: null, pValue: null });
  });

  it('refuses odds that are not above 1', () => {
    expect(() => luckMeter([plan('win', 1, 1), plan('loss', 2, 2)])).toThrow(RangeError);
  });
});

describe('tipster stats and history', () => {
  // Given out of order on purpose: the stats sort by settlement time.
  const records = [
    plan('win', 1.5, 7),
    plan('win', 2, 1),
    plan('loss', 1.8, 3),
    plan('half_win', 1.9, 2),
    plan('half_loss', 1.95, 5),
    plan('push', 2, 4),
    plan('void', 2.1, 6),
  ];
  const extras = { myGuessTotal: 9, sellCount: 14, sellIncome: 1_120, priorMean: 0.52 };

  it('computes every field of the contract by the documented rules', () => {
    const stats = computeTipsterStats(records, extras);
    expect(stats).toMatchObject({
      settled: 5,
      wins: 2.5,
      win_rate: 0.5,
      current_streak: 1,
      running_num_max: 2,
      my_guess_total: 9,
      sell_count: 14,
      sell_income: 1_120,
    });
    expect(stats.shrunk_rate).toBeCloseTo((2.5 + 0.52 * 20) / 25, 12);
    expect(stats.wilson_lower).toBeCloseTo(0.1704, 4);
    // profits 1, 0.45, −1, 0, −0.5, 0.5 over 6 staked plans
    expect(stats.yield).toBeCloseTo(0.075, 12);
    expect(stats.t_stat).toBeCloseTo(0.25145944030220063, 10);
    expect(stats.luck_p).toBeCloseTo(0.3932933600918048, 6);
  });

  it('uses the given prior strength', () => {
    expect(computeTipsterStats(records, { ...extras, priorStrength: 0 }).shrunk_rate).toBe(0.5);
  });

  it('is empty but valid with no plan', () => {
    expect(computeTipsterStats([], extras)).toEqual({
      settled: 0,
      wins: 0,
      win_rate: null,
      shrunk_rate: null,
      wilson_lower: null,
      yield: null,
      t_stat: null,
      luck_p: null,
      current_streak: 0,
      running_num_max: 0,
      my_guess_total: 9,
      sell_count: 14,
      sell_income: 1_120,
    });
  });

  it('draws one point per settled plan, oldest first, voids left out', () => {
    const history = cumulativeHistory(records);
    expect(history.map((point) => point.outcome)).toEqual(['win', 'half_win', 'loss', 'push', 'half_loss', 'win']);
    expect(history.map((point) => point.settledAt)).toEqual([day(1), day(2), day(3), day(4), day(5), day(7)]);
    const profits = [1, 1.45, 0.45, 0.45, -0.05, 0.45];
    const rates = [1, 0.75, 0.5, 0.5, 0.375, 0.5];
    history.forEach((point, index) => {
      expect(point.profit).toBeCloseTo(profits[index] ?? Number.NaN, 12);
      expect(point.winRate).toBeCloseTo(rates[index] ?? Number.NaN, 12);
    });
  });

  it('has no win rate while only pushes are in', () => {
    expect(cumulativeHistory([plan('push', 2, 1), plan('win', 2, 2)]).map((point) => point.winRate)).toEqual([null, 1]);
  });
});

describe('record properties', () => {
  const record = fc.record({
    outcome: fc.constantFrom(...OUTCOMES),
    odds: fc.integer({ min: 101, max: 2_000 }).map((hundredths) => hundredths / 100),
    settledAt: fc.integer({ min: 0, max: 1_000 }).map((hour) => new Date(Date.UTC(2025, 0, 1) + hour * 3_600_000)),
  });

  it('wins ≤ settled, every rate within [0, 1], Wilson ≤ win rate, streaks consistent, history agrees', () => {
    fc.assert(
      fc.property(fc.array(record, { maxLength: 60 }), fc.double({ min: 0, max: 1, noNaN: true }), (records, priorMean) => {
        const stats = computeTipsterStats(records, { myGuessTotal: 0, sellCount: 0, sellIncome: 0, priorMean });
        expect(stats.wins).toBeLessThanOrEqual(stats.settled);
        for (const rate of [stats.win_rate, stats.shrunk_rate, stats.wilson_lower, stats.luck_p]) {
          if (rate === null) continue;
          expect(rate).toBeGreaterThanOrEqual(0);
          expect(rate).toBeLessThanOrEqual(1);
        }
        if (stats.win_rate !== null) expect(stats.wilson_lower ?? 2).toBeLessThanOrEqual(stats.win_rate + 1e-12);
        expect(stats.current_streak).toBeLessThanOrEqual(stats.running_num_max);
        expect(stats.running_num_max).toBeLessThanOrEqual(Math.ceil(stats.wins * 2));

        const history = cumulativeHistory(records);
        const staked = records.filter((r) => r.outcome !== 'void').length;
        expect(history).toHaveLength(staked);
        const last = history.at(-1);
        if (last && stats.yield !== null) {
          expect(last.profit).toBeCloseTo(stats.yield * staked, 9);
          expect(last.winRate).toBe(stats.win_rate);
        }
      }),
      { numRuns: 300, seed: 7 },
    );
  });
});
