import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, formatKickOffTime, formatMatchDate, parseMatchId, startOfUtcDaySec, startOfZonedDateSec, startOfZonedDaySec, zonedDate } from './match-time';

describe('match times and ids', () => {
  it('asks for the UTC day of the moment', () => {
    expect(startOfUtcDaySec(Date.UTC(2025, 10, 22, 23, 59, 59))).toBe(Date.UTC(2025, 10, 22) / 1000);
    expect(startOfUtcDaySec(Date.UTC(2025, 10, 23, 0, 0, 0))).toBe(Date.UTC(2025, 10, 23) / 1000);
  });

  it('formats kick-off as 24-hour HH:mm in the given zone', () => {
    const at = Date.UTC(2025, 10, 22, 17, 5) / 1000;
    expect(formatKickOffTime(at, 'tr', 'UTC')).toBe('17:05');
    expect(formatKickOffTime(at, 'en', 'Europe/Istanbul')).toBe('20:05');
    expect(formatKickOffTime(at, 'zh', 'Asia/Shanghai')).toBe('01:05');
  });

  it('shows the fan’s 20:30 Istanbul kick-off as 20:30 there and 01:30 the next day in Shanghai (decision 115)', () => {
    const kickOff = Date.UTC(2026, 10, 27, 17, 30) / 1000;
    expect(formatKickOffTime(kickOff, 'tr', 'Europe/Istanbul')).toBe('20:30');
    expect(formatKickOffTime(kickOff, 'zh', 'Asia/Shanghai')).toBe('01:30');
    expect(formatMatchDate(kickOff, 'zh', 'Asia/Shanghai')).toContain('2026年11月28日');
    expect(formatMatchDate(kickOff, 'en', 'Europe/London')).toContain('17:30');
  });

  it('starts the reader’s day at their local midnight', () => {
    // 17:00 UTC on 22 November is 01:00 on the 23rd in Shanghai: that day began at 16:00 UTC.
    const at = Date.UTC(2025, 10, 22, 17);
    expect(zonedDate(at, 'Asia/Shanghai')).toBe('2025-11-23');
    expect(startOfZonedDaySec(at, 'Asia/Shanghai')).toBe(Date.UTC(2025, 10, 22, 16) / 1000);
    expect(startOfZonedDaySec(at, 'Europe/Istanbul')).toBe(Date.UTC(2025, 10, 21, 21) / 1000);
    expect(startOfZonedDaySec(at, 'UTC')).toBe(startOfUtcDaySec(at));
    expect(startOfZonedDaySec(Date.UTC(2025, 10, 22, 3), 'America/New_York')).toBe(Date.UTC(2025, 10, 21, 5) / 1000);
    // Days that start or end a summer time: local midnight on either side of the change.
    expect(startOfZonedDateSec('2026-03-29', 'Europe/London')).toBe(Date.UTC(2026, 2, 29) / 1000);
    expect(startOfZonedDateSec('2026-03-30', 'Europe/London')).toBe(Date.UTC(2026, 2, 29, 23) / 1000);
    expect(startOfZonedDateSec('2026-11-01', 'America/New_York')).toBe(Date.UTC(2026, 10, 1, 4) / 1000);
    expect(startOfZonedDateSec('2026-11-02', 'America/New_York')).toBe(Date.UTC(2026, 10, 2, 5) / 1000);
    // A zone whose clocks skipped midnight itself (Santiago, 2022-09-11 00:00 → 01:00): the day starts at its first hour.
    expect(startOfZonedDateSec('2022-09-11', 'America/Santiago')).toBe(Date.UTC(2022, 8, 11, 4) / 1000);
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(daysBetween('2026-03-28', '2026-03-31')).toBe(3);
  });

  it('accepts only digit match ids', () => {
    expect(parseMatchId('2024110001')).toBe(2024110001);
    expect(parseMatchId('12abc')).toBeNull();
    expect(parseMatchId('-1')).toBeNull();
    expect(parseMatchId('0')).toBeNull();
    expect(parseMatchId(undefined)).toBeNull();
    expect(parseMatchId('9'.repeat(20))).toBeNull();
  });
});
