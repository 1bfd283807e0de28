import { elapsedMinute, formatMinute, minuteOfPlay } from './minute';
import { FOOTBALL_STATUS, basketballStatusLabelKey, footballStatusLabelKey, isBasketballPlaying } from './status';

export type FootballClock = { kind: 'minute'; text: string; minute: number } | { kind: 'label'; key: string };

/**
 * What a football row shows in place of the clock (section 4, "Clock display").
 *
 * `kick_off_time` is the start of the half being played, so the first half counts from
 * kick-off and the second half from the restart. The minute is the one rule of
 * core/match/minute.ts (decision 111): the minute being played, so 0:00–0:59 reads 1', 30:59
 * reads 31' and 31:00 reads 32' — the same minute an event at that moment gets; past 45 the
 * first half reads '45+n', past 90 the second '90+n'. `minute` is the count without the split
 * (45+1 is 46).
 * Every other status shows its label, extra time included: its status (5) is the same for
 * both halves of extra time and the break between them, so no minute could be counted from
 * it. The specification says the label is translated for 8, 9, 10, 12 and 13; we translate
 * all of them, because an untranslated label would be the only raw word on a localised page.
 * A half without a known start (kick_off_time 0) also shows its label: counting from 1970
 * would print a nonsense minute.
 */
export function footballClock(m: { status_id: number; kick_off_time: number }, nowSec: number): FootballClock {
  const isFirstHalf = m.status_id === FOOTBALL_STATUS.FIRST_HALF;
  const isSecondHalf = m.status_id === FOOTBALL_STATUS.SECOND_HALF;
  if ((!isFirstHalf && !isSecondHalf) || m.kick_off_time <= 0) {
    return { kind: 'label', key: footballStatusLabelKey(m.status_id) };
  }
  const shown = minuteOfPlay(isFirstHalf ? 'first' : 'second', nowSec - m.kick_off_time);
  return { kind: 'minute', text: formatMinute(shown), minute: elapsedMinute(shown) };
}

export interface BasketballClock {
  /** label key of the period or state ('status.basketball.2' = first quarter, ...) */
  periodKey: string;
  /** time left in the period as mm:ss while a period is played, otherwise null */
  time: string | null;
}

export function basketballClock(m: { status_id: number; clock: number | null }): BasketballClock {
  const periodKey = basketballStatusLabelKey(m.status_id);
  if (!isBasketballPlaying(m.status_id) || m.clock === null || !Number.isFinite(m.clock)) {
    return { periodKey, time: null };
  }
  const seconds = Math.max(0, Math.floor(m.clock));
  const mm = String(Math.floor(seconds / 60)).padStart(2, '0');
  const ss = String(seconds % 60).padStart(2, '0');
  return { periodKey, time: `${mm}:${ss}` };
}
