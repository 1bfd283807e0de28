import { describe, expect, it } from 'vitest';
import { formatListDay, relativeListDay, skipSearchOnlyRevalidation } from './day';

describe('list page revalidation', () => {
  it('does not refetch the day when only the All/Hot choice in the query changes', () => {
    const args = (from: string, to: string) => ({
      currentUrl: new URL(`http://x${from}`),
      nextUrl: new URL(`http://x${to}`),
      currentParams: {},
      nextParams: {},
      defaultShouldRevalidate: true,
    });
    expect(skipSearchOnlyRevalidation(args('/football', '/football?list=hot'))).toBe(false);
    expect(skipSearchOnlyRevalidation(args('/football?list=hot', '/en/football?list=hot'))).toBe(true);
    expect(skipSearchOnlyRevalidation(args('/football', '/football'))).toBe(true);
  });
});

describe('list titles name the day they show', () => {
  // Monday 23 November 2026, the UTC day a list holds.
  const MONDAY = Date.UTC(2026, 10, 23) / 1000;

  it('formats the day in words in each language', () => {
    expect(formatListDay(MONDAY, 'en')).toBe('Monday, November 23');
    expect(formatListDay(MONDAY, 'tr')).toBe('23 Kasım Pazartesi');
    expect(formatListDay(MONDAY, 'zh')).toBe('11月23日星期一');
  });

  it('calls the day today, yesterday or tomorrow only when it is in the reader’s zone', () => {
    const noonUtc = Date.UTC(2026, 10, 23, 12);
    expect(relativeListDay(MONDAY, noonUtc, 'UTC')).toBe('today');
    expect(relativeListDay(MONDAY, noonUtc, 'Europe/Istanbul')).toBe('today');
    expect(relativeListDay(MONDAY + 86_400, noonUtc, 'UTC')).toBe('tomorrow');
    expect(relativeListDay(MONDAY - 86_400, noonUtc, 'UTC')).toBe('yesterday');
    expect(relativeListDay(MONDAY - 2 * 86_400, noonUtc, 'UTC')).toBeNull();
    // 22:30 UTC on Monday is already Tuesday 01:30 in Istanbul: Monday's list is yesterday's there.
    const lateUtc = Date.UTC(2026, 10, 23, 22, 30);
    expect(relativeListDay(MONDAY, lateUtc, 'UTC')).toBe('today');
    expect(relativeListDay(MONDAY, lateUtc, 'Europe/Istanbul')).toBe('yesterday');
    expect(relativeListDay(MONDAY + 86_400, lateUtc, 'Europe/Istanbul')).toBe('today');
    // 02:00 UTC on Monday is still Sunday evening in New York: Monday's list is tomorrow's there.
    expect(relativeListDay(MONDAY, Date.UTC(2026, 10, 23, 2), 'America/New_York')).toBe('tomorrow');
  });
});
