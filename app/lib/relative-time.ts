import { relativeTime } from '../../core/time/relative';
import type { Locale } from '../../core/locale';

const formatters = new Map<Locale, Intl.RelativeTimeFormat>();

function formatterOf(locale: Locale): Intl.RelativeTimeFormat {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.RelativeTimeFormat(locale, { numeric: 'always', style: 'long' });
    formatters.set(locale, formatter);
  }
  return formatter;
}

/**
 * "5 minutes ago", "5 dakika önce", "5分钟前" by section 9's rule (core/time/relative.ts): under
 * five minutes `justNow` (the language's "just now"), then minutes, hours, days up to 30, months
 * and years. For times the browser knows only after hydration (records it fetched), never in a
 * server render, where the reader's clock is unknown.
 */
export function formatRelativeTime(options: { fromSec: number; nowSec: number; locale: Locale; justNow: string }): string {
  const relative = relativeTime(options.fromSec, options.nowSec);
  if (relative.unit === 'just') return options.justNow;
  return formatterOf(options.locale).format(-relative.value, relative.unit);
}
