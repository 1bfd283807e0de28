import type { Sport } from '../../../core/contracts/matches';

/**
 * Which matches the reader starred, and which competitions and teams they follow: the
 * account's (signed in) or the browser's (signed out, local-follows.ts). The day lists are shared caches on the server
 * and always say is_collect: false, so the rows take the answer from here: the reader's
 * collections (GET /api/user/collections), kept current by the star's own changes.
 *
 * Until the collections are known (on the server, while hydrating, while loading) a row shows
 * what its list said, which is not collected.
 */
export interface CollectedMatches {
  /** whose collections these are; null when signed out (then they are the browser's) */
  userId: number | null;
  status: 'idle' | 'loading' | 'ready';
  /** `${sport}:${match_id}` of every collected match */
  keys: ReadonlySet<string>;
  /** followed competitions */
  competitions: ReadonlySet<number>;
  /** followed teams */
  teams: ReadonlySet<number>;
}

export const EMPTY_COLLECTED: CollectedMatches = Object.freeze({
  userId: null,
  status: 'idle',
  keys: new Set<string>(),
  competitions: new Set<number>(),
  teams: new Set<number>(),
});

export function collectedKey(sport: Sport, matchId: number): string {
  return `${sport}:${matchId}`;
}

/** Whether a row shows its match as collected: the reader's collections once known, else the list's flag. */
export function isMatchCollected(state: CollectedMatches, sport: Sport, match: { match_id: number; is_collect: boolean }): boolean {
  if (state.status !== 'ready') return match.is_collect;
  return state.keys.has(collectedKey(sport, match.match_id));
}

/** The collections as loaded from the server for a user. */
export function collectedFromList(
  userId: number,
  matches: readonly { sport: Sport; match_id: number }[],
  competitions: readonly { competition_id: number }[] = [],
  teams: readonly { team_id: number }[] = [],
): CollectedMatches {
  return {
    userId,
    status: 'ready',
    keys: new Set(matches.map((m) => collectedKey(m.sport, m.match_id))),
    competitions: new Set(competitions.map((c) => c.competition_id)),
    teams: new Set(teams.map((t) => t.team_id)),
  };
}

/** A signed-out reader's follows, as kept in the browser. */
export function collectedFromLocal(local: { matches: readonly string[]; competitions: readonly number[]; teams: readonly number[] }): CollectedMatches {
  return { userId: null, status: 'ready', keys: new Set(local.matches), competitions: new Set(local.competitions), teams: new Set(local.teams) };
}

/** Whether a competition or team is followed (false until known). */
export function isFollowed(state: CollectedMatches, kind: 'competition' | 'team', id: number): boolean {
  if (state.status !== 'ready') return false;
  return (kind === 'competition' ? state.competitions : state.teams).has(id);
}

/** One competition or team followed or no longer followed. */
export function withFollowed(state: CollectedMatches, kind: 'competition' | 'team', id: number, followed: boolean): CollectedMatches {
  const field = kind === 'competition' ? 'competitions' : 'teams';
  if (state[field].has(id) === followed) return state;
  const ids = new Set(state[field]);
  if (followed) ids.add(id);
  else ids.delete(id);
  return { ...state, [field]: ids };
}

/**
 * Whether a match belongs in the favourites view: starred, or played by a followed team, or
 * in a followed competition.
 */
export function isFavouriteMatch(
  state: CollectedMatches,
  sport: Sport,
  match: { match_id: number; competition_id: number; home_team_id: number; away_team_id: number },
): boolean {
  if (state.status !== 'ready') return false;
  return (
    state.keys.has(collectedKey(sport, match.match_id)) ||
    state.competitions.has(match.competition_id) ||
    state.teams.has(match.home_team_id) ||
    state.teams.has(match.away_team_id)
  );
}

/** Whether the reader has any favourites at all (for the favourites view's empty state). */
export function hasFavourites(state: CollectedMatches): boolean {
  return state.keys.size > 0 || state.competitions.size > 0 || state.teams.size > 0;
}

/** The groups of a day list (one per competition) kept to the matches `keep` accepts; empty groups left out. */
export function favouriteGroups<G extends { matches: readonly unknown[] }>(groups: readonly G[], keep: (match: G['matches'][number]) => boolean): G[] {
  const kept: G[] = [];
  for (const group of groups) {
    const matches = group.matches.filter(keep);
    if (matches.length > 0) kept.push({ ...group, matches });
  }
  return kept;
}

/** One match collected or removed (the star, or a remove in the collection page). */
export function withCollected(state: CollectedMatches, sport: Sport, matchId: number, collected: boolean): CollectedMatches {
  const key = collectedKey(sport, matchId);
  if (state.keys.has(key) === collected) return state;
  const keys = new Set(state.keys);
  if (collected) keys.add(key);
  else keys.delete(key);
  return { ...state, keys };
}

/**
 * The loaded list, with the changes made while it was on its way applied on top: a star
 * clicked during the load must not be undone by the answer.
 */
export type CollectedChange = { sport: Sport; matchId: number; collected: boolean } | { kind: 'competition' | 'team'; id: number; collected: boolean };

export function mergeLoaded(loaded: CollectedMatches, changesDuringLoad: readonly CollectedChange[]): CollectedMatches {
  return changesDuringLoad.reduce(
    (state, change) =>
      'kind' in change ? withFollowed(state, change.kind, change.id, change.collected) : withCollected(state, change.sport, change.matchId, change.collected),
    loaded,
  );
}
