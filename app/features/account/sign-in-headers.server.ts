import type { FormSignIn } from '../../../core/contracts/services';
import { LOCALE_COOKIE_MAX_AGE_S } from '../../../core/constants';
import { isLocale, type Locale } from '../../../core/locale';
import { serializeCookie, THEME_COOKIE } from '../../lib/cookies';
import { afterLoginPath } from '../../lib/login-redirect';
import { isTheme } from '../../lib/root-data';

/**
 * What a sign-in or registration posted without scripts answers besides its 303 (the same as
 * `useSignedIn` does in the browser): the HttpOnly session cookie, the account's saved theme,
 * and the page the fan was going to (`?redirect=`) in the account's language.
 */
export function signedInHeaders(request: Request, signIn: FormSignIn, pageLocale: Locale): { headers: Headers; target: string } {
  const url = new URL(request.url);
  const headers = new Headers();
  headers.append('Set-Cookie', signIn.setCookie);
  const { theme } = signIn.user;
  if (isTheme(theme)) {
    headers.append(
      'Set-Cookie',
      serializeCookie(THEME_COOKIE, theme, { maxAgeSeconds: LOCALE_COOKIE_MAX_AGE_S, sameSite: 'Lax', secure: url.protocol === 'https:' }),
    );
  }
  const locale = isLocale(signIn.user.locale) ? signIn.user.locale : pageLocale;
  return { headers, target: afterLoginPath(url.searchParams.get('redirect'), locale) };
}
