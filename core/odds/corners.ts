import { DEFAULT_XI, gridFromMeans, type ScoreGrid, type TeamKey } from './dixon-coles';

/**
 * The corners model (docs/odds-model.md, decision 081): each side's corner kicks are Poisson with
 *
 *     log λ_home = c + h + for_home + against_away
 *     log λ_away = c     + for_away + against_home
 *
 * `for` is how many corners a team wins, `against` how many it concedes (0 is average). Fitted by
 * weighted maximum likelihood with the goals model's time decay (ξ per day back from `now`) and a
 * N(0, 0.25²) prior on every team term: corner counts per team are few and noisy, and the prior
 * keeps a team with three counted matches near the average instead of at an extreme. The two
 * sides are independent given the means; the corner grid is their product.
 */

export interface CornerResult {
  home: TeamKey;
  away: TeamKey;
  homeCorners: number;
  awayCorners: number;
  date: Date;
}

export interface CornersModel {
  intercept: number;
  homeAdvantage: number;
  for: Map<TeamKey, number>;
  against: Map<TeamKey, number>;
  /** how many results the fit used */
  matchCount: number;
}

/** Prior precision of the team terms: N(0, 0.25²). */
const TEAM_PRECISION = 1 / 0.25 ** 2;
/** Weak prior on the intercept and the home advantage, so an empty or one-sided history stays finite. */
const GLOBAL_PRECISION = 1e-3;
const MAX_ITERATIONS = 200;
const TOLERANCE = 1e-7;
/** Corner counts go to 25 and beyond; the grid stops where the Poisson tail is negligible. */
export const MAX_CORNERS = 30;

interface Observation {
  /** index into the parameter vector of each term of log λ */
  terms: number[];
  count: number;
  weight: number;
}

/**
 * Fits the model by cyclic Newton steps, one parameter at a time (each step solves the penalised
 * score equation of that parameter with the others fixed; the likelihood is concave, so this
 * converges to the one maximum).
 */
export function fitCorners(results: readonly CornerResult[], options: { now: Date; xi?: number }): CornersModel {
  const xi = options.xi ?? DEFAULT_XI;
  const teams = new Map<TeamKey, number>();
  const teamIndex = (team: TeamKey) => {
    let index = teams.get(team);
    if (index === undefined) {
      index = teams.size;
      teams.set(team, index);
    }
    return index;
  };
  for (const r of results) {
    teamIndex(r.home);
    teamIndex(r.away);
  }
  const n = teams.size;
  // Parameters: 0 intercept, 1 home advantage, 2..2+n for, 2+n..2+2n against.
  const forOf = (i: number) => 2 + i;
  const againstOf = (i: number) => 2 + n + i;
  const observations: Observation[] = [];
  for (const r of results) {
    const days = Math.max(0, (options.now.getTime() - r.date.getTime()) / 86_400_000);
    const weight = Math.exp(-xi * days);
    const home = teams.get(r.home) as number;
    const away = teams.get(r.away) as number;
    observations.push({ terms: [0, 1, forOf(home), againstOf(away)], count: r.homeCorners, weight });
    observations.push({ terms: [0, forOf(away), againstOf(home)], count: r.awayCorners, weight });
  }
  const params = new Array<number>(2 + 2 * n).fill(0);
  const totalWeight = observations.reduce((s, o) => s + o.weight, 0);
  if (totalWeight > 0) params[0] = Math.log(Math.max(0.5, observations.reduce((s, o) => s + o.weight * o.count, 0) / totalWeight));
  else params[0] = Math.log(5);
  // Which observations each parameter appears in.
  const byParam: number[][] = params.map(() => []);
  observations.forEach((o, i) => o.terms.forEach((t) => byParam[t]!.push(i)));
  const eta = observations.map((o) => o.terms.reduce((s, t) => s + params[t]!, 0));

  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    let largest = 0;
    for (let p = 0; p < params.length; p++) {
      const precision = p < 2 ? GLOBAL_PRECISION : TEAM_PRECISION;
      let gradient = -precision * params[p]!;
      let curvature = precision;
      for (const i of byParam[p]!) {
        const o = observations[i]!;
        const lambda = Math.exp(eta[i]!);
        gradient += o.weight * (o.count - lambda);
        curvature += o.weight * lambda;
      }
      // Damped: one Newton step may not leave ±1 of where it stands (log scale).
      const step = Math.max(-1, Math.min(1, gradient / curvature));
      if (step === 0) continue;
      params[p] = params[p]! + step;
      for (const i of byParam[p]!) eta[i] = eta[i]! + step;
      largest = Math.max(largest, Math.abs(step));
    }
    if (largest < TOLERANCE) break;
  }
  const forMap = new Map<TeamKey, number>();
  const againstMap = new Map<TeamKey, number>();
  for (const [team, i] of teams) {
    forMap.set(team, params[forOf(i)]!);
    againstMap.set(team, params[againstOf(i)]!);
  }
  return { intercept: params[0]!, homeAdvantage: params[1]!, for: forMap, against: againstMap, matchCount: results.length };
}

/** Expected corners of each side; a team the fit never saw is average. */
export function expectedCorners(model: CornersModel, home: TeamKey, away: TeamKey): { home: number; away: number } {
  const f = (team: TeamKey) => model.for.get(team) ?? 0;
  const a = (team: TeamKey) => model.against.get(team) ?? 0;
  return {
    home: Math.exp(model.intercept + model.homeAdvantage + f(home) + a(away)),
    away: Math.exp(model.intercept + f(away) + a(home)),
  };
}

/** The corners grid [home corners][away corners], 0…MAX_CORNERS each way (independent Poisson sides). */
export function cornerGrid(model: CornersModel, home: TeamKey, away: TeamKey): ScoreGrid {
  const means = expectedCorners(model, home, away);
  return gridFromMeans(means.home, means.away, 0, MAX_CORNERS);
}
