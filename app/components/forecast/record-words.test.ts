import { describe, expect, it } from 'vitest';
import { formatP, formatSigned, formatSignedPercent, luckReading, oneIn } from './record-words';

describe('the luck meter in words', () => {
  it('reads the p-value in four plain steps', () => {
    expect(luckReading(0.004)).toBe('veryUnlikely');
    expect(luckReading(0.03)).toBe('unlikely');
    expect(luckReading(0.11)).toBe('possible');
    expect(luckReading(0.4)).toBe('likely');
  });

  it('writes p with the precision it deserves', () => {
    expect(formatP(0.0004, 'en')).toBe('< 0.001');
    expect(formatP(0.0042, 'en')).toBe('0.004');
    expect(formatP(0.113, 'en')).toBe('0.11');
    expect(formatP(0.113, 'tr')).toBe('0,11');
  });

  it('says "about 1 in N" with a round N, and nothing for p of a half or more', () => {
    expect(oneIn(0.113)).toBe(9);
    expect(oneIn(0.04)).toBe(25);
    expect(oneIn(0.0042)).toBe(240);
    expect(oneIn(0.5)).toBeNull();
    expect(oneIn(0)).toBeNull();
  });

  it('signs yields and statistics', () => {
    expect(formatSignedPercent(0.084, 'en')).toBe('+8.4%');
    expect(formatSignedPercent(-0.03, 'en')).toBe('-3%');
    expect(formatSigned(1.214, 'en')).toBe('+1.21');
  });
});
