import type { Locale } from '../../core/locale';
import { accountApi } from './account-api';
import { dispatchAppState, getAppState } from './app-state';
import type { Theme } from './root-data';

/**
 * Saves a signed-in reader's language or theme to the account (POST /api/user/settings), so
 * the next sign-in on another device starts with it. Signed out it does nothing: the cookies
 * already remember the choice in this browser. Resolves true when saved (or nothing to save).
 */
export async function savePreference(preference: { locale: Locale } | { theme: Theme }): Promise<boolean> {
  const { isLoggedIn, userInfo } = getAppState();
  if (!isLoggedIn || userInfo === null) return true;
  try {
    const updated = await accountApi.saveSettings(preference);
    dispatchAppState({ type: 'userInfo', userInfo: updated });
    return true;
  } catch {
    return false;
  }
}
