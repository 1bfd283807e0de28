import { useCallback, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../core/contracts/account';
import { ODDS_FORMATS, type OddsFormat } from '../../../core/contracts/odds-vocabulary';
import { accountApi } from '../../lib/account-api';
import { dispatchAppState, getAppState, useCurrentUser } from '../../lib/app-state';
import { useClientStore } from '../../lib/use-client-store';
import { DEFAULT_ODDS_FORMAT } from './forecast-format';

/**
 * The reader's odds format (decimal by default, Hong Kong, fractional;
 * docs/decisions/082-odds-format-setting.md). Signed in with a format saved on the account, the
 * account's wins, on every device and already in the server's render. Otherwise the choice
 * remembered in this browser: the server and the hydrating render write decimal, and a stored
 * choice takes over right after, like the reader's time zone does. A choice made while signed in
 * is saved to the account and to this browser (for reading signed out).
 */
const STORAGE_KEY = 'tribun.oddsFormat';
const listeners = new Set<() => void>();

export function isOddsFormat(x: unknown): x is OddsFormat {
  return typeof x === 'string' && (ODDS_FORMATS as readonly string[]).includes(x);
}

/** The format to show: the signed-in account's when it has one, else this browser's choice. */
export function resolveOddsFormat(user: Pick<UserInfo, 'odds_format'> | null, stored: OddsFormat): OddsFormat {
  // A user info stored by an older version of the site has no odds_format at all.
  return isOddsFormat(user?.odds_format) ? user.odds_format : stored;
}

function readStored(): OddsFormat {
  try {
    const value = window.localStorage.getItem(STORAGE_KEY);
    return isOddsFormat(value) ? value : DEFAULT_ODDS_FORMAT;
  } catch {
    return DEFAULT_ODDS_FORMAT;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function store(format: OddsFormat): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, format);
  } catch {
    // Private mode: the choice holds for this page only.
  }
  for (const listener of Array.from(listeners)) listener();
}

/** POST /api/user/settings with the format; answers the account's user info. */
function postOddsFormat(format: OddsFormat): Promise<UserInfo> {
  return accountApi.saveSettings({ odds_format: format });
}

/**
 * Remembers a chosen format in this browser and, signed in, saves it to the account. The account's
 * user info shows it at once; if saving fails it goes back to what the account had. Resolves
 * true when saved (or signed out, with nothing to save), false when the account kept its value.
 */
export async function chooseOddsFormat(format: OddsFormat, save: (format: OddsFormat) => Promise<UserInfo> = postOddsFormat): Promise<boolean> {
  store(format);
  const { isLoggedIn, userInfo } = getAppState();
  if (!isLoggedIn || userInfo === null) return true;
  const previous = isOddsFormat(userInfo.odds_format) ? userInfo.odds_format : null;
  dispatchAppState({ type: 'userInfo', userInfo: { ...userInfo, odds_format: format } });
  try {
    dispatchAppState({ type: 'userInfo', userInfo: await save(format) });
    return true;
  } catch {
    const current = getAppState().userInfo;
    // Only undo our own guess: a later choice or a fresh answer of the server stays.
    if (current !== null && current.id === userInfo.id && current.odds_format === format) {
      dispatchAppState({ type: 'userInfo', userInfo: { ...current, odds_format: previous } });
    }
    return false;
  }
}

/** The format to show and the function that chooses another (see chooseOddsFormat). */
export function useOddsFormat(): [OddsFormat, (format: OddsFormat) => Promise<boolean>] {
  const stored = useClientStore(subscribe, readStored, () => DEFAULT_ODDS_FORMAT);
  const user = useCurrentUser();
  const choose = useCallback((next: OddsFormat) => chooseOddsFormat(next), []);
  return [resolveOddsFormat(user, stored), choose];
}

/** A small select of the odds format. */
export function OddsFormatSelect({ className = '' }: { className?: string }) {
  const { t } = useTranslation('forecast');
  const [format, setFormat] = useOddsFormat();
  const id = useId();
  return (
    <div className={`flex items-center gap-2 text-sm ${className}`}>
      <label htmlFor={id} className="text-muted">
        {t('odds.format')}
      </label>
      <select
        id={id}
        value={format}
        onChange={(event) => {
          if (isOddsFormat(event.target.value)) void setFormat(event.target.value);
        }}
        className="rounded-md border border-line bg-surface px-2 py-1 text-sm"
        data-testid="odds-format"
      >
        {ODDS_FORMATS.map((value) => (
          <option key={value} value={value}>
            {t(`odds.formats.${value}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
