/**
 * Match statuses (specification section 4) and which list each status belongs to.
 * Numbers are the feed's `status_id`; names exist so code never compares against bare numbers.
 */

export const FOOTBALL_STATUS = {
  ABNORMAL: 0,
  NOT_STARTED: 1,
  FIRST_HALF: 2,
  HALF_TIME: 3,
  SECOND_HALF: 4,
  OVERTIME: 5,
  OVERTIME_DEPRECATED: 6,
  PENALTY_SHOOTOUT: 7,
  ENDED: 8,
  DELAYED: 9,
  INTERRUPTED: 10,
  CUT_IN_HALF: 11,
  CANCELLED: 12,
  TO_BE_DETERMINED: 13,
} as const;
export type FootballStatus = (typeof FOOTBALL_STATUS)[keyof typeof FOOTBALL_STATUS];

export type FootballListKind = 'live' | 'notStarted' | 'finished' | 'other';

/**
 * Statuses during which a score change raises a goal (or misjudged) pop-up — the specification
 * names exactly these (section 5), so the deprecated overtime 6 is deliberately absent.
 */
export const FOOTBALL_POPUP_STATUSES: readonly number[] = [2, 3, 4, 5, 7];

/**
 * Which football list a status belongs to.
 *
 * Status 6 (overtime, deprecated) is treated as live: a feed that still sends it describes a
 * match being played, and filing it under "other" would hide a match in progress from the
 * live list. It is not a pop-up status, though (see FOOTBALL_POPUP_STATUSES).
 * Unknown statuses land in "other", next to abnormal (0), so a match is never lost.
 */
export function footballListKind(status: number): FootballListKind {
  switch (status) {
    case FOOTBALL_STATUS.FIRST_HALF:
    case FOOTBALL_STATUS.HALF_TIME:
    case FOOTBALL_STATUS.SECOND_HALF:
    case FOOTBALL_STATUS.OVERTIME:
    case FOOTBALL_STATUS.OVERTIME_DEPRECATED:
    case FOOTBALL_STATUS.PENALTY_SHOOTOUT:
      return 'live';
    case FOOTBALL_STATUS.NOT_STARTED:
      return 'notStarted';
    case FOOTBALL_STATUS.ENDED:
      return 'finished';
    default:
      return 'other';
  }
}

export function isFootballLive(status: number): boolean {
  return footballListKind(status) === 'live';
}

/** True when a score change at this status raises a goal/misjudged pop-up (section 5). */
export function isFootballPopupStatus(status: number): boolean {
  return FOOTBALL_POPUP_STATUSES.includes(status);
}

function labelKeys(prefix: string, last: number): Record<number, string> {
  const keys: Record<number, string> = {};
  for (let status = 0; status <= last; status += 1) keys[status] = `${prefix}.${status}`;
  return keys;
}

/** i18n key of each football status label ('status.football.8' = ended, ...). */
export const FOOTBALL_STATUS_LABEL_KEY: Readonly<Record<number, string>> = labelKeys('status.football', 13);

/** Label key of a status; an unknown status reads as abnormal rather than as a raw key. */
export function footballStatusLabelKey(status: number): string {
  return FOOTBALL_STATUS_LABEL_KEY[status] ?? 'status.football.0';
}

export const BASKETBALL_STATUS = {
  ABNORMAL: 0,
  NOT_STARTED: 1,
  FIRST_QUARTER: 2,
  END_OF_FIRST_QUARTER: 3,
  SECOND_QUARTER: 4,
  HALF_TIME: 5,
  THIRD_QUARTER: 6,
  END_OF_THIRD_QUARTER: 7,
  FOURTH_QUARTER: 8,
  OVERTIME: 9,
  ENDED: 10,
  INTERRUPTED: 11,
  CANCELLED: 12,
  DELAYED: 13,
  CUT_IN_HALF: 14,
  TO_BE_DETERMINED: 15,
} as const;
export type BasketballStatus = (typeof BASKETBALL_STATUS)[keyof typeof BASKETBALL_STATUS];

export type BasketballListKind = 'live' | 'waiting' | 'finished';

/**
 * Which server list a basketball status belongs to (matchIngList / matchWaitList /
 * matchEndList). The server files 11–15 under waiting; the browser then treats them as
 * finished (see isBasketballTreatedFinished). Unknown statuses wait, like abnormal (0).
 */
export function basketballListKind(status: number): BasketballListKind {
  if (status >= BASKETBALL_STATUS.FIRST_QUARTER && status <= BASKETBALL_STATUS.OVERTIME) return 'live';
  if (status === BASKETBALL_STATUS.ENDED) return 'finished';
  return 'waiting';
}

/** "Basketball waiting matches with status 11-15 are treated as finished" (section 4), plus 10 itself. */
export function isBasketballTreatedFinished(status: number): boolean {
  return status >= BASKETBALL_STATUS.ENDED && status <= BASKETBALL_STATUS.TO_BE_DETERMINED;
}

export function isBasketballLive(status: number): boolean {
  return basketballListKind(status) === 'live';
}

/** Statuses in which the game clock runs: the quarters and overtime, not the breaks. */
export function isBasketballPlaying(status: number): boolean {
  return (
    status === BASKETBALL_STATUS.FIRST_QUARTER ||
    status === BASKETBALL_STATUS.SECOND_QUARTER ||
    status === BASKETBALL_STATUS.THIRD_QUARTER ||
    status === BASKETBALL_STATUS.FOURTH_QUARTER ||
    status === BASKETBALL_STATUS.OVERTIME
  );
}

/** i18n key of each basketball status label ('status.basketball.10' = ended, ...). */
export const BASKETBALL_STATUS_LABEL_KEY: Readonly<Record<number, string>> = labelKeys('status.basketball', 15);

export function basketballStatusLabelKey(status: number): string {
  return BASKETBALL_STATUS_LABEL_KEY[status] ?? 'status.basketball.0';
}
