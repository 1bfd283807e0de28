import { describe, expect, it } from 'vitest';
import { formatOdds } from './format';

describe('formatOdds', () => {
  it('shows decimal odds with two decimals', () => {
    expect(formatOdds(1.85, 'decimal')).toBe('1.85');
    expect(formatOdds(2, 'decimal')).toBe('2.00');
    expect(formatOdds(1.005, 'decimal')).toBe('1.01');
  });

  it('shows Hong Kong odds as the profit per unit', () => {
    expect(formatOdds(1.85, 'hongkong')).toBe('0.85');
    expect(formatOdds(3.4, 'hongkong')).toBe('2.40');
    expect(formatOdds(1.01, 'hongkong')).toBe('0.01');
  });

  it('shows fractional odds as a simplified fraction, preferring the familiar small ones', () => {
    expect(formatOdds(1.85, 'fractional')).toBe('17/20');
    expect(formatOdds(2, 'fractional')).toBe('1/1');
    expect(formatOdds(2.5, 'fractional')).toBe('3/2');
    expect(formatOdds(1.91, 'fractional')).toBe('10/11');
    expect(formatOdds(1.33, 'fractional')).toBe('1/3');
    expect(formatOdds(1.83, 'fractional')).toBe('5/6');
    expect(formatOdds(3.25, 'fractional')).toBe('9/4');
    expect(formatOdds(5.5, 'fractional')).toBe('9/2');
    expect(formatOdds(1.01, 'fractional')).toBe('1/100');
    expect(formatOdds(1.07, 'fractional')).toBe('7/100');
    expect(formatOdds(101, 'fractional')).toBe('100/1');
  });
});
