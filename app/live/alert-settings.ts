import { useCallback, useMemo } from 'react';
import { DEFAULT_ALERT_SETTINGS, parseAlertSettings, type AlertSettings } from '../../core/alerts';
import type { UserInfo } from '../../core/contracts/account';
import { accountApi } from '../lib/account-api';
import { dispatchAppState, getAppState, subscribeAppState, useCurrentUser } from '../lib/app-state';
import { useClientStore } from '../lib/use-client-store';

/**
 * Alert settings (spec event_msg_status). Signed-in readers use their account's settings
 * (UserInfo.event_msg_status, saved with POST /api/user/settings), so goal pop-ups, the goal
 * sound and the result pop-ups follow them on every device. Anonymous visitors keep theirs in
 * local storage. Reads go through core parseAlertSettings, so a damaged value falls back to
 * the defaults (decision 110) instead of muting alerts.
 */
export const ALERT_SETTINGS_STORAGE_KEY = 'alertSettings';

/** Goal pop-ups for the reader's own matches (the default, decision 110), every competition, or none. */
export type GoalAlertScope = 'followed' | 'all' | 'none';

export const GOAL_ALERT_SCOPES: readonly GoalAlertScope[] = ['followed', 'all', 'none'];

/** The radio-like choice of the settings: the reader's own matches, all competitions, or none. */
export function goalAlertScopeOf(settings: AlertSettings): GoalAlertScope {
  if (settings.all_comp) return 'all';
  if (settings.game_collect) return 'followed';
  return 'none';
}

/** all_comp and game_collect as the scope choice sets them: one on at most, never both. */
export function withGoalAlertScope(settings: AlertSettings, scope: GoalAlertScope): AlertSettings {
  return { ...settings, all_comp: scope === 'all', game_collect: scope === 'followed' };
}

type Listener = () => void;
const listeners = new Set<Listener>();
let cachedLocal: AlertSettings | null = null;

function readStored(): AlertSettings {
  try {
    return parseAlertSettings(window.localStorage.getItem(ALERT_SETTINGS_STORAGE_KEY));
  } catch {
    // Storage can be blocked (privacy modes); alerts then simply use the defaults.
    return { ...DEFAULT_ALERT_SETTINGS };
  }
}

// One parsed object per account settings object, so snapshots stay stable between renders.
const parsedOfAccount = new WeakMap<object, AlertSettings>();

/** The alert settings of an account, as parsed from its event_msg_status. */
export function accountAlertSettings(user: Pick<UserInfo, 'event_msg_status'>): AlertSettings {
  const source = user.event_msg_status as unknown;
  if (typeof source !== 'object' || source === null) return DEFAULT_ALERT_SETTINGS;
  let parsed = parsedOfAccount.get(source);
  if (!parsed) {
    parsed = parseAlertSettings(source);
    parsedOfAccount.set(source, parsed);
  }
  return parsed;
}

function signedInUser(): UserInfo | null {
  const state = getAppState();
  return state.isLoggedIn ? state.userInfo : null;
}

/** Current settings in the browser: the account's when signed in, else this browser's; the defaults on the server. */
export function getAlertSettings(): AlertSettings {
  if (typeof window === 'undefined') return DEFAULT_ALERT_SETTINGS;
  const user = signedInUser();
  if (user) return accountAlertSettings(user);
  cachedLocal ??= readStored();
  return cachedLocal;
}

function emit(): void {
  for (const listener of Array.from(listeners)) listener();
}

function saveLocal(settings: AlertSettings): void {
  cachedLocal = { ...settings };
  try {
    window.localStorage.setItem(ALERT_SETTINGS_STORAGE_KEY, JSON.stringify(cachedLocal));
  } catch {
    // Not persisted, but still applied for this visit.
  }
  emit();
}

/**
 * Saves the settings where they belong: to the account when signed in (applied at once, put
 * back if the server refuses, and then the promise rejects with the API error), else to this
 * browser.
 */
export async function saveAlertSettings(settings: AlertSettings): Promise<void> {
  const user = signedInUser();
  if (!user) {
    saveLocal(settings);
    return;
  }
  const before = user;
  dispatchAppState({ type: 'userInfo', userInfo: { ...user, event_msg_status: { ...settings } } });
  try {
    const saved = await accountApi.saveSettings({ event_msg_status: { ...settings } });
    dispatchAppState({ type: 'userInfo', userInfo: saved });
  } catch (error) {
    const now = signedInUser();
    if (now && now.id === before.id) dispatchAppState({ type: 'userInfo', userInfo: { ...now, event_msg_status: before.event_msg_status } });
    throw error;
  }
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  // Another tab changed the browser's settings: take them over here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== ALERT_SETTINGS_STORAGE_KEY && event.key !== null) return;
    cachedLocal = readStored();
    listener();
  };
  window.addEventListener('storage', onStorage);
  // Signing in or out, or the account's settings changing, changes the settings in force.
  const offSession = subscribeAppState(listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
    offSession();
  };
}

/**
 * The settings in force and a function that changes some of them (and resolves once saved).
 * The server render shows the signed-in reader's own settings.
 */
export function useAlertSettings(): [AlertSettings, (patch: Partial<AlertSettings>) => Promise<void>] {
  const user = useCurrentUser();
  const serverSettings = useMemo(() => (user ? accountAlertSettings(user) : DEFAULT_ALERT_SETTINGS), [user]);
  const settings = useClientStore(subscribe, getAlertSettings, () => serverSettings);
  const update = useCallback((patch: Partial<AlertSettings>) => saveAlertSettings({ ...getAlertSettings(), ...patch }), []);
  return [settings, update];
}
