import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDownloadBanner } from './app-download-banner';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Header, app prompt, the page, footer: the frame of every page, error pages included. */
export function SiteShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-surface px-3 py-2 text-text focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('layout.skip.toContent')}
      </a>
      <SiteHeader />
      <AppDownloadBanner />
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-0 py-3 sm:px-3">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
