import { lookalikeKey } from '../../../catalog/build/football-results';
import type { ImportWarning } from '../../../../core/contracts/imports';

/**
 * One club under two names in one season is a trap of real data (2019-20 `tr.1`: "Gaziantep FK"
 * for 28 matches, "Gazişehir Gaziantep FK" for 6). The importer reports such names and never
 * merges or splits them: only a person can tell a renamed club from two clubs.
 */

/** Words that say "club" in some language and tell nothing about which club. */
const CLUB_WORDS = new Set(['fc', 'afc', 'cfc', 'fk', 'sk', 'cf', 'sc', 'ac', 'as', 'ss', 'ssc', 'us', 'bk', 'if', 'club', 'calcio']);

/** The words of a name that identify the club: accents, case, punctuation, numbers and club words dropped. */
export function identifyingWords(name: string): string[] {
  return name
    .split(/\s+/u)
    .map(lookalikeKey)
    .filter((word) => word !== '' && !/^\d+$/u.test(word) && !CLUB_WORDS.has(word));
}

function isSubset(small: readonly string[], large: readonly string[]): boolean {
  const words = new Set(large);
  return small.every((word) => words.has(word));
}

export interface SeasonFixture {
  home: string;
  away: string;
}

/** Fixtures (played or not) of each team, in first-seen order. */
export function fixtureCountsOf(fixtures: readonly SeasonFixture[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const fixture of fixtures) {
    counts.set(fixture.home, (counts.get(fixture.home) ?? 0) + 1);
    counts.set(fixture.away, (counts.get(fixture.away) ?? 0) + 1);
  }
  return counts;
}

/** The number of fixtures most teams have, and how many teams have it. */
function modeOf(counts: Iterable<number>): { value: number; teams: number } {
  const tally = new Map<number, number>();
  for (const count of counts) tally.set(count, (tally.get(count) ?? 0) + 1);
  let best = { value: 0, teams: 0 };
  for (const [value, teams] of tally) if (teams > best.teams || (teams === best.teams && value > best.value)) best = { value, teams };
  return best;
}

/**
 * Whether a season looks like a league (everyone plays everyone as often): at least three
 * quarters of the teams have the same number of fixtures. Cups and group-plus-knockout seasons
 * do not, and there fewer fixtures only mean an early exit.
 */
export function looksLikeLeague(fixtures: readonly SeasonFixture[]): boolean {
  const counts = fixtureCountsOf(fixtures);
  return counts.size >= 4 && modeOf(counts.values()).teams >= counts.size * 0.75;
}

function sortedPair(a: string, b: string): [string, string] {
  return a < b ? [a, b] : [b, a];
}

/**
 * Pairs of names in one season that may be one club, and the league teams with fewer fixtures
 * than the rest. Two names that never meet pair when their identifying words are the same, or
 * one's are all in the other's ("Gaziantep FK" and "Gazişehir Gaziantep FK"), or — in a league —
 * when both have fewer fixtures than the rest and together have exactly as many. A short team
 * that pairs with nobody is a warning.
 */
export function findNameVariants(fixtures: readonly SeasonFixture[], options: { isLeague: boolean }): { variants: [string, string][]; warnings: ImportWarning[] } {
  const counts = fixtureCountsOf(fixtures);
  const names = [...counts.keys()].sort();
  // A club never plays itself: two names that meet in a fixture are two clubs ("FC Barcelona"
  // and "RCD Espanyol de Barcelona").
  const met = new Set(fixtures.map((fixture) => JSON.stringify(sortedPair(fixture.home, fixture.away))));
  const words = new Map(names.map((name) => [name, identifyingWords(name)]));
  const pairs = new Map<string, [string, string]>();
  const add = (a: string, b: string) => {
    const pair = sortedPair(a, b);
    const key = JSON.stringify(pair);
    if (!met.has(key)) pairs.set(key, pair);
  };

  for (let i = 0; i < names.length; i += 1) {
    for (let j = i + 1; j < names.length; j += 1) {
      const a = words.get(names[i]!)!;
      const b = words.get(names[j]!)!;
      if (a.length === 0 || b.length === 0) continue;
      if (isSubset(a, b) || isSubset(b, a)) add(names[i]!, names[j]!);
    }
  }

  const warnings: ImportWarning[] = [];
  if (options.isLeague) {
    const expected = modeOf(counts.values()).value;
    const short = names.filter((name) => counts.get(name)! < expected);
    const paired = new Set<string>();
    for (let i = 0; i < short.length; i += 1) {
      for (let j = i + 1; j < short.length; j += 1) {
        if (counts.get(short[i]!)! + counts.get(short[j]!)! === expected) {
          add(short[i]!, short[j]!);
          paired.add(short[i]!).add(short[j]!);
        }
      }
    }
    for (const name of short) {
      if (!paired.has(name)) warnings.push({ code: 'fewMatches', field: name, params: { team: name, matches: counts.get(name)!, expected } });
    }
  }

  const variants = [...pairs.values()].sort((x, y) => (x[0] === y[0] ? (x[1] < y[1] ? -1 : 1) : x[0] < y[0] ? -1 : 1));
  return { variants, warnings };
}
