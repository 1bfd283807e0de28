import { describe, expect, it } from 'vitest';
import { BASKETBALL_TABS, FOOTBALL_TABS, resolveTab } from './tabs';

describe('detail tabs', () => {
  it('opens detail pages on the overview and refuses tabs the sport does not have', () => {
    expect(resolveTab(FOOTBALL_TABS, undefined)).toBe('overview');
    expect(resolveTab(FOOTBALL_TABS, 'h2h')).toBe('h2h');
    expect(resolveTab(FOOTBALL_TABS, 'popularLeagues')).toBeNull();
    expect(resolveTab(BASKETBALL_TABS, 'popularLeagues')).toBe('popularLeagues');
    expect(resolveTab(BASKETBALL_TABS, 'sequence')).toBeNull();
  });
});
