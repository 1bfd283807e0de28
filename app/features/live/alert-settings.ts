import { useCallback, useSyncExternalStore } from 'react';
import { DEFAULT_ALERT_SETTINGS, parseAlertSettings, type AlertSettings } from '../../../core/alerts';

/**
 * Alert settings of this browser (spec event_msg_status). Anonymous visitors keep them in
 * local storage; accounts will sync them with the server later. Reads go through core
 * parseAlertSettings, so a damaged stored value falls back to "all on" instead of muting alerts.
 */
export const ALERT_SETTINGS_STORAGE_KEY = 'alertSettings';

export type GoalAlertScope = 'all' | 'collected' | 'none';

/** The radio-like choice of the settings popover: all competitions, collected games only, or none. */
export function goalAlertScopeOf(settings: AlertSettings): GoalAlertScope {
  if (settings.all_comp) return 'all';
  if (settings.game_collect) return 'collected';
  return 'none';
}

/** all_comp and game_collect as the scope choice sets them: one on at most, never both. */
export function withGoalAlertScope(settings: AlertSettings, scope: GoalAlertScope): AlertSettings {
  return { ...settings, all_comp: scope === 'all', game_collect: scope === 'collected' };
}

type Listener = () => void;
const listeners = new Set<Listener>();
let cached: AlertSettings | null = null;

function readStored(): AlertSettings {
  try {
    return parseAlertSettings(window.localStorage.getItem(ALERT_SETTINGS_STORAGE_KEY));
  } catch {
    // Storage can be blocked (privacy modes); alerts then simply use the defaults.
    return { ...DEFAULT_ALERT_SETTINGS };
  }
}

/** Current settings in the browser; the defaults on the server. */
export function getAlertSettings(): AlertSettings {
  if (typeof window === 'undefined') return DEFAULT_ALERT_SETTINGS;
  cached ??= readStored();
  return cached;
}

export function saveAlertSettings(settings: AlertSettings): void {
  cached = { ...settings };
  try {
    window.localStorage.setItem(ALERT_SETTINGS_STORAGE_KEY, JSON.stringify(cached));
  } catch {
    // Not persisted, but still applied for this visit.
  }
  for (const listener of Array.from(listeners)) listener();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  // Another tab changed the settings: take them over here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== ALERT_SETTINGS_STORAGE_KEY && event.key !== null) return;
    cached = readStored();
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const getServerSnapshot = () => DEFAULT_ALERT_SETTINGS;

export function useAlertSettings(): [AlertSettings, (patch: Partial<AlertSettings>) => void] {
  const settings = useSyncExternalStore(subscribe, getAlertSettings, getServerSnapshot);
  const update = useCallback((patch: Partial<AlertSettings>) => saveAlertSettings({ ...getAlertSettings(), ...patch }), []);
  return [settings, update];
}
