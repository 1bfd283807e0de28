import type { OddsFormat } from '../contracts/odds';
import { toHundredths } from './margin';

/**
 * Odds as readers know them. Prices are stored as decimal odds with two decimals, so every format
 * starts from whole hundredths to keep floating-point noise out of the text.
 *
 * - decimal: "1.85" (stake included);
 * - hongkong: "0.85" (profit per unit staked: decimal − 1);
 * - fractional: profit over stake as a fraction, "17/20". A fraction with a denominator of 12 or
 *   less within half a hundredth of the price — the rounding the price already carries — is
 *   preferred, the smallest denominator first (1.91 → "10/11", 1.33 → "1/3"); otherwise the exact
 *   hundredths reduced (1.85 → "17/20", 1.01 → "1/100").
 */

const SMALL_DENOMINATOR_LIMIT = 12;
/** half a hundredth: the uncertainty rounding to two decimals leaves */
const FRACTION_TOLERANCE = 0.005;

function greatestCommonDivisor(a: number, b: number): number {
  return b === 0 ? a : greatestCommonDivisor(b, a % b);
}

function fractional(profitHundredths: number): string {
  const profit = profitHundredths / 100;
  for (let denominator = 1; denominator <= SMALL_DENOMINATOR_LIMIT; denominator++) {
    const numerator = Math.round(profit * denominator);
    if (numerator >= 1 && Math.abs(numerator / denominator - profit) <= FRACTION_TOLERANCE + 1e-12) return `${numerator}/${denominator}`;
  }
  const divisor = greatestCommonDivisor(profitHundredths, 100);
  return `${profitHundredths / divisor}/${100 / divisor}`;
}

export function formatOdds(decimal: number, format: OddsFormat): string {
  const hundredths = toHundredths(decimal);
  switch (format) {
    case 'decimal':
      return (hundredths / 100).toFixed(2);
    case 'hongkong':
      return ((hundredths - 100) / 100).toFixed(2);
    case 'fractional':
      return hundredths <= 100 ? '0/1' : fractional(hundredths - 100);
  }
}
