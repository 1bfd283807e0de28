import { describe, expect, it } from 'vitest';
import { decimalSign, formatDecimal, formatLine, formatOdds, formatTotal, localizeStoredNumbers, toFraction } from './format';

describe('formatOdds', () => {
  it('shows decimal odds with two decimals, with a comma in Turkish and a point in English and Chinese', () => {
    expect(formatOdds(1.38, 'decimal', 'tr')).toBe('1,38');
    expect(formatOdds(1.38, 'decimal', 'en')).toBe('1.38');
    expect(formatOdds(1.38, 'decimal', 'zh')).toBe('1.38');
    expect(formatOdds(2, 'decimal', 'en')).toBe('2.00');
    expect(formatOdds(2, 'decimal', 'tr')).toBe('2,00');
    expect(formatOdds(1.005, 'decimal', 'en')).toBe('1.01');
    expect(formatOdds(1.925, 'decimal', 'en')).toBe('1.93');
    expect(formatOdds(1.925, 'decimal', 'tr')).toBe('1,93');
  });

  it('shows Hong Kong odds as the profit per unit, in the language’s decimal sign', () => {
    expect(formatOdds(1.85, 'hongkong', 'en')).toBe('0.85');
    expect(formatOdds(3.4, 'hongkong', 'zh')).toBe('2.40');
    expect(formatOdds(3.4, 'hongkong', 'tr')).toBe('2,40');
    expect(formatOdds(1.01, 'hongkong', 'en')).toBe('0.01');
  });

  it('shows fractional odds as a readable fraction, the familiar small ones first, the same in every language', () => {
    const cases: [number, string][] = [
      [1.85, '17/20'],
      [2, '1/1'],
      [2.5, '3/2'],
      [1.91, '10/11'],
      [1.33, '1/3'],
      [1.83, '5/6'],
      [1.833, '5/6'],
      [1.925, '37/40'],
      [3.25, '9/4'],
      [5.5, '9/2'],
      [11, '10/1'],
      [1.01, '1/100'],
      [1.07, '7/100'],
      [101, '100/1'],
    ];
    for (const [odds, fraction] of cases) {
      for (const locale of ['tr', 'en', 'zh'] as const) expect(formatOdds(odds, 'fractional', locale)).toBe(fraction);
    }
  });

  it('never uses a denominator beyond the bound and stays close to the value', () => {
    for (let milli = 1010; milli <= 20_000; milli += 37) {
      const x = milli / 1000 - 1;
      const [p, q] = toFraction(x, 100);
      expect(q).toBeGreaterThanOrEqual(1);
      expect(q).toBeLessThanOrEqual(100);
      expect(Math.abs(p / q - x)).toBeLessThan(0.01);
    }
  });
});

describe('lines and handicaps', () => {
  it('uses the real minus sign, a plus for positive handicaps and the language’s decimal sign', () => {
    expect(formatLine(-0.75, 'en')).toBe('\u22120.75');
    expect(formatLine(-0.75, 'tr')).toBe('\u22120,75');
    expect(formatLine(1.5, 'zh')).toBe('+1.5');
    expect(formatLine(1.5, 'tr')).toBe('+1,5');
    expect(formatLine(0, 'tr')).toBe('0');
    expect(formatLine(-0, 'en')).toBe('0');
    expect(formatLine(-10, 'en')).toBe('\u221210');
  });

  it('writes totals plainly: 2,5 in Turkish, 2.5 in English and Chinese', () => {
    expect(formatTotal(2.5, 'tr')).toBe('2,5');
    expect(formatTotal(2.25, 'en')).toBe('2.25');
    expect(formatTotal(221.5, 'zh')).toBe('221.5');
    expect(formatTotal(10, 'tr')).toBe('10');
  });

  it('has one decimal sign per language', () => {
    expect(decimalSign('tr')).toBe(',');
    expect(decimalSign('en')).toBe('.');
    expect(decimalSign('zh')).toBe('.');
    expect(formatDecimal(0.5, 'tr', 1)).toBe('0,5');
  });
});

describe('stored receipts', () => {
  it('writes a receipt’s stored numbers the reader’s way and leaves scores, counts and words alone', () => {
    const params = { line: '\u22120.75', odds: '1.38', score: '2\u20131', total: 3, reason: 'kick-off moved', margin: '+1' };
    expect(localizeStoredNumbers(params, 'tr')).toEqual({ line: '\u22120,75', odds: '1,38', score: '2\u20131', total: 3, reason: 'kick-off moved', margin: '+1' });
    expect(localizeStoredNumbers(params, 'en')).toEqual(params);
    expect(localizeStoredNumbers(params, 'zh')).toEqual(params);
  });
});
