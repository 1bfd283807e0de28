import type { Plan, PlanStatus } from '../../../core/contracts/forecast';
import { isTotalMarket, type Market, type OddsFormat, type Outcome, type Period, type Pick as OddsPick } from '../../../core/contracts/odds-vocabulary';
import type { Locale } from '../../../core/locale';
import { formatLine, formatOdds as formatOddsIn, formatTotal } from '../../../core/odds/format';
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
 * A selection's line as people read it in the reader's language: a total as it is ("2.5", "9.5"
 * corners; "2,5" in Turkish), a handicap with its sign ("−0.75", "+1.5"), nothing for markets
 * without a line (1x2, most corners).
 */
export function formatSelectionLine(market: Market, line: number | null, locale: Locale): string {
  if (line === null) return '';
  if (isTotalMarket(market)) return formatTotal(line, locale);
  return market === 'handicap' ? formatLine(line, locale) : '';
}

/**
 * Odds in the chosen format, written the reader's way: decimal "1.93" (the default; "1,93" in
 * Turkish), Hong Kong "0.93" (decimal − 1) or fractional "37/40". The one formatter is
 * core/odds/format.ts; this name stays for the app's callers.
 */
export function formatOdds(odds: number, format: OddsFormat, locale: Locale): string {
  return formatOddsIn(odds, format, locale);
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
