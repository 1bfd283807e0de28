import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  fitNormalMargin,
  halfTimeParams,
  MARGIN_SIGMA_FLOOR,
  predictBasketball,
  TOTAL_SIGMA_FLOOR,
  type BasketballResult,
} from './normal-margin';

/** ../shared beside the repository, as CI clones it. */
const NBA_CSV = new URL('../../../shared/data/nba-NocturneBear/play_off_totals_2010_2024.csv', import.meta.url);

/**
 * NBA playoff games from the team box-score rows: "BOS vs. DAL" is the home row, "DAL @ BOS" the
 * away one. Some games are listed twice (four rows): each team's row is kept once.
 */
function readPlayoffs(season: string): BasketballResult[] {
  const [header, ...lines] = readFileSync(fileURLToPath(NBA_CSV), 'utf8').trim().split('\n');
  const columns = (header ?? '').split(',');
  const at = (name: string) => columns.indexOf(name);
  const games = new Map<string, { date: string; home?: [string, number]; away?: [string, number] }>();
  for (const line of lines) {
    const cells = line.split(',');
    if (cells[at('SEASON_YEAR')] !== season) continue;
    const id = cells[at('GAME_ID')] ?? '';
    const game = games.get(id) ?? { date: cells[at('GAME_DATE')] ?? '' };
    const side: [string, number] = [cells[at('TEAM_ABBREVIATION')] ?? '', Number(cells[at('PTS')])];
    if ((cells[at('MATCHUP')] ?? '').includes(' vs. ')) game.home ??= side;
    else game.away ??= side;
    games.set(id, game);
  }
  return [...games.values()].flatMap((game) =>
    game.home && game.away
      ? [{ home: game.home[0], away: game.away[0], homePoints: game.home[1], awayPoints: game.away[1], date: new Date(`${game.date.slice(0, 10)}T12:00:00Z`) }]
      : [],
  );
}

/** Deterministic normal numbers (Box–Muller over mulberry32). */
function seededNormal(seed: number): () => number {
  let state = seed;
  const uniform = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (((t ^ (t >>> 14)) >>> 0) + 0.5) / 4294967297;
  };
  return () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
}

describe('fitNormalMargin on a league with known ratings', () => {
  const teams = Array.from({ length: 30 }, (_, i) => `T${i}`);
  const rating = (i: number) => (i - 14.5) * 0.6;
  const pace = (i: number) => ((i * 11) % 30) * 0.5 - 7.25;
  const normal = seededNormal(7);
  const start = Date.UTC(2023, 9, 24);
  const results: BasketballResult[] = [];
  for (let round = 0; round < 4; round++) {
    teams.forEach((home, i) =>
      teams.forEach((away, j) => {
        if (i === j) return;
        const margin = 3 + rating(i) - rating(j) + 12 * normal();
        const total = 224 + pace(i) + pace(j) + 18 * normal();
        results.push({ home, away, homePoints: Math.round((total + margin) / 2), awayPoints: Math.round((total - margin) / 2), date: new Date(start + results.length * 3_600_000) });
      }),
    );
  }

  it('recovers home advantage, ratings, paces and both σ', () => {
    const model = fitNormalMargin(results, { now: new Date(start + 400 * 86_400_000), xi: 0 });
    expect(model.matchCount).toBe(results.length);
    expect(Math.abs(model.homeAdvantage - 3)).toBeLessThan(0.6);
    expect(Math.abs(model.marginSigma - 12)).toBeLessThan(0.6);
    expect(Math.abs(model.totalBase - 224)).toBeLessThan(1);
    expect(Math.abs(model.totalSigma - 18)).toBeLessThan(0.9);
    teams.forEach((team, i) => {
      expect(Math.abs((model.rating[team] ?? 0) - rating(i))).toBeLessThan(2.5);
      expect(Math.abs((model.pace[team] ?? 0) - pace(i))).toBeLessThan(4.5);
    });
  });

  it('predicts means from the fitted figures, unknown teams as average', () => {
    const model = fitNormalMargin(results, { now: new Date(start + 400 * 86_400_000) });
    const strongest = predictBasketball(model, 'T29', 'T0');
    expect(strongest.marginMean).toBeCloseTo(model.homeAdvantage + (model.rating.T29 ?? 0) - (model.rating.T0 ?? 0), 12);
    expect(strongest.marginMean).toBeGreaterThan(10);
    const unknown = predictBasketball(model, 'New A', 'New B');
    expect(unknown).toEqual({ marginMean: model.homeAdvantage, marginSigma: model.marginSigma, totalMean: model.totalBase, totalSigma: model.totalSigma });
  });
});

describe('fitNormalMargin on real NBA playoffs', () => {
  it.each(['2022-23', '2023-24'])('fits the %s playoffs: residual σ and totals in the range of real games', (season) => {
    const results = readPlayoffs(season);
    expect(results.length).toBeGreaterThan(75);
    const now = new Date(Math.max(...results.map((r) => r.date.getTime())));
    const model = fitNormalMargin(results, { now });
    expect(model.marginSigma).toBeGreaterThanOrEqual(MARGIN_SIGMA_FLOOR);
    expect(model.marginSigma).toBeLessThan(18);
    expect(model.totalSigma).toBeGreaterThanOrEqual(TOTAL_SIGMA_FLOOR);
    expect(model.totalSigma).toBeLessThan(30);
    // the fitted means reproduce the season's average total within a point and a half
    const meanTotal = results.reduce((s, r) => s + r.homePoints + r.awayPoints, 0) / results.length;
    const predicted = results.reduce((s, r) => s + predictBasketball(model, r.home, r.away).totalMean, 0) / results.length;
    expect(Math.abs(predicted - meanTotal)).toBeLessThan(1.5);
  });
});

describe('σ floors and defaults', () => {
  it('never lets a handful of games make σ small', () => {
    const date = new Date('2024-01-01T00:00:00Z');
    const results: BasketballResult[] = [
      { home: 'A', away: 'B', homePoints: 100, awayPoints: 99, date },
      { home: 'B', away: 'C', homePoints: 101, awayPoints: 100, date },
      { home: 'C', away: 'A', homePoints: 100, awayPoints: 101, date },
      { home: 'A', away: 'C', homePoints: 100, awayPoints: 100, date },
    ];
    // twice over: more games than fitted figures, yet residuals of about a point
    const model = fitNormalMargin([...results, ...results], { now: date });
    expect(model.marginSigma).toBe(MARGIN_SIGMA_FLOOR);
    expect(model.totalSigma).toBe(TOTAL_SIGMA_FLOOR);
    // no more games than fitted figures: σ cannot be measured and stays at the default
    expect(fitNormalMargin(results, { now: date }).marginSigma).toBe(12);
  });

  it('prices a league without results with NBA-like figures', () => {
    const model = fitNormalMargin([], { now: new Date() });
    expect(model.matchCount).toBe(0);
    const params = predictBasketball(model, 1, 2);
    expect(params.marginMean).toBeGreaterThan(0);
    expect(params.totalMean).toBeGreaterThan(200);
  });
});

describe('halfTimeParams', () => {
  it('halves the means and scales σ by √0.5', () => {
    expect(halfTimeParams({ marginMean: 6, marginSigma: 12, totalMean: 220, totalSigma: 18 })).toEqual({
      marginMean: 3,
      marginSigma: 12 * Math.SQRT1_2,
      totalMean: 110,
      totalSigma: 18 * Math.SQRT1_2,
    });
  });
});
