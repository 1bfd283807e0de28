import { FOOTBALL_STATUS, basketballStatusLabelKey, footballStatusLabelKey, isBasketballPlaying } from './status';

export type FootballClock = { kind: 'minute'; text: string; minute: number } | { kind: 'label'; key: string };

const REGULAR_HALF_MINUTES = 45;

/**
 * What a football row shows in place of the clock (section 4, "Clock display").
 *
 * `kick_off_time` is the start of the half being played, so the first half counts from
 * kick-off and the second half from the restart:
 * - first half (2): whole minutes since kick-off, at least 1; past 45 it reads '45+n';
 * - second half (4): 45 + whole minutes since the restart (at least 1); past 90 it reads '90+n'.
 * Every other status shows its label. The specification says the label is translated for
 * 8, 9, 10, 12 and 13; we translate all of them, because an untranslated label would be the
 * only raw word on a localised page.
 * A half without a known start (kick_off_time 0) also shows its label: counting from 1970
 * would print a nonsense minute.
 */
export function footballClock(m: { status_id: number; kick_off_time: number }, nowSec: number): FootballClock {
  const isFirstHalf = m.status_id === FOOTBALL_STATUS.FIRST_HALF;
  const isSecondHalf = m.status_id === FOOTBALL_STATUS.SECOND_HALF;
  if ((!isFirstHalf && !isSecondHalf) || m.kick_off_time <= 0) {
    return { kind: 'label', key: footballStatusLabelKey(m.status_id) };
  }
  // A clock slightly behind the server gives a negative span; it still reads minute 1.
  const elapsed = Math.max(1, Math.floor((nowSec - m.kick_off_time) / 60));
  const halfEnd = isFirstHalf ? REGULAR_HALF_MINUTES : 2 * REGULAR_HALF_MINUTES;
  const minute = isFirstHalf ? elapsed : REGULAR_HALF_MINUTES + elapsed;
  const text = minute > halfEnd ? `${halfEnd}+${minute - halfEnd}` : String(minute);
  return { kind: 'minute', text, minute };
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
