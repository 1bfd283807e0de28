import type { ShouldRevalidateFunction } from 'react-router';
import { HISTORY_DAYS, UPCOMING_DAYS } from '../../../core/contracts/match-centre';
import { LOCALES, type Locale } from '../../../core/locale';

const DAY_SECONDS = 24 * 3600;

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
  return new Intl.DateTimeFormat(isoOfLocale(locale), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(
    new Date(epochSec * 1000),
  );
}

/** Date and time for match headers, e.g. "22 Kas 2025 Cmt 18:00". */
export function formatMatchDate(epochSec: number, locale: Locale, timeZone?: string): string {
  return new Intl.DateTimeFormat(isoOfLocale(locale), {
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
  return new Intl.DateTimeFormat(isoOfLocale(locale), { dateStyle: 'long', timeZone }).format(new Date(epochSec * 1000));
}

/** The list pages' days: HISTORY_DAYS back, today, UPCOMING_DAYS ahead (section 9 "History tab shows 7 days"). */
export interface PickerDay {
  /** unix seconds of the day's UTC start */
  daySec: number;
  /** days from today: -7 … 7 */
  offset: number;
  /** the `?day=` value, null for today (today's address carries no parameter) */
  param: string | null;
}

/** A day as its `?day=` value, YYYY-MM-DD (UTC). */
export function dayParam(daySec: number): string {
  return new Date(daySec * 1000).toISOString().slice(0, 10);
}

export function pickerDays(todaySec: number): PickerDay[] {
  return Array.from({ length: HISTORY_DAYS + 1 + UPCOMING_DAYS }, (_, i) => {
    const offset = i - HISTORY_DAYS;
    const daySec = todaySec + offset * DAY_SECONDS;
    return { daySec, offset, param: offset === 0 ? null : dayParam(daySec) };
  });
}

/**
 * The day a list page shows, from its `?day=` value: today when there is none, the day when it
 * is one of the picker's days, 'invalid' otherwise (a malformed value or a day out of reach;
 * the page sends the reader to today).
 */
export function parseDayParam(value: string | null, todaySec: number): number | 'invalid' {
  if (value === null || value === '') return todaySec;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return 'invalid';
  const ms = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(ms) || dayParam(ms / 1000) !== value) return 'invalid';
  const daySec = ms / 1000;
  const offset = (daySec - todaySec) / DAY_SECONDS;
  return offset >= -HISTORY_DAYS && offset <= UPCOMING_DAYS ? daySec : 'invalid';
}

/** A picker day's two lines: weekday (short) and day.month, in UTC like the lists' days. */
export function formatPickerDay(daySec: number, locale: Locale): { weekday: string; date: string } {
  const at = new Date(daySec * 1000);
  const iso = isoOfLocale(locale);
  return {
    weekday: new Intl.DateTimeFormat(iso, { weekday: 'short', timeZone: 'UTC' }).format(at),
    date: new Intl.DateTimeFormat(iso, { day: '2-digit', month: '2-digit', timeZone: 'UTC' }).format(at),
  };
}

/**
 * Reloads a list page when its day changes, and not when only the All/Hot choice in the query
 * changes (the lists are already on the page).
 */
export const revalidateOnDayChange: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (currentUrl.searchParams.get('day') !== nextUrl.searchParams.get('day')) return true;
  if (formMethod === undefined && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search) return false;
  return defaultShouldRevalidate;
};
