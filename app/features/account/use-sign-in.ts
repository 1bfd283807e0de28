import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { UserInfo } from '../../../core/contracts/account';
import { isLocale } from '../../../core/locale';
import { dispatchAppState } from '../../lib/app-state';
import { useLocale } from '../../lib/locale';
import { afterLoginPath } from '../../lib/login-redirect';
import { isTheme } from '../../lib/root-data';
import { useTheme } from '../../lib/theme';

/**
 * What happens once the server accepted a login or a registration (section 4): the session
 * state takes the user (the server has set the HttpOnly cookie), the account's saved theme and
 * language apply, and the reader goes back where they came from (`?redirect=`), else to the
 * personal centre.
 */
export function useSignedIn(): (user: UserInfo) => void {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const pageLocale = useLocale();
  const { theme, setTheme } = useTheme();
  return useCallback(
    (user: UserInfo) => {
      dispatchAppState({ type: 'login', userInfo: user });
      if (isTheme(user.theme) && user.theme !== theme) setTheme(user.theme);
      const locale = isLocale(user.locale) ? user.locale : pageLocale;
      void navigate(afterLoginPath(params.get('redirect'), locale), { replace: true });
    },
    [navigate, params, pageLocale, theme, setTheme],
  );
}
