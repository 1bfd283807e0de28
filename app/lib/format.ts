import type { Locale } from '../../core/locale';
import { useLocale } from './locale';
import { dateTimeFormat, numberFormat } from './intl';
import { isoOfLocale } from './match-time';
import { useHydrated } from './use-clock';

export function formatDateTime(iso: string, locale: Locale, options: Intl.DateTimeFormatOptions, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return dateTimeFormat(isoOfLocale(locale), { ...options, timeZone }).format(date);
}

export function formatNumber(value: number, locale: Locale): string {
  return numberFormat(isoOfLocale(locale)).format(value);
}

/**
 * A formatter of times in the reader's locale. The server cannot know the reader's zone, so the
 * server and the hydrating render write UTC; the reader's zone takes over right after.
 */
export function useDateFormat(): (iso: string, options?: Intl.DateTimeFormatOptions) => string {
  const locale = useLocale();
  const hydrated = useHydrated();
  return (iso, options = { dateStyle: 'medium', timeStyle: 'short' }) => formatDateTime(iso, locale, options, hydrated ? undefined : 'UTC');
}
