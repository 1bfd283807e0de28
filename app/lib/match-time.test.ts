import { describe, expect, it } from 'vitest';
import { formatKickOffTime, parseMatchId, startOfUtcDaySec } from './match-time';

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

  it('accepts only digit match ids', () => {
    expect(parseMatchId('2024110001')).toBe(2024110001);
    expect(parseMatchId('12abc')).toBeNull();
    expect(parseMatchId('-1')).toBeNull();
    expect(parseMatchId('0')).toBeNull();
    expect(parseMatchId(undefined)).toBeNull();
    expect(parseMatchId('9'.repeat(20))).toBeNull();
  });
});
