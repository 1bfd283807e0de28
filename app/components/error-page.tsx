import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse } from 'react-router';
import { isChunkLoadError, reloadAfterChunkError } from '../lib/chunk-reload';
import { LocalLink } from './local-link';

/** What a reader sees when a page fails for a reason other than "not found". */
export function ErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation('errors');
  const status = isRouteErrorResponse(error) ? error.status : null;

  useEffect(() => {
    // A chunk of the new build replaced the one this page asked for: one reload fixes it.
    if (isChunkLoadError(error)) reloadAfterChunkError();
    else console.error(error);
  }, [error]);

  return (
    <section role="alert" className="mx-auto max-w-2xl bg-surface px-4 py-10 text-center sm:rounded-lg sm:border sm:border-line">
      {status !== null ? <p className="text-sm font-semibold text-accent">{t('error.page.status', { status })}</p> : null}
      <h1 className="mt-1 text-2xl font-bold">{t('error.page.title')}</h1>
      <p className="mt-3 text-base text-muted">{t('error.page.description')}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-md bg-accent px-4 py-2 font-semibold text-accent-contrast hover:bg-accent-strong"
        >
          {t('error.page.reload')}
        </button>
        <LocalLink to="/" end reloadDocument className="rounded-md border border-line px-4 py-2 font-semibold hover:bg-surface-muted">
          {t('error.page.goHome')}
        </LocalLink>
      </div>
    </section>
  );
}
