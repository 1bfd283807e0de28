import { minuteOfPlay, type MatchPeriod } from '../../../../core/match/minute';
import { FOOTBALL_STATUS } from '../../simulator/football-script';
import { StatsbombFileError, type StatsbombEvent } from './statsbomb-schema';

/**
 * The timeline phase of a StatsBomb replay: where each period sits in match time (breaks
 * included) and how StatsBomb's clock reads as the catalogue's minutes.
 */

/** Breaks between periods, in seconds: half time, before extra time, between its halves, before the shoot-out. */
const BREAK_BEFORE_PERIOD: Readonly<Record<number, number>> = { 2: 15 * 60, 3: 5 * 60, 4: 60, 5: 3 * 60 };
/** The minute a period's regular time ends at (45, 90, 105, 120) and the minute before it starts. */
export const REGULAR_END_MINUTE: Readonly<Record<number, number>> = { 1: 45, 2: 90, 3: 105, 4: 120, 5: 120 };
export const BASE_MINUTE: Readonly<Record<number, number>> = { 1: 0, 2: 45, 3: 90, 4: 105, 5: 120 };
export const PLAYING_STATUS: Readonly<Record<number, number>> = {
  1: FOOTBALL_STATUS.firstHalf,
  2: FOOTBALL_STATUS.secondHalf,
  3: FOOTBALL_STATUS.overtime,
  4: FOOTBALL_STATUS.overtime,
  5: FOOTBALL_STATUS.penaltyShootOut,
};

export interface PeriodTimes {
  period: number;
  /** seconds into the period of its start and end (StatsBomb timestamps) */
  startTs: number;
  endTs: number;
  /** match seconds (kick-off 0, breaks included) at which the period starts */
  offsetSec: number;
}

/** "00:45:05.267" → 2705.267 */
export function timestampSec(timestamp: string): number {
  const [hours = '0', minutes = '0', seconds = '0'] = timestamp.split(':');
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds);
}

const PERIOD_OF: Readonly<Record<number, MatchPeriod>> = { 1: 'first', 2: 'second', 3: 'extraFirst', 4: 'extraSecond' };

/**
 * The clock's minute of an event by the one minute rule (core/match/minute.ts, decision 111):
 * 45+2 is minute 45, added 2. StatsBomb's minute is the whole minutes played since kick-off
 * (0-based, the second half starting at 45), so the minute being played is one more.
 */
export function clockMinute(period: number, minute: number): { minute: number; addedMinute: number | null } {
  const name = PERIOD_OF[period];
  if (name === undefined) return { minute: REGULAR_END_MINUTE[5]!, addedMinute: null };
  const shown = minuteOfPlay(name, (minute - BASE_MINUTE[period]!) * 60);
  return { minute: shown.minute, addedMinute: shown.added };
}

/** The momentum chart's minute: added time counts in the half's last minute, as in the simulator. */
export function momentumMinute(period: number, minute: number): number {
  return clockMinute(period, minute).minute;
}

/** The periods the file plays, each placed in match time after the breaks before it. */
export function readPeriods(events: readonly StatsbombEvent[]): { periodOf(period: number): PeriodTimes; lastPeriod: number } {
  const periods: PeriodTimes[] = [];
  for (const event of events) {
    const ts = timestampSec(event.timestamp);
    let times = periods.find((entry) => entry.period === event.period);
    if (!times) {
      times = { period: event.period, startTs: ts, endTs: ts, offsetSec: 0 };
      periods.push(times);
    }
    if (event.type.name === 'Half Start') times.startTs = Math.min(times.startTs, ts);
    times.endTs = Math.max(times.endTs, ts);
  }
  periods.sort((a, b) => a.period - b.period);
  if (periods[0]?.period !== 1) throw new StatsbombFileError('events file: the first half is missing');
  let previousEnd = 0;
  for (const times of periods) {
    times.offsetSec = times.period === 1 ? 0 : previousEnd + (BREAK_BEFORE_PERIOD[times.period] ?? 0) - times.startTs;
    previousEnd = times.offsetSec + times.endTs;
  }
  return { periodOf: (period) => periods.find((entry) => entry.period === period)!, lastPeriod: periods[periods.length - 1]!.period };
}
