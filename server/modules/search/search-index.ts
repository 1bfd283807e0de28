import { foldForSearch } from '../../../core/contracts/search';
import type { Sport } from '../../../core/contracts/matches';

/**
 * The in-memory search index of teams and competitions (docs/decisions/094-search.md): a few
 * thousand rows that change only when the catalogue is seeded or a season imported, so every
 * name is folded once when the index is built and a query is a scan over short strings.
 */

export interface IndexedCompetition {
  id: number;
  sport: Sport;
  nameTr: string;
  nameEn: string;
  nameZh: string;
  shortName: string;
  country: string;
  isHot: boolean;
  /** 1 first among hot competitions; 0 when not hot */
  hotRank: number;
  /** other names fans use (英超 for the Premier League), matched like the names */
  aliases?: readonly string[];
}

export interface IndexedTeam {
  id: number;
  sport: Sport;
  name: string;
  shortName: string;
  /** 0..1 */
  strength: number;
  /** the competitions the team has matches in */
  competitionIds: readonly number[];
}

interface Entry<T> {
  item: T;
  /** folded names, each matched on its own: the real names first, then short names and aliases */
  names: string[];
  /** how many of `names` are real names; a match on the others counts half a step less */
  primary: number;
  /** lower is wanted more (ties after the match quality) */
  popularity: number;
}

export interface SearchIndex {
  teams: Entry<IndexedTeam>[];
  competitions: Entry<IndexedCompetition>[];
  competitionsById: ReadonlyMap<number, IndexedCompetition>;
}

/**
 * How well a folded name answers a folded query, best 0: the whole name (0), the start of the
 * name (1), the start of one of its words (2), anywhere inside (3), for a Chinese query its
 * characters in order (4); null when it does not.
 */
export function matchQuality(name: string, query: string): number | null {
  if (name === query) return 0;
  if (name.startsWith(query)) return 1;
  if (name.includes(` ${query}`)) return 2;
  if (name.includes(query)) return 3;
  // Chinese names abbreviate by keeping characters in order: 英超 is 英格兰超级联赛.
  if (CJK_ONLY.test(query) && query.length >= 2 && isSubsequence(query, name)) return 4;
  return null;
}

const CJK_ONLY = /^\p{Script=Han}+$/u;

function isSubsequence(query: string, name: string): boolean {
  let at = 0;
  for (const character of name) {
    if (character === query[at]) at += 1;
    if (at === query.length) return true;
  }
  return false;
}

function bestQuality(entry: Entry<unknown>, query: string): number | null {
  let best: number | null = null;
  entry.names.forEach((name, position) => {
    const found = matchQuality(name, query);
    if (found === null) return;
    // "Beşiktaş" is the name of the football club and the short name of Beşiktaş GAİN: the name wins.
    const quality = position < entry.primary ? found : found + 0.5;
    if (best === null || quality < best) best = quality;
  });
  return best;
}

/**
 * Lower is wanted more: a hot competition by its rank, the others after every hot one. Hot ranks
 * are counted per sport; at the same rank football comes first (most of Tribün's readers).
 */
function competitionPopularity(competition: IndexedCompetition): number {
  const rank = competition.isHot && competition.hotRank > 0 ? competition.hotRank : 1000;
  return rank * 10 + (competition.sport === 'basketball' ? 5 : 0);
}

export function buildSearchIndex(data: { teams: readonly IndexedTeam[]; competitions: readonly IndexedCompetition[] }): SearchIndex {
  const competitionsById = new Map(data.competitions.map((competition) => [competition.id, competition]));
  const competitions = data.competitions.map((competition) =>
    entry(competition, [competition.nameTr, competition.nameEn, competition.nameZh], [competition.shortName, ...(competition.aliases ?? [])], competitionPopularity(competition)),
  );
  const teams = data.teams.map((team) => {
    const known = team.competitionIds.map((id) => competitionsById.get(id)).filter((c) => c !== undefined);
    // A team of a hot competition before one of a lower division; then the stronger team.
    const best = known.length === 0 ? 20_000 : Math.min(...known.map(competitionPopularity));
    return entry(team, [team.name], [team.shortName], best + (1 - Math.min(1, Math.max(0, team.strength))));
  });
  return { teams, competitions, competitionsById };
}

function entry<T>(item: T, names: readonly string[], others: readonly string[], popularity: number): Entry<T> {
  const primary = [...new Set(names.map(foldForSearch).filter((name) => name.length > 0))];
  const secondary = [...new Set(others.map(foldForSearch))].filter((name) => name.length > 0 && !primary.includes(name));
  return { item, names: [...primary, ...secondary], primary: primary.length, popularity };
}

/** The best-placed competition of a team (the one its popularity comes from), or null. */
export function primaryCompetition(index: SearchIndex, team: IndexedTeam): IndexedCompetition | null {
  let best: IndexedCompetition | null = null;
  for (const id of team.competitionIds) {
    const competition = index.competitionsById.get(id);
    if (!competition) continue;
    if (best === null || competitionPopularity(competition) < competitionPopularity(best)) best = competition;
  }
  return best;
}

/**
 * 0 the whole (real) name, 1 the start of a name or of a word in it (or a whole short name),
 * 2 inside a word, 3 Chinese characters in order.
 */
function tier(quality: number): number {
  return quality === 0 ? 0 : quality < 3 ? 1 : quality < 4 ? 2 : 3;
}

function rank<T>(entries: readonly Entry<T>[], query: string, limit: number, nameOf: (item: T) => string): T[] {
  const found: Array<{ item: T; quality: number; popularity: number; name: string }> = [];
  for (const entry of entries) {
    const quality = bestQuality(entry, query);
    if (quality !== null) found.push({ item: entry.item, quality, popularity: entry.popularity, name: nameOf(entry.item) });
  }
  found.sort(
    (a, b) =>
      // The exact name, then names a word of which starts with the query, then matches inside
      // a word; within each, the more wanted first (a Süper Lig club before a lower division's).
      tier(a.quality) - tier(b.quality) ||
      a.popularity - b.popularity ||
      a.quality - b.quality ||
      a.name.localeCompare(b.name),
  );
  return found.slice(0, limit).map((entry) => entry.item);
}

/** The teams whose name or short name answers the folded query, best first. */
export function findTeams(index: SearchIndex, query: string, limit: number): IndexedTeam[] {
  return rank(index.teams, query, limit, (team) => team.name);
}

/** The competitions whose name in any of the three languages, or short name, answers the folded query, best first. */
export function findCompetitions(index: SearchIndex, query: string, limit: number): IndexedCompetition[] {
  return rank(index.competitions, query, limit, (competition) => competition.nameEn);
}
