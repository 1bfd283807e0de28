import type { Plan, PlanStatus } from '../../../core/contracts/forecast';
import { isTotalMarket, type Market, type OddsFormat, type Outcome, type Period, type Pick as OddsPick } from '../../../core/contracts/odds-vocabulary';
import type { Locale } from '../../../core/locale';
import { formatLine, formatTotal } from '../../../core/odds/grade';
import { isoOfLocale } from '../../lib/match-time';

/**
 * Pure helpers of the prediction centre's pages: how markets, picks, lines, odds, fingerprints
 * and outcomes are written. The words themselves are keys of the `forecast` namespace.
 */

export const DEFAULT_ODDS_FORMAT: OddsFormat = 'decimal';

/** `market.1x2`, `market.handicap`, `market.over_under`, `market.corners_over_under` …: the market in words. */
export function marketKey(market: Market): string {
  return `market.${market}`;
}

/** `period.ft` (full time) or `period.ht` (half time). */
export function periodKey(period: Period): string {
  return `period.${period}`;
}

/**
 * The key of a pick in words. 1x2, handicap and most-corners picks name a side (`{{team}}` is its
 * name); over/under and corners over/under picks name the total (`{{line}}`).
 */
export function pickKey(market: Market, pick: OddsPick): string {
  return `pick.${market}.${pick}`;
}

/**
 * A selection's line as people read it: a total as it is ("2.5", "9.5" corners), a handicap with
 * its sign ("−0.75", "+1.5"), nothing for markets without a line (1x2, most corners).
 */
export function formatSelectionLine(market: Market, line: number | null): string {
  if (line === null) return '';
  if (isTotalMarket(market)) return formatTotal(line);
  return market === 'handicap' ? formatLine(line) : '';
}

/**
 * The best fraction p/q ≈ x with q ≤ maxDenominator (continued fractions, like Python's
 * Fraction.limit_denominator): 0.925 → 37/40, 0.833 → 5/6.
 */
export function toFraction(x: number, maxDenominator = 100): [number, number] {
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

/**
 * Odds in the chosen format: decimal "1.93" (the default), Hong Kong "0.93" (decimal − 1) or
 * fractional "37/40" (the profit per unit staked as a fraction). Decimal and Hong Kong odds are
 * written with the locale's decimal sign and always two decimals.
 */
export function formatOdds(odds: number, format: OddsFormat, locale: Locale): string {
  if (format === 'fractional') {
    const [p, q] = toFraction(odds - 1);
    return `${p}/${q}`;
  }
  const value = format === 'hongkong' ? odds - 1 : odds;
  return new Intl.NumberFormat(isoOfLocale(locale), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
}

/** A share 0–1 as a percentage with one decimal at most: 0.625 → "62.5%" (locale-aware). */
export function formatPercent(value: number, locale: Locale): string {
  return new Intl.NumberFormat(isoOfLocale(locale), { style: 'percent', maximumFractionDigits: 1 }).format(value);
}

/** A fingerprint shortened for a card: the first and last `keep` hex digits. */
export function shortFingerprint(fingerprint: string, keep = 8): string {
  if (fingerprint.length <= keep * 2 + 1) return fingerprint;
  return `${fingerprint.slice(0, keep)}…${fingerprint.slice(-keep)}`;
}

export type BadgeTone = 'good' | 'bad' | 'neutral' | 'open';

/** The colour family of an outcome's badge (the word is always printed too). */
export function outcomeTone(outcome: Outcome | null, status: PlanStatus): BadgeTone {
  if (status === 'open') return 'open';
  if (outcome === 'win' || outcome === 'half_win') return 'good';
  if (outcome === 'loss' || outcome === 'half_loss') return 'bad';
  return 'neutral';
}

/** Number of pages of a paged list (at least 1). */
export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, size)));
}

/** The team a side-pick names (1x2 home/away, handicap, most corners), or null for draw and totals. */
export function pickedTeam(plan: Pick<Plan, 'match'>, pick: OddsPick): string | null {
  if (pick === 'home') return plan.match.home.name;
  if (pick === 'away') return plan.match.away.name;
  return null;
}
