import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocalizedPath } from '../../lib/locale';

const loadInstantSearch = () => import('./instant-search');
const InstantSearch = lazy(loadInstantSearch);

/**
 * The header's search entry. In the first load it is only a link to the /search page (which
 * works without JavaScript); the instant search's code is fetched when the reader points at,
 * focuses or clicks it (docs/decisions/084 and 094), and a click opens it in place.
 */
export function SearchButton() {
  // The namespace's name written out: importing it would make a chunk of one string for the first load.
  const { t } = useTranslation('search');
  const localize = useLocalizedPath();
  const [open, setOpen] = useState(false);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) linkRef.current?.focus();
  }, []);
  const preload = () => void loadInstantSearch().catch(() => undefined);

  return (
    <>
      <a
        ref={linkRef}
        href={localize('/search')}
        aria-label={t('open')}
        title={t('open')}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-search-button=""
        onPointerEnter={preload}
        onFocus={preload}
        onClick={(event) => {
          // A new tab or window gets the page; a plain click opens the search here.
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
          event.preventDefault();
          setOpen((current) => !current);
        }}
        className="flex size-9 items-center justify-center rounded text-header-fg hover:bg-white/10 lg:w-7"
      >
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" className="size-4.5">
          <circle cx="11" cy="11" r="7" />
          <path d="M20 20l-3.5-3.5" />
        </svg>
      </a>
      {open ? (
        <Suspense fallback={null}>
          <InstantSearch onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
