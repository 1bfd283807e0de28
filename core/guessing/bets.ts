import type { Sport } from '../contracts/matches';
import type { Outcome, Selection } from '../contracts/odds';
import { gradeSelection, type Grade } from '../odds/grade';

/**
 * The pure rules of a bet (decision 078): its combined odds, what it pays once every leg is
 * graded, the one outcome its pop-up and record show, and which selections an abandoned match
 * has already decided. No I/O.
 */

/** A leg as settlement sees it: its frozen odds (× 1000) and, once graded, its outcome. */
export interface LegFactor {
  oddsMilli: number;
  outcome: Outcome;
}

/** The combined odds × 1000 of legs priced `oddsMilli` each: their product, rounded to 3 decimals. */
export function combinedOddsMilli(oddsMilli: readonly number[]): number {
  let numerator = 1n;
  let denominator = 1n;
  for (const odds of oddsMilli) {
    numerator *= BigInt(odds);
    denominator *= 1000n;
  }
  // Round half up: (2n + d) / 2d of n·1000/d.
  const scaled = numerator * 1000n;
  return Number((2n * scaled + denominator) / (2n * denominator));
}

/** outcomeFactor (core/odds/grade.ts) as an exact fraction of odds in thousandths. */
function factorFraction(leg: LegFactor): [bigint, bigint] {
  const odds = BigInt(leg.oddsMilli);
  switch (leg.outcome) {
    case 'win':
      return [odds, 1000n];
    case 'half_win':
      return [1000n + odds, 2000n];
    case 'push':
    case 'void':
      return [1n, 1n];
    case 'half_loss':
      return [1n, 2n];
    case 'loss':
      return [0n, 1n];
  }
}

/**
 * What a bet pays once every leg is graded: floor(stake × Π outcomeFactor(leg)), worked out in
 * exact integers so no float rounding ever takes or gives a point. A void leg counts 1 (a parlay
 * goes on with the other legs); a lost leg makes the whole bet 0.
 */
export function betPayout(stake: number, legs: readonly LegFactor[]): number {
  let numerator = BigInt(stake);
  let denominator = 1n;
  for (const leg of legs) {
    const [n, d] = factorFraction(leg);
    numerator *= n;
    denominator *= d;
  }
  return Number(numerator / denominator);
}

/** What a win of every leg pays: floor(stake × Π leg odds), the same exact product as betPayout. */
export function potentialReturn(stake: number, oddsMilli: readonly number[]): number {
  return betPayout(
    stake,
    oddsMilli.map((odds) => ({ oddsMilli: odds, outcome: 'win' as const })),
  );
}

/**
 * The one outcome of a settled bet, as its pop-up and the records show it: void when every leg
 * is void; loss when any leg lost; win when every leg that counted won; push when every leg
 * pushed or was void; otherwise (half results) a half win when the bet paid more than its stake
 * and a half loss when it paid less.
 */
export function betOutcome(stake: number, legs: readonly LegFactor[]): Outcome {
  if (legs.every((leg) => leg.outcome === 'void')) return 'void';
  if (legs.some((leg) => leg.outcome === 'loss')) return 'loss';
  const counted = legs.filter((leg) => leg.outcome !== 'void');
  if (counted.every((leg) => leg.outcome === 'win')) return 'win';
  if (counted.every((leg) => leg.outcome === 'push')) return 'push';
  const payout = betPayout(stake, legs);
  return payout > stake ? 'half_win' : payout < stake ? 'half_loss' : 'push';
}

/**
 * The grade of a selection that an abandoned match had already decided, or null (the leg is
 * void). Goals, points and corners only ever add up, so only a total can be decided early: over
 * a line already passed is won whatever would have followed, and under it is lost. Sides (1x2,
 * handicap, most corners) and half-time markets are never decided by a partial score.
 */
export function decidedOutcome(sport: Sport, selection: Selection, partialScore: [number, number], partialCorners: [number, number] | null = null): Grade | null {
  if (selection.period !== 'ft') return null;
  if (selection.market === 'corners_over_under' && !partialCorners) return null;
  if (selection.market !== 'over_under' && selection.market !== 'corners_over_under') return null;
  const grade = gradeSelection(sport, selection, { home: partialScore[0], away: partialScore[1], htHome: null, htAway: null, corners: partialCorners });
  if (selection.pick === 'over' && grade.outcome === 'win') return grade;
  if (selection.pick === 'under' && grade.outcome === 'loss') return grade;
  return null;
}
