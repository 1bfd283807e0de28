import type { Pair } from '../contracts/pair';
import { FOOTBALL_STATUS } from './status';

/**
 * Statuses at which a match cannot have reached half time: not started, delayed before
 * kick-off, or in its first half.
 */
const BEFORE_HALF_TIME: ReadonlySet<number> = new Set([FOOTBALL_STATUS.NOT_STARTED, FOOTBALL_STATUS.DELAYED, FOOTBALL_STATUS.FIRST_HALF]);

/**
 * The half-time score a page shows (decision 112): only once half time has been reached. A
 * feed that sends the field from kick-off ("0-0" beside a live first-half score) shows
 * nothing until the break.
 */
export function shownHalfTime(match: { status_id: number; ht: Pair | null | undefined }): Pair | null {
  if (BEFORE_HALF_TIME.has(match.status_id)) return null;
  return match.ht ?? null;
}
