import { RELATIVE_TIME_JUST_SECONDS, RELATIVE_TIME_MAX_DAYS } from '../constants';

export type RelativeTime = { unit: 'just' } | { unit: 'minute' | 'hour' | 'day' | 'month' | 'year'; value: number };

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
// Calendar months and years vary; a label only needs a stable, monotonic count.
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/**
 * How long ago something happened, for labels like "5 minutes ago" (section 9): under 300 s
 * 'just', then whole minutes, hours up to a day, days up to 30 days, then months and years.
 * A time in the future (a clock ahead of ours) also reads 'just'.
 */
export function relativeTime(fromSec: number, nowSec: number): RelativeTime {
  const elapsed = nowSec - fromSec;
  if (!(elapsed >= RELATIVE_TIME_JUST_SECONDS)) return { unit: 'just' };
  if (elapsed < HOUR) return { unit: 'minute', value: Math.floor(elapsed / MINUTE) };
  if (elapsed < DAY) return { unit: 'hour', value: Math.floor(elapsed / HOUR) };
  if (elapsed < RELATIVE_TIME_MAX_DAYS * DAY) return { unit: 'day', value: Math.floor(elapsed / DAY) };
  if (elapsed < YEAR) return { unit: 'month', value: Math.floor(elapsed / MONTH) };
  return { unit: 'year', value: Math.floor(elapsed / YEAR) };
}
