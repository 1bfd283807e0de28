import { useSyncExternalStore } from 'react';

/**
 * The browser session state of section 3, persisted in localStorage under the key "app".
 * Accounts arrive in a later issue, so userInfo and configInfo are open objects for now.
 */
export type UserInfo = Record<string, unknown>;
export type ConfigInfo = Record<string, unknown>;

export interface AppState {
  isLoggedIn: boolean;
  token: string;
  userInfo: UserInfo | null;
  configInfo: ConfigInfo | null;
  activePage: number;
}

export type AppStateAction =
  | { type: 'login'; token: string }
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

/**
 * The state transitions of section 4. Login stores the token and marks the session logged in;
 * the user info fetched afterwards is stored only while still logged in (a late answer after
 * a logout must not bring the user back). Logout clears user info and token.
 */
export function reduceAppState(state: AppState, action: AppStateAction): AppState {
  switch (action.type) {
    case 'login':
      if (action.token === '') return state;
      return { ...state, token: action.token, isLoggedIn: true };
    case 'userInfo':
      if (!state.isLoggedIn) return state;
      return { ...state, userInfo: action.userInfo };
    case 'logout':
      return { ...state, userInfo: null, token: '', isLoggedIn: false };
    case 'configInfo':
      return { ...state, configInfo: action.configInfo };
    case 'activePage':
      if (!Number.isInteger(action.page) || action.page < 1) return state;
      return { ...state, activePage: action.page };
  }
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
  const token = typeof parsed.token === 'string' ? parsed.token : '';
  // Logged in without a token cannot make an authenticated call: treat it as logged out.
  const isLoggedIn = parsed.isLoggedIn === true && token !== '';
  const activePage =
    typeof parsed.activePage === 'number' && Number.isInteger(parsed.activePage) && parsed.activePage >= 1
      ? parsed.activePage
      : 1;
  return {
    isLoggedIn,
    token: isLoggedIn ? token : '',
    userInfo: isLoggedIn && isPlainObject(parsed.userInfo) ? parsed.userInfo : null,
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
  if (typeof window !== 'undefined') {
    try {
      window.localStorage.setItem(APP_STATE_STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Private modes may refuse storage; the state still lives for this page.
    }
  }
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

function getServerSnapshot(): AppState {
  return INITIAL_APP_STATE;
}

/** The session state in a component; the server and the first client render see logged out. */
export function useAppState(): AppState {
  return useSyncExternalStore(subscribeAppState, getAppState, getServerSnapshot);
}
