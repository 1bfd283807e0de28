import type { Sport } from '../../../core/contracts/matches';
import { accountApi } from '../account-api';
import { getAppState, subscribeAppState } from '../app-state';
import { useClientStore } from '../use-client-store';
import {
  collectedFromList,
  EMPTY_COLLECTED,
  mergeLoaded,
  withCollected,
  type CollectedMatches,
} from './collected-matches';

/**
 * The tab's copy of the reader's collected matches. It follows the session by itself: it loads
 * when someone signs in (or a signed-in page opens) and empties on logout.
 */
type Change = { sport: Sport; matchId: number; collected: boolean };

let state: CollectedMatches = EMPTY_COLLECTED;
let changesDuringLoad: Change[] | null = null;
const listeners = new Set<() => void>();

function set(next: CollectedMatches): void {
  if (next === state) return;
  state = next;
  for (const listener of Array.from(listeners)) listener();
}

export function getCollected(): CollectedMatches {
  return state;
}

/** Loads the collections of the signed-in user once; again only when the user changes or `force`. */
export async function loadCollected(options: { force?: boolean } = {}): Promise<void> {
  const { isLoggedIn, userInfo } = getAppState();
  const userId = isLoggedIn ? (userInfo?.id ?? null) : null;
  if (userId === null) {
    set(EMPTY_COLLECTED);
    return;
  }
  if (!options.force && state.userId === userId && state.status !== 'idle') return;
  set({ userId, status: 'loading', keys: state.userId === userId ? state.keys : new Set() });
  const changes: Change[] = [];
  changesDuringLoad = changes;
  try {
    const data = await accountApi.collections();
    if (state.userId !== userId) return;
    set(mergeLoaded(collectedFromList(userId, data.matches), changes));
  } catch {
    // Rows keep their own flags; the next page load tries again.
    if (state.userId === userId) set({ ...state, status: 'idle' });
  } finally {
    if (changesDuringLoad === changes) changesDuringLoad = null;
  }
}

/** Records a collect or remove that the server confirmed (or is about to), for every row at once. */
export function markCollected(sport: Sport, matchId: number, collected: boolean): void {
  changesDuringLoad?.push({ sport, matchId, collected });
  set(withCollected(state, sport, matchId, collected));
}

/**
 * Collects or removes a match: the star changes at once and goes back if the server refuses.
 * Rejects with the API error.
 */
export async function setMatchCollected(sport: Sport, matchId: number, collected: boolean): Promise<void> {
  markCollected(sport, matchId, collected);
  try {
    await accountApi.collectMatch(sport, matchId, collected);
  } catch (error) {
    markCollected(sport, matchId, !collected);
    throw error;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let followingSession = false;

/** Keeps the store in step with the session: load on sign-in, empty on logout. Browser only. */
export function followSession(): () => void {
  if (followingSession) return () => {};
  followingSession = true;
  const check = () => {
    const { isLoggedIn, userInfo } = getAppState();
    const userId = isLoggedIn ? (userInfo?.id ?? null) : null;
    if (userId !== state.userId) void loadCollected();
  };
  check();
  const off = subscribeAppState(check);
  return () => {
    off();
    followingSession = false;
  };
}

const getServerSnapshot = () => EMPTY_COLLECTED;

export function useCollected(): CollectedMatches {
  return useClientStore(subscribe, getCollected, getServerSnapshot);
}
