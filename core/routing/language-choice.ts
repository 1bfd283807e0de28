import { findCookie } from '../cookies';
import { DEFAULT_LOCALE, isLocale, localizePath, splitLocalePath, type Locale } from '../locale';

/**
 * The cookie the language menu and the Settings page write when a reader chooses a language
 * (app/lib/cookies.ts names it LOCALE_COOKIE; a test keeps the two the same).
 */
export const LANGUAGE_CHOICE_COOKIE = 'locale';

/**
 * The language a reader chose: this browser's last choice (the cookie), else the signed-in
 * account's (saved with the choice on another device). Null when there is none, or it is not
 * one of ours.
 */
export function chosenLanguage(options: { cookieHeader: string | null | undefined; accountLocale?: string | null }): Locale | null {
  const cookie = findCookie(options.cookieHeader, LANGUAGE_CHOICE_COOKIE);
  if (isLocale(cookie)) return cookie;
  return isLocale(options.accountLocale) ? options.accountLocale : null;
}

/**
 * Where the bare home page `/` sends a reader who chose another language than Turkish
 * (decision 113): `/en` or `/zh`. Null — the page is served as it is — for every other
 * address (a link to a Turkish page is a choice of its own), for a reader who chose Turkish
 * or nothing, and for crawlers, so `/` stays the Turkish page its hreflang alternates name.
 */
export function languageRedirect(options: {
  pathname: string;
  cookieHeader: string | null | undefined;
  accountLocale?: string | null;
  isCrawler: boolean;
}): string | null {
  if (options.isCrawler) return null;
  const { path, hadPrefix } = splitLocalePath(options.pathname);
  if (hadPrefix || path !== '/') return null;
  const choice = chosenLanguage(options);
  if (choice === null || choice === DEFAULT_LOCALE) return null;
  return localizePath('/', choice);
}
