import type { BettingDayData } from '../../../core/contracts/guessing';
import type { Sport } from '../../../core/contracts/matches';
import { addDays, startOfZonedDateSec, zonedDate } from '../../lib/match-time';

/**
 * Which day of which sport the betting page shows, read the same way by the route's loader (on
 * the server) and the page (docs/decisions/118): `?sport=` and `?day=` (0 today, 1 tomorrow, 2
 * the day after), days in the page's zone.
 */

/** Today and the next two days. */
export const BETTING_DAYS = 3;

export function bettingSportOf(value: string | null): Sport {
  return value === 'basketball' ? 'basketball' : 'football';
}

export function bettingDayIndexOf(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 && n < BETTING_DAYS ? n : 0;
}

/** Unix seconds of the start of the `index`th day from today in `timeZone`. */
export function bettingDayStart(nowMs: number, timeZone: string, index: number): number {
  return startOfZonedDateSec(addDays(zonedDate(nowMs, timeZone), index), timeZone);
}

/**
 * What the betting page's loader hands the page: the day it rendered (null on the other views,
 * or when the server has no guessing reads), or that reading it failed (the page then offers a
 * retry).
 */
export interface GuessingPageData {
  board: { sport: Sport; day: number; data: BettingDayData } | null;
  failed: boolean;
}
