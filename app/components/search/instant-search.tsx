import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { foldForSearch, isSearchable, SEARCH_QUERY_MAX, type SearchData } from '../../../core/contracts/search';
import { hasControlCharacters } from '../../../core/contracts/text';
import { isApiError } from '../../lib/api-client';
import { endpointCalls } from '../../lib/endpoint-calls';
import { useLocalizedPath } from '../../lib/locale';
import { GROUP_LABEL, ResultLine, resultKey, resultPath, searchGroups, SEARCH_NAMESPACE, type SearchResult } from './search-parts';

const search = endpointCalls(async () => (await import('../../../core/contracts/search')).searchEndpoints);

/** How long typing must pause before the query is sent (fans type fast; every keystroke is not a request). */
export const SEARCH_DEBOUNCE_MS = 150;

type Answer =
  | { status: 'idle' }
  | { status: 'tooShort' }
  | { status: 'loading'; q: string; previous: SearchData | null }
  | { status: 'done'; q: string; data: SearchData }
  | { status: 'error'; q: string; message: string };

/** The message of a 400 the server translated (a control character), else null. */
function translatedError(error: unknown): string | null {
  if (!isApiError(error) || error.code !== 400) return null;
  const data = error.data as { data?: { fields?: Array<{ message?: unknown }> }; message?: unknown } | null;
  const field = data?.data?.fields?.[0]?.message;
  if (typeof field === 'string') return field;
  return typeof data?.message === 'string' ? data.message : null;
}

/**
 * The header's instant search (loaded on the first click or focus of the header's search
 * button, docs/decisions/094-search.md): a combobox whose listbox shows teams, competitions and
 * matches as the reader types. Arrow keys move through the results, Enter follows the active one
 * (or opens the /search page), Escape closes. Answers to older queries are dropped.
 */
export default function InstantSearch({ onClose }: { onClose: (returnFocus: boolean) => void }) {
  const { t } = useTranslation(SEARCH_NAMESPACE);
  const localize = useLocalizedPath();
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-results`;
  const inputRef = useRef<HTMLInputElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const [value, setValue] = useState('');
  const [answer, setAnswer] = useState<Answer>({ status: 'idle' });
  const [active, setActive] = useState(-1);

  useEffect(() => inputRef.current?.focus(), []);

  // A click or a focus outside the panel closes it.
  useEffect(() => {
    const outside = (event: Event) => {
      if (panelRef.current && event.target instanceof Node && !panelRef.current.contains(event.target)) onClose(false);
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
    };
  }, [onClose]);

  useEffect(() => {
    const q = value.trim();
    setActive(-1);
    if (q === '') return setAnswer({ status: 'idle' });
    if (hasControlCharacters(q) === false && !isSearchable(foldForSearch(q))) return setAnswer({ status: 'tooShort' });
    const controller = new AbortController();
    setAnswer((current) => ({ status: 'loading', q, previous: current.status === 'done' ? current.data : current.status === 'loading' ? current.previous : null }));
    const timer = setTimeout(() => {
      search('search', { query: { q }, signal: controller.signal })
        .then((data) => {
          if (!controller.signal.aborted) setAnswer({ status: 'done', q, data });
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          setAnswer({ status: 'error', q, message: translatedError(error) ?? t('failed') });
        });
    }, SEARCH_DEBOUNCE_MS);
    // A newer query aborts this one: its answer, late or not, is never shown.
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value, t]);

  // The active option stays in view as the arrow keys move through a long list.
  useEffect(() => {
    if (active >= 0) document.getElementById(`${id}-option-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, id]);

  const data = answer.status === 'done' ? answer.data : answer.status === 'loading' ? answer.previous : null;
  const groups = useMemo(() => (data ? searchGroups(data) : []), [data]);
  const flat = useMemo(() => groups.flatMap((group) => group.results), [groups]);
  const q = value.trim();
  const seeAllIndex = flat.length;
  const optionCount = q === '' ? 0 : flat.length + 1;
  const optionId = (index: number) => `${id}-option-${index}`;
  const allPath = `${localize('/search')}?q=${encodeURIComponent(q)}`;

  function follow(result: SearchResult | null) {
    onClose(false);
    void navigate(result ? localize(resultPath(result)) : allPath);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' && optionCount > 0) {
      event.preventDefault();
      setActive((index) => (index + 1) % optionCount);
    } else if (event.key === 'ArrowUp' && optionCount > 0) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? optionCount - 1 : index - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (q === '') return;
      follow(active >= 0 && active < flat.length ? flat[active]! : null);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onClose(true);
    }
  }

  const status =
    answer.status === 'tooShort'
      ? t('tooShort')
      : answer.status === 'error'
        ? answer.message
        : answer.status === 'done' && flat.length === 0
          ? t('empty', { q: answer.q })
          : answer.status === 'done'
            ? t('count', { count: flat.length })
            : answer.status === 'loading' && data === null
              ? t('loading')
              : '';
  let index = -1;

  return (
    <div
      ref={panelRef}
      className="absolute inset-x-0 top-full z-50 border-t border-white/10 bg-surface text-text shadow-lg sm:left-auto sm:right-3 sm:mt-1 sm:w-[28rem] sm:rounded-lg sm:border sm:border-line"
    >
      <form
        role="search"
        action={localize('/search')}
        method="get"
        onSubmit={(event) => {
          event.preventDefault();
          if (q !== '') follow(null);
        }}
        className="flex items-center gap-2 border-b border-line p-2"
      >
        <input
          ref={inputRef}
          type="search"
          name="q"
          role="combobox"
          aria-label={t('label')}
          aria-expanded={optionCount > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          placeholder={t('placeholder')}
          autoComplete="off"
          spellCheck={false}
          maxLength={SEARCH_QUERY_MAX + 20}
          enterKeyHint="search"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={onKeyDown}
          className="min-w-0 flex-1 rounded border border-line bg-background px-3 py-2 text-base"
        />
        <button
          type="button"
          onClick={() => onClose(true)}
          aria-label={t('close')}
          className="flex size-9 items-center justify-center rounded text-muted hover:bg-surface-muted"
        >
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" className="size-4.5">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      </form>
      <p role="status" aria-live="polite" className={status === '' ? 'sr-only' : 'px-3 pt-2 text-sm text-muted'}>
        {status}
      </p>
      <div id={listId} role="listbox" aria-label={t('label')} className="max-h-[min(70vh,32rem)] overflow-y-auto py-1">
        {groups.map((group) => (
          <div key={group.kind} role="group" aria-labelledby={`${id}-${group.kind}`}>
            <div id={`${id}-${group.kind}`} role="presentation" className="px-3 pt-2 pb-1 text-xs font-semibold text-muted uppercase">
              {t(GROUP_LABEL[group.kind])}
            </div>
            {group.results.map((result) => {
              index += 1;
              const own = index;
              return (
                <div
                  key={resultKey(result)}
                  id={optionId(own)}
                  role="option"
                  aria-selected={active === own}
                  onPointerMove={() => setActive(own)}
                  onClick={() => follow(result)}
                  className="cursor-pointer px-3 py-2 aria-selected:bg-surface-muted"
                >
                  <ResultLine result={result} />
                </div>
              );
            })}
          </div>
        ))}
        {q !== '' ? (
          <div
            id={optionId(seeAllIndex)}
            role="option"
            aria-selected={active === seeAllIndex}
            onPointerMove={() => setActive(seeAllIndex)}
            onClick={() => follow(null)}
            className="cursor-pointer border-t border-line px-3 py-2.5 text-sm font-semibold text-accent aria-selected:bg-surface-muted"
          >
            {t('seeAll', { q })}
          </div>
        ) : null}
      </div>
    </div>
  );
}
