/**
 * The one rule for a football minute as a reader sees it (decision 111): the running clock of
 * a row, the match header and a goal pop-up, the minute of an event in the timeline, the
 * scorer line and the momentum chart all come from here, so one goal never reads 31' in one
 * place and 32' in another.
 *
 * Football counts the minute being played: the first minute of a half runs from 0:00 to 0:59
 * of play, so a goal 30:59 into the match is in the 31st minute (31') and one at 31:00 in the
 * 32nd (32'). Time past a period's regular end is added time, shown on that end:
 * 45:00–45:59 of the first half is 45+1', 90:30 of the match 90+1'.
 */

export type MatchPeriod = 'first' | 'second' | 'extraFirst' | 'extraSecond';

/** The minute a period starts after (its first minute is this + 1) and the minute it ends on. */
export const PERIOD_MINUTES: Readonly<Record<MatchPeriod, { start: number; end: number }>> = Object.freeze({
  first: { start: 0, end: 45 },
  second: { start: 45, end: 90 },
  extraFirst: { start: 90, end: 105 },
  extraSecond: { start: 105, end: 120 },
});

/** A minute as shown: 31 is { minute: 31, added: null }, 45+2 is { minute: 45, added: 2 }. */
export interface MatchMinute {
  minute: number;
  added: number | null;
}

/**
 * The minute of the moment `playedSec` seconds of play into `period`. A negative span (a
 * browser clock slightly behind the server) still reads the period's first minute.
 */
export function minuteOfPlay(period: MatchPeriod, playedSec: number): MatchMinute {
  const { start, end } = PERIOD_MINUTES[period];
  const seconds = Number.isFinite(playedSec) ? Math.max(0, playedSec) : 0;
  const minute = start + Math.floor(seconds / 60) + 1;
  return minute > end ? { minute: end, added: minute - end } : { minute, added: null };
}

/** The minute counted without the split: 45+2 is 47 (for ordering and the chart's axis). */
export function elapsedMinute(value: MatchMinute): number {
  return value.minute + (value.added ?? 0);
}

/** An event's stored minute (`minute`, `added_minute`) as the rule's value; an added 0 is none. */
export function minuteOfEvent(event: { minute: number; added_minute?: number | null }): MatchMinute {
  const added = event.added_minute ?? null;
  return { minute: event.minute, added: added !== null && added > 0 ? added : null };
}

/** "31", "45+2": the minute without its mark, as translated texts embed it. */
export function formatMinute(value: MatchMinute): string {
  return value.added === null ? String(value.minute) : `${value.minute}+${value.added}`;
}

/** "31'", "45+2'": the minute with its mark, as the clock, the timeline and the pop-up show it. */
export function minuteLabel(value: MatchMinute): string {
  return `${formatMinute(value)}'`;
}
