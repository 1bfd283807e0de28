import { useTranslation } from 'react-i18next';
import { isAppInAStore } from '../../lib/hooks/use-app-store-redirect';
import { useRootData } from '../../lib/root-data';
import { LocalLink } from '../local-link';

const SITE_LINKS = [
  { to: '/about', label: 'layout.footer.about' },
  { to: '/help', label: 'layout.footer.help' },
  { to: '/contact', label: 'layout.footer.contact' },
] as const;

/** Offered only when a store has the app (decision 089); /download-app itself stays, and says there is none. */
const DOWNLOAD_LINK = { to: '/download-app', label: 'layout.footer.downloadApp' } as const;

const LEGAL_LINKS = [
  { to: '/agreement', label: 'layout.footer.agreement' },
  { to: '/privacy', label: 'layout.footer.privacy' },
  { to: '/disclaimer', label: 'layout.footer.disclaimer' },
] as const;

const linkClass = 'text-muted hover:text-accent hover:underline';

export function SiteFooter() {
  const { t } = useTranslation('common');
  const { config } = useRootData();
  const siteLinks = isAppInAStore(config.appStore) ? [...SITE_LINKS, DOWNLOAD_LINK] : SITE_LINKS;

  return (
    <footer className="mt-8 border-t border-line bg-surface" aria-label={t('layout.footer.label')}>
      <div className="mx-auto grid max-w-7xl gap-6 px-3 py-6 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-extrabold text-accent">{t('app.brand.name')}</p>
          <p className="mt-1 text-muted">{t('app.brand.tagline')}</p>
          <p className="mt-3 text-xs text-muted">{t('layout.footer.note')}</p>
        </div>

        <nav aria-labelledby="footer-links-title">
          <h2 id="footer-links-title" className="mb-2 font-semibold">
            {t('layout.footer.linksTitle')}
          </h2>
          <ul className="space-y-1.5">
            {siteLinks.map((link) => (
              <li key={link.to}>
                <LocalLink to={link.to} className={linkClass}>
                  {t(link.label)}
                </LocalLink>
              </li>
            ))}
          </ul>
        </nav>

        <nav aria-labelledby="footer-legal-title">
          <h2 id="footer-legal-title" className="mb-2 font-semibold">
            {t('layout.footer.legalTitle')}
          </h2>
          <ul className="space-y-1.5">
            {LEGAL_LINKS.map((link) => (
              <li key={link.to}>
                <LocalLink to={link.to} className={linkClass}>
                  {t(link.label)}
                </LocalLink>
              </li>
            ))}
          </ul>
        </nav>

        {/* The #contact hash scrolls here (section 2). */}
        <section id="contact" aria-labelledby="footer-contact-title">
          <h2 id="footer-contact-title" className="mb-2 font-semibold">
            {t('layout.footer.contactTitle')}
          </h2>
          <p className="text-muted">{t('layout.footer.contactText')}</p>
        </section>
      </div>

      <div className="border-t border-line">
        <div className="mx-auto max-w-7xl px-3 py-4 text-xs text-muted">
          <h2 className="mb-1 font-semibold text-text">{t('layout.footer.creditsTitle')}</h2>
          <p>
            {t('layout.footer.credits')}{' '}
            <LocalLink to="/about" className="text-accent underline underline-offset-2 hover:no-underline">
              {t('layout.footer.about')}
            </LocalLink>
          </p>
        </div>
      </div>
    </footer>
  );
}
