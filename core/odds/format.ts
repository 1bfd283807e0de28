import type { OddsFormat } from '../contracts/odds';
import type { Locale } from '../locale';
import { toHundredths } from './margin';

/**
 * How prices, lines and handicaps are written, one formatter per language, used everywhere a
 * price or a line is shown or put into a receipt (docs/glossary.md, decision 125).
 *
 * - Turkish writes decimals with a comma ("1,38", "2,5 üst", "−0,75"), English and Chinese with a
 *   point ("1.38", "Over 2.5", "大 2.5"). No thousands separator: prices stay below 1000.
 * - decimal: "1.85" (stake included); hongkong: "0.85" (profit per unit staked: decimal − 1);
 * - fractional: profit over stake as a fraction, "17/20". A fraction with a denominator of 12 or
 *   less within half a hundredth of the profit — the rounding a two-decimal price carries — is
 *   preferred, the smallest denominator first (1.91 → "10/11", 1.33 → "1/3", 1.833 → "5/6");
 *   otherwise the nearest fraction with a denominator of at most 100 (1.925 → "37/40",
 *   1.85 → "17/20", 1.01 → "1/100"). Fractions read the same in every language.
 */

const SMALL_DENOMINATOR_LIMIT = 12;
const DENOMINATOR_LIMIT = 100;
/** half a hundredth: the uncertainty rounding to two decimals leaves */
const FRACTION_TOLERANCE = 0.005;
const MINUS = '\u2212';

/** The decimal sign of a language: a comma in Turkish, a point in English and Chinese. */
export function decimalSign(locale: Locale): ',' | '.' {
  return locale === 'tr' ? ',' : '.';
}

/** A number written with the language's decimal sign: `digits` fixes the decimals, otherwise as many as it has. */
export function formatDecimal(value: number, locale: Locale, digits?: number): string {
  const text = digits === undefined ? String(value) : value.toFixed(digits);
  return locale === 'tr' ? text.replace('.', ',') : text;
}

/**
 * The best fraction p/q ≈ x with q ≤ maxDenominator (continued fractions, like Python's
 * Fraction.limit_denominator): 0.925 → 37/40, 0.833 → 5/6.
 */
export function toFraction(x: number, maxDenominator = DENOMINATOR_LIMIT): [number, number] {
  if (!Number.isFinite(x) || x <= 0) return [0, 1];
  // Exact for the 3-decimal odds the API sends; the bound then picks the nearest readable one.
  let [p0, q0, p1, q1] = [0, 1, 1, 0];
  let n = Math.round(x * 1000);
  let d = 1000;
  for (;;) {
    const a = Math.floor(n / d);
    const q2 = q0 + a * q1;
    if (q2 > maxDenominator) break;
    [p0, q0, p1, q1] = [p1, q1, p0 + a * p1, q2];
    [n, d] = [d, n - a * d];
    if (d === 0) break;
  }
  if (d === 0) return [p1, q1];
  // Between the last convergent and the best semiconvergent, keep the closer one.
  const k = Math.floor((maxDenominator - q0) / q1);
  const [bp, bq] = [p0 + k * p1, q0 + k * q1];
  return Math.abs(bp / bq - x) < Math.abs(p1 / q1 - x) ? [bp, bq] : [p1, q1];
}

function fractional(profit: number): string {
  if (!(profit > 0)) return '0/1';
  for (let denominator = 1; denominator <= SMALL_DENOMINATOR_LIMIT; denominator++) {
    const numerator = Math.round(profit * denominator);
    if (numerator >= 1 && Math.abs(numerator / denominator - profit) <= FRACTION_TOLERANCE + 1e-12) return `${numerator}/${denominator}`;
  }
  const [p, q] = toFraction(profit);
  return `${p}/${q}`;
}

/** A price in the chosen format, written the language's way: decimal "1,38" in Turkish, "1.38" in English and Chinese. */
export function formatOdds(decimal: number, format: OddsFormat, locale: Locale): string {
  const hundredths = toHundredths(decimal);
  switch (format) {
    case 'decimal':
      return formatDecimal(hundredths / 100, locale, 2);
    case 'hongkong':
      return formatDecimal((hundredths - 100) / 100, locale, 2);
    case 'fractional':
      return fractional(Math.round(decimal * 1000) / 1000 - 1);
  }
}

/** A handicap as people read it: "−0.75", "+1.5", "0" (the real minus sign, never "-0"); "−0,75" in Turkish. */
export function formatLine(line: number, locale: Locale): string {
  if (line === 0) return '0';
  return line > 0 ? `+${formatDecimal(line, locale)}` : `${MINUS}${formatDecimal(-line, locale)}`;
}

/** An over/under line: a plain positive total, "2.25"; "2,25" in Turkish. */
export function formatTotal(line: number, locale: Locale): string {
  return formatDecimal(line, locale);
}

/** A number some text stored as written with a point: "1.38", "2.5", "−0.75", "+1.5". */
const STORED_DECIMAL = /^[+\u2212-]?\d+\.\d+$/;

/**
 * Receipts are stored with their numbers written with a point (lines, handicaps, odds); this
 * writes them the reader's way when the receipt is read ("−0.75" → "−0,75" in Turkish). Other
 * parameters (scores "2–1", counts, reasons) are left as they are.
 */
export function localizeStoredNumbers(params: Record<string, string | number>, locale: Locale): Record<string, string | number> {
  if (locale !== 'tr') return params;
  const localized: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    localized[name] = typeof value === 'string' && STORED_DECIMAL.test(value) ? value.replace('.', decimalSign(locale)) : value;
  }
  return localized;
}
