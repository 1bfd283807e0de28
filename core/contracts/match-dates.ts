// Plain rules without zod, so the list pages' date picker does not load the validation library
// (docs/decisions/084); core/contracts/match-centre.ts re-exports them.

/** Matches older than this many calendar months have no detail tabs (sections 5 and 9). */
export const DETAIL_MAX_AGE_MONTHS = 3;
/** The list pages' date picker reaches this many days back (section 9 "History tab shows 7 days"). */
export const HISTORY_DAYS = 7;
/** …and this many days ahead. */
export const UPCOMING_DAYS = 7;

/**
 * A match's detail may be shown at `nowSec`: its kick-off is less than three calendar months
 * ago (UTC; a kick-off on 30 November may be viewed until the end of 28 February, the last day
 * of the month three months on).
 */
export function detailAllowed(matchTimeSec: number, nowSec: number): boolean {
  return nowSec < detailExpiresAt(matchTimeSec);
}

/** The first second (unix) at which a match kicked off at `matchTimeSec` has no detail any more. */
export function detailExpiresAt(matchTimeSec: number): number {
  const kickOff = new Date(matchTimeSec * 1000);
  const targetMonth = kickOff.getUTCMonth() + DETAIL_MAX_AGE_MONTHS;
  const lastDay = new Date(Date.UTC(kickOff.getUTCFullYear(), targetMonth + 1, 0)).getUTCDate();
  const limit = Date.UTC(
    kickOff.getUTCFullYear(),
    targetMonth,
    Math.min(kickOff.getUTCDate(), lastDay),
    kickOff.getUTCHours(),
    kickOff.getUTCMinutes(),
    kickOff.getUTCSeconds(),
  );
  return Math.ceil(limit / 1000);
}
