/**
 * Calibration of the football odds model on real seasons (docs/odds-model.md):
 *
 *   npx tsx scripts/odds-calibration.ts
 *
 * For every match day of a season, fits Dixon–Coles on the results played before that day (the
 * previous season included, as the live service has two years of results) and predicts that
 * day's matches. Reports, against a naive baseline that predicts the home/draw/away shares of the
 * same earlier results: the Brier score and log loss of 1X2, a calibration table, the Brier score
 * of over/under 2.5 and of half-time 1X2, the 1X2 Brier score for other decay rates ξ, and the
 * parameters of a whole-season fit. Basketball: the normal model's figures on NBA playoff games
 * and the Brier score of its rolling home-win probability against the home-win base rate.
 * Reads the openfootball files in ../shared/data (beside the repository).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_XI, fitDixonColes, halfTimeScoreGrid, scoreGrid, type FootballResult, type ScoreGrid } from '../core/odds/dixon-coles';
import { normalCdf } from '../core/odds/markets';
import { fitNormalMargin, predictBasketball, type BasketballResult } from '../core/odds/normal-margin';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DATA = path.resolve(REPO, '../shared/data/openfootball-football.json');
const NBA_CSV = path.resolve(REPO, '../shared/data/nba-NocturneBear/play_off_totals_2010_2024.csv');

/** Each evaluated season with the one before it, which only feeds the fits. */
const SEASONS: { history: string; season: string }[] = [
  { history: '2022-23/en.1.json', season: '2023-24/en.1.json' },
  { history: '2021-22/es.1.json', season: '2022-23/es.1.json' },
  { history: '2023-24/de.1.json', season: '2024-25/de.1.json' },
];
const XI_SWEEP = [0, 0.001, DEFAULT_XI, 0.003, 0.005];

interface Played extends FootballResult {
  ht: [number, number] | null;
}

interface SeasonMatch {
  date: string;
  team1: string;
  team2: string;
  score?: { ht?: [number, number]; ft?: [number, number]; et?: [number, number] };
  status?: string;
}

function readSeason(file: string): Played[] {
  const season = JSON.parse(readFileSync(path.join(DATA, file), 'utf8')) as { matches: SeasonMatch[] };
  return season.matches.flatMap((match) => {
    const ft = match.score?.ft;
    if (!ft || match.score?.et || match.status === 'awarded') return [];
    const date = new Date(`${match.date}T00:00:00Z`);
    return [{ home: match.team1, away: match.team2, homeGoals: ft[0], awayGoals: ft[1], date, ht: match.score?.ht ?? null }];
  });
}

type Triple = [number, number, number];

function oneXTwo(grid: ScoreGrid): Triple {
  const p: Triple = [0, 0, 0];
  grid.forEach((row, home) =>
    row.forEach((q, away) => {
      p[home > away ? 0 : home === away ? 1 : 2] += q;
    }),
  );
  return p;
}

function overTwoAndAHalf(grid: ScoreGrid): number {
  return grid.reduce((sum, row, home) => sum + row.reduce((s, q, away) => (home + away > 2 ? s + q : s), 0), 0);
}

function outcomeIndex(home: number, away: number): number {
  return home > away ? 0 : home === away ? 1 : 2;
}

function brier(p: readonly number[], outcome: number): number {
  return p.reduce((sum, q, i) => sum + (q - (i === outcome ? 1 : 0)) ** 2, 0);
}

function baseRates(results: readonly Played[], valueOf: (r: Played) => number | null, size: number): number[] {
  const counts = new Array<number>(size).fill(1); // one pseudo-count each: no zero probabilities early on
  for (const r of results) {
    const value = valueOf(r);
    if (value !== null) counts[value] = (counts[value] ?? 0) + 1;
  }
  const total = counts.reduce((s, c) => s + c, 0);
  return counts.map((c) => c / total);
}

interface Scores {
  matches: number;
  model: { brier: number; logLoss: number; overBrier: number; htBrier: number; htMatches: number };
  naive: { brier: number; logLoss: number; overBrier: number; htBrier: number };
  bins: { predicted: number; observed: number; count: number }[];
}

function evaluate(history: Played[], season: Played[], xi: number): Scores {
  const all = [...history, ...season];
  const days = [...new Set(season.map((r) => r.date.getTime()))].sort((a, b) => a - b);
  const scores: Scores = {
    matches: 0,
    model: { brier: 0, logLoss: 0, overBrier: 0, htBrier: 0, htMatches: 0 },
    naive: { brier: 0, logLoss: 0, overBrier: 0, htBrier: 0 },
    bins: Array.from({ length: 10 }, () => ({ predicted: 0, observed: 0, count: 0 })),
  };
  for (const day of days) {
    const before = all.filter((r) => r.date.getTime() < day);
    const model = fitDixonColes(before, { now: new Date(day), xi });
    const naive1x2 = baseRates(before, (r) => outcomeIndex(r.homeGoals, r.awayGoals), 3);
    const naiveOver = baseRates(before, (r) => (r.homeGoals + r.awayGoals > 2 ? 1 : 0), 2)[1] ?? 0.5;
    const naiveHt = baseRates(before, (r) => (r.ht ? outcomeIndex(r.ht[0], r.ht[1]) : null), 3);
    for (const match of season.filter((r) => r.date.getTime() === day)) {
      const grid = scoreGrid(model, match.home, match.away);
      const p = oneXTwo(grid);
      const outcome = outcomeIndex(match.homeGoals, match.awayGoals);
      const isOver = match.homeGoals + match.awayGoals > 2 ? 1 : 0;
      scores.matches += 1;
      scores.model.brier += brier(p, outcome);
      scores.naive.brier += brier(naive1x2, outcome);
      scores.model.logLoss -= Math.log(p[outcome] ?? 1e-12);
      scores.naive.logLoss -= Math.log(naive1x2[outcome] ?? 1e-12);
      scores.model.overBrier += 2 * (overTwoAndAHalf(grid) - isOver) ** 2;
      scores.naive.overBrier += 2 * (naiveOver - isOver) ** 2;
      if (match.ht) {
        const htOutcome = outcomeIndex(match.ht[0], match.ht[1]);
        scores.model.htMatches += 1;
        scores.model.htBrier += brier(oneXTwo(halfTimeScoreGrid(model, match.home, match.away)), htOutcome);
        scores.naive.htBrier += brier(naiveHt, htOutcome);
      }
      p.forEach((q, i) => {
        const bin = scores.bins[Math.min(9, Math.floor(q * 10))];
        if (!bin) return;
        bin.predicted += q;
        bin.observed += i === outcome ? 1 : 0;
        bin.count += 1;
      });
    }
  }
  return scores;
}

const fixed = (value: number, digits = 4) => value.toFixed(digits);

function report(label: string, scores: Scores): void {
  const n = scores.matches;
  const ht = scores.model.htMatches;
  console.log(`\n## ${label}: ${n} matches predicted (ξ = ${DEFAULT_XI})\n`);
  console.log('| measure | model | naive base rates |');
  console.log('|---|---|---|');
  console.log(`| 1X2 Brier score (3 outcomes, lower is better) | ${fixed(scores.model.brier / n)} | ${fixed(scores.naive.brier / n)} |`);
  console.log(`| 1X2 log loss | ${fixed(scores.model.logLoss / n)} | ${fixed(scores.naive.logLoss / n)} |`);
  console.log(`| over/under 2.5 Brier score (2 outcomes) | ${fixed(scores.model.overBrier / n)} | ${fixed(scores.naive.overBrier / n)} |`);
  console.log(`| half-time 1X2 Brier score (${ht} matches) | ${fixed(scores.model.htBrier / ht)} | ${fixed(scores.naive.htBrier / ht)} |`);
  console.log('\n| predicted 1X2 probability | outcomes | mean predicted | observed |');
  console.log('|---|---|---|---|');
  scores.bins.forEach((bin, i) => {
    if (bin.count === 0) return;
    console.log(`| ${fixed(i / 10, 1)}–${fixed((i + 1) / 10, 1)} | ${bin.count} | ${fixed(bin.predicted / bin.count, 3)} | ${fixed(bin.observed / bin.count, 3)} |`);
  });
}

function reportSeasonFit(season: Played[]): void {
  const now = new Date(Math.max(...season.map((r) => r.date.getTime())));
  const model = fitDixonColes(season, { now });
  const goals = season.reduce((s, r) => s + r.homeGoals + r.awayGoals, 0) / season.length;
  console.log(
    `\nWhole-season fit: home advantage ×${fixed(Math.exp(model.homeAdvantage), 3)}, ρ ${fixed(model.rho, 3)}, ` +
      `average away side ${fixed(Math.exp(model.intercept), 2)} goals; the season had ${fixed(goals, 2)} goals a match`,
  );
}

/** NBA playoff games from the team box-score rows ("BOS vs. DAL" home, "DAL @ BOS" away; duplicated rows kept once). */
function readPlayoffs(): (BasketballResult & { season: string })[] {
  const [header, ...lines] = readFileSync(NBA_CSV, 'utf8').trim().split('\n');
  const columns = (header ?? '').split(',');
  const at = (name: string) => columns.indexOf(name);
  const games = new Map<string, { season: string; date: string; home?: [string, number]; away?: [string, number] }>();
  for (const line of lines) {
    const cells = line.split(',');
    const id = cells[at('GAME_ID')] ?? '';
    const game = games.get(id) ?? { season: cells[at('SEASON_YEAR')] ?? '', date: (cells[at('GAME_DATE')] ?? '').slice(0, 10) };
    const side: [string, number] = [cells[at('TEAM_ABBREVIATION')] ?? '', Number(cells[at('PTS')])];
    if ((cells[at('MATCHUP')] ?? '').includes(' vs. ')) game.home ??= side;
    else game.away ??= side;
    games.set(id, game);
  }
  return [...games.values()]
    .flatMap((g) => (g.home && g.away ? [{ season: g.season, home: g.home[0], away: g.away[0], homePoints: g.home[1], awayPoints: g.away[1], date: new Date(`${g.date}T00:00:00Z`) }] : []))
    .sort((a, b) => a.date.getTime() - b.date.getTime());
}

function reportBasketball(): void {
  const games = readPlayoffs();
  const lastSeason = '2023-24';
  const evaluatedSeasons = ['2020-21', '2021-22', '2022-23', lastSeason];
  const evaluated = games.filter((g) => evaluatedSeasons.includes(g.season));
  let model = 0;
  let naive = 0;
  for (const game of evaluated) {
    const before = games.filter((g) => g.date.getTime() < game.date.getTime());
    const fit = fitNormalMargin(before, { now: game.date });
    const params = predictBasketball(fit, game.home, game.away);
    const homeWin = 1 - normalCdf(0, params.marginMean, params.marginSigma);
    const homeRate = before.filter((g) => g.homePoints > g.awayPoints).length / before.length;
    const won = game.homePoints > game.awayPoints ? 1 : 0;
    model += 2 * (homeWin - won) ** 2;
    naive += 2 * (homeRate - won) ** 2;
  }
  const now = new Date(Math.max(...games.map((g) => g.date.getTime())));
  const all = fitNormalMargin(games, { now });
  const last = fitNormalMargin(
    games.filter((g) => g.season === lastSeason),
    { now },
  );
  console.log(`\n## Basketball: NBA playoffs 2010-11 … ${lastSeason}, ${games.length} games\n`);
  console.log('| fit | games | home advantage | margin σ | total of two average teams | total σ |');
  console.log('|---|---|---|---|---|---|');
  for (const [label, fit] of [
    ['all seasons, ξ = 0.0019', all],
    [`${lastSeason} only`, last],
  ] as const) {
    console.log(`| ${label} | ${fit.matchCount} | ${fixed(fit.homeAdvantage, 1)} | ${fixed(fit.marginSigma, 1)} | ${fixed(fit.totalBase, 1)} | ${fixed(fit.totalSigma, 1)} |`);
  }
  console.log(
    `\nRolling home-win Brier score on the ${evaluated.length} games of ${evaluatedSeasons.join(', ')} (2 outcomes): model ${fixed(model / evaluated.length)}, ` +
      `home-win base rate ${fixed(naive / evaluated.length)}`,
  );
}

const started = performance.now();
for (const { history, season } of SEASONS) {
  const [past, current] = [readSeason(history), readSeason(season)];
  report(`${season} (fits also use ${history})`, evaluate(past, current, DEFAULT_XI));
  const sweep = XI_SWEEP.map((xi) => {
    const scores = evaluate(past, current, xi);
    return `ξ ${xi}: ${fixed(scores.model.brier / scores.matches)}`;
  });
  console.log(`\n1X2 Brier score by decay rate: ${sweep.join(' · ')}`);
  reportSeasonFit(current);
}
reportBasketball();
console.log(`\n(${((performance.now() - started) / 1000).toFixed(1)} s)`);
