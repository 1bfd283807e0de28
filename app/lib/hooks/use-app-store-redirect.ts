import { isbot } from 'isbot';
import { useEffect } from 'react';
import type { PublicConfig } from '../../../core/contracts/services';
import { appStoreTarget } from '../../../core/viewport';

export const APP_STORE_REDIRECT_STORAGE_KEY = 'app-store-redirected';

type AppStore = PublicConfig['appStore'];

/** Whether the app is in at least one store: without an address nothing may offer a download (decision 089). */
export function isAppInAStore(appStore: AppStore): boolean {
  return appStore.iosUrl !== '' || appStore.androidUrl !== '';
}

/**
 * The store address of the app for a device: its platform's store, or '' when the app is not
 * there. A device of no known platform (a desktop) gets whichever store has the app.
 */
export function appStoreUrlFor(appStore: AppStore, target: 'ios' | 'android' | null): string {
  if (target === 'ios') return appStore.iosUrl;
  if (target === 'android') return appStore.androidUrl;
  return appStore.iosUrl || appStore.androidUrl;
}

/**
 * Phones and tablets are sent once per browser to the app's page in their platform's store
 * (section 1), when the server enables it and that store has the app: without a store address
 * nobody is sent anywhere and the mobile web is the whole site. Crawlers are never sent away:
 * they must index the site itself. Without storage "once" cannot be kept, so nobody is
 * redirected then.
 */
export function useAppStoreRedirect(appStore: AppStore): void {
  const { enabled, iosUrl, androidUrl } = appStore;

  useEffect(() => {
    if (!enabled || (iosUrl === '' && androidUrl === '')) return;
    const userAgent = window.navigator.userAgent;
    if (isbot(userAgent)) return;
    try {
      if (window.localStorage.getItem(APP_STORE_REDIRECT_STORAGE_KEY) !== null) return;
    } catch {
      return;
    }
    const target = appStoreTarget({ width: window.innerWidth, userAgent });
    if (target === null) return;
    const url = appStoreUrlFor({ enabled, iosUrl, androidUrl }, target);
    if (url === '') return;
    try {
      window.localStorage.setItem(APP_STORE_REDIRECT_STORAGE_KEY, new Date().toISOString());
    } catch {
      return;
    }
    window.location.assign(url);
  }, [enabled, iosUrl, androidUrl]);
}
