import { useCallback, useId, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ODDS_FORMATS, type OddsFormat } from '../../../core/contracts/odds';
import { DEFAULT_ODDS_FORMAT } from './forecast-format';

/**
 * The reader's odds format (decimal by default, Hong Kong, fractional), remembered in this
 * browser. The server and the hydrating render always write decimal; a stored choice takes over
 * right after, like the reader's time zone does.
 */
const STORAGE_KEY = 'tribun.oddsFormat';
const listeners = new Set<() => void>();

function isOddsFormat(x: unknown): x is OddsFormat {
  return typeof x === 'string' && (ODDS_FORMATS as readonly string[]).includes(x);
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

export function useOddsFormat(): [OddsFormat, (format: OddsFormat) => void] {
  const format = useSyncExternalStore(subscribe, readStored, () => DEFAULT_ODDS_FORMAT);
  const set = useCallback((next: OddsFormat) => store(next), []);
  return [format, set];
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
          if (isOddsFormat(event.target.value)) setFormat(event.target.value);
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
