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

  it('formats the day in words in each language, in the page’s zone', () => {
    expect(formatListDay(MONDAY, 'en', 'UTC')).toBe('Monday, November 23');
    expect(formatListDay(MONDAY, 'tr', 'UTC')).toBe('23 Kasım Pazartesi');
    expect(formatListDay(MONDAY, 'zh', 'UTC')).toBe('11月23日星期一');
    // Shanghai's Monday starts at 16:00 UTC on Sunday: its list is titled Monday, not Sunday.
    expect(formatListDay(MONDAY - 8 * 3600, 'zh', 'Asia/Shanghai')).toBe('11月23日星期一');
    expect(formatListDay(MONDAY - 3 * 3600, 'tr', 'Europe/Istanbul')).toBe('23 Kasım Pazartesi');
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
    // 02:00 UTC on Monday is still Sunday evening in New York: Monday (from 05:00 UTC) is tomorrow there.
    expect(relativeListDay(MONDAY + 5 * 3600, Date.UTC(2026, 10, 23, 2), 'America/New_York')).toBe('tomorrow');
    // A zone far ahead: Kiritimati's Monday starts at 10:00 UTC on Sunday, and is today at Monday noon there.
    expect(relativeListDay(MONDAY - 14 * 3600, Date.UTC(2026, 10, 22, 22), 'Pacific/Kiritimati')).toBe('today');
  });
});
