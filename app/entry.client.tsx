import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { splitLocalePath } from '../core/locale';
import { loadLocale } from './i18n/i18n';
import { readPageTexts } from './i18n/page-texts';
import { reloadAfterChunkError } from './lib/chunk-reload';
import { afterFirstPaint, whenIdle } from './lib/when-idle';

/**
 * React Router's default client entry, after one step: the texts (docs/decisions/084). The page
 * carries the ones its render used; they are added before hydration, so the first client render
 * matches the server's, and the rest of the locale's texts load once the page is idle. A page
 * without them (none so far) waits for the locale's chunk instead.
 */
function hydrate(): void {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

const locale = splitLocalePath(window.location.pathname).locale;

if (readPageTexts()) {
  afterFirstPaint(hydrate);
  whenIdle(() => void loadLocale(locale).catch(() => undefined));
} else {
  loadLocale(locale).then(hydrate, (error: unknown) => {
    // A deployment replaced the chunk: reload once; otherwise the page stays the working
    // server-rendered document rather than hydrate into raw keys.
    console.error(error);
    reloadAfterChunkError();
  });
}
