import { isbot } from 'isbot';
import { useEffect } from 'react';
import type { PublicConfig } from '../../../core/contracts/services';
import { appStoreTarget } from '../../../core/viewport';

export const APP_STORE_REDIRECT_STORAGE_KEY = 'app-store-redirected';

/**
 * Phones and tablets are sent once per browser to the app store page (section 1), when the
 * server enables it. Crawlers are never sent away: they must index the site itself. Without
 * storage "once" cannot be kept, so nobody is redirected then.
 */
export function useAppStoreRedirect(appStore: PublicConfig['appStore']): void {
  const { enabled, iosUrl, androidUrl } = appStore;

  useEffect(() => {
    if (!enabled) return;
    const userAgent = window.navigator.userAgent;
    if (isbot(userAgent)) return;
    try {
      if (window.localStorage.getItem(APP_STORE_REDIRECT_STORAGE_KEY) !== null) return;
    } catch {
      return;
    }
    const target = appStoreTarget({ width: window.innerWidth, userAgent });
    if (target === null) return;
    const url = target === 'ios' ? iosUrl : androidUrl;
    if (!url) return;
    try {
      window.localStorage.setItem(APP_STORE_REDIRECT_STORAGE_KEY, new Date().toISOString());
    } catch {
      return;
    }
    window.location.assign(url);
  }, [enabled, iosUrl, androidUrl]);
}
