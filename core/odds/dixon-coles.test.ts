import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  expectedGoals,
  fitDixonColes,
  gridFromMeans,
  halfTimeScoreGrid,
  HALF_TIME_GOAL_SHARE,
  scoreGrid,
  type DixonColesModel,
  type FootballResult,
  type ScoreGrid,
} from './dixon-coles';

/** ../shared beside the repository, as CI clones it. */
const SHARED_DATA = new URL('../../../shared/data/', import.meta.url);

interface SeasonMatch {
  date: string;
  team1: string;
  team2: string;
  score?: { ft?: [number, number]; et?: [number, number] };
  status?: string;
}

/** A football.json season's played matches (awarded scores and extra time left out: they are not 90 minutes of play). */
function readSeason(file: string): FootballResult[] {
  const season = JSON.parse(readFileSync(fileURLToPath(new URL(`openfootball-football.json/${file}`, SHARED_DATA)), 'utf8')) as { matches: SeasonMatch[] };
  return season.matches.flatMap((match) => {
    const ft = match.score?.ft;
    if (!ft || match.score?.et || match.status === 'awarded') return [];
    return [{ home: match.team1, away: match.team2, homeGoals: ft[0], awayGoals: ft[1], date: new Date(`${match.date}T12:00:00Z`) }];
  });
}

function sumOf(grid: ScoreGrid): number {
  return grid.reduce((sum, row) => sum + row.reduce((s, p) => s + p, 0), 0);
}

function gridSummary(grid: ScoreGrid) {
  let goals = 0;
  let homeWin = 0;
  let draw = 0;
  grid.forEach((row, home) =>
    row.forEach((p, away) => {
      goals += p * (home + away);
      if (home > away) homeWin += p;
      if (home === away) draw += p;
    }),
  );
  return { goals, homeWin, draw };
}

/** Deterministic uniform numbers (mulberry32), so the synthetic league is the same every run. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function sampleScore(grid: ScoreGrid, u: number): [number, number] {
  let cumulative = 0;
  for (let home = 0; home < grid.length; home++) {
    const row = grid[home] as number[];
    for (let away = 0; away < row.length; away++) {
      cumulative += row[away] as number;
      if (u < cumulative) return [home, away];
    }
  }
  return [grid.length - 1, grid.length - 1];
}

describe('fitDixonColes on real seasons', () => {
  // In-sample: the fitted model's average match against the season it was fitted on.
  // Tolerances: 0.05 goals per match, 3 points of home-win and draw share.
  it.each(['2023-24/en.1.json', '2022-23/es.1.json', '2023-24/de.1.json'])('reproduces goals per match and the home-win share of %s', (file) => {
    const results = readSeason(file);
    const now = new Date(Math.max(...results.map((r) => r.date.getTime())));
    const model = fitDixonColes(results, { now });
    expect(model.matchCount).toBe(results.length);

    const predicted = results.map((r) => gridSummary(scoreGrid(model, r.home, r.away)));
    const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;
    expect(Math.abs(mean(predicted.map((p) => p.goals)) - mean(results.map((r) => r.homeGoals + r.awayGoals)))).toBeLessThan(0.05);
    expect(Math.abs(mean(predicted.map((p) => p.homeWin)) - mean(results.map((r) => (r.homeGoals > r.awayGoals ? 1 : 0))))).toBeLessThan(0.03);
    expect(Math.abs(mean(predicted.map((p) => p.draw)) - mean(results.map((r) => (r.homeGoals === r.awayGoals ? 1 : 0))))).toBeLessThan(0.03);

    // home advantage is real and moderate; ρ stays in the range the literature reports
    expect(Math.exp(model.homeAdvantage)).toBeGreaterThan(1.05);
    expect(Math.exp(model.homeAdvantage)).toBeLessThan(1.6);
    expect(Math.abs(model.rho)).toBeLessThan(0.25);
  });

  it('ranks the 2023-24 Premier League sensibly', () => {
    const model = fitDixonColes(readSeason('2023-24/en.1.json'), { now: new Date('2024-05-20T00:00:00Z') });
    const strength = (team: string) => (model.attack[team] ?? 0) + (model.defence[team] ?? 0);
    const byStrength = Object.keys(model.attack).sort((a, b) => strength(b) - strength(a));
    expect(byStrength.slice(0, 2).sort()).toEqual(['Arsenal FC', 'Manchester City FC']);
    expect(byStrength.slice(-3)).toContain('Sheffield United FC');
    const sum = (record: Record<string, number>) => Object.values(record).reduce((s, v) => s + v, 0);
    expect(sum(model.attack)).toBeCloseTo(0, 9);
    expect(sum(model.defence)).toBeCloseTo(0, 9);
  });

  // How long a fit takes is measured where the machine is quiet (the betting day in the
  // benchmarks), not asserted here beside the other suites.
  it('fits a whole 380-match season to finite strengths for all twenty teams', () => {
    const results = readSeason('2023-24/en.1.json');
    const model = fitDixonColes(results, { now: new Date('2024-05-20T00:00:00Z') });
    expect(model.matchCount).toBe(results.length);
    expect(Object.keys(model.attack)).toHaveLength(20);
    for (const value of [...Object.values(model.attack), ...Object.values(model.defence), model.homeAdvantage, model.intercept, model.rho]) {
      expect(Number.isFinite(value)).toBe(true);
    }
  });
});

describe('fitDixonColes on a league with known strengths', () => {
  const teams = Array.from({ length: 20 }, (_, i) => i + 1);
  const truth: DixonColesModel = {
    attack: Object.fromEntries(teams.map((team, i) => [String(team), (i - 9.5) * 0.04])),
    defence: Object.fromEntries(teams.map((team, i) => [String(team), ((i * 7) % 20) * 0.03 - 0.285])),
    homeAdvantage: 0.25,
    intercept: 0.15,
    rho: -0.12,
    xi: 0,
    matchCount: 0,
  };
  const random = seededRandom(20240520);
  const start = Date.UTC(2015, 7, 1);
  const results: FootballResult[] = [];
  for (let season = 0; season < 10; season++) {
    for (const home of teams) {
      for (const away of teams) {
        if (home === away) continue;
        const [homeGoals, awayGoals] = sampleScore(scoreGrid(truth, home, away, 12), random());
        results.push({ home, away, homeGoals, awayGoals, date: new Date(start + (season * 380 + results.length % 380) * 86_400_000) });
      }
    }
  }

  it('recovers home advantage, ρ and the strengths from 3,800 simulated matches', () => {
    const model = fitDixonColes(results, { now: new Date(start + 4000 * 86_400_000), xi: 0 });
    expect(model.homeAdvantage).toBeCloseTo(truth.homeAdvantage, 1);
    expect(Math.abs(model.rho - truth.rho)).toBeLessThan(0.05);
    expect(Math.abs(model.intercept - truth.intercept)).toBeLessThan(0.05);
    for (const team of teams) {
      expect(Math.abs((model.attack[String(team)] ?? 0) - (truth.attack[String(team)] ?? 0))).toBeLessThan(0.1);
      expect(Math.abs((model.defence[String(team)] ?? 0) - (truth.defence[String(team)] ?? 0))).toBeLessThan(0.1);
    }
  }, 30_000);

  it('weights recent results more with time decay, and ignores results after now', () => {
    const now = new Date(start + 4000 * 86_400_000);
    // team 1 suddenly scores five at home in the last season only
    const lastSeason = start + 9 * 380 * 86_400_000;
    const changed = results.map((r) => (r.home === 1 && r.date.getTime() >= lastSeason ? { ...r, homeGoals: 5 } : r));
    expect(changed.filter((r) => r.homeGoals === 5 && r.home === 1).length).toBeGreaterThanOrEqual(19);
    const flat = fitDixonColes(changed, { now, xi: 0 });
    const decayed = fitDixonColes(changed, { now, xi: 0.005 });
    expect(decayed.attack['1']).toBeGreaterThan((flat.attack['1'] ?? 0) + 0.1);

    const future = [...results, { home: 1, away: 2, homeGoals: 9, awayGoals: 0, date: new Date(now.getTime() + 86_400_000) }];
    expect(fitDixonColes(future, { now, xi: 0 })).toEqual(fitDixonColes(results, { now, xi: 0 }));
    // four fits of 3,800 matches: about 2 s alone, more on a busy two-core machine
  }, 30_000);
});

describe('score grids', () => {
  const model = fitDixonColes(readSeason('2023-24/en.1.json'), { now: new Date('2024-05-20T00:00:00Z') });

  it('sum to 1 at full time and half time, however far they are truncated', () => {
    for (const maxGoals of [3, 6, 10]) {
      expect(sumOf(scoreGrid(model, 'Manchester City FC', 'Sheffield United FC', maxGoals))).toBeCloseTo(1, 12);
      expect(sumOf(halfTimeScoreGrid(model, 'Manchester City FC', 'Sheffield United FC', maxGoals))).toBeCloseTo(1, 12);
    }
    expect(scoreGrid(model, 'Arsenal FC', 'Chelsea FC')).toHaveLength(11);
    expect(sumOf(gridFromMeans(4.5, 3.8, -0.2))).toBeCloseTo(1, 12);
    expect(gridFromMeans(4.5, 3.8, 0.2).flat().every((p) => p >= 0)).toBe(true);
  });

  it('apply the low-score correction: a negative ρ makes 0–0 and 1–1 likelier than independent Poisson', () => {
    const independent = gridFromMeans(1.4, 1.1, 0);
    const corrected = gridFromMeans(1.4, 1.1, -0.1);
    expect(corrected[0]?.[0]).toBeGreaterThan(independent[0]?.[0] ?? 1);
    expect(corrected[1]?.[1]).toBeGreaterThan(independent[1]?.[1] ?? 1);
    expect(corrected[1]?.[0]).toBeLessThan(independent[1]?.[0] ?? 0);
  });

  it('give unknown teams average strengths', () => {
    const means = expectedGoals(model, 'Nowhere Town', 'Elsewhere Rovers');
    expect(means.home).toBeCloseTo(Math.exp(model.intercept + model.homeAdvantage), 12);
    expect(means.away).toBeCloseTo(Math.exp(model.intercept), 12);
    const city = expectedGoals(model, 'Manchester City FC', 'Nowhere Town');
    expect(city.home).toBeGreaterThan(means.home);
    expect(city.away).toBeLessThan(means.away);
  });

  it('scale both expected goals by the half-time share for the half-time grid', () => {
    const full = gridSummary(scoreGrid(model, 'Arsenal FC', 'Chelsea FC'));
    const half = gridSummary(halfTimeScoreGrid(model, 'Arsenal FC', 'Chelsea FC'));
    expect(half.goals / full.goals).toBeCloseTo(HALF_TIME_GOAL_SHARE, 2);
    expect(half.draw).toBeGreaterThan(full.draw);
  });
});

describe('a database whose only results are goalless', () => {
  it('still gives finite strengths and a grid that sums to 1', () => {
    const when = new Date('2026-05-01T00:00:00Z');
    const model = fitDixonColes(
      [
        { home: 'A', away: 'B', homeGoals: 0, awayGoals: 0, date: when },
        { home: 'B', away: 'A', homeGoals: 0, awayGoals: 0, date: when },
      ],
      { now: when },
    );
    expect(Number.isFinite(model.intercept)).toBe(true);
    expect(Number.isFinite(model.rho)).toBe(true);
    const grid = scoreGrid(model, 'A', 'B');
    const total = grid.flat().reduce((sum, p) => sum + p, 0);
    expect(total).toBeCloseTo(1, 9);
  });
});
