import { LOCALES, type Locale } from '../../core/locale';
import { dateTimeFormat } from './intl';

export const DAY_SECONDS = 24 * 3600;

/**
 * "Today" for the lists: the UTC day. The server renders the page before it knows the reader's
 * time zone, and the browser's refetches must ask for the same day it rendered, so both use
 * UTC; times inside the day are shown in the reader's own zone.
 */
export function startOfUtcDaySec(nowMs: number): number {
  const nowSec = Math.floor(nowMs / 1000);
  return nowSec - (nowSec % DAY_SECONDS);
}

export function isoOfLocale(locale: Locale): string {
  return LOCALES.find((l) => l.code === locale)?.iso ?? 'tr-TR';
}

/**
 * HH:mm of an instant in the reader's locale. `timeZone` undefined means the reader's own zone;
 * the server (and the hydrating first render) pass 'UTC' so both print the same text.
 */
export function formatKickOffTime(epochSec: number, locale: Locale, timeZone?: string): string {
  return dateTimeFormat(isoOfLocale(locale), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(
    new Date(epochSec * 1000),
  );
}

/** Date and time for match headers, e.g. "22 Kas 2025 Cmt 18:00". */
export function formatMatchDate(epochSec: number, locale: Locale, timeZone?: string): string {
  return dateTimeFormat(isoOfLocale(locale), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(new Date(epochSec * 1000));
}

/** A match id from the URL: digits only, within the safe integer range; null otherwise. */
export function parseMatchId(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** A match day for texts such as page descriptions, e.g. "22 Kasım 2025". */
export function formatMatchDay(epochSec: number, locale: Locale, timeZone?: string): string {
  return dateTimeFormat(isoOfLocale(locale), { dateStyle: 'long', timeZone }).format(new Date(epochSec * 1000));
}
