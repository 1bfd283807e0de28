import { describe, expect, it } from 'vitest';
import { utcDay } from './utc-day';

describe('utcDay', () => {
  it('names the UTC day, whatever the local zone: the last millisecond before midnight UTC is still that day', () => {
    expect(utcDay(new Date('2026-11-28T23:59:59.999Z'))).toBe('2026-11-28');
    expect(utcDay(new Date('2026-11-29T00:00:00.000Z'))).toBe('2026-11-29');
    expect(utcDay(new Date('2026-11-29T02:30:00+03:00'))).toBe('2026-11-28');
  });
});
