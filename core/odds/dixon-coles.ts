/**
 * The football model: Dixon and Coles (1997), "Modelling Association Football Scores and
 * Inefficiencies in the Football Betting Market" (docs/odds-model.md).
 *
 * Home goals X and away goals Y of a match between home team i and away team j are Poisson with
 *
 *     λ = exp(c + h + attack_i − defence_j)      (home)
 *     μ = exp(c + attack_j − defence_i)          (away)
 *
 * (c: log goals of an average away side against an average home side; h: home advantage; a higher
 * defence concedes fewer), multiplied by the low-score correction τ, which moves probability
 * between 0–0, 1–0, 0–1 and 1–1 (independent Poisson gets those draws wrong):
 *
 *     τ(0,0) = 1 − λμρ   τ(0,1) = 1 + λρ   τ(1,0) = 1 + μρ   τ(1,1) = 1 − ρ   τ = 1 otherwise.
 *
 * Parameters maximise the time-weighted log-likelihood Σ w_k log P(x_k, y_k), w_k = exp(−ξ·days
 * before `now`), minus a weak N(0, 1) prior on every attack and defence (it keeps a team that
 * never scored finite and barely moves a team with a season of results); attacks and defences
 * sum to zero, so an unknown team is exactly average.
 */

export type TeamKey = string | number;

export interface FootballResult {
  home: TeamKey;
  away: TeamKey;
  homeGoals: number;
  awayGoals: number;
  date: Date;
}

export interface DixonColesModel {
  /** log attack strength per team (String(team)); sums to 0 */
  attack: Record<string, number>;
  /** log defence strength per team (higher concedes fewer); sums to 0 */
  defence: Record<string, number>;
  /** log home advantage: home goals are exp(homeAdvantage) times what they would be on neutral ground */
  homeAdvantage: number;
  /** log expected goals of an average team away to an average team, before home advantage */
  intercept: number;
  /** the low-score correction; negative makes 0–0 and 1–1 likelier, 1–0 and 0–1 less likely */
  rho: number;
  /** the time-decay rate used, per day */
  xi: number;
  /** results the fit used (those before `now`) */
  matchCount: number;
}

/** grid[i][j]: probability that the home side scores i and the away side j. */
export type ScoreGrid = number[][];

/**
 * ξ = 0.0019 per day: a result's weight halves every ln 2 / ξ ≈ 365 days, so last season counts
 * about half as much as this one. It is Dixon and Coles's own figure (0.0065 per half-week); the
 * rolling calibration in docs/odds-model.md finds the 1X2 Brier score flat between ξ = 0 and
 * 0.003 and worse from 0.005.
 */
export const DEFAULT_XI = 0.0019;

/**
 * Share of full-time goals scored in the first half: 0.445 over 7,475 league matches of the
 * openfootball seasons in ../shared/data with both scores. The half-time grid is the same model
 * with both expected goals multiplied by it.
 */
export const HALF_TIME_GOAL_SHARE = 0.445;

/** What a model without any results uses: typical top-flight figures (1.5 home, 1.2 away goals). */
const DEFAULT_INTERCEPT = Math.log(1.2);
const DEFAULT_HOME_ADVANTAGE = Math.log(1.25);

const PRIOR_PRECISION = 1;
const MAX_ITERATIONS = 2000;
const TOLERANCE = 1e-8;
/** A Newton step on a log strength never moves it by more than this (robust early iterations). */
const MAX_STEP = 1;
const DAY_MS = 86_400_000;

interface FitData {
  teams: string[];
  home: Int32Array;
  away: Int32Array;
  x: Float64Array;
  y: Float64Array;
  w: Float64Array;
}

interface Parameters {
  intercept: number;
  homeAdvantage: number;
  attack: Float64Array;
  defence: Float64Array;
  rho: number;
}

function prepare(results: readonly FootballResult[], now: Date, xi: number): FitData {
  const index = new Map<string, number>();
  const teamIndex = (team: TeamKey) => {
    const key = String(team);
    let i = index.get(key);
    if (i === undefined) {
      i = index.size;
      index.set(key, i);
    }
    return i;
  };
  const used = results.filter((result) => result.date.getTime() <= now.getTime());
  const data: FitData = {
    teams: [],
    home: new Int32Array(used.length),
    away: new Int32Array(used.length),
    x: new Float64Array(used.length),
    y: new Float64Array(used.length),
    w: new Float64Array(used.length),
  };
  used.forEach((result, k) => {
    data.home[k] = teamIndex(result.home);
    data.away[k] = teamIndex(result.away);
    data.x[k] = result.homeGoals;
    data.y[k] = result.awayGoals;
    data.w[k] = Math.exp((-xi * (now.getTime() - result.date.getTime())) / DAY_MS);
  });
  data.teams = [...index.keys()];
  return data;
}

/** log τ's derivatives for one match: with respect to log λ, log μ and ρ. */
function tauTerms(x: number, y: number, lambda: number, mu: number, rho: number) {
  if (x === 0 && y === 0) {
    const tau = 1 - lambda * mu * rho;
    return { dLambda: (-lambda * mu * rho) / tau, dMu: (-lambda * mu * rho) / tau, dRho: (-lambda * mu) / tau };
  }
  if (x === 0 && y === 1) {
    const tau = 1 + lambda * rho;
    return { dLambda: (lambda * rho) / tau, dMu: 0, dRho: lambda / tau };
  }
  if (x === 1 && y === 0) {
    const tau = 1 + mu * rho;
    return { dLambda: 0, dMu: (mu * rho) / tau, dRho: mu / tau };
  }
  if (x === 1 && y === 1) return { dLambda: 0, dMu: 0, dRho: -1 / (1 - rho) };
  return { dLambda: 0, dMu: 0, dRho: 0 };
}

/** Per match: weighted gradient of the log-likelihood in log λ (gh) and log μ (ga), and λ, μ. */
interface MatchTerms {
  lambda: Float64Array;
  mu: Float64Array;
  gh: Float64Array;
  ga: Float64Array;
}

function matchTerms(data: FitData, p: Parameters, terms: MatchTerms): void {
  for (let k = 0; k < data.w.length; k++) {
    const i = data.home[k] as number;
    const j = data.away[k] as number;
    const lambda = Math.exp(p.intercept + p.homeAdvantage + (p.attack[i] as number) - (p.defence[j] as number));
    const mu = Math.exp(p.intercept + (p.attack[j] as number) - (p.defence[i] as number));
    const x = data.x[k] as number;
    const y = data.y[k] as number;
    const w = data.w[k] as number;
    const tau = tauTerms(x, y, lambda, mu, p.rho);
    terms.lambda[k] = lambda;
    terms.mu[k] = mu;
    terms.gh[k] = w * (x - lambda + tau.dLambda);
    terms.ga[k] = w * (y - mu + tau.dMu);
  }
}

function clampStep(step: number): number {
  return Math.max(-MAX_STEP, Math.min(MAX_STEP, step));
}

function mean(values: Float64Array): number {
  return values.length === 0 ? 0 : values.reduce((total, v) => total + v, 0) / values.length;
}

/** One Gauss–Seidel sweep of Newton steps (expected-information curvature); returns the largest step. */
function sweep(data: FitData, p: Parameters, terms: MatchTerms): number {
  let largest = 0;
  const note = (step: number) => {
    largest = Math.max(largest, Math.abs(step));
    return step;
  };
  const n = data.w.length;

  // The intercept and the home advantage carry the same weak prior as the strengths, centred on
  // typical football values: without it a database whose only results are 0–0 would drive the
  // intercept to −∞ (no goals at all is then the most likely world) and every price to NaN.
  matchTerms(data, p, terms);
  let g = -PRIOR_PRECISION * (p.intercept - DEFAULT_INTERCEPT);
  let h = PRIOR_PRECISION;
  for (let k = 0; k < n; k++) {
    g += (terms.gh[k] as number) + (terms.ga[k] as number);
    h += (data.w[k] as number) * ((terms.lambda[k] as number) + (terms.mu[k] as number));
  }
  p.intercept += note(clampStep(g / h));

  matchTerms(data, p, terms);
  g = -PRIOR_PRECISION * (p.homeAdvantage - DEFAULT_HOME_ADVANTAGE);
  h = PRIOR_PRECISION;
  for (let k = 0; k < n; k++) {
    g += terms.gh[k] as number;
    h += (data.w[k] as number) * (terms.lambda[k] as number);
  }
  p.homeAdvantage += note(clampStep(g / h));

  updateStrengths(data, p, terms, 'attack', note);
  updateStrengths(data, p, terms, 'defence', note);
  p.rho += note(rhoStep(data, p, terms));
  return largest;
}

/**
 * Newton steps for every team's attack (or defence) at once — a team's attack appears in no
 * other team's attack term, so the steps do not interfere — then re-centred on zero, the mean
 * moving into the intercept so no prediction changes.
 */
function updateStrengths(data: FitData, p: Parameters, terms: MatchTerms, which: 'attack' | 'defence', note: (step: number) => number): void {
  matchTerms(data, p, terms);
  const values = p[which];
  const g = values.map((v) => -PRIOR_PRECISION * v);
  const h = new Float64Array(values.length).fill(PRIOR_PRECISION);
  const sign = which === 'attack' ? 1 : -1;
  for (let k = 0; k < data.w.length; k++) {
    const w = data.w[k] as number;
    // attack_i drives the goals team i scores; defence_i (negated) the goals it concedes.
    const homeTeam = data.home[k] as number;
    const awayTeam = data.away[k] as number;
    const [forHome, forAway] = which === 'attack' ? [terms.gh[k], terms.ga[k]] : [terms.ga[k], terms.gh[k]];
    const [curvHome, curvAway] = which === 'attack' ? [terms.lambda[k], terms.mu[k]] : [terms.mu[k], terms.lambda[k]];
    g[homeTeam] = (g[homeTeam] as number) + sign * (forHome as number);
    g[awayTeam] = (g[awayTeam] as number) + sign * (forAway as number);
    h[homeTeam] = (h[homeTeam] as number) + w * (curvHome as number);
    h[awayTeam] = (h[awayTeam] as number) + w * (curvAway as number);
  }
  for (let i = 0; i < values.length; i++) values[i] = (values[i] as number) + note(clampStep((g[i] as number) / (h[i] as number)));
  const shift = mean(values);
  for (let i = 0; i < values.length; i++) values[i] = (values[i] as number) - shift;
  p.intercept += sign * shift;
}

/** Exact Newton step for ρ (log τ is log of a linear function of ρ), kept where every τ stays positive. */
function rhoStep(data: FitData, p: Parameters, terms: MatchTerms): number {
  matchTerms(data, p, terms);
  let g = 0;
  let h = 0;
  let low = -1;
  let high = 1;
  for (let k = 0; k < data.w.length; k++) {
    const x = data.x[k] as number;
    const y = data.y[k] as number;
    if (x > 1 || y > 1) continue;
    const lambda = terms.lambda[k] as number;
    const mu = terms.mu[k] as number;
    const d = tauTerms(x, y, lambda, mu, p.rho).dRho;
    g += (data.w[k] as number) * d;
    h += (data.w[k] as number) * d * d;
    [low, high] = narrowRhoBounds(x, y, lambda, mu, low, high);
  }
  if (h === 0) return 0;
  const target = Math.min(high * 0.99, Math.max(low * 0.99, p.rho + g / h));
  return target - p.rho;
}

/** The interval of ρ in which τ of this (low) score stays positive, intersected with [low, high]. */
function narrowRhoBounds(x: number, y: number, lambda: number, mu: number, low: number, high: number): [number, number] {
  if (x === 0 && y === 0) return [low, Math.min(high, 1 / (lambda * mu))];
  if (x === 0 && y === 1) return [Math.max(low, -1 / lambda), high];
  if (x === 1 && y === 0) return [Math.max(low, -1 / mu), high];
  return [low, high];
}

/**
 * Fits the model to results, each weighted by how long before `now` it was played (later results
 * are ignored). Coordinate-wise Newton ascent: intercept, home advantage, all attacks, all
 * defences, ρ, repeated until no parameter moves by more than 1e-8.
 */
export function fitDixonColes(results: readonly FootballResult[], options: { now: Date; xi?: number }): DixonColesModel {
  const xi = options.xi ?? DEFAULT_XI;
  const data = prepare(results, options.now, xi);
  const teamCount = data.teams.length;
  const p: Parameters = {
    intercept: DEFAULT_INTERCEPT,
    homeAdvantage: DEFAULT_HOME_ADVANTAGE,
    attack: new Float64Array(teamCount),
    defence: new Float64Array(teamCount),
    rho: 0,
  };
  if (data.w.length > 0) {
    const n = data.w.length;
    const terms: MatchTerms = { lambda: new Float64Array(n), mu: new Float64Array(n), gh: new Float64Array(n), ga: new Float64Array(n) };
    for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
      if (sweep(data, p, terms) < TOLERANCE) break;
    }
  }
  const attack: Record<string, number> = {};
  const defence: Record<string, number> = {};
  data.teams.forEach((team, i) => {
    attack[team] = p.attack[i] as number;
    defence[team] = p.defence[i] as number;
  });
  return { attack, defence, homeAdvantage: p.homeAdvantage, intercept: p.intercept, rho: p.rho, xi, matchCount: data.w.length };
}

/** Expected goals of a match (unknown teams are average); `share` scales both, e.g. for half time. */
export function expectedGoals(model: DixonColesModel, home: TeamKey, away: TeamKey, share = 1): { home: number; away: number } {
  const attack = (team: TeamKey) => model.attack[String(team)] ?? 0;
  const defence = (team: TeamKey) => model.defence[String(team)] ?? 0;
  return {
    home: share * Math.exp(model.intercept + model.homeAdvantage + attack(home) - defence(away)),
    away: share * Math.exp(model.intercept + attack(away) - defence(home)),
  };
}

function poissonProbabilities(mean: number, maxGoals: number): number[] {
  const probabilities = [Math.exp(-mean)];
  for (let goals = 1; goals <= maxGoals; goals++) probabilities.push(((probabilities[goals - 1] as number) * mean) / goals);
  return probabilities;
}

/** The Dixon–Coles correction for one score, with ρ kept inside the interval where τ ≥ 0 for these means. */
function tau(x: number, y: number, lambda: number, mu: number, rho: number): number {
  const feasible = Math.min(Math.max(rho, Math.max(-1 / lambda, -1 / mu)), Math.min(1 / (lambda * mu), 1));
  if (x === 0 && y === 0) return 1 - lambda * mu * feasible;
  if (x === 0 && y === 1) return 1 + lambda * feasible;
  if (x === 1 && y === 0) return 1 + mu * feasible;
  if (x === 1 && y === 1) return 1 - feasible;
  return 1;
}

/** The score grid of given expected goals, 0…maxGoals each way, renormalised so the truncated tail is shared out. */
export function gridFromMeans(lambda: number, mu: number, rho: number, maxGoals = 10): ScoreGrid {
  const home = poissonProbabilities(lambda, maxGoals);
  const away = poissonProbabilities(mu, maxGoals);
  const grid = home.map((ph, x) => away.map((pa, y) => ph * pa * tau(x, y, lambda, mu, rho)));
  const total = grid.reduce((sum, row) => sum + row.reduce((s, p) => s + p, 0), 0);
  return grid.map((row) => row.map((p) => p / total));
}

/** Full-time score probabilities of home against away. */
export function scoreGrid(model: DixonColesModel, home: TeamKey, away: TeamKey, maxGoals = 10): ScoreGrid {
  const means = expectedGoals(model, home, away);
  return gridFromMeans(means.home, means.away, model.rho, maxGoals);
}

/** Half-time score probabilities: the same model with both expected goals times HALF_TIME_GOAL_SHARE. */
export function halfTimeScoreGrid(model: DixonColesModel, home: TeamKey, away: TeamKey, maxGoals = 10): ScoreGrid {
  const means = expectedGoals(model, home, away, HALF_TIME_GOAL_SHARE);
  return gridFromMeans(means.home, means.away, model.rho, maxGoals);
}
