import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { FormAlert, primaryButtonClass, secondaryButtonClass } from '../../../components/ui/field';
import { LocalLink } from '../../../components/local-link';
import { apiErrorDetails } from '../../../lib/account-api';
import { useLocale } from '../../../lib/locale';
import { accountPagePath } from '../../../lib/login-redirect';

/** One section card of a fan's pages. */
export function BloggerCard({ title, action, children, testId }: { title?: ReactNode; action?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section className="min-w-0 bg-surface px-4 py-4 sm:rounded-lg sm:border sm:border-line sm:px-6" data-testid={testId}>
      {title || action ? (
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          {title ? <h2 className="text-lg font-bold">{title}</h2> : <span />}
          {action}
        </div>
      ) : null}
      {children}
    </section>
  );
}

/** The column a fan's pages stand in. */
export function BloggerFrame({ children }: { children: ReactNode }) {
  return <div className="mx-auto grid w-full max-w-3xl gap-3 py-0 sm:py-3">{children}</div>;
}

/** What a page shows when its fan is missing to the reader (unknown, closed, blocked either way): the same as a missing page. */
export function BloggerNotFound() {
  const { t } = useTranslation('community');
  return (
    <BloggerCard testId="blogger-not-found">
      <h1 className="text-xl font-bold">{t('blogger.notFound.title')}</h1>
      <p className="mt-2 text-muted">{t('blogger.notFound.text')}</p>
      <LocalLink to="/community/community" className={`${secondaryButtonClass} mt-4 inline-flex`}>
        {t('blogger.notFound.back')}
      </LocalLink>
    </BloggerCard>
  );
}

/**
 * A failed read: its message and a retry. For the page's own fan (`page`), a 404 is the missing
 * page: unknown, closed or blocked either way; a list inside the page keeps to its section.
 */
export function LoadFailure({ error, retry, page = false }: { error: unknown; retry: () => void; page?: boolean }) {
  const { t } = useTranslation('community');
  const details = apiErrorDetails(error);
  if (page && details.status === 404) return <BloggerNotFound />;
  return (
    <div className="grid justify-items-start gap-3" data-testid="blogger-error">
      <FormAlert>{details.status === 0 ? t('blogger.network') : (details.message ?? t('blogger.failed'))}</FormAlert>
      <button type="button" onClick={retry} className={secondaryButtonClass}>
        {t('blogger.retry')}
      </button>
    </div>
  );
}

export function Loading() {
  const { t } = useTranslation('community');
  return (
    <p className="py-2 text-muted" role="status">
      {t('blogger.loading')}
    </p>
  );
}

/** What a view that needs an account shows signed out: "Please log in first" and the way in, coming back here. */
export function LoginFirst({ reason }: { reason?: string }) {
  const { t } = useTranslation('community');
  const locale = useLocale();
  const { pathname, search } = useLocation();
  return (
    <div className="grid justify-items-center gap-3 rounded-md bg-surface-muted px-4 py-6 text-center" data-testid="login-first">
      <p className="font-semibold">{t('messages:auth.loginFirst')}</p>
      {reason ? <p className="text-sm text-muted">{reason}</p> : null}
      <Link to={accountPagePath('/login', locale, `${pathname}${search}`)} className={primaryButtonClass}>
        {t('mine.login')}
      </Link>
    </div>
  );
}
