import type { Pair } from '../../../core/contracts/matches';
import { minuteOfPlay } from '../../../core/match/minute';
import { createRandom, type Random } from './random';

/** Football status_id (specification section 4). */
export const FOOTBALL_STATUS = {
  abnormal: 0,
  notStarted: 1,
  firstHalf: 2,
  halfTime: 3,
  secondHalf: 4,
  overtime: 5,
  penaltyShootOut: 7,
  ended: 8,
  delayed: 9,
  interrupted: 10,
  cutInHalf: 11,
  cancelled: 12,
  toBeDetermined: 13,
} as const;

/** Index of each entry in the section 3 match event catalogue. */
export const FOOTBALL_EVENT = {
  goal: 0,
  corner: 1,
  yellowCard: 2,
  redCard: 3,
  offside: 4,
  freeKick: 5,
  goalKick: 6,
  penalty: 7,
  substitution: 8,
  start: 9,
  midfield: 10,
  end: 11,
  halftimeScore: 12,
  cardUpgradeConfirmed: 13,
  penaltyMissed: 14,
  ownGoal: 15,
  injuryTime: 16,
  shotsOnTarget: 17,
  shotsOffTarget: 18,
  attacks: 19,
  dangerousAttack: 20,
  ballPossession: 21,
  overtimeOver: 22,
  penaltyKickEnded: 23,
  var: 24,
  penaltyShootOut: 25,
  penaltyShootOutMissed: 26,
} as const;

export type Side = 'home' | 'away';
export type FootballHalf = 'first' | 'second' | 'extraFirst' | 'extraSecond';

/** A stretch of the match with one status; the next phase ends it. */
export interface FootballPhase {
  /** seconds since the scheduled kick-off (simulated time) */
  atSec: number;
  statusId: number;
  /** the half being played while the ball is in play, else null */
  half: FootballHalf | null;
  /** seconds of that half already played when this phase begins (non-zero after an interruption) */
  playedAtStartSec: number;
}

/** Changes of the match counters an event brings; each pair is [home, away]. */
export interface CounterChange {
  score?: Pair;
  yellow?: Pair;
  red?: Pair;
  corner?: Pair;
}

export interface FootballScriptEvent {
  /** position in the match's event list, stable for a seed */
  seq: number;
  /** seconds since the scheduled kick-off */
  atSec: number;
  /** FOOTBALL_EVENT index */
  type: number;
  /** for goals and own goals: the side whose score goes up */
  side: Side | null;
  /** match minute by the one minute rule (decision 111): a goal at 45+2 is minute 45, addedMinute 2 */
  minute: number;
  /** minutes of added time, or null (and absent on the markers of a half's end) */
  addedMinute?: number | null;
  change?: CounterChange;
}

export interface FootballScript {
  sport: 'football';
  isKnockout: boolean;
  /** in time order; before the first one the match is not started */
  phases: FootballPhase[];
  /** in time order */
  events: FootballScriptEvent[];
  /** when the half-time score becomes known (start of half time), null if never */
  halfTimeAtSec: number | null;
  halfTime: Pair | null;
  /** when the match reaches its last status */
  endAtSec: number;
  final: { statusId: number; score: Pair; penalties: Pair | null };
}

export interface ScriptTeam {
  /** 0 (weakest) .. 1 (strongest) */
  strength: number;
}

export interface ScriptFootballMatchOptions {
  home: ScriptTeam;
  away: ScriptTeam;
  seed: number;
  /** cup tie: a draw goes to extra time and penalties */
  isKnockout?: boolean;
  /**
   * The competition's real goals per match (its season in the data): expected goals are scaled
   * so the league scores like itself (Argentina ~2.0, the CSL ~3.1). Absent: the European level.
   */
  goalsPerMatch?: number;
}

const HALF_SECONDS = 45 * 60;
const EXTRA_HALF_SECONDS = 15 * 60;
const HALF_TIME_BREAK_SECONDS = 15 * 60;

/**
 * Expected goals: ~1.5 for the home side and ~1.2 for the away side between equal teams
 * (the long-run European averages: 2.7 goals a match, home wins ~45 %), scaled by the
 * strength gap.
 */
const HOME_GOALS_BASE = 1.53;
const AWAY_GOALS_BASE = 1.22;
const STRENGTH_GOAL_FACTOR = 1.25;
/** Goals per regular-time match the bases above give over a real league's spread of strengths (measured, decision 091). */
const BASE_GOALS_PER_MATCH = 2.83;

/**
 * Dixon and Coles' correction to two independent Poisson counts (Dixon & Coles 1997): real
 * matches end 0–0 and 1–1 more often, 1–0 and 0–1 less often, than independent scoring gives.
 * Without it the simulated draw rate sat near 21 % against 25.6 % in the real 2024-25 leagues
 * of the data (decision 091). ρ = −0.13 is in the range their fit and later ones report.
 */
const LOW_SCORE_RHO = -0.13;

function lowScoreWeight(home: number, away: number, expected: Record<Side, number>): number {
  if (home === 0 && away === 0) return 1 - expected.home * expected.away * LOW_SCORE_RHO;
  if (home === 0 && away === 1) return 1 + expected.home * LOW_SCORE_RHO;
  if (home === 1 && away === 0) return 1 + expected.away * LOW_SCORE_RHO;
  if (home === 1 && away === 1) return 1 - LOW_SCORE_RHO;
  return 1;
}

/** Full-time goals per side: Poisson counts kept with the Dixon–Coles weight (rejection sampling). */
function drawScore(random: Random, expected: Record<Side, number>): Record<Side, number> {
  const most = Math.max(lowScoreWeight(0, 0, expected), lowScoreWeight(1, 1, expected), 1);
  for (;;) {
    const home = random.poisson(expected.home);
    const away = random.poisson(expected.away);
    if (random.next() * most < lowScoreWeight(home, away, expected)) return { home, away };
  }
}

// How often the unusual happens, per match.
const CANCELLED_CHANCE = 0.006;
const DELAYED_CHANCE = 0.03;
const INTERRUPTED_CHANCE = 0.025;
const ABANDONED_CHANCE = 0.006;
const DISALLOWED_GOAL_CHANCE = 0.06;
const OWN_GOAL_SHARE = 0.04;
const PENALTY_GOAL_SHARE = 0.1;
const MISSED_PENALTY_CHANCE = 0.07;
const DIRECT_RED_CHANCE = 0.07;
const UPGRADED_RED_CHANCE = 0.02;
const SHOOT_OUT_SCORING_CHANCE = 0.76;

/** An event placed in play time, before the timeline turns it into seconds since kick-off. */
interface PlayEvent {
  half: FootballHalf;
  playSec: number;
  type: number;
  side: Side | null;
  change?: CounterChange;
}

interface Interruption {
  half: 'first' | 'second';
  playSec: number;
  durationSec: number;
  /** the match never resumes: cut in half */
  isAbandoned: boolean;
}

function onSide(side: Side, value: number): Pair {
  return side === 'home' ? [value, 0] : [0, value];
}

/** The minute of a moment of play, as every page shows it (core/match/minute.ts, decision 111). */
function toMinute(half: FootballHalf, playSec: number): { minute: number; addedMinute: number | null } {
  const { minute, added } = minuteOfPlay(half, playSec);
  return { minute, addedMinute: added };
}

/** A second of the regulation 90 minutes (plus added time), second half a little likelier. */
function pickRegularTime(random: Random, lengths: Record<'first' | 'second', number>, options: {
  secondHalfWeight?: number;
  minSec?: number;
  tailSec?: number;
}): { half: 'first' | 'second'; playSec: number } {
  const { secondHalfWeight = 1, minSec = 30, tailSec = 5 } = options;
  const firstWeight = lengths.first;
  const secondWeight = lengths.second * secondHalfWeight;
  const half = random.next() * (firstWeight + secondWeight) < firstWeight ? 'first' : 'second';
  return { half, playSec: random.int(minSec, lengths[half] - tailSec) };
}

function addCounterChange(total: Pair, change: Pair | undefined): void {
  if (!change) return;
  total[0] += change[0];
  total[1] += change[1];
}

/**
 * Decides a whole football match up front from the two teams' strengths: goals (own goals,
 * penalties, a goal VAR disallows), cards, corners, substitutions, shots and offsides, added
 * time, and the rare delay, interruption, abandonment or cancellation; extra time and
 * penalties for a level cup tie. The same seed gives the same match.
 */
export function scriptFootballMatch(options: ScriptFootballMatchOptions): FootballScript {
  const { home, away, seed, isKnockout = false } = options;
  const goalScale = options.goalsPerMatch === undefined ? 1 : options.goalsPerMatch / BASE_GOALS_PER_MATCH;
  const random = createRandom(seed);

  if (random.chance(CANCELLED_CHANCE)) {
    const atSec = -random.int(10, 90) * 60;
    return {
      sport: 'football',
      isKnockout,
      phases: [{ atSec, statusId: FOOTBALL_STATUS.cancelled, half: null, playedAtStartSec: 0 }],
      events: [],
      halfTimeAtSec: null,
      halfTime: null,
      endAtSec: atSec,
      final: { statusId: FOOTBALL_STATUS.cancelled, score: [0, 0], penalties: null },
    };
  }

  const delaySec = random.chance(DELAYED_CHANCE) ? random.int(2, 9) * 5 * 60 : 0;
  const lengths = {
    first: HALF_SECONDS + random.int(1, 5) * 60 + random.int(0, 45),
    second: HALF_SECONDS + random.int(2, 8) * 60 + random.int(0, 45),
  };
  let interruption: Interruption | null = null;
  if (random.chance(ABANDONED_CHANCE)) {
    const half = random.chance(0.4) ? 'first' : 'second';
    interruption = { half, playSec: random.int(5 * 60, 43 * 60), durationSec: random.int(10, 25) * 60, isAbandoned: true };
  } else if (random.chance(INTERRUPTED_CHANCE)) {
    const half = random.chance(0.5) ? 'first' : 'second';
    interruption = { half, playSec: random.int(5 * 60, 43 * 60), durationSec: random.int(4, 25) * 60, isAbandoned: false };
  }

  const strengthGap = home.strength - away.strength;
  const expectedGoals: Record<Side, number> = {
    home: goalScale * HOME_GOALS_BASE * Math.exp(STRENGTH_GOAL_FACTOR * strengthGap),
    away: goalScale * AWAY_GOALS_BASE * Math.exp(-STRENGTH_GOAL_FACTOR * strengthGap),
  };
  const edge: Record<Side, number> = { home: strengthGap, away: -strengthGap };
  const sides: Side[] = ['home', 'away'];
  const play: PlayEvent[] = [];

  play.push({ half: 'first', playSec: 0, type: FOOTBALL_EVENT.start, side: null });
  play.push({ half: 'first', playSec: HALF_SECONDS, type: FOOTBALL_EVENT.injuryTime, side: null });
  play.push({ half: 'second', playSec: HALF_SECONDS, type: FOOTBALL_EVENT.injuryTime, side: null });

  const goals = drawScore(random, expectedGoals);
  for (const side of sides) {
    for (let i = 0; i < goals[side]; i++) {
      // Slightly more goals come after the break, as in real leagues.
      const { half, playSec } = pickRegularTime(random, lengths, { secondHalfWeight: 1.2, minSec: 120 });
      const roll = random.next();
      if (roll < OWN_GOAL_SHARE) {
        play.push({ half, playSec, type: FOOTBALL_EVENT.ownGoal, side, change: { score: onSide(side, 1) } });
      } else if (roll < OWN_GOAL_SHARE + PENALTY_GOAL_SHARE) {
        play.push({ half, playSec: playSec - random.int(60, 100), type: FOOTBALL_EVENT.penalty, side });
        play.push({ half, playSec, type: FOOTBALL_EVENT.goal, side, change: { score: onSide(side, 1) } });
      } else {
        play.push({ half, playSec, type: FOOTBALL_EVENT.goal, side, change: { score: onSide(side, 1) } });
      }
    }
  }

  for (const side of sides) {
    if (random.chance(MISSED_PENALTY_CHANCE)) {
      const { half, playSec } = pickRegularTime(random, lengths, { minSec: 120 });
      play.push({ half, playSec: playSec - random.int(60, 100), type: FOOTBALL_EVENT.penalty, side });
      play.push({ half, playSec, type: FOOTBALL_EVENT.penaltyMissed, side });
    }
  }

  if (random.chance(DISALLOWED_GOAL_CHANCE)) {
    const side: Side = random.chance(expectedGoals.home / (expectedGoals.home + expectedGoals.away)) ? 'home' : 'away';
    const { half, playSec } = pickRegularTime(random, lengths, { minSec: 60, tailSec: 240 });
    play.push({ half, playSec, type: FOOTBALL_EVENT.goal, side, change: { score: onSide(side, 1) } });
    play.push({ half, playSec: playSec + random.int(60, 150), type: FOOTBALL_EVENT.var, side, change: { score: onSide(side, -1) } });
  }

  for (const side of sides) {
    const yellows = random.poisson(side === 'home' ? 1.8 : 2.05);
    for (let i = 0; i < yellows; i++) {
      const { half, playSec } = pickRegularTime(random, lengths, { secondHalfWeight: 1.5 });
      play.push({ half, playSec, type: FOOTBALL_EVENT.yellowCard, side, change: { yellow: onSide(side, 1) } });
    }
    if (random.chance(DIRECT_RED_CHANCE)) {
      const { half, playSec } = pickRegularTime(random, lengths, { secondHalfWeight: 2 });
      play.push({ half, playSec, type: FOOTBALL_EVENT.redCard, side, change: { red: onSide(side, 1) } });
    }
    if (random.chance(UPGRADED_RED_CHANCE)) {
      // A yellow the referee turns into a red after watching the VAR screen.
      const { half, playSec } = pickRegularTime(random, lengths, { tailSec: 200 });
      play.push({ half, playSec, type: FOOTBALL_EVENT.yellowCard, side, change: { yellow: onSide(side, 1) } });
      play.push({ half, playSec: playSec + random.int(40, 90), type: FOOTBALL_EVENT.var, side });
      play.push({
        half,
        playSec: playSec + random.int(100, 150),
        type: FOOTBALL_EVENT.cardUpgradeConfirmed,
        side,
        change: { yellow: onSide(side, -1), red: onSide(side, 1) },
      });
    }

    const corners = random.poisson(Math.max(1.5, 4.9 + 3 * edge[side] + (side === 'home' ? 0.4 : -0.4)));
    for (let i = 0; i < corners; i++) {
      const { half, playSec } = pickRegularTime(random, lengths, {});
      play.push({ half, playSec, type: FOOTBALL_EVENT.corner, side, change: { corner: onSide(side, 1) } });
    }
    const offsides = random.poisson(2);
    for (let i = 0; i < offsides; i++) {
      const { half, playSec } = pickRegularTime(random, lengths, {});
      play.push({ half, playSec, type: FOOTBALL_EVENT.offside, side });
    }
    const savedShots = random.poisson(Math.max(1, 2.8 + 3 * edge[side]));
    for (let i = 0; i < savedShots; i++) {
      const { half, playSec } = pickRegularTime(random, lengths, {});
      play.push({ half, playSec, type: FOOTBALL_EVENT.shotsOnTarget, side });
    }
    const missedShots = random.poisson(Math.max(2, 4.6 + 3 * edge[side]));
    for (let i = 0; i < missedShots; i++) {
      const { half, playSec } = pickRegularTime(random, lengths, {});
      play.push({ half, playSec, type: FOOTBALL_EVENT.shotsOffTarget, side });
    }
    const substitutions = random.int(3, 5);
    for (let i = 0; i < substitutions; i++) {
      // Some changes at the break, most between the hour and the 88th minute.
      const playSec = random.chance(0.15) ? 0 : random.int(10, 43) * 60 + random.int(0, 59);
      play.push({ half: 'second', playSec, type: FOOTBALL_EVENT.substitution, side });
    }
  }

  const regularPlay = play.filter((event) => event.half === 'first' || event.half === 'second');
  const regularScore: Pair = [0, 0];
  for (const event of regularPlay) addCounterChange(regularScore, event.change?.score);
  const goesToExtraTime = isKnockout && interruption?.isAbandoned !== true && regularScore[0] === regularScore[1];

  let extraLengths: Record<'extraFirst' | 'extraSecond', number> | null = null;
  if (goesToExtraTime) {
    extraLengths = {
      extraFirst: EXTRA_HALF_SECONDS + random.int(0, 2) * 60 + random.int(0, 30),
      extraSecond: EXTRA_HALF_SECONDS + random.int(0, 3) * 60 + random.int(0, 30),
    };
    // Tired legs: a third of the regular rate over 30 minutes.
    for (const side of sides) {
      const extraGoals = random.poisson(expectedGoals[side] * (30 / 90) * 0.85);
      for (let i = 0; i < extraGoals; i++) {
        const half = random.chance(0.5) ? 'extraFirst' : 'extraSecond';
        const playSec = random.int(30, extraLengths[half] - 5);
        play.push({ half, playSec, type: FOOTBALL_EVENT.goal, side, change: { score: onSide(side, 1) } });
      }
      const extraCorners = random.poisson(1.2);
      for (let i = 0; i < extraCorners; i++) {
        const half = random.chance(0.5) ? 'extraFirst' : 'extraSecond';
        play.push({ half, playSec: random.int(30, extraLengths[half] - 5), type: FOOTBALL_EVENT.corner, side, change: { corner: onSide(side, 1) } });
      }
      const extraYellows = random.poisson(0.6);
      for (let i = 0; i < extraYellows; i++) {
        const half = random.chance(0.5) ? 'extraFirst' : 'extraSecond';
        play.push({ half, playSec: random.int(30, extraLengths[half] - 5), type: FOOTBALL_EVENT.yellowCard, side, change: { yellow: onSide(side, 1) } });
      }
    }
  }

  return buildTimeline({ random, isKnockout, delaySec, lengths, extraLengths, interruption, play });
}

/**
 * Lays the play-time events on the clock: delay, halves with their added time, an
 * interruption or abandonment, half time, extra time and the shoot-out.
 */
function buildTimeline(input: {
  random: Random;
  isKnockout: boolean;
  delaySec: number;
  lengths: Record<'first' | 'second', number>;
  extraLengths: Record<'extraFirst' | 'extraSecond', number> | null;
  interruption: Interruption | null;
  play: PlayEvent[];
}): FootballScript {
  const { random, isKnockout, delaySec, lengths, extraLengths, interruption } = input;
  const phases: FootballPhase[] = [];
  const halfStart: Partial<Record<FootballHalf, number>> = {};
  // Held in an object because the half-playing closure below sets it.
  const stop: { abandonedAt: { half: FootballHalf; playSec: number } | null } = { abandonedAt: null };
  let t = 0;

  if (delaySec > 0) phases.push({ atSec: 0, statusId: FOOTBALL_STATUS.delayed, half: null, playedAtStartSec: 0 });
  t = delaySec;

  const playHalf = (half: FootballHalf, statusId: number, length: number): boolean => {
    halfStart[half] = t;
    phases.push({ atSec: t, statusId, half, playedAtStartSec: 0 });
    if (interruption && interruption.half === half) {
      phases.push({ atSec: t + interruption.playSec, statusId: FOOTBALL_STATUS.interrupted, half: null, playedAtStartSec: 0 });
      if (interruption.isAbandoned) {
        stop.abandonedAt = { half, playSec: interruption.playSec };
        t += interruption.playSec + interruption.durationSec;
        phases.push({ atSec: t, statusId: FOOTBALL_STATUS.cutInHalf, half: null, playedAtStartSec: 0 });
        return false;
      }
      phases.push({
        atSec: t + interruption.playSec + interruption.durationSec,
        statusId,
        half,
        playedAtStartSec: interruption.playSec,
      });
      t += length + interruption.durationSec;
    } else {
      t += length;
    }
    return true;
  };

  let halfTimeAtSec: number | null = null;
  let isComplete = playHalf('first', FOOTBALL_STATUS.firstHalf, lengths.first);
  if (isComplete) {
    halfTimeAtSec = t;
    phases.push({ atSec: t, statusId: FOOTBALL_STATUS.halfTime, half: null, playedAtStartSec: 0 });
    t += HALF_TIME_BREAK_SECONDS;
    isComplete = playHalf('second', FOOTBALL_STATUS.secondHalf, lengths.second);
  }

  let extraEndAt: number | null = null;
  if (isComplete && extraLengths) {
    phases.push({ atSec: t, statusId: FOOTBALL_STATUS.overtime, half: null, playedAtStartSec: 0 });
    t += 5 * 60;
    playHalf('extraFirst', FOOTBALL_STATUS.overtime, extraLengths.extraFirst);
    phases.push({ atSec: t, statusId: FOOTBALL_STATUS.overtime, half: null, playedAtStartSec: 0 });
    t += 60;
    playHalf('extraSecond', FOOTBALL_STATUS.overtime, extraLengths.extraSecond);
    extraEndAt = t;
  }

  // Turn play time into seconds since kick-off; drop what an abandonment never let happen.
  const toAtSec = (half: FootballHalf, playSec: number): number | null => {
    const start = halfStart[half];
    if (start === undefined) return null;
    const stopped = stop.abandonedAt;
    if (stopped && stopped.half === half && playSec >= stopped.playSec) return null;
    const pause = interruption && interruption.half === half && !interruption.isAbandoned && playSec >= interruption.playSec ? interruption.durationSec : 0;
    return start + playSec + pause;
  };

  type Draft = Omit<FootballScriptEvent, 'seq'>;
  const drafts: Draft[] = [];
  for (const event of input.play) {
    const atSec = toAtSec(event.half, event.playSec);
    if (atSec === null) continue;
    drafts.push({ atSec, type: event.type, side: event.side, ...toMinute(event.half, event.playSec), ...(event.change ? { change: event.change } : {}) });
  }

  const sortedDrafts = drafts.slice().sort((a, b) => a.atSec - b.atSec);
  const score: Pair = [0, 0];
  let halfTime: Pair | null = null;
  for (const draft of sortedDrafts) {
    if (halfTimeAtSec !== null && draft.atSec < halfTimeAtSec) addCounterChange(score, draft.change?.score);
  }
  if (halfTimeAtSec !== null) {
    halfTime = [score[0], score[1]];
    sortedDrafts.push({ atSec: halfTimeAtSec, type: FOOTBALL_EVENT.midfield, side: null, minute: 45 });
    sortedDrafts.push({ atSec: halfTimeAtSec, type: FOOTBALL_EVENT.halftimeScore, side: null, minute: 45 });
  }

  const finalScore: Pair = [0, 0];
  for (const draft of sortedDrafts) addCounterChange(finalScore, draft.change?.score);

  let penalties: Pair | null = null;
  let finalStatus: number = FOOTBALL_STATUS.ended;
  if (stop.abandonedAt) {
    finalStatus = FOOTBALL_STATUS.cutInHalf;
  } else if (extraEndAt !== null) {
    sortedDrafts.push({ atSec: extraEndAt, type: FOOTBALL_EVENT.overtimeOver, side: null, minute: 120 });
    if (finalScore[0] === finalScore[1]) {
      const shootOutStartAt = extraEndAt + random.int(2, 4) * 60;
      phases.push({ atSec: extraEndAt, statusId: FOOTBALL_STATUS.penaltyShootOut, half: null, playedAtStartSec: 0 });
      const shootOut = playShootOut(random);
      penalties = shootOut.result;
      shootOut.kicks.forEach((kick, index) => {
        sortedDrafts.push({
          atSec: shootOutStartAt + index * 50,
          type: kick.isScored ? FOOTBALL_EVENT.penaltyShootOut : FOOTBALL_EVENT.penaltyShootOutMissed,
          side: kick.side,
          minute: 120,
        });
      });
      t = shootOutStartAt + shootOut.kicks.length * 50 + 30;
      sortedDrafts.push({ atSec: t, type: FOOTBALL_EVENT.penaltyKickEnded, side: null, minute: 120 });
    }
  }

  if (!stop.abandonedAt) {
    phases.push({ atSec: t, statusId: FOOTBALL_STATUS.ended, half: null, playedAtStartSec: 0 });
    sortedDrafts.push({ atSec: t, type: FOOTBALL_EVENT.end, side: null, minute: extraEndAt === null ? 90 : 120 });
  }

  // A stable sort keeps same-second events in the order they were decided.
  const events = sortedDrafts
    .map((draft, order) => ({ draft, order }))
    .sort((a, b) => a.draft.atSec - b.draft.atSec || a.order - b.order)
    .map(({ draft }, seq) => ({ seq, ...draft }));

  return {
    sport: 'football',
    isKnockout,
    phases,
    events,
    halfTimeAtSec,
    halfTime,
    endAtSec: t,
    final: { statusId: finalStatus, score: finalScore, penalties },
  };
}

/** Five kicks each, then sudden death; stops as soon as one side cannot be caught. */
function playShootOut(random: Random): { kicks: { side: Side; isScored: boolean }[]; result: Pair } {
  const kicks: { side: Side; isScored: boolean }[] = [];
  const scored: Pair = [0, 0];
  const taken: Pair = [0, 0];
  for (let round = 0; ; round++) {
    for (const side of ['home', 'away'] as const) {
      const index = side === 'home' ? 0 : 1;
      const isScored = random.chance(SHOOT_OUT_SCORING_CHANCE);
      kicks.push({ side, isScored });
      taken[index] += 1;
      if (isScored) scored[index] += 1;
      if (round < 5) {
        const homeLeft = 5 - taken[0];
        const awayLeft = 5 - taken[1];
        if (scored[0] > scored[1] + awayLeft || scored[1] > scored[0] + homeLeft) return { kicks, result: scored };
      }
    }
    if (round >= 4 && scored[0] !== scored[1]) return { kicks, result: scored };
  }
}
