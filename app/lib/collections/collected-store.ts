import type { Sport } from '../../../core/contracts/matches';
import { accountApi, apiErrorDetails } from '../account-api';
import { getAppState, subscribeAppState } from '../app-state';
import { useClientStore } from '../use-client-store';
import {
  collectedFromList,
  collectedFromLocal,
  collectedKey,
  EMPTY_COLLECTED,
  mergeLoaded,
  withCollected,
  withFollowed,
  type CollectedChange,
  type CollectedMatches,
} from './collected-matches';
import {
  afterMerge,
  EMPTY_LOCAL_FOLLOWS,
  isLocalEmpty,
  LOCAL_FOLLOW_LIMIT,
  LOCAL_FOLLOWS_KEY,
  mergeEntries,
  parseLocalFollows,
  parseMatchKey,
  sendToAccount,
  serializeLocalFollows,
  withLocalFollow,
  withLocalMatch,
  type FollowKind,
  type LocalFollows,
  type MergeEntry,
} from './local-follows';

/**
 * The tab's copy of what the reader starred and follows: one store for the whole app, signed
 * in or not (docs/decisions/095). Signed in, the account's collections (the server); signed
 * out, the browser's local storage, shared by the tabs. It follows the session by itself: at
 * sign-in (and on a signed-in page load that finds local entries) the browser's entries move
 * into the account, then the account's list is loaded; at logout it shows the browser's again.
 *
 * Read through useClientStore (docs/decisions/092): the server and the hydrating render see
 * nothing starred, the reader's state arrives right after.
 */

let state: CollectedMatches = EMPTY_COLLECTED;
let changesDuringLoad: CollectedChange[] | null = null;
const listeners = new Set<() => void>();

function set(next: CollectedMatches): void {
  if (next === state) return;
  state = next;
  for (const listener of Array.from(listeners)) listener();
}

export function getCollected(): CollectedMatches {
  return state;
}

function sessionUserId(): number | null {
  const { isLoggedIn, userInfo } = getAppState();
  return isLoggedIn ? (userInfo?.id ?? null) : null;
}

// ---- the browser's list -------------------------------------------------------------------

function readLocal(): LocalFollows {
  try {
    return parseLocalFollows(window.localStorage.getItem(LOCAL_FOLLOWS_KEY));
  } catch {
    // Storage blocked (privacy settings): nothing kept.
    return EMPTY_LOCAL_FOLLOWS;
  }
}

function writeLocal(follows: LocalFollows): void {
  try {
    if (isLocalEmpty(follows)) window.localStorage.removeItem(LOCAL_FOLLOWS_KEY);
    else window.localStorage.setItem(LOCAL_FOLLOWS_KEY, serializeLocalFollows(follows));
  } catch {
    // Full or blocked: the change lives in this tab only.
  }
}

/** Thrown by a toggle when the browser's list is full (LOCAL_FOLLOW_LIMIT). */
export class FollowLimitError extends Error {
  readonly max = LOCAL_FOLLOW_LIMIT;
  constructor() {
    super('follow limit');
    this.name = 'FollowLimitError';
  }
}

function changeLocal(change: (follows: LocalFollows) => LocalFollows | 'limit'): void {
  const next = change(readLocal());
  if (next === 'limit') throw new FollowLimitError();
  writeLocal(next);
  set(collectedFromLocal(next));
}

// ---- the account ----------------------------------------------------------------------------

function followApi(kind: FollowKind, id: number, followed: boolean): Promise<unknown> {
  if (kind === 'competition') return accountApi.collectCompetition(id, followed);
  return accountApi.collectTeam(id, followed);
}

function addToAccount(entry: MergeEntry): Promise<unknown> {
  if (entry.kind !== 'match') return followApi(entry.kind, entry.id, true);
  const parsed = parseMatchKey(entry.key);
  return parsed === null ? Promise.resolve() : accountApi.collectMatch(parsed.sport, parsed.matchId, true);
}

/** A refusal that trying again will not change: the match or team is gone, or the id is bad. */
export function refusedForGood(error: unknown): boolean {
  const { status } = apiErrorDetails(error);
  return status === 400 || status === 404;
}

let merging: Promise<void> | null = null;

/**
 * Moves the browser's entries into the signed-in account. The calls are idempotent; an entry
 * leaves local storage once the account has it (or refused it for good), anything else stays
 * and is tried again at the next page load.
 */
export function mergeLocalIntoAccount(): Promise<void> {
  merging ??= (async () => {
    const done = await sendToAccount(mergeEntries(readLocal()), addToAccount, {
      refusedForGood,
      stillSignedIn: () => sessionUserId() !== null,
    });
    // Read again: another tab may have changed the list meanwhile.
    writeLocal(afterMerge(readLocal(), done));
  })().finally(() => {
    merging = null;
  });
  return merging;
}

/**
 * Loads what the reader follows: the browser's list when signed out; when signed in, first
 * moves the browser's entries into the account, then loads the account's list, once per user
 * (again only when the user changes or `force`).
 */
export async function loadCollected(options: { force?: boolean } = {}): Promise<void> {
  const userId = sessionUserId();
  if (userId === null) {
    set(collectedFromLocal(readLocal()));
    return;
  }
  if (!options.force && state.userId === userId && state.status !== 'idle') return;
  const same = state.userId === userId;
  set({
    userId,
    status: 'loading',
    keys: same ? state.keys : new Set(),
    competitions: same ? state.competitions : new Set(),
    teams: same ? state.teams : new Set(),
  });
  const changes: CollectedChange[] = [];
  changesDuringLoad = changes;
  try {
    if (!isLocalEmpty(readLocal())) await mergeLocalIntoAccount();
    const data = await accountApi.collections();
    if (state.userId !== userId) return;
    // `teams` is newer than the endpoint: an older server leaves it out.
    set(mergeLoaded(collectedFromList(userId, data.matches, data.competitions, data.teams ?? []), changes));
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

/** Records a follow or unfollow of a competition or team, as markCollected does for matches. */
export function markFollowed(kind: FollowKind, id: number, followed: boolean): void {
  changesDuringLoad?.push({ kind, id, collected: followed });
  set(withFollowed(state, kind, id, followed));
}

/**
 * Stars or un-stars a match. Signed out, in the browser (rejects with FollowLimitError when
 * the list is full); signed in, in the account: the star changes at once and goes back if the
 * server refuses (rejects with the API error).
 */
export async function setMatchCollected(sport: Sport, matchId: number, collected: boolean): Promise<void> {
  if (sessionUserId() === null) {
    changeLocal((follows) => withLocalMatch(follows, collectedKey(sport, matchId), collected));
    return;
  }
  markCollected(sport, matchId, collected);
  try {
    await accountApi.collectMatch(sport, matchId, collected);
  } catch (error) {
    markCollected(sport, matchId, !collected);
    throw error;
  }
}

/** Follows or stops following a competition or team, like setMatchCollected. */
export async function setFollowed(kind: FollowKind, id: number, followed: boolean): Promise<void> {
  if (sessionUserId() === null) {
    changeLocal((follows) => withLocalFollow(follows, kind, id, followed));
    return;
  }
  markFollowed(kind, id, followed);
  try {
    await followApi(kind, id, followed);
  } catch (error) {
    markFollowed(kind, id, !followed);
    throw error;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let followingSession = false;

/**
 * Keeps the store in step with the session and the other tabs: load on sign-in (after moving
 * the browser's entries into the account), the browser's list when signed out, and a change
 * made in another signed-out tab shows here too. Browser only.
 */
export function followSession(): () => void {
  if (followingSession) return () => {};
  followingSession = true;
  const check = () => {
    const userId = sessionUserId();
    if (userId !== state.userId || (userId === null && state.status === 'idle')) void loadCollected();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key !== LOCAL_FOLLOWS_KEY && event.key !== null) return;
    if (sessionUserId() === null) set(collectedFromLocal(readLocal()));
  };
  check();
  const off = subscribeAppState(check);
  window.addEventListener('storage', onStorage);
  return () => {
    off();
    window.removeEventListener('storage', onStorage);
    followingSession = false;
  };
}

const getServerSnapshot = () => EMPTY_COLLECTED;

export function useCollected(): CollectedMatches {
  return useClientStore(subscribe, getCollected, getServerSnapshot);
}
