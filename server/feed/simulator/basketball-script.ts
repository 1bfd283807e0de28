import type { Pair } from '../../../core/contracts/matches';
import type { BasketballRules } from './competitions';
import { createRandom, type Random } from './random';

/** Basketball status_id (see BasketballMatchSchema). */
export const BASKETBALL_STATUS = {
  abnormal: 0,
  notStarted: 1,
  firstQuarter: 2,
  endOfFirstQuarter: 3,
  secondQuarter: 4,
  halfTime: 5,
  thirdQuarter: 6,
  endOfThirdQuarter: 7,
  fourthQuarter: 8,
  overtime: 9,
  ended: 10,
  interrupted: 11,
  cancelled: 12,
  delayed: 13,
  cutInHalf: 14,
  toBeDetermined: 15,
} as const;

export type BasketballSide = 'home' | 'away';

export interface BasketballPhase {
  /** seconds since the scheduled tip-off (simulated time) */
  atSec: number;
  statusId: number;
  /** index of the period being played (0–3 quarters, 4+ overtimes), null in breaks */
  period: number | null;
  /** game-clock length of that period, seconds */
  periodSec: number;
}

export interface BasketballBasket {
  atSec: number;
  period: number;
  side: BasketballSide;
  points: 1 | 2 | 3;
}

export interface BasketballScript {
  sport: 'basketball';
  rules: BasketballRules;
  /** real seconds per game-clock second (timeouts, fouls, reviews stop the clock) */
  clockRatio: number;
  /** in time order; before the first one the game is not started */
  phases: BasketballPhase[];
  /** in time order */
  baskets: BasketballBasket[];
  endAtSec: number;
  final: { statusId: number; score: Pair; periods: Pair[] };
}

export interface ScriptBasketballMatchOptions {
  home: { strength: number };
  away: { strength: number };
  seed: number;
  /** fiba: 4 × 10 min (EuroLeague, BSL); nba: 4 × 12 min */
  rules?: BasketballRules;
}

const QUARTER_SECONDS: Record<BasketballRules, number> = { fiba: 10 * 60, nba: 12 * 60 };
const OVERTIME_SECONDS = 5 * 60;
/** average points per team and game: NBA ~115, EuroLeague/BSL ~82 */
const POINTS_PER_TEAM: Record<BasketballRules, number> = { fiba: 82, nba: 115 };
const SHORT_BREAK_SECONDS = 2 * 60;
const HALF_TIME_SECONDS = 15 * 60;
const MAX_OVERTIMES = 8;
/** 2-pointers, 3-pointers and free throws by share of scoring plays */
const BASKET_VALUES: readonly { points: 1 | 2 | 3; share: number }[] = [
  { points: 2, share: 0.55 },
  { points: 3, share: 0.28 },
  { points: 1, share: 0.17 },
];
const MEAN_BASKET_POINTS = BASKET_VALUES.reduce((sum, value) => sum + value.points * value.share, 0);
const DELAYED_CHANCE = 0.02;
const CANCELLED_CHANCE = 0.005;

const QUARTER_STATUS = [
  BASKETBALL_STATUS.firstQuarter,
  BASKETBALL_STATUS.secondQuarter,
  BASKETBALL_STATUS.thirdQuarter,
  BASKETBALL_STATUS.fourthQuarter,
] as const;
const BREAK_AFTER_QUARTER = [
  { statusId: BASKETBALL_STATUS.endOfFirstQuarter, seconds: SHORT_BREAK_SECONDS },
  { statusId: BASKETBALL_STATUS.halfTime, seconds: HALF_TIME_SECONDS },
  { statusId: BASKETBALL_STATUS.endOfThirdQuarter, seconds: SHORT_BREAK_SECONDS },
] as const;

function pickBasketPoints(random: Random): 1 | 2 | 3 {
  let roll = random.next();
  for (const value of BASKET_VALUES) {
    roll -= value.share;
    if (roll < 0) return value.points;
  }
  return 2;
}

/**
 * Decides a whole basketball game up front: scoring minute by minute from the teams'
 * strengths with runs (momentum swings from one side to the other), quarters with breaks,
 * a longer half time, 5-minute overtimes while tied, and the rare delay or cancellation.
 */
export function scriptBasketballMatch(options: ScriptBasketballMatchOptions): BasketballScript {
  const { home, away, seed, rules = 'fiba' } = options;
  const random = createRandom(seed);
  // An NBA quarter of 12 minutes takes ~28 real minutes, a FIBA quarter of 10 ~22.
  const clockRatio = Math.round(((rules === 'nba' ? 2.1 : 2.0) + random.next() * 0.4) * 100) / 100;

  if (random.chance(CANCELLED_CHANCE)) {
    const atSec = -random.int(10, 120) * 60;
    return {
      sport: 'basketball',
      rules,
      clockRatio,
      phases: [{ atSec, statusId: BASKETBALL_STATUS.cancelled, period: null, periodSec: 0 }],
      baskets: [],
      endAtSec: atSec,
      final: { statusId: BASKETBALL_STATUS.cancelled, score: [0, 0], periods: [] },
    };
  }

  const phases: BasketballPhase[] = [];
  const baskets: BasketballBasket[] = [];
  const periods: Pair[] = [];
  const score: Pair = [0, 0];
  let t = 0;
  if (random.chance(DELAYED_CHANCE)) {
    phases.push({ atSec: 0, statusId: BASKETBALL_STATUS.delayed, period: null, periodSec: 0 });
    t = random.int(2, 8) * 5 * 60;
  }

  const gap = home.strength - away.strength;
  const gameMinutes = (QUARTER_SECONDS[rules] * 4) / 60;
  const perMinute = POINTS_PER_TEAM[rules] / gameMinutes;
  const basePoints: Record<BasketballSide, number> = {
    home: perMinute * (1 + 0.3 * gap) * 1.012,
    away: perMinute * (1 - 0.3 * gap) * 0.988,
  };
  // Momentum in [-1, 1]: positive favours the home side. It drifts minute by minute, which
  // is what makes 10–0 runs and comebacks.
  let momentum = 0;

  const playPeriod = (period: number, statusId: number, periodSec: number): void => {
    phases.push({ atSec: t, statusId, period, periodSec });
    const points: Pair = [0, 0];
    for (let minute = 0; minute < periodSec / 60; minute++) {
      momentum = Math.max(-1, Math.min(1, 0.65 * momentum + random.normal(0, 0.4)));
      for (const side of ['home', 'away'] as const) {
        const swing = side === 'home' ? 1 + 0.3 * momentum : 1 - 0.3 * momentum;
        const plays = random.poisson((basePoints[side] * swing) / MEAN_BASKET_POINTS);
        for (let i = 0; i < plays; i++) {
          const gameSec = minute * 60 + random.int(1, 59);
          const value = pickBasketPoints(random);
          baskets.push({ atSec: t + Math.floor(gameSec * clockRatio), period, side, points: value });
          points[side === 'home' ? 0 : 1] += value;
        }
      }
    }
    periods.push(points);
    score[0] += points[0];
    score[1] += points[1];
    t += Math.ceil(periodSec * clockRatio);
  };

  for (let quarter = 0; quarter < 4; quarter++) {
    playPeriod(quarter, QUARTER_STATUS[quarter] as number, QUARTER_SECONDS[rules]);
    const pause = BREAK_AFTER_QUARTER[quarter];
    if (pause) {
      phases.push({ atSec: t, statusId: pause.statusId, period: null, periodSec: 0 });
      t += pause.seconds;
    }
  }
  for (let overtime = 0; score[0] === score[1]; overtime++) {
    // The clock stays at 0:00 of the period that ended level until overtime tips off.
    phases.push({ atSec: t, statusId: overtime === 0 ? BASKETBALL_STATUS.fourthQuarter : BASKETBALL_STATUS.overtime, period: null, periodSec: 0 });
    t += SHORT_BREAK_SECONDS;
    playPeriod(4 + overtime, BASKETBALL_STATUS.overtime, OVERTIME_SECONDS);
    if (overtime + 1 >= MAX_OVERTIMES && score[0] === score[1]) {
      // Practically never reached; a last free throw keeps the game finite.
      const side = random.chance(0.5) ? 'home' : 'away';
      baskets.push({ atSec: t - 1, period: 4 + overtime, side, points: 1 });
      const last = periods[periods.length - 1] as Pair;
      last[side === 'home' ? 0 : 1] += 1;
      score[side === 'home' ? 0 : 1] += 1;
    }
  }
  phases.push({ atSec: t, statusId: BASKETBALL_STATUS.ended, period: null, periodSec: 0 });
  baskets.sort((a, b) => a.atSec - b.atSec);

  return {
    sport: 'basketball',
    rules,
    clockRatio,
    phases,
    baskets,
    endAtSec: t,
    final: { statusId: BASKETBALL_STATUS.ended, score: [score[0], score[1]], periods: periods.map((pair) => [pair[0], pair[1]]) },
  };
}
