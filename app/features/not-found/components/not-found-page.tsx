import { isbot } from 'isbot';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NOT_FOUND_REDIRECT_MS } from '../../../../core/constants';
import { LocalLink } from '../../../components/local-link';
import { useLocalizedPath } from '../../../lib/locale';

const QUICK_LINKS = [
  { to: '/', label: 'notFound.page.home' },
  { to: '/football', label: 'notFound.page.football' },
  { to: '/basketball', label: 'notFound.page.basketball' },
  { to: '/forecast', label: 'notFound.page.forecast' },
] as const;

/**
 * The not-found page of section 2: title, apology, Go home and Go back, quick links in the
 * reader's language, and a return to the home page after 3 seconds. Crawlers never get this
 * page (entry.server answers them with a plain 404), and a crawler that runs scripts anyway
 * is not redirected.
 */
export function NotFoundPage() {
  const { t } = useTranslation('errors');
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const home = localize('/');

  useEffect(() => {
    if (isbot(window.navigator.userAgent)) return;
    const timer = setTimeout(() => void navigate(home, { replace: true }), NOT_FOUND_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate, home]);

  function goBack(): void {
    // Opened directly (no page behind it in this tab): back means home.
    if (window.history.length > 1) void navigate(-1);
    else void navigate(home);
  }

  return (
    <section className="mx-auto max-w-2xl bg-surface px-4 py-10 text-center sm:rounded-lg sm:border sm:border-line">
      <p aria-hidden="true" className="text-5xl font-extrabold tracking-tight text-accent">
        404
      </p>
      <h1 className="mt-2 text-2xl font-bold">{t('notFound.page.title')}</h1>
      <p className="mt-3 text-base text-muted">{t('notFound.page.description')}</p>

      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <LocalLink to="/" end className="rounded-md bg-accent px-4 py-2 font-semibold text-accent-contrast hover:bg-accent-strong">
          {t('notFound.page.goHome')}
        </LocalLink>
        <button
          type="button"
          onClick={goBack}
          className="rounded-md border border-line px-4 py-2 font-semibold hover:bg-surface-muted"
        >
          {t('notFound.page.goBack')}
        </button>
      </div>

      <nav aria-labelledby="not-found-links" className="mt-8">
        <h2 id="not-found-links" className="text-sm text-muted">
          {t('notFound.page.quickLinks')}
        </h2>
        <ul className="mt-2 flex flex-wrap justify-center gap-x-4 gap-y-1">
          {QUICK_LINKS.map((link) => (
            <li key={link.to}>
              <LocalLink to={link.to} end className="text-accent underline-offset-2 hover:underline">
                {t(link.label)}
              </LocalLink>
            </li>
          ))}
        </ul>
      </nav>

      <p className="mt-8 text-xs text-muted" role="status">
        {t('notFound.page.redirect', { seconds: NOT_FOUND_REDIRECT_MS / 1000 })}
      </p>
    </section>
  );
}
