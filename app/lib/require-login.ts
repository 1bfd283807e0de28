import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { showNotice } from '../components/notice/notice-store';
import { useAppState } from './app-state';
import { useLocale } from './locale';
import { accountPagePath } from './login-redirect';

/**
 * For actions that need an account (section 6): returns a check that is true when logged in,
 * and otherwise shows "Please log in first" with a link to the login page (which brings the
 * reader back here) and returns false.
 *
 *   const requireLogin = useRequireLogin();
 *   onClick={() => { if (requireLogin()) collect(match) }}
 */
export function useRequireLogin(): () => boolean {
  const { isLoggedIn } = useAppState();
  const { t } = useTranslation('errors');
  const locale = useLocale();
  const { pathname, search } = useLocation();
  return useCallback(() => {
    if (isLoggedIn) return true;
    showNotice({
      message: t('messages:auth.loginFirst'),
      action: { label: t('auth.loginFirst.action'), to: accountPagePath('/login', locale, `${pathname}${search}`) },
    });
    return false;
  }, [isLoggedIn, t, locale, pathname, search]);
}
