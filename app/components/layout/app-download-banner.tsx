import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { splitLocalePath } from '../../../core/locale';
import { appStoreTarget } from '../../../core/viewport';
import { appStoreUrlFor } from '../../lib/hooks/use-app-store-redirect';
import { useRootData } from '../../lib/root-data';
import { LocalLink } from '../local-link';

const DISMISSED_KEY = 'app-banner-dismissed';

/**
 * The prompt to get the mobile app (section 1), on screens narrower than 1024 px only, and only
 * when the store of the reader's device has the app (APP_STORE_IOS_URL / APP_STORE_ANDROID_URL):
 * no prompt for an app that does not exist (decision 089). It appears after hydration, so a
 * reader who closed it never sees it flash.
 */
export function AppDownloadBanner() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const { config } = useRootData();
  const { enabled, iosUrl, androidUrl } = config.appStore;
  const [isVisible, setVisible] = useState(false);

  useEffect(() => {
    const target = appStoreTarget({ width: window.innerWidth, userAgent: window.navigator.userAgent });
    if (appStoreUrlFor({ enabled, iosUrl, androidUrl }, target) === '') {
      setVisible(false);
      return;
    }
    try {
      setVisible(window.localStorage.getItem(DISMISSED_KEY) === null);
    } catch {
      setVisible(true);
    }
  }, [enabled, iosUrl, androidUrl]);

  if (!isVisible || splitLocalePath(pathname).path === '/download-app') return null;

  function dismiss(): void {
    setVisible(false);
    try {
      window.localStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Closed for this page only.
    }
  }

  return (
    <aside aria-label={t('layout.appBanner.label')} className="border-b border-line bg-surface lg:hidden">
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-3 py-2">
        <span
          aria-hidden="true"
          className="flex size-8 shrink-0 items-center justify-center rounded-md bg-accent text-base font-extrabold text-accent-contrast"
        >
          T
        </span>
        <p className="flex-1 text-xs leading-snug">{t('layout.appBanner.text')}</p>
        <LocalLink to="/download-app" className="shrink-0 rounded bg-accent px-3 py-1.5 text-xs font-semibold text-accent-contrast">
          {t('layout.appBanner.action')}
        </LocalLink>
        <button
          type="button"
          onClick={dismiss}
          aria-label={t('layout.appBanner.dismiss')}
          className="flex size-8 shrink-0 items-center justify-center rounded text-lg text-muted hover:text-text"
        >
          ×
        </button>
      </div>
    </aside>
  );
}
