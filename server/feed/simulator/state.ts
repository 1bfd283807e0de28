import type { Pair } from '../../../core/contracts/matches';
import { BASKETBALL_STATUS, type BasketballPhase, type BasketballScript } from './basketball-script';
import { FOOTBALL_STATUS, type FootballPhase, type FootballScript } from './football-script';

/**
 * The state of a scripted match at any moment is a pure function of (script, time), so a
 * server that starts mid-day simply shows every match where it is by now, and a restart
 * never loses or repeats a goal.
 */

export interface FootballState {
  statusId: number;
  homeScore: number;
  awayScore: number;
  halfTime: Pair | null;
  red: Pair;
  yellow: Pair;
  corner: Pair;
  /**
   * While a half is played: when it kicked off, in seconds since the scheduled start, as if
   * it had never been interrupted (so the clock shows played time). Otherwise null.
   */
  kickOffOffsetSec: number | null;
  /** while a half is played: seconds played in it, else null */
  halfPlayedSec: number | null;
  /** how many of the script's events have happened */
  eventCount: number;
}

export interface BasketballState {
  statusId: number;
  homeScore: number;
  awayScore: number;
  /** points per period so far (the period being played included) */
  periods: Pair[];
  /** seconds left in the period being played, else null */
  clock: number | null;
}

/** Index of the last item whose atSec is at or before `elapsedSec`, or -1. */
function findLastAtOrBefore(items: readonly { atSec: number }[], elapsedSec: number): number {
  let low = 0;
  let high = items.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((items[middle] as { atSec: number }).atSec <= elapsedSec) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

/** `elapsedSec`: simulated seconds since the scheduled kick-off (negative before it). */
export function footballStateAt(script: FootballScript, elapsedSec: number): FootballState {
  const phase: FootballPhase | undefined = script.phases[findLastAtOrBefore(script.phases, elapsedSec)];
  const eventCount = findLastAtOrBefore(script.events, elapsedSec) + 1;
  const score: Pair = [0, 0];
  const red: Pair = [0, 0];
  const yellow: Pair = [0, 0];
  const corner: Pair = [0, 0];
  for (let i = 0; i < eventCount; i++) {
    const change = script.events[i]?.change;
    if (!change) continue;
    if (change.score) {
      score[0] += change.score[0];
      score[1] += change.score[1];
    }
    if (change.red) {
      red[0] += change.red[0];
      red[1] += change.red[1];
    }
    if (change.yellow) {
      yellow[0] += change.yellow[0];
      yellow[1] += change.yellow[1];
    }
    if (change.corner) {
      corner[0] += change.corner[0];
      corner[1] += change.corner[1];
    }
  }
  const isPlaying = phase !== undefined && phase.half !== null;
  const halfPlayedSec = isPlaying ? phase.playedAtStartSec + (elapsedSec - phase.atSec) : null;
  return {
    statusId: phase?.statusId ?? FOOTBALL_STATUS.notStarted,
    homeScore: score[0],
    awayScore: score[1],
    halfTime: script.halfTimeAtSec !== null && elapsedSec >= script.halfTimeAtSec ? script.halfTime : null,
    red,
    yellow,
    corner,
    kickOffOffsetSec: isPlaying ? phase.atSec - phase.playedAtStartSec : null,
    halfPlayedSec,
    eventCount,
  };
}

/** `elapsedSec`: simulated seconds since the scheduled tip-off (negative before it). */
export function basketballStateAt(script: BasketballScript, elapsedSec: number): BasketballState {
  const phaseIndex = findLastAtOrBefore(script.phases, elapsedSec);
  const phase: BasketballPhase | undefined = script.phases[phaseIndex];
  if (!phase) return { statusId: BASKETBALL_STATUS.notStarted, homeScore: 0, awayScore: 0, periods: [], clock: null };

  // Periods started so far: the one being played, or every one before a break.
  let startedPeriods = 0;
  for (let i = 0; i <= phaseIndex; i++) {
    const period = script.phases[i]?.period;
    if (period !== null && period !== undefined) startedPeriods = Math.max(startedPeriods, period + 1);
  }
  const periods: Pair[] = Array.from({ length: startedPeriods }, () => [0, 0] as Pair);
  const basketCount = findLastAtOrBefore(script.baskets, elapsedSec) + 1;
  for (let i = 0; i < basketCount; i++) {
    const basket = script.baskets[i];
    const pair = basket ? periods[basket.period] : undefined;
    if (!basket || !pair) continue;
    pair[basket.side === 'home' ? 0 : 1] += basket.points;
  }
  const homeScore = periods.reduce((sum, pair) => sum + pair[0], 0);
  const awayScore = periods.reduce((sum, pair) => sum + pair[1], 0);
  const clock =
    phase.period === null ? null : Math.max(0, phase.periodSec - Math.floor((elapsedSec - phase.atSec) / script.clockRatio));
  return { statusId: phase.statusId, homeScore, awayScore, periods, clock };
}
