import type { BasketballStats, FootballStats, MomentumMinute } from '../../../core/contracts/match-data';
import type { Pair } from '../../../core/contracts/matches';
import type { BasketballScript } from './basketball-script';
import { minuteOfPlay } from '../../../core/match/minute';
import { FOOTBALL_EVENT, type FootballScript } from './football-script';
import { createRandom } from './random';

/**
 * The simulator's match statistics. What the script decides (goals, shots, corners, cards,
 * offsides) is counted from its events, so the statistics never disagree with the timeline;
 * what it does not decide (possession, attacks, dangerous attacks; basketball attempts,
 * rebounds, assists…) is drawn once per match from its own seeded stream, minute by minute,
 * leaning towards the side that creates more in the script. Like the script, the statistics
 * at any moment are a pure function of (script, seed, time).
 */

/** One played minute of a football match. */
export interface FootballStatsMinute {
  /** seconds since the scheduled kick-off at which the minute is complete */
  atSec: number;
  /** the minute as the clock shows it, added time counted in the half's last minute */
  minute: number;
  attacks: Pair;
  dangerous: Pair;
  /** the home side's share of the ball in this minute, 0..1 */
  homeShare: number;
  /** attack momentum of the minute: dangerous attacks and shots, weighted */
  pressure: Pair;
}

const SHOT_TYPES = new Set<number>([FOOTBALL_EVENT.goal, FOOTBALL_EVENT.shotsOnTarget, FOOTBALL_EVENT.shotsOffTarget, FOOTBALL_EVENT.penaltyMissed]);

function sideIndex(side: 'home' | 'away' | null): 0 | 1 | null {
  return side === 'home' ? 0 : side === 'away' ? 1 : null;
}

/** The played minutes of a scripted football match with their drawn statistics. */
export function scriptFootballStats(script: FootballScript, seed: number): FootballStatsMinute[] {
  const random = createRandom(seed);
  // How much of the play each side has: from what the script lets them create.
  const created: Pair = [1, 1];
  for (const event of script.events) {
    const index = sideIndex(event.side);
    if (index !== null && (SHOT_TYPES.has(event.type) || event.type === FOOTBALL_EVENT.corner)) created[index] += 1;
  }
  const lean = created[0] / (created[0] + created[1]);

  const minutes: FootballStatsMinute[] = [];
  let eventIndex = 0;
  script.phases.forEach((phase, index) => {
    if (phase.half === null) return;
    const endSec = script.phases[index + 1]?.atSec ?? script.endAtSec;
    const half = phase.half;
    for (let played = (Math.floor(phase.playedAtStartSec / 60) + 1) * 60; ; played += 60) {
      const atSec = phase.atSec + (played - phase.playedAtStartSec);
      if (atSec > endSec) break;
      const shots: Pair = [0, 0];
      const chances: Pair = [0, 0];
      while (eventIndex < script.events.length && script.events[eventIndex]!.atSec <= atSec) {
        const event = script.events[eventIndex]!;
        eventIndex += 1;
        const side = sideIndex(event.side);
        if (side === null) continue;
        if (SHOT_TYPES.has(event.type)) shots[side] += 1;
        if (SHOT_TYPES.has(event.type) || event.type === FOOTBALL_EVENT.corner || event.type === FOOTBALL_EVENT.penalty) chances[side] += 1;
      }
      const homeShare = Math.min(0.8, Math.max(0.2, random.normal(0.5 + (lean - 0.5) * 0.6, 0.12)));
      const attacks: Pair = [random.poisson(0.9 * homeShare * 2), random.poisson(0.9 * (1 - homeShare) * 2)];
      const dangerous: Pair = [
        Math.min(attacks[0] + chances[0], random.poisson(0.45 * lean * 2) + chances[0]),
        Math.min(attacks[1] + chances[1], random.poisson(0.45 * (1 - lean) * 2) + chances[1]),
      ];
      attacks[0] = Math.max(attacks[0], dangerous[0]);
      attacks[1] = Math.max(attacks[1], dangerous[1]);
      // The minute that just ended, by the one minute rule (decision 111); added time counts in
      // the half's last minute (45+2 is the chart's 45).
      const minute = minuteOfPlay(half, played - 60).minute;
      minutes.push({
        atSec,
        minute,
        attacks,
        dangerous,
        homeShare,
        pressure: [dangerous[0] * 2 + shots[0] * 3, dangerous[1] * 2 + shots[1] * 3],
      });
    }
  });
  return minutes;
}

/** Index of the first minute not yet complete at `elapsedSec`. */
export function playedMinuteCount(minutes: readonly FootballStatsMinute[], elapsedSec: number): number {
  let low = 0;
  let high = minutes.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (minutes[middle]!.atSec <= elapsedSec) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The statistics at `elapsedSec`: counted from the script's events and the minutes played. */
export function footballStatsAt(script: FootballScript, minutes: readonly FootballStatsMinute[], elapsedSec: number): FootballStats {
  const count = playedMinuteCount(minutes, elapsedSec);
  const shotsOn: Pair = [0, 0];
  const shotsOff: Pair = [0, 0];
  const corners: Pair = [0, 0];
  const yellow: Pair = [0, 0];
  const red: Pair = [0, 0];
  const offsides: Pair = [0, 0];
  for (const event of script.events) {
    if (event.atSec > elapsedSec) break;
    const side = sideIndex(event.side);
    if (side === null) continue;
    if (event.type === FOOTBALL_EVENT.goal || event.type === FOOTBALL_EVENT.shotsOnTarget) shotsOn[side] += 1;
    else if (event.type === FOOTBALL_EVENT.shotsOffTarget || event.type === FOOTBALL_EVENT.penaltyMissed) shotsOff[side] += 1;
    else if (event.type === FOOTBALL_EVENT.offside) offsides[side] += 1;
    if (event.change?.corner) {
      corners[0] += event.change.corner[0];
      corners[1] += event.change.corner[1];
    }
    if (event.change?.yellow) {
      yellow[0] += event.change.yellow[0];
      yellow[1] += event.change.yellow[1];
    }
    if (event.change?.red) {
      red[0] += event.change.red[0];
      red[1] += event.change.red[1];
    }
  }
  const attacks: Pair = [0, 0];
  const dangerous: Pair = [0, 0];
  let share = 0;
  for (let i = 0; i < count; i++) {
    const minute = minutes[i]!;
    attacks[0] += minute.attacks[0];
    attacks[1] += minute.attacks[1];
    dangerous[0] += minute.dangerous[0];
    dangerous[1] += minute.dangerous[1];
    share += minute.homeShare;
  }
  const home = count === 0 ? 50 : Math.round((share / count) * 100);
  return {
    kind: 'football',
    possession: [home, 100 - home],
    shots_on: shotsOn,
    shots_off: shotsOff,
    attacks,
    dangerous_attacks: dangerous,
    corners,
    yellow_cards: yellow,
    red_cards: red,
    offsides,
  };
}

/**
 * Momentum of the minutes [from, to) of `minutes`, one entry per clock minute: added time
 * adds up in its half's last minute, so an entry is sent again (and replaced) while it grows.
 */
export function momentumOf(minutes: readonly FootballStatsMinute[], from: number, to: number): MomentumMinute[] {
  if (to <= from) return [];
  const touched = new Set<number>();
  for (let i = from; i < to; i++) touched.add(minutes[i]!.minute);
  const byMinute = new Map<number, MomentumMinute>();
  // A touched clock minute is sent whole: every played entry of it up to `to`.
  for (let i = 0; i < to; i++) {
    const entry = minutes[i]!;
    if (!touched.has(entry.minute)) continue;
    const current = byMinute.get(entry.minute) ?? { minute: entry.minute, home: 0, away: 0 };
    current.home += entry.pressure[0];
    current.away += entry.pressure[1];
    byMinute.set(entry.minute, current);
  }
  return [...byMinute.values()].sort((a, b) => a.minute - b.minute);
}

/** What one basket cost to score: the misses before it, drawn per basket. */
export interface BasketballAttemptScript {
  /** field-goal misses before this basket (its side) */
  fieldMisses: number;
  /** free-throw misses before this basket (its side) */
  freeThrowMisses: number;
  /** three-point misses among the field misses */
  threeMisses: number;
  /** the basket was assisted (field goals only) */
  assisted: boolean;
  /** turnovers and fouls of its side since its last basket */
  turnovers: number;
  fouls: number;
}

/** Shooting and the rest of the box score of each basket, from the match's own stream. */
export function scriptBasketballBox(script: BasketballScript, seed: number): BasketballAttemptScript[] {
  const random = createRandom(seed);
  return script.baskets.map((basket) => {
    const isFreeThrow = basket.points === 1;
    // Roughly 47 % from the field, 36 % from three, 77 % from the line (league averages).
    const fieldMisses = isFreeThrow ? 0 : random.poisson(1.1);
    const threeMisses = Math.min(fieldMisses, random.poisson(basket.points === 3 ? 1.4 : 0.35));
    return {
      fieldMisses,
      freeThrowMisses: isFreeThrow ? random.poisson(0.3) : 0,
      threeMisses,
      assisted: !isFreeThrow && random.chance(0.6),
      turnovers: random.poisson(0.35),
      fouls: random.poisson(0.45),
    };
  });
}

/** The team box score at `elapsedSec`. */
export function basketballBoxAt(script: BasketballScript, attempts: readonly BasketballAttemptScript[], elapsedSec: number): BasketballStats {
  const fgm: Pair = [0, 0];
  const fga: Pair = [0, 0];
  const tpm: Pair = [0, 0];
  const tpa: Pair = [0, 0];
  const ftm: Pair = [0, 0];
  const fta: Pair = [0, 0];
  const assists: Pair = [0, 0];
  const turnovers: Pair = [0, 0];
  const fouls: Pair = [0, 0];
  const misses: Pair = [0, 0];
  script.baskets.forEach((basket, index) => {
    if (basket.atSec > elapsedSec) return;
    const side = basket.side === 'home' ? 0 : 1;
    const attempt = attempts[index]!;
    if (basket.points === 1) {
      ftm[side] += 1;
      fta[side] += 1 + attempt.freeThrowMisses;
    } else {
      fgm[side] += 1;
      fga[side] += 1 + attempt.fieldMisses;
      misses[side] += attempt.fieldMisses;
      tpa[side] += attempt.threeMisses + (basket.points === 3 ? 1 : 0);
      if (basket.points === 3) tpm[side] += 1;
      if (attempt.assisted) assists[side] += 1;
    }
    turnovers[side] += attempt.turnovers;
    fouls[side] += attempt.fouls;
  });
  // Three in four misses are rebounded by the defence, the rest by the shooting side.
  const rebounds: Pair = [
    Math.round(misses[1] * 0.74 + misses[0] * 0.26),
    Math.round(misses[0] * 0.74 + misses[1] * 0.26),
  ];
  return {
    kind: 'basketball',
    field_goals_made: fgm,
    field_goals_attempted: fga,
    three_points_made: tpm,
    three_points_attempted: tpa,
    free_throws_made: ftm,
    free_throws_attempted: fta,
    rebounds,
    assists,
    turnovers,
    fouls,
  };
}
