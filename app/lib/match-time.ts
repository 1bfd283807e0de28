import { LOCALES, type Locale } from '../../core/locale';
import { dateTimeFormat } from './intl';

export const DAY_SECONDS = 24 * 3600;

/** The UTC day of a moment (unix seconds of its 00:00 UTC). */
export function startOfUtcDaySec(nowMs: number): number {
  const nowSec = Math.floor(nowMs / 1000);
  return nowSec - (nowSec % DAY_SECONDS);
}

function partsFormat(timeZone: string): Intl.DateTimeFormat {
  return dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}

/** The wall clock of an instant in a zone, read as if it were UTC (milliseconds). */
function wallClockMs(epochMs: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of partsFormat(timeZone).formatToParts(new Date(epochMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
}

/** The calendar date (YYYY-MM-DD) of an instant in a zone. */
export function zonedDate(epochMs: number, timeZone: string): string {
  return new Date(wallClockMs(epochMs, timeZone)).toISOString().slice(0, 10);
}

/** A calendar date (YYYY-MM-DD) moved by whole days; no zone is involved. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_SECONDS * 1000).toISOString().slice(0, 10);
}

/** Whole days from one calendar date to another (YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / (DAY_SECONDS * 1000));
}

/**
 * The first second (unix) of a calendar date in a zone: its local midnight. The zone's offset
 * is read at the guess and again at the result (a day that starts or ends a summer time); in
 * the few zones whose clocks skip midnight itself, the day starts at the first hour it has.
 */
export function startOfZonedDateSec(date: string, timeZone: string): number {
  const wallMs = Date.parse(`${date}T00:00:00Z`);
  const first = wallMs - (wallClockMs(wallMs, timeZone) - wallMs);
  let startMs = wallMs - (wallClockMs(first, timeZone) - first);
  if (zonedDate(startMs, timeZone) !== date) startMs += 3600_000;
  return Math.floor(startMs / 1000);
}

/**
 * "Today" for the lists: the reader's own day, from their local midnight (docs/decisions/115).
 * The server renders it in the zone the page is rendered in, and the browser's refetches ask
 * for the same day, so both agree; a Shanghai reader at 01:00 is on the next day already.
 */
export function startOfZonedDaySec(nowMs: number, timeZone: string): number {
  return startOfZonedDateSec(zonedDate(nowMs, timeZone), timeZone);
}

export function isoOfLocale(locale: Locale): string {
  return LOCALES.find((l) => l.code === locale)?.iso ?? 'tr-TR';
}

/**
 * HH:mm of an instant in the reader's locale and zone: the zone the page is rendered in
 * (useTimeZone), the same on the server and in the hydrating browser.
 */
export function formatKickOffTime(epochSec: number, locale: Locale, timeZone: string): string {
  return dateTimeFormat(isoOfLocale(locale), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(
    new Date(epochSec * 1000),
  );
}

/** Date and time for match headers, e.g. "22 Kas 2025 Cmt 18:00". */
export function formatMatchDate(epochSec: number, locale: Locale, timeZone: string): string {
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
export function formatMatchDay(epochSec: number, locale: Locale, timeZone: string): string {
  return dateTimeFormat(isoOfLocale(locale), { dateStyle: 'long', timeZone }).format(new Date(epochSec * 1000));
}
