import { redirect, type ShouldRevalidateFunction } from 'react-router';
import { HISTORY_DAYS, UPCOMING_DAYS } from '../../../core/contracts/match-dates';
import type { Locale } from '../../../core/locale';
import { loaderLocale } from '../../lib/locale';
import { dateTimeFormat } from '../../lib/intl';
import { addDays, daysBetween, isoOfLocale, startOfZonedDateSec, startOfZonedDaySec, zonedDate } from '../../lib/match-time';
import { requestTimeZone } from '../../lib/time-zone';

/**
 * The list pages' days: HISTORY_DAYS back, today, UPCOMING_DAYS ahead (section 9 "History tab
 * shows 7 days"), as calendar days in the zone the page is rendered in (decision 115).
 */
export interface PickerDay {
  /** unix seconds of the day's start: local midnight in the page's zone */
  daySec: number;
  /** days from today: -7 … 7 */
  offset: number;
  /** the `?day=` value, null for today (today's address carries no parameter) */
  param: string | null;
}

/** A day as its `?day=` value: its date in the page's zone, YYYY-MM-DD. */
export function dayParam(daySec: number, timeZone: string): string {
  return zonedDate(daySec * 1000, timeZone);
}

export function pickerDays(todaySec: number, timeZone: string): PickerDay[] {
  const today = zonedDate(todaySec * 1000, timeZone);
  return Array.from({ length: HISTORY_DAYS + 1 + UPCOMING_DAYS }, (_, i) => {
    const offset = i - HISTORY_DAYS;
    const date = addDays(today, offset);
    return { daySec: startOfZonedDateSec(date, timeZone), offset, param: offset === 0 ? null : date };
  });
}

/**
 * The day a list page shows, from its `?day=` value (a date in the page's zone): today when
 * there is none, the day when it is one of the picker's days, 'invalid' otherwise (a malformed
 * value or a day out of reach; the page sends the reader to today).
 */
export function parseDayParam(value: string | null, todaySec: number, timeZone: string): number | 'invalid' {
  if (value === null || value === '') return todaySec;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return 'invalid';
  if (Number.isNaN(Date.parse(`${value}T00:00:00Z`)) || addDays(value, 0) !== value) return 'invalid';
  const offset = daysBetween(zonedDate(todaySec * 1000, timeZone), value);
  return offset >= -HISTORY_DAYS && offset <= UPCOMING_DAYS ? startOfZonedDateSec(value, timeZone) : 'invalid';
}

/**
 * What the football and basketball list loaders both read from the request: the page's
 * language and zone, the server's clock, today (the reader's day in that zone) and the picked
 * day. A `?day=` out of reach sends the reader to today, keeping the rest of the query.
 */
export function readListDay(request: Request): { locale: Locale; nowSec: number; todaySec: number; daySec: number } {
  const url = new URL(request.url);
  const nowMs = Date.now();
  const timeZone = requestTimeZone(request);
  const todaySec = startOfZonedDaySec(nowMs, timeZone);
  const daySec = parseDayParam(url.searchParams.get('day'), todaySec, timeZone);
  if (daySec === 'invalid') {
    url.searchParams.delete('day');
    throw redirect(`${url.pathname}${url.search}`);
  }
  return { locale: loaderLocale(request), nowSec: Math.floor(nowMs / 1000), todaySec, daySec };
}

/** A picker day's two lines: weekday (short) and day.month, in the page's zone like the lists' days. */
export function formatPickerDay(daySec: number, locale: Locale, timeZone: string): { weekday: string; date: string } {
  const at = new Date(daySec * 1000);
  const iso = isoOfLocale(locale);
  return {
    weekday: dateTimeFormat(iso, { weekday: 'short', timeZone }).format(at),
    date: dateTimeFormat(iso, { day: '2-digit', month: '2-digit', timeZone }).format(at),
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

/** A list's day in words, e.g. "Monday, November 23" / "23 Kasım Pazartesi" / "11月23日星期一" (the day in the page's zone). */
export function formatListDay(daySec: number, locale: Locale, timeZone: string): string {
  return dateTimeFormat(isoOfLocale(locale), { weekday: 'long', day: 'numeric', month: 'long', timeZone }).format(new Date(daySec * 1000));
}

export type RelativeDay = 'today' | 'yesterday' | 'tomorrow';

/**
 * Whether a list's day (it starts at `daySec`) is today, yesterday or tomorrow for the reader:
 * its date in `timeZone` against the date of `nowMs` there. Null for any other day. A day past
 * its midnight is yesterday, whatever a list loaded earlier still shows.
 */
export function relativeListDay(daySec: number, nowMs: number, timeZone: string): RelativeDay | null {
  const offset = daysBetween(zonedDate(nowMs, timeZone), zonedDate(daySec * 1000, timeZone));
  return offset === 0 ? 'today' : offset === -1 ? 'yesterday' : offset === 1 ? 'tomorrow' : null;
}
