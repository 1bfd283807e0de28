import { describe, expect, it } from 'vitest';
import { isBasketballMatchOver, isFootballMatchOver, isHistoryMatchLive } from './match-state';

describe('a finished match is not live', () => {
  it('football: ended and cancelled matches are over; playing ones are live, not over', () => {
    expect([8, 12].map(isFootballMatchOver)).toEqual([true, true]);
    expect([1, 2, 3, 4, 5, 7, 9, 13].map(isFootballMatchOver)).toEqual([false, false, false, false, false, false, false, false]);
    expect(isHistoryMatchLive('football', 2)).toBe(true);
    expect(isHistoryMatchLive('football', 8)).toBe(false);
  });

  it('basketball: ended and cancelled games are over; quarters and overtime are live', () => {
    expect([10, 12].map(isBasketballMatchOver)).toEqual([true, true]);
    expect([1, 2, 5, 9].map(isBasketballMatchOver)).toEqual([false, false, false, false]);
    expect(isHistoryMatchLive('basketball', 9)).toBe(true);
    expect(isHistoryMatchLive('basketball', 10)).toBe(false);
  });
});
