import type { Sport } from '../../../core/contracts/matches';

/**
 * Which matches the signed-in reader collected. The day lists are shared caches on the server
 * and always say is_collect: false, so the rows take the answer from here: the reader's
 * collections (GET /api/user/collections), kept current by the star's own changes.
 *
 * Until the collections are loaded (and for signed-out readers) a row shows what its list
 * said, which is not collected.
 */
export interface CollectedMatches {
  /** whose collections these are; null when signed out */
  userId: number | null;
  status: 'idle' | 'loading' | 'ready';
  /** `${sport}:${match_id}` of every collected match */
  keys: ReadonlySet<string>;
}

export const EMPTY_COLLECTED: CollectedMatches = Object.freeze({ userId: null, status: 'idle', keys: new Set<string>() });

export function collectedKey(sport: Sport, matchId: number): string {
  return `${sport}:${matchId}`;
}

/** Whether a row shows its match as collected: the reader's collections once known, else the list's flag. */
export function isMatchCollected(state: CollectedMatches, sport: Sport, match: { match_id: number; is_collect: boolean }): boolean {
  if (state.status !== 'ready') return match.is_collect;
  return state.keys.has(collectedKey(sport, match.match_id));
}

/** The collections as loaded from the server for a user. */
export function collectedFromList(userId: number, matches: readonly { sport: Sport; match_id: number }[]): CollectedMatches {
  return { userId, status: 'ready', keys: new Set(matches.map((m) => collectedKey(m.sport, m.match_id))) };
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
export function mergeLoaded(
  loaded: CollectedMatches,
  changesDuringLoad: readonly { sport: Sport; matchId: number; collected: boolean }[],
): CollectedMatches {
  return changesDuringLoad.reduce((state, change) => withCollected(state, change.sport, change.matchId, change.collected), loaded);
}
