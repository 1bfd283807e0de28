import type { Locale } from '../../../core/locale';
import { isoOfLocale } from '../../lib/match-time';

/**
 * How a tipster's record is put in words next to its figures (issue 12): no win rate without its
 * sample, and a plain reading of the luck meter's p-value.
 */

/** The reading of the luck meter: how surprising the record is for a tipster picking at random. */
export type LuckReading = 'veryUnlikely' | 'unlikely' | 'possible' | 'likely';

export function luckReading(p: number): LuckReading {
  if (p < 0.01) return 'veryUnlikely';
  if (p < 0.05) return 'unlikely';
  if (p < 0.2) return 'possible';
  return 'likely';
}

/** p as a reader meets it: "< 0.001", "0.004", "0.04", "0.35" (locale decimal sign). */
export function formatP(p: number, locale: Locale): string {
  const format = (value: number, digits: number) =>
    new Intl.NumberFormat(isoOfLocale(locale), { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
  if (p < 0.001) return `< ${format(0.001, 3)}`;
  if (p < 0.01) return format(p, 3);
  return format(p, 2);
}

/** "about 1 in N" for a probability; null when it is not worth saying (p ≥ 0.5 or p = 0). */
export function oneIn(p: number): number | null {
  if (!(p > 0) || p >= 0.5) return null;
  const n = 1 / p;
  // Round to a figure people say: 1 in 7, 1 in 40, 1 in 300, 1 in 2,000.
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(n)) - 1);
  return Math.round(n / magnitude) * magnitude;
}

/** A signed percentage: +12.5%, −3%, 0%. */
export function formatSignedPercent(value: number, locale: Locale): string {
  return new Intl.NumberFormat(isoOfLocale(locale), { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(value);
}

/** A statistic with two decimals and its sign: +1.84, −0.20. */
export function formatSigned(value: number, locale: Locale): string {
  return new Intl.NumberFormat(isoOfLocale(locale), { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero' }).format(value);
}

/** A profit in units: +3.45, −1.2 (at most two decimals). */
export function formatUnits(value: number, locale: Locale): string {
  return new Intl.NumberFormat(isoOfLocale(locale), { maximumFractionDigits: 2, signDisplay: 'exceptZero' }).format(value);
}
