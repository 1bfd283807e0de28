import type { ScoreDetails } from '../contracts/match-centre';
import type { Pair } from '../contracts/matches';

/** Event catalogue entries (section 3) the match centre counts. */
export const EVENT_GOAL = 0;
export const EVENT_OWN_GOAL = 15;
export const EVENT_VAR = 24;
/** What a VAR event's `detail` says when it took a goal back (match_events.detail). */
export const VAR_NO_GOAL = 'no goal';

/** The last minute of regular time: added time of the second half is minute 90 + n. */
const REGULAR_TIME_MINUTES = 90;

export interface TimelineEvent {
  type: number;
  minute: number;
  side: 'home' | 'away' | null;
  detail: string | null;
}

/**
 * The goals (and own goals) that stand, from a match's events in timeline order: a VAR
 * decision 'no goal' takes back the latest standing goal of its side (the side whose score
 * went up). Own goals stay in the list; callers that credit scorers leave them out.
 */
export function standingGoals<E extends TimelineEvent>(events: readonly E[]): E[] {
  const goals: E[] = [];
  for (const event of events) {
    if (event.type === EVENT_GOAL || event.type === EVENT_OWN_GOAL) {
      if (event.side) goals.push(event);
    } else if (event.type === EVENT_VAR && event.detail === VAR_NO_GOAL && event.side) {
      for (let index = goals.length - 1; index >= 0; index -= 1) {
        if (goals[index]!.side === event.side) {
          goals.splice(index, 1);
          break;
        }
      }
    }
  }
  return goals;
}

export interface FootballScoreColumns {
  homeScore: number;
  awayScore: number;
  htHome: number | null;
  htAway: number | null;
  etHome: number | null;
  etAway: number | null;
  penHome: number | null;
  penAway: number | null;
}

function pairOf(home: number | null, away: number | null): Pair | null {
  return home !== null && away !== null ? [home, away] : null;
}

function minus(a: Pair, b: Pair): Pair | null {
  const difference: Pair = [a[0] - b[0], a[1] - b[1]];
  return difference[0] >= 0 && difference[1] >= 0 ? difference : null;
}

/**
 * Football scores by period, each period's own goals: h1 (the half-time score), h2 (regular
 * time minus half time), et (goals of extra time), pen (the shoot-out). `final` is the score
 * after extra time when one was played, else the match score; the shoot-out is never in it.
 *
 * Sources keep extra time in two ways: the match score a0/b0 stays the regular-time score and
 * et_* holds the score after extra time (openfootball's ft/et), or a0/b0 run on through extra
 * time and equal et_*. In the second case the regular-time score is read from the goal events
 * up to minute 90, when they account for every goal; otherwise h2 and et are left out rather
 * than guessed.
 *
 * An awarded match's score was given, not played: only its first half (as played before it
 * stopped, decision 088) is a period; the rest of the score was never scored in a half, so no
 * second half is made up by subtracting.
 */
export function footballScoreDetails(columns: FootballScoreColumns, events: readonly TimelineEvent[], options: { awarded?: boolean } = {}): ScoreDetails {
  const score: Pair = [columns.homeScore, columns.awayScore];
  const halfTime = pairOf(columns.htHome, columns.htAway);
  if (options.awarded) return { periods: halfTime ? [{ label: 'h1', score: halfTime }] : [], final: score };
  const extraTime = pairOf(columns.etHome, columns.etAway);
  const shootOut = pairOf(columns.penHome, columns.penAway);

  let regular: Pair | null = score;
  if (extraTime && extraTime[0] === score[0] && extraTime[1] === score[1]) {
    regular = regularTimeFromGoals(events, extraTime);
  }

  const periods: ScoreDetails['periods'] = [];
  if (halfTime) periods.push({ label: 'h1', score: halfTime });
  const secondHalf = halfTime && regular ? minus(regular, halfTime) : null;
  if (secondHalf) periods.push({ label: 'h2', score: secondHalf });
  const extraGoals = extraTime && regular ? minus(extraTime, regular) : null;
  if (extraGoals) periods.push({ label: 'et', score: extraGoals });
  if (shootOut) periods.push({ label: 'pen', score: shootOut });
  return { periods, final: extraTime ?? score };
}

function regularTimeFromGoals(events: readonly TimelineEvent[], afterExtraTime: Pair): Pair | null {
  const all: Pair = [0, 0];
  const regular: Pair = [0, 0];
  for (const goal of standingGoals(events)) {
    const index = goal.side === 'home' ? 0 : 1;
    all[index] += 1;
    if (goal.minute <= REGULAR_TIME_MINUTES) regular[index] += 1;
  }
  return all[0] === afterExtraTime[0] && all[1] === afterExtraTime[1] ? regular : null;
}

/** Basketball scores by period: q1–q4, then one `ot` per overtime; `final` is the match score. */
export function basketballScoreDetails(periods: readonly Pair[], score: Pair): ScoreDetails {
  const labels = ['q1', 'q2', 'q3', 'q4'] as const;
  return {
    periods: periods.map((points, index) => ({ label: labels[index] ?? 'ot', score: [points[0], points[1]] })),
    final: [score[0], score[1]],
  };
}
