import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { splitLocalePath } from '../../core/locale';
import { showNotice } from '../components/notice/notice-store';
import { accountApi, apiErrorDetails } from './account-api';
import { dispatchAppState } from './app-state';
import { useLocalizedPath } from './locale';

/** Pages that show nothing to a signed-out reader: logging out there goes home. */
function isPrivatePath(path: string): boolean {
  return path.startsWith('/personal-center/personal-center') && !/\/(aboutUs|pointsMall|goodDetails)(\/|$)/.test(path);
}

/**
 * Logs out (POST /api/user/logout ends this session and clears the cookie), then clears the
 * session state (section 4) and leaves pages that need an account.
 */
export function useLogout(): () => Promise<void> {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const localize = useLocalizedPath();
  return useCallback(async () => {
    try {
      await accountApi.logout();
    } catch (error) {
      // Already signed out on the server (401) is what we wanted; anything else is reported.
      if (apiErrorDetails(error).status !== 401) {
        showNotice({ message: t('layout.user.logoutFailed') });
        return;
      }
    }
    dispatchAppState({ type: 'logout' });
    showNotice({ message: t('layout.user.loggedOut') });
    if (isPrivatePath(splitLocalePath(pathname).path)) void navigate(localize('/'), { replace: true });
  }, [t, navigate, pathname, localize]);
}
