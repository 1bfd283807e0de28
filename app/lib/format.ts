import type { Locale } from '../../core/locale';
import { useLocale } from './locale';
import { dateTimeFormat, numberFormat } from './intl';
import { isoOfLocale } from './match-time';
import { useTimeZone } from './time-zone';

export function formatDateTime(iso: string, locale: Locale, options: Intl.DateTimeFormatOptions, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return dateTimeFormat(isoOfLocale(locale), { ...options, timeZone }).format(date);
}

export function formatNumber(value: number, locale: Locale): string {
  return numberFormat(isoOfLocale(locale)).format(value);
}

/**
 * A formatter of times in the reader's locale and zone: the zone the page is rendered in
 * (docs/decisions/115), so the server's text is the text the reader keeps.
 */
export function useDateFormat(): (iso: string, options?: Intl.DateTimeFormatOptions) => string {
  const locale = useLocale();
  const timeZone = useTimeZone();
  return (iso, options = { dateStyle: 'medium', timeStyle: 'short' }) => formatDateTime(iso, locale, options, timeZone);
}
