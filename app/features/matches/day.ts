import { redirect, type ShouldRevalidateFunction } from 'react-router';
import { HISTORY_DAYS, UPCOMING_DAYS } from '../../../core/contracts/match-dates';
import type { Locale } from '../../../core/locale';
import { loaderLocale } from '../../lib/locale';
import { DAY_SECONDS, isoOfLocale, startOfUtcDaySec } from '../../lib/match-time';

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

/**
 * What the football and basketball list loaders both read from the address: the page's
 * language, the server's clock, today and the picked day. A `?day=` out of reach sends the
 * reader to today, keeping the rest of the query.
 */
export function readListDay(request: Request): { locale: Locale; nowSec: number; todaySec: number; daySec: number } {
  const url = new URL(request.url);
  const nowMs = Date.now();
  const todaySec = startOfUtcDaySec(nowMs);
  const daySec = parseDayParam(url.searchParams.get('day'), todaySec);
  if (daySec === 'invalid') {
    url.searchParams.delete('day');
    throw redirect(`${url.pathname}${url.search}`);
  }
  return { locale: loaderLocale(request), nowSec: Math.floor(nowMs / 1000), todaySec, daySec };
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

/**
 * Score pages keep themselves current over the live channel; switching a view option in the
 * query string (All/Hot) must not refetch the whole day from the server.
 */
export const skipSearchOnlyRevalidation: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (formMethod === undefined && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search) return false;
  return defaultShouldRevalidate;
};

/** A list's day in words, e.g. "Monday, November 23" / "23 Kasım Pazartesi" / "11月23日星期一" (the UTC day the list holds). */
export function formatListDay(daySec: number, locale: Locale): string {
  return new Intl.DateTimeFormat(isoOfLocale(locale), { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(daySec * 1000));
}

export type RelativeDay = 'today' | 'yesterday' | 'tomorrow';

/**
 * Whether a list's day (a UTC day, see startOfUtcDaySec) is today, yesterday or tomorrow for
 * the reader: its date against the reader's own date in `timeZone` (undefined: the runtime's
 * zone, the browser's). Null for any other day. Past midnight in Istanbul, the UTC day the
 * lists still show is yesterday there — titling it "today" was the bug.
 */
export function relativeListDay(daySec: number, nowMs: number, timeZone?: string): RelativeDay | null {
  const readerDate = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }).format(new Date(nowMs));
  const readerDaySec = Date.parse(`${readerDate}T00:00:00Z`) / 1000;
  const offset = Math.round((daySec - readerDaySec) / DAY_SECONDS);
  return offset === 0 ? 'today' : offset === -1 ? 'yesterday' : offset === 1 ? 'tomorrow' : null;
}
