import { createContext, useContext, useMemo } from 'react';
import type { UserInfo } from '../../core/contracts/account';
import { useClientStore } from './use-client-store';

/**
 * The browser session state of section 3, persisted in localStorage under the key "app".
 *
 * The session secret itself is not here: the browser's session lives in the HttpOnly cookie the
 * server sets at login, which scripts cannot read (docs/decisions/032-browser-session.md). So
 * `token` stays '' in the browser; `isLoggedIn` and `userInfo` mirror what the server said about
 * the cookie's session, and the server's word wins on every page load.
 */
export type { UserInfo };
export type ConfigInfo = Record<string, unknown>;

export interface AppState {
  isLoggedIn: boolean;
  /** always '' in the browser: the secret stays in the HttpOnly cookie */
  token: string;
  userInfo: UserInfo | null;
  configInfo: ConfigInfo | null;
  activePage: number;
}

export type AppStateAction =
  | { type: 'login'; userInfo: UserInfo }
  | { type: 'userInfo'; userInfo: UserInfo }
  | { type: 'logout' }
  | { type: 'configInfo'; configInfo: ConfigInfo }
  | { type: 'activePage'; page: number };

export const APP_STATE_STORAGE_KEY = 'app';

export const INITIAL_APP_STATE: AppState = Object.freeze({
  isLoggedIn: false,
  token: '',
  userInfo: null,
  configInfo: null,
  activePage: 1,
});

function isPlainObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** Enough of a user object to show a signed-in header: an id and a nickname. */
function isUserInfo(x: unknown): x is UserInfo {
  return isPlainObject(x) && typeof x.id === 'number' && typeof x.nickname === 'string';
}

/**
 * The state transitions of section 4. Login marks the session logged in with its user; user
 * info fetched or returned later is stored only while still logged in as that same user (a late
 * answer after a logout, or for an account signed out since, must not bring it back). Logout
 * clears user info and token.
 */
export function reduceAppState(state: AppState, action: AppStateAction): AppState {
  switch (action.type) {
    case 'login':
      return { ...state, token: '', isLoggedIn: true, userInfo: action.userInfo };
    case 'userInfo':
      if (!state.isLoggedIn || (state.userInfo !== null && state.userInfo.id !== action.userInfo.id)) return state;
      return { ...state, userInfo: action.userInfo };
    case 'logout':
      if (!state.isLoggedIn && state.userInfo === null && state.token === '') return state;
      return { ...state, userInfo: null, token: '', isLoggedIn: false };
    case 'configInfo':
      return { ...state, configInfo: action.configInfo };
    case 'activePage':
      if (!Number.isInteger(action.page) || action.page < 1) return state;
      return { ...state, activePage: action.page };
  }
}

/**
 * The state after the server said who is signed in (the root loader's currentUser): the
 * server's answer wins over whatever this browser had stored.
 */
export function reconcileWithServer(state: AppState, currentUser: UserInfo | null): AppState {
  if (currentUser === null) return reduceAppState(state, { type: 'logout' });
  if (state.isLoggedIn && state.userInfo === currentUser) return state;
  return reduceAppState(state, { type: 'login', userInfo: currentUser });
}

/** Reads what localStorage holds, keeping only well-formed fields; anything else is the default. */
export function parseStoredAppState(raw: string | null): AppState {
  if (raw === null) return INITIAL_APP_STATE;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return INITIAL_APP_STATE;
  }
  if (!isPlainObject(parsed)) return INITIAL_APP_STATE;
  // Logged in without a user cannot show who is signed in: treat it as logged out.
  const isLoggedIn = parsed.isLoggedIn === true && isUserInfo(parsed.userInfo);
  const activePage =
    typeof parsed.activePage === 'number' && Number.isInteger(parsed.activePage) && parsed.activePage >= 1
      ? parsed.activePage
      : 1;
  return {
    isLoggedIn,
    // A token stored by an older version of the site is dropped: the cookie carries the session.
    token: '',
    userInfo: isLoggedIn ? (parsed.userInfo as UserInfo) : null,
    configInfo: isPlainObject(parsed.configInfo) ? parsed.configInfo : null,
    activePage,
  };
}

// ---- the browser store -------------------------------------------------------------------

const listeners = new Set<() => void>();
let current: AppState | null = null;

function readStorage(): string | null {
  try {
    return window.localStorage.getItem(APP_STATE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The current state; during server rendering always the initial one. */
export function getAppState(): AppState {
  if (typeof window === 'undefined') return INITIAL_APP_STATE;
  current ??= parseStoredAppState(readStorage());
  return current;
}

export function dispatchAppState(action: AppStateAction): AppState {
  const next = reduceAppState(getAppState(), action);
  if (next === current) return next;
  current = next;
  if (typeof window !== 'undefined') writeStorage(next);
  for (const listener of listeners) listener();
  return next;
}

export function subscribeAppState(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1 && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}

// Another tab logged in or out: follow it.
function onStorage(event: StorageEvent): void {
  if (event.key !== APP_STATE_STORAGE_KEY && event.key !== null) return;
  current = parseStoredAppState(readStorage());
  for (const listener of listeners) listener();
}

function writeStorage(state: AppState): void {
  try {
    window.localStorage.setItem(APP_STATE_STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Private modes may refuse storage; the state still lives for this page.
  }
}

let primed = false;

/**
 * Takes over the server's word about the session (the root loader's currentUser) before the
 * first client render reads the store, so the hydrating render shows the session the server
 * rendered. Called while rendering the root; only the first call does anything, silently.
 */
export function primeAppState(currentUser: UserInfo | null): void {
  if (typeof window === 'undefined' || primed) return;
  primed = true;
  current = reconcileWithServer(current ?? parseStoredAppState(readStorage()), currentUser);
  writeStorage(current);
}

/** A later answer of the server about the session (the root loader ran again): it wins. */
export function syncServerSession(currentUser: UserInfo | null): void {
  const next = reconcileWithServer(getAppState(), currentUser);
  if (next === current) return;
  current = next;
  writeStorage(next);
  for (const listener of listeners) listener();
}

/**
 * The signed-in user as the server saw the request (the root loader's currentUser), provided
 * by the root route; outside it (tests, isolated renders) nobody is signed in.
 */
export const ServerUserContext = createContext<UserInfo | null>(null);

/**
 * The session state in a component. The server render and the hydrating render use what the
 * root loader said (the request's session); after that, the browser store.
 */
export function useAppState(): AppState {
  const currentUser = useContext(ServerUserContext);
  const serverState = useMemo(() => reconcileWithServer(INITIAL_APP_STATE, currentUser), [currentUser]);
  return useClientStore(subscribeAppState, getAppState, () => serverState);
}

/** The signed-in user, or null. */
export function useCurrentUser(): UserInfo | null {
  const state = useAppState();
  return state.isLoggedIn ? state.userInfo : null;
}
