import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../components/notice/notice-store';
import { useAppState } from './app-state';
import { useLocalizedPath } from './locale';

/**
 * For actions that need an account (section 6): returns a check that is true when logged in,
 * and otherwise shows "Please login first" with a link to the login page and returns false.
 *
 *   const requireLogin = useRequireLogin();
 *   onClick={() => { if (requireLogin()) collect(match) }}
 */
export function useRequireLogin(): () => boolean {
  const { isLoggedIn } = useAppState();
  const { t } = useTranslation('errors');
  const localize = useLocalizedPath();
  return useCallback(() => {
    if (isLoggedIn) return true;
    showNotice({
      message: t('auth.loginFirst.message'),
      action: { label: t('auth.loginFirst.action'), to: localize('/login') },
    });
    return false;
  }, [isLoggedIn, t, localize]);
}
