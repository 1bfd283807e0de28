import { useSyncExternalStore } from 'react';
import { LOCALES, type Locale } from '../../core/locale';
import { useLocale } from './locale';

const noSubscription = () => () => {};

/** False on the server and while hydrating, true afterwards. */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}

function isoOf(locale: Locale): string {
  return LOCALES.find((l) => l.code === locale)?.iso ?? 'tr-TR';
}

export function formatDateTime(iso: string, locale: Locale, options: Intl.DateTimeFormatOptions, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(isoOf(locale), { ...options, timeZone }).format(date);
}

export function formatNumber(value: number, locale: Locale): string {
  return new Intl.NumberFormat(isoOf(locale)).format(value);
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
