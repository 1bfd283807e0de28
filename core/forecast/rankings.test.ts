import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TipsterStats } from '../contracts/forecast';
import { MIN_SETTLED_FOR_RANKING, periodStart, rankByRate, rankByStreak, siteSuccessRate } from './rankings';

const iso = (text: string) => new Date(text);

describe('period starts, Istanbul time (UTC+3)', () => {
  it.each([
    ['Monday 00:00 Istanbul is the start of its own week', '2025-03-09T21:00:00.000Z', '2025-03-09T21:00:00.000Z'],
    ['Monday 23:59:59 Istanbul', '2025-03-10T20:59:59.999Z', '2025-03-09T21:00:00.000Z'],
    ['Sunday 23:59:59.999 Istanbul still belongs to the week before', '2025-03-09T20:59:59.999Z', '2025-03-02T21:00:00.000Z'],
    ['Sunday noon UTC', '2025-03-16T12:00:00.000Z', '2025-03-09T21:00:00.000Z'],
    ['a week across new year (Wednesday 1 January 2025)', '2025-01-01T10:00:00.000Z', '2024-12-29T21:00:00.000Z'],
    ['Sunday 22:00 UTC is already Monday in Istanbul', '2025-03-16T22:00:00.000Z', '2025-03-16T21:00:00.000Z'],
  ])('week: %s', (_label, now, start) => {
    expect(periodStart('week', iso(now))?.toISOString()).toBe(start);
  });

  it.each([
    ['the 1st at 00:00 Istanbul starts its own month', '2025-03-31T21:00:00.000Z', '2025-03-31T21:00:00.000Z'],
    ['one millisecond earlier is still March', '2025-03-31T20:59:59.999Z', '2025-02-28T21:00:00.000Z'],
    ['new year in Istanbul, still 31 December in UTC', '2024-12-31T21:30:00.000Z', '2024-12-31T21:00:00.000Z'],
    ['1 March of a leap year', '2024-03-01T00:00:00.000Z', '2024-02-29T21:00:00.000Z'],
    ['mid-month', '2025-07-15T12:00:00.000Z', '2025-06-30T21:00:00.000Z'],
  ])('month: %s', (_label, now, start) => {
    expect(periodStart('month', iso(now))?.toISOString()).toBe(start);
  });

  it('all-time has no start', () => {
    expect(periodStart('all', iso('2025-03-10T12:00:00Z'))).toBeNull();
  });

  it('is always an Istanbul midnight at or before now, within 7 days (week) or 31 days (month) (property)', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2017-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }), (now) => {
        for (const [period, days] of [['week', 7], ['month', 31]] as const) {
          const start = periodStart(period, now);
          if (start === null) throw new Error('expected a start');
          expect(start.getTime()).toBeLessThanOrEqual(now.getTime());
          expect(now.getTime() - start.getTime()).toBeLessThan(days * 86_400_000);
          const local = new Date(start.getTime() + 3 * 3_600_000);
          expect([local.getUTCHours(), local.getUTCMinutes(), local.getUTCSeconds(), local.getUTCMilliseconds()]).toEqual([0, 0, 0, 0]);
          if (period === 'week') expect(local.getUTCDay()).toBe(1);
          else expect(local.getUTCDate()).toBe(1);
        }
      }),
      { numRuns: 300, seed: 3 },
    );
  });
});

const stats = (fields: Partial<TipsterStats>): TipsterStats => ({
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
  my_guess_total: 0,
  sell_count: 0,
  sell_income: 0,
  ...fields,
});

describe('ranking minimums', () => {
  it('grow with the period', () => {
    expect(MIN_SETTLED_FOR_RANKING.week).toBeLessThan(MIN_SETTLED_FOR_RANKING.month);
    expect(MIN_SETTLED_FOR_RANKING.month).toBeLessThan(MIN_SETTLED_FOR_RANKING.all);
  });
});

describe('win-rate ranking', () => {
  const rows = [
    { tipsterId: 1, stats: stats({ settled: 10, wins: 6, win_rate: 0.6, shrunk_rate: 0.53 }) },
    { tipsterId: 2, stats: stats({ settled: 4, wins: 4, win_rate: 1, shrunk_rate: 0.58 }) },
    { tipsterId: 3, stats: stats({ settled: 20, wins: 12, win_rate: 0.6, shrunk_rate: 0.56 }) },
    { tipsterId: 4, stats: stats({ settled: 5, wins: 3, win_rate: 0.6, shrunk_rate: 0.53 }) },
    { tipsterId: 5, stats: stats({ settled: 10, wins: 6, win_rate: 0.6, shrunk_rate: 0.53 }) },
    { tipsterId: 6, stats: stats({ settled: 8, wins: 7, win_rate: 0.875, shrunk_rate: 0.62 }) },
    { tipsterId: 7, stats: stats({ settled: 0 }) },
    { tipsterId: 8, stats: stats({ settled: 6, wins: 3.6, win_rate: 0.6, shrunk_rate: null }) },
  ];

  it('orders by win rate, then shrunk rate, then settled plans, then tipster id, leaving out short records', () => {
    expect(rankByRate(rows, 5).map((row) => row.tipsterId)).toEqual([6, 3, 1, 5, 4, 8]);
  });

  it('keeps the extra fields of the rows and does not change the input', () => {
    const withNames = rows.map((row) => ({ ...row, nickname: `t${row.tipsterId}` }));
    const before = withNames.map((row) => row.tipsterId);
    expect(rankByRate(withNames, 5)[0]?.nickname).toBe('t6');
    expect(withNames.map((row) => row.tipsterId)).toEqual(before);
  });

  it('includes everyone with a rate at a minimum of 0', () => {
    expect(rankByRate(rows, 0).map((row) => row.tipsterId)).toEqual([2, 6, 3, 1, 5, 4, 8]);
  });
});

describe('winning-streak ranking', () => {
  it('orders by longest streak, then the running one, then settled plans, then tipster id; never-winners out', () => {
    const rows = [
      { tipsterId: 1, stats: stats({ settled: 9, running_num_max: 4, current_streak: 0 }) },
      { tipsterId: 2, stats: stats({ settled: 9, running_num_max: 4, current_streak: 2 }) },
      { tipsterId: 3, stats: stats({ settled: 30, running_num_max: 6, current_streak: 0 }) },
      { tipsterId: 4, stats: stats({ settled: 3, running_num_max: 0, current_streak: 0 }) },
      { tipsterId: 5, stats: stats({ settled: 12, running_num_max: 4, current_streak: 2 }) },
      { tipsterId: 6, stats: stats({ settled: 9, running_num_max: 4, current_streak: 0 }) },
    ];
    expect(rankByStreak(rows).map((row) => row.tipsterId)).toEqual([3, 5, 2, 1, 6]);
  });
});

describe('site success rate', () => {
  it('applies the win-rate rule to outcome counts and shows the sample', () => {
    expect(siteSuccessRate({ win: 30, half_win: 4, half_loss: 2, loss: 24, push: 7, void: 3 })).toEqual({
      rate: 32 / 60,
      settled: 60,
    });
  });

  it('has no rate without settled plans', () => {
    expect(siteSuccessRate({ push: 2 })).toEqual({ rate: null, settled: 0 });
  });
});
