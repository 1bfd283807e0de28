import type { BasketballMatch, Competition, FootballMatch, Sport } from '../../../core/contracts/matches';
import { basketballListKind, FOOTBALL_STATUS, footballListKind } from '../../../core/match/status';
import { isFavouriteMatch, type CollectedMatches } from '../../lib/collections/collected-matches';

/**
 * What the desktop columns beside a list show (docs/decisions/122-desktop-list-columns.md):
 * the competitions of the day and the reader's favourites on the left, the selected match or
 * the next kick-offs on the right. Pure: the list pages hand in the lists they already hold.
 */

/** A match of either sport, as the side columns carry them. */
export type SideMatch = { sport: 'football'; match: FootballMatch } | { sport: 'basketball'; match: BasketballMatch };

/** One competition of the day in the competitions column. */
export interface CompetitionEntry {
  id: number;
  name: string;
  country: string;
  logo: string;
  isHot: boolean;
  /** matches of the day in the list */
  count: number;
  /** of those, being played now */
  live: number;
}

/** A match selected on a desktop: its sport and id. */
export interface MatchSelection {
  sport: Sport;
  matchId: number;
}

/** How many kick-offs the right column lists when no match is selected. */
export const NEXT_KICK_OFF_LIMIT = 6;

export function isSideMatchLive(entry: SideMatch): boolean {
  return entry.sport === 'football' ? footballListKind(entry.match.status_id) === 'live' : basketballListKind(entry.match.status_id) === 'live';
}

function isNotStarted(entry: SideMatch): boolean {
  // Basketball's status 1 is "not started" as in football; abnormal (0) and 11–15 are not kick-offs.
  return entry.match.status_id === FOOTBALL_STATUS.NOT_STARTED;
}

/**
 * The day's competitions as the list holds them: hot ones first in their hot order, then the
 * rest by name in the reader's language; each with its number of matches and of live ones.
 * Competitions the list does not know (no entry in `competitions`) are left out: they have no
 * page to link to.
 */
export function listCompetitionEntries({
  matches,
  competitions,
  hot = [],
  locale,
}: {
  matches: readonly SideMatch[];
  competitions: Readonly<Record<string, Competition>>;
  /** ids of hot competitions in display order (football); basketball has none */
  hot?: readonly number[];
  /** the reader's language, for the order by name (BCP 47) */
  locale: string;
}): CompetitionEntry[] {
  const byId = new Map<number, CompetitionEntry>();
  for (const entry of matches) {
    const competition = competitions[String(entry.match.competition_id)];
    if (competition === undefined) continue;
    let found = byId.get(competition.competition_id);
    if (found === undefined) {
      found = {
        id: competition.competition_id,
        name: competition.name,
        country: competition.country,
        logo: competition.logo,
        isHot: competition.is_hot || hot.includes(competition.competition_id),
        count: 0,
        live: 0,
      };
      byId.set(found.id, found);
    }
    found.count += 1;
    if (isSideMatchLive(entry)) found.live += 1;
  }
  const collator = new Intl.Collator(locale);
  const hotRank = (id: number) => {
    const index = hot.indexOf(id);
    return index === -1 ? Number.MAX_SAFE_INTEGER : index;
  };
  return [...byId.values()].sort((a, b) => {
    if (a.isHot !== b.isHot) return a.isHot ? -1 : 1;
    const rank = hotRank(a.id) - hotRank(b.id);
    if (rank !== 0) return rank;
    return collator.compare(a.name, b.name) || a.id - b.id;
  });
}

/**
 * The next kick-offs of the list: matches not started yet, earliest first (ties by id, so the
 * server and the browser agree), at most `limit`.
 */
export function selectNextKickOffs(matches: readonly SideMatch[], limit: number = NEXT_KICK_OFF_LIMIT): SideMatch[] {
  return matches
    .filter(isNotStarted)
    .sort((a, b) => a.match.match_time - b.match.match_time || a.match.match_id - b.match.match_id)
    .slice(0, limit);
}

/** The selected match as the list holds it now (its score moves with the list), or null. */
export function findSelectedMatch(matches: readonly SideMatch[], selection: MatchSelection | null): SideMatch | null {
  if (selection === null) return null;
  return matches.find((entry) => entry.sport === selection.sport && entry.match.match_id === selection.matchId) ?? null;
}

/**
 * The reader's favourites among the list's matches (starred, or played by a followed team or
 * in a followed competition, as the favourites view keeps them): live ones first, then by
 * kick-off. Empty until the reader's follows are known.
 */
export function selectFavouriteMatches(matches: readonly SideMatch[], collected: CollectedMatches): SideMatch[] {
  return matches
    .filter((entry) => isFavouriteMatch(collected, entry.sport, entry.match))
    .sort(
      (a, b) =>
        Number(isSideMatchLive(b)) - Number(isSideMatchLive(a)) || a.match.match_time - b.match.match_time || a.match.match_id - b.match.match_id,
    );
}

/**
 * The match a row's link leads to (`/football/Details/12`, `/en/basketball/Details/7/h2h`), or
 * null for any other address: a click on such a link selects the match on a desktop.
 */
export function matchOfHref(href: string | null): MatchSelection | null {
  if (href === null) return null;
  const found = /^(?:\/(?:en|zh))?\/(football|basketball)\/Details\/(\d{1,15})(?:[/?#]|$)/.exec(href);
  if (found === null) return null;
  const matchId = Number(found[2]);
  return Number.isSafeInteger(matchId) ? { sport: found[1] as Sport, matchId } : null;
}

/** The side columns' matches of a day: every group's matches, football first. */
export function sideMatches(football: readonly { matches: readonly FootballMatch[] }[], basketball: readonly BasketballMatch[] = []): SideMatch[] {
  return [
    ...football.flatMap((group) => group.matches.map((match): SideMatch => ({ sport: 'football', match }))),
    ...basketball.map((match): SideMatch => ({ sport: 'basketball', match })),
  ];
}
