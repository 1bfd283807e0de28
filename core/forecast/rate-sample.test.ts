import { describe, expect, it } from 'vitest';
import { MIN_SETTLED_FOR_RATE, showsRate } from './rate-sample';
import { MIN_SETTLED_FOR_RANKING } from './rankings';

describe('when a win rate is shown', () => {
  it('shows a rate from ten settled plans, never on one', () => {
    expect(MIN_SETTLED_FOR_RATE).toBe(10);
    expect([0, 1, 9].map(showsRate)).toEqual([false, false, false]);
    expect([10, 11, 500].map(showsRate)).toEqual([true, true, true]);
  });

  it('is the monthly ranking minimum', () => {
    expect(MIN_SETTLED_FOR_RATE).toBe(MIN_SETTLED_FOR_RANKING.month);
  });
});
