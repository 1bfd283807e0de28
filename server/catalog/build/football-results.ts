import { readFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * Season results from openfootball (football.json `*.json` files and Football.TXT `.txt`
 * files) in one shape, plus the few rules the catalog generator needs: points per game, and
 * the checks that catch one club listed under two names.
 *
 * Everything here is pure except the two `read*` helpers, which only read the file and hand
 * the text to the matching `parse*` function.
 */

/** Goals as `[home, away]`. */
export type Goals = readonly [number, number];

/** A match score as openfootball writes it; every part is optional (an unplayed match has none). */
export interface MatchScore {
  /** half time */
  ht?: Goals;
  /** full time (90 minutes); for an awarded match, the awarded score */
  ft?: Goals;
  /** after extra time, goals of the whole match */
  et?: Goals;
  /** penalty shoot-out */
  p?: Goals;
}

export type MatchStatus = 'awarded' | 'postponed';

export interface SeasonMatch {
  round: string;
  /** Football.TXT only: the local date of the match (YYYY-MM-DD) when the file gives one */
  date?: string;
  home: string;
  away: string;
  score: MatchScore;
  status?: MatchStatus;
}

/** One season of one competition: its matches in file order and its teams sorted by name. */
export interface SeasonResults {
  name: string;
  /** every team that appears in a fixture, played or not, sorted by UTF-16 code units */
  teams: string[];
  matches: SeasonMatch[];
}

/** A rename applied to every team name as it is read (e.g. dropping a country suffix). */
export type TeamRename = (raw: string) => string;

const identity: TeamRename = (raw) => raw;

function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function teamsOf(matches: readonly SeasonMatch[]): string[] {
  const names = new Set<string>();
  for (const match of matches) {
    names.add(match.home);
    names.add(match.away);
  }
  return [...names].sort(byCodeUnits);
}

// ---------------------------------------------------------------------------------------------
// Country suffixes

const COUNTRY_SUFFIX = /^(.*\S)\s+\(([A-Z]{3})\)$/u;

/**
 * Splits a trailing three-letter country code in brackets off a team name, as the Champions
 * League files write clubs: `"Galatasaray (TUR)"` → `{ name: "Galatasaray", country: "TUR" }`.
 * A name without such a suffix comes back unchanged with `country: null`.
 */
export function splitCountrySuffix(raw: string): { name: string; country: string | null } {
  const found = COUNTRY_SUFFIX.exec(raw);
  if (!found) return { name: raw, country: null };
  return { name: found[1] ?? raw, country: found[2] ?? null };
}

// ---------------------------------------------------------------------------------------------
// football.json

const GoalsSchema = z.tuple([z.number().int().min(0), z.number().int().min(0)]);

const JsonSeasonSchema = z.object({
  name: z.string(),
  matches: z.array(
    z.object({
      round: z.string(),
      team1: z.string().min(1),
      team2: z.string().min(1),
      score: z
        .object({
          ht: GoalsSchema.optional(),
          ft: GoalsSchema.optional(),
          et: GoalsSchema.optional(),
          p: GoalsSchema.optional(),
        })
        .optional(),
      status: z.enum(['awarded', 'postponed']).optional(),
    }),
  ),
});

/**
 * Parses a football.json season (`{name, matches: [{round, team1, team2, score, status?}]}`).
 * `team1` is the home side; a missing `score` or `score: {}` is an unplayed match. `rename` is
 * applied to every team name (the Champions League uses it to drop "(ENG)"-style suffixes).
 */
export function parseSeasonJson(text: string, rename: TeamRename = identity): SeasonResults {
  const season = JsonSeasonSchema.parse(JSON.parse(text));
  const matches = season.matches.map((match): SeasonMatch => {
    const score: MatchScore = {};
    if (match.score?.ht) score.ht = match.score.ht;
    if (match.score?.ft) score.ft = match.score.ft;
    if (match.score?.et) score.et = match.score.et;
    if (match.score?.p) score.p = match.score.p;
    const parsed: SeasonMatch = { round: match.round, home: rename(match.team1), away: rename(match.team2), score };
    if (match.status) parsed.status = match.status;
    return parsed;
  });
  return { name: season.name, teams: teamsOf(matches), matches };
}

/** Reads a football.json season file; see {@link parseSeasonJson}. */
export function readSeasonJson(file: string, rename: TeamRename = identity): SeasonResults {
  return parseSeasonJson(readFileSync(file, 'utf8'), rename);
}

// ---------------------------------------------------------------------------------------------
// Football.TXT

const ROUND_LINE = /^[▪»]\s*(.+?)\s*$/u;
/** `Sat Feb 22 2025`, `Sun Feb 23`, `Wed Jan/28 2026`: the year is given when it changes. */
const DATE_LINE = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun)\s+(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[ /](\d{1,2})(?:\s+(\d{4}))?$/u;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * The day (UTC midnight, in ms) of a Football.TXT date line, `Tue Jan 7` or `Sat Feb 22 2025`.
 * A line without its year takes the year, next to the last date read, whose day has the weekday
 * the line names: groups of a cup are written one after the other, so dates go back in time
 * ("Tue Jan 7" after "Thu Feb 27 2025" is 2025-01-07, not 2026), and a league's postponed match
 * may be listed out of order; else the nearest. Null when no year is known yet.
 */
export function txtDateMs(line: { weekday: string; month: string; day: number; year?: number }, lastMs: number | null): number | null {
  const month = MONTHS.indexOf(line.month);
  if (line.year !== undefined) return Date.UTC(line.year, month, line.day);
  if (lastMs === null) return null;
  const year = new Date(lastMs).getUTCFullYear();
  const candidates = [year - 1, year, year + 1]
    .map((candidate) => Date.UTC(candidate, month, line.day))
    .filter((ms) => new Date(ms).getUTCDate() === line.day)
    .sort((a, b) => Math.abs(a - lastMs) - Math.abs(b - lastMs));
  return candidates.find((ms) => WEEKDAYS[new Date(ms).getUTCDay()] === line.weekday) ?? candidates[0] ?? null;
}
const TITLE_LINE = /^=\s*(.+?)\s*$/u;
/** `[hh:mm]  Home  v Away  [result]`; the time is left out when it repeats the line above. */
const MATCH_LINE = /^(?:\d{1,2}[:.]\d{2}\s+)?(.+?)\s+v\s+(.+)$/u;
/** The away team ends where the result starts: the first `N-N` after a space. */
const AWAY_AND_RESULT = /^(.+?)\s+(\d+-\d+.*|\[[a-z]+\].*)$/u;

function goalsOf(text: string): Goals {
  const [home, away] = text.split('-').map(Number);
  return [home ?? 0, away ?? 0];
}

/**
 * Parses the result part of a Football.TXT match line. The parts come in this order, each
 * optional: `P-P pen.`, `E-E a.e.t.`, `F-F` (full time, only when there is no a.e.t. score),
 * `(x-x[, y-y])` and `[awarded]`. In brackets: half time alone, or after an a.e.t. score full
 * time then half time. An empty string is an unplayed match.
 */
export function parseTxtResult(text: string): { score: MatchScore; status?: MatchStatus } {
  const score: MatchScore = {};
  let rest = text.trim();
  const take = (pattern: RegExp): RegExpExecArray | null => {
    const found = pattern.exec(rest);
    if (found) rest = rest.slice(found[0].length).trimStart();
    return found;
  };
  const pen = take(/^(\d+-\d+)\s*pen\./u);
  if (pen?.[1]) score.p = goalsOf(pen[1]);
  const aet = take(/^(\d+-\d+)\s*a\.e\.t\./u);
  if (aet?.[1]) score.et = goalsOf(aet[1]);
  if (!aet) {
    const ft = take(/^(\d+-\d+)(?![\d.])/u);
    if (ft?.[1]) score.ft = goalsOf(ft[1]);
  }
  const brackets = take(/^\((\d+-\d+)(?:,\s*(\d+-\d+))?\)/u);
  if (brackets?.[1]) {
    if (score.et) {
      score.ft = goalsOf(brackets[1]);
      if (brackets[2]) score.ht = goalsOf(brackets[2]);
    } else {
      score.ht = goalsOf(brackets[1]);
    }
  }
  const status = take(/^\[(awarded|postponed)\]/u)?.[1] as MatchStatus | undefined;
  if (rest.length > 0) throw new Error(`Unreadable result "${text}"`);
  return status ? { score, status } : { score };
}

/** One Football.TXT match line, or null when the line is not a match (dates, blank lines). */
export function parseTxtMatchLine(line: string, round: string): SeasonMatch | null {
  const found = MATCH_LINE.exec(line.trim());
  if (!found?.[1] || !found[2]) return null;
  const home = found[1].trim();
  const tail = found[2].trim();
  const split = AWAY_AND_RESULT.exec(tail);
  const away = (split?.[1] ?? tail).trim();
  const { score, status } = parseTxtResult(split?.[2] ?? '');
  return status ? { round, home, away, score, status } : { round, home, away, score };
}

/**
 * Parses a Football.TXT file (openfootball/europe): a `= Title` line, `▪ Round` headers, date
 * lines, then one line per match, `21:00  Home  v Away  2-1 (1-0)`. `#` lines are comments.
 * A match line with no result (a final not yet played) is kept as an unplayed match.
 */
export function parseSeasonTxt(text: string): SeasonResults {
  let name = '';
  let round = '';
  let lastMs: number | null = null;
  let date: string | undefined;
  const matches: SeasonMatch[] = [];
  for (const rawLine of text.split(/\r?\n/u)) {
    const line = rawLine.trim();
    if (line === '' || line.startsWith('#')) continue;
    const title = TITLE_LINE.exec(line);
    if (title?.[1]) {
      name = title[1];
      continue;
    }
    const header = ROUND_LINE.exec(line);
    if (header?.[1]) {
      round = header[1];
      continue;
    }
    const dateLine = DATE_LINE.exec(line);
    if (dateLine?.[1] && dateLine[2] && dateLine[3]) {
      const ms = txtDateMs({ weekday: dateLine[1], month: dateLine[2], day: Number(dateLine[3]), year: dateLine[4] ? Number(dateLine[4]) : undefined }, lastMs);
      if (ms !== null) lastMs = ms;
      date = ms === null ? undefined : new Date(ms).toISOString().slice(0, 10);
      continue;
    }
    const match = parseTxtMatchLine(line, round);
    if (match) matches.push(date ? { ...match, date } : match);
  }
  return { name, teams: teamsOf(matches), matches };
}

/** Reads a Football.TXT season file; see {@link parseSeasonTxt}. */
export function readSeasonTxt(file: string): SeasonResults {
  return parseSeasonTxt(readFileSync(file, 'utf8'));
}

// ---------------------------------------------------------------------------------------------
// Points

/**
 * League points `[home, away]` a match gave, or null when it was not played. The score after
 * extra time decides when there is one, else the full-time (or awarded) score: 3 for a win,
 * 1 each for a draw. A shoot-out never decides: a match known only by its shoot-out counts as
 * a draw, which also makes impossible shoot-out scores such as `[4, 4]` harmless.
 */
export function matchPoints(score: MatchScore): readonly [number, number] | null {
  const deciding = score.et ?? score.ft;
  if (!deciding) return score.p ? [1, 1] : null;
  const [home, away] = deciding;
  if (home > away) return [3, 0];
  if (home < away) return [0, 3];
  return [1, 1];
}

/**
 * Points per played match of `team` in `results` (0..3), or null when the team played no
 * match there (absent from the file, or only unplayed fixtures). Unplayed and postponed
 * matches are left out; awarded matches count with their awarded score. No deductions.
 */
export function pointsPerGame(results: SeasonResults, team: string): number | null {
  let points = 0;
  let played = 0;
  for (const match of results.matches) {
    const isHome = match.home === team;
    if (!isHome && match.away !== team) continue;
    const earned = matchPoints(match.score);
    if (!earned) continue;
    points += isHome ? earned[0] : earned[1];
    played += 1;
  }
  return played === 0 ? null : points / played;
}

// ---------------------------------------------------------------------------------------------
// Name variants

const UNDECOMPOSED_LETTERS: Record<string, string> = { ı: 'i', ø: 'o', ł: 'l', đ: 'd', ß: 'ss', æ: 'ae', œ: 'oe' };

/**
 * The key two spellings of one name share: lower case, accents dropped (Turkish dotless ı and
 * a few letters Unicode does not decompose are mapped by hand), punctuation and spaces dropped.
 * "Beşiktaş" and "Besiktas", "St. Pauli" and "St Pauli" get the same key.
 */
export function lookalikeKey(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[ıøłđßæœ]/gu, (letter) => UNDECOMPOSED_LETTERS[letter] ?? letter)
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * Groups of team names in one file that differ only by accents, case, spaces or punctuation
 * (the sign of one club written two ways). Each group and the list are sorted; empty when
 * every club has one spelling.
 */
export function findLookalikeNames(results: SeasonResults): string[][] {
  const groups = new Map<string, string[]>();
  for (const team of results.teams) {
    const key = lookalikeKey(team);
    groups.set(key, [...(groups.get(key) ?? []), team]);
  }
  return [...groups.values()]
    .filter((group) => group.length > 1)
    .map((group) => [...group].sort(byCodeUnits))
    .sort((a, b) => byCodeUnits(a[0] ?? '', b[0] ?? ''));
}

/** Fixtures (played or not) per team: in a league every team has the same number. */
export function fixtureCounts(results: SeasonResults): Map<string, number> {
  const counts = new Map<string, number>(results.teams.map((team) => [team, 0]));
  for (const match of results.matches) {
    counts.set(match.home, (counts.get(match.home) ?? 0) + 1);
    counts.set(match.away, (counts.get(match.away) ?? 0) + 1);
  }
  return counts;
}

/**
 * League teams with fewer fixtures than the most any team has, sorted: in a league
 * everyone plays everyone, so a short count means one club split across two names (2019-20
 * `tr.1`: "Gaziantep FK" and "Gazişehir Gaziantep FK"). Only meaningful for leagues, not cups.
 */
export function findLeagueNameVariants(results: SeasonResults): string[] {
  const counts = fixtureCounts(results);
  const most = Math.max(0, ...counts.values());
  return [...counts]
    .filter(([, count]) => count < most)
    .map(([team]) => team)
    .sort(byCodeUnits);
}

/**
 * Goals per played match at full time (or after extra time), awarded matches left out (their
 * score was not played), rounded to 2 decimals; null when nothing was played.
 */
export function goalsPerMatch(results: SeasonResults): number | null {
  let goals = 0;
  let played = 0;
  for (const match of results.matches) {
    const score = match.score.ft ?? match.score.et;
    if (!score || match.status === 'awarded') continue;
    goals += score[0] + score[1];
    played += 1;
  }
  return played === 0 ? null : Math.round((goals / played) * 100) / 100;
}
