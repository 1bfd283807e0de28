import type { TeamKey } from './dixon-coles';

/**
 * The basketball model (docs/odds-model.md): the final margin and the final total of a game are
 * normal, each from a least-squares fit on past results.
 *
 *     margin = homeAdvantage + rating_home − rating_away + ε,   ε ~ N(0, marginSigma²)
 *     total  = totalBase     + pace_home   + pace_away   + ε,   ε ~ N(0, totalSigma²)
 *
 * Ratings are points better than an average team, paces the points a team adds to a game's total
 * (its scoring plus what it allows, above average). Both fits are weighted least squares with the
 * football model's time decay and a ridge penalty worth RIDGE_GAMES games against average
 * opposition, which keeps a team with a handful of games near average. σ comes from the weighted
 * residuals, corrected for the parameters fitted, and never falls below a floor: a small sample
 * fits its own games too well, and prices built on a too-small σ would be overconfident.
 * Scores include overtime, like the full-time markets.
 */

export interface BasketballResult {
  home: TeamKey;
  away: TeamKey;
  homePoints: number;
  awayPoints: number;
  date: Date;
}

export interface NormalMarginModel {
  /** points better than an average team, per team (String(team)); sums to 0 */
  rating: Record<string, number>;
  /** points the home side gains */
  homeAdvantage: number;
  marginSigma: number;
  /** total points of two average teams */
  totalBase: number;
  /** points a team adds to a game's total, per team; sums to 0 */
  pace: Record<string, number>;
  totalSigma: number;
  xi: number;
  matchCount: number;
}

/** Normal means and standard deviations of one game's margin (home − away) and total. */
export interface BasketballMatchParams {
  marginMean: number;
  marginSigma: number;
  totalMean: number;
  totalSigma: number;
}

/** The same decay as football: a result's weight halves every ≈ 365 days. */
export const DEFAULT_BASKETBALL_XI = 0.0019;
/** Share of a game's points and margin expected by half time (two of four equal quarters). */
export const HALF_TIME_POINTS_SHARE = 0.5;
/** Below these, a fitted σ is a small sample fitting itself (NBA games: margin σ ≈ 12, total σ ≈ 18). */
export const MARGIN_SIGMA_FLOOR = 8;
export const TOTAL_SIGMA_FLOOR = 12;
/**
 * The ridge: as if every team had also played ten games against average opposition and matched
 * it. On the rolling NBA playoff check (docs/odds-model.md) 10–20 predicts best; 2 overfits.
 */
const RIDGE_GAMES = 10;
const DAY_MS = 86_400_000;

/** Without any result: NBA-like figures, so a new league still gets sensible prices. */
const DEFAULT_MODEL = { homeAdvantage: 2.5, marginSigma: 12, totalBase: 222, totalSigma: 18 } as const;

/** One observation of a weighted least-squares fit: sparse (index, coefficient) terms and its target. */
interface Row {
  terms: [number, number][];
  target: number;
  weight: number;
}

/**
 * Solves min Σ w (target − Σ coef·β)² + ridge Σ_{i ≥ 1} β_i² (β_0, the constant, is not penalised)
 * by the normal equations and Gaussian elimination with partial pivoting. Returns β and the
 * weighted residual variance corrected for the fitted parameters.
 */
function solveRidge(size: number, rows: readonly Row[], ridge: number): { beta: number[]; variance: number | null } {
  const a = Array.from({ length: size }, () => new Array<number>(size + 1).fill(0));
  for (let i = 1; i < size; i++) (a[i] as number[])[i] = ridge;
  for (const row of rows) {
    for (const [i, ci] of row.terms) {
      const line = a[i] as number[];
      for (const [j, cj] of row.terms) line[j] = (line[j] as number) + row.weight * ci * cj;
      line[size] = (line[size] as number) + row.weight * ci * row.target;
    }
  }
  const beta = gaussianElimination(a, size);
  let squares = 0;
  let weights = 0;
  for (const row of rows) {
    const fitted = row.terms.reduce((sum, [i, c]) => sum + c * (beta[i] as number), 0);
    squares += row.weight * (row.target - fitted) ** 2;
    weights += row.weight;
  }
  const freedom = rows.length - size;
  const variance = freedom > 0 && weights > 0 ? (squares / weights) * (rows.length / freedom) : null;
  return { beta, variance };
}

/** Solves the augmented system a (size × size+1) in place. */
function gaussianElimination(a: number[][], size: number): number[] {
  for (let col = 0; col < size; col++) {
    let pivot = col;
    for (let r = col + 1; r < size; r++) if (Math.abs((a[r] as number[])[col] as number) > Math.abs((a[pivot] as number[])[col] as number)) pivot = r;
    [a[col], a[pivot]] = [a[pivot] as number[], a[col] as number[]];
    const pivotRow = a[col] as number[];
    const p = pivotRow[col] as number;
    if (Math.abs(p) < 1e-12) continue;
    for (let r = col + 1; r < size; r++) {
      const line = a[r] as number[];
      const factor = (line[col] as number) / p;
      if (factor === 0) continue;
      for (let c = col; c <= size; c++) line[c] = (line[c] as number) - factor * (pivotRow[c] as number);
    }
  }
  const beta = new Array<number>(size).fill(0);
  for (let row = size - 1; row >= 0; row--) {
    const line = a[row] as number[];
    let rest = line[size] as number;
    for (let c = row + 1; c < size; c++) rest -= (line[c] as number) * (beta[c] as number);
    const p = line[row] as number;
    beta[row] = Math.abs(p) < 1e-12 ? 0 : rest / p;
  }
  return beta;
}

function centred(values: number[]): number[] {
  const average = values.length === 0 ? 0 : values.reduce((s, v) => s + v, 0) / values.length;
  return values.map((v) => v - average);
}

function byTeam(teams: readonly string[], values: readonly number[]): Record<string, number> {
  const record: Record<string, number> = {};
  teams.forEach((team, i) => (record[team] = values[i] ?? 0));
  return record;
}

/** Fits ratings, paces and both σ to results before `now`, weighted by age (ξ per day). */
export function fitNormalMargin(results: readonly BasketballResult[], options: { now: Date; xi?: number }): NormalMarginModel {
  const xi = options.xi ?? DEFAULT_BASKETBALL_XI;
  const used = results.filter((r) => r.date.getTime() <= options.now.getTime());
  if (used.length === 0) return { ...DEFAULT_MODEL, rating: {}, pace: {}, xi, matchCount: 0 };

  const index = new Map<string, number>();
  const teamIndex = (team: TeamKey) => {
    const key = String(team);
    if (!index.has(key)) index.set(key, index.size);
    return (index.get(key) as number) + 1; // β_0 is the constant
  };
  const marginRows: Row[] = [];
  const totalRows: Row[] = [];
  for (const r of used) {
    const weight = Math.exp((-xi * (options.now.getTime() - r.date.getTime())) / DAY_MS);
    const home = teamIndex(r.home);
    const away = teamIndex(r.away);
    marginRows.push({ terms: [[0, 1], [home, 1], [away, -1]], target: r.homePoints - r.awayPoints, weight });
    totalRows.push({ terms: [[0, 1], [home, 1], [away, 1]], target: r.homePoints + r.awayPoints, weight });
  }
  const size = index.size + 1;
  const margin = solveRidge(size, marginRows, RIDGE_GAMES);
  const total = solveRidge(size, totalRows, RIDGE_GAMES);
  const teams = [...index.keys()];
  return {
    rating: byTeam(teams, centred(margin.beta.slice(1))),
    homeAdvantage: margin.beta[0] as number,
    marginSigma: Math.max(MARGIN_SIGMA_FLOOR, Math.sqrt(margin.variance ?? DEFAULT_MODEL.marginSigma ** 2)),
    pace: byTeam(teams, centred(total.beta.slice(1))),
    totalBase: total.beta[0] as number,
    totalSigma: Math.max(TOTAL_SIGMA_FLOOR, Math.sqrt(total.variance ?? DEFAULT_MODEL.totalSigma ** 2)),
    xi,
    matchCount: used.length,
  };
}

/** Full-time margin and total of home against away; unknown teams are average. */
export function predictBasketball(model: NormalMarginModel, home: TeamKey, away: TeamKey): BasketballMatchParams {
  const rating = (team: TeamKey) => model.rating[String(team)] ?? 0;
  const pace = (team: TeamKey) => model.pace[String(team)] ?? 0;
  return {
    marginMean: model.homeAdvantage + rating(home) - rating(away),
    marginSigma: model.marginSigma,
    totalMean: model.totalBase + pace(home) + pace(away),
    totalSigma: model.totalSigma,
  };
}

/**
 * Half time: means times 0.5 and σ times √0.5 — the second half treated as an independent copy
 * of the first, so the full game is the sum of two halves.
 */
export function halfTimeParams(params: BasketballMatchParams): BasketballMatchParams {
  const spread = Math.sqrt(HALF_TIME_POINTS_SHARE);
  return {
    marginMean: params.marginMean * HALF_TIME_POINTS_SHARE,
    marginSigma: params.marginSigma * spread,
    totalMean: params.totalMean * HALF_TIME_POINTS_SHARE,
    totalSigma: params.totalSigma * spread,
  };
}
