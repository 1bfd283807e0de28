import { localizePath, splitLocalePath, type Locale } from '../../core/locale';

/** Where a sign-in leads when nothing asked for another page. */
export const DEFAULT_AFTER_LOGIN = '/personal-center/personal-center';

/** Pages a sign-in never returns to: they are the sign-in itself. */
const ACCOUNT_PAGES = new Set(['/login', '/register', '/forgot-password']);

/**
 * The page a `?redirect=` value names, as an unprefixed path with its query and hash, or null
 * when it is not a page of this site: only a path starting with one slash is taken, so the
 * parameter cannot send anyone to another site (`//evil.example`, `https://…`, `/\\evil`).
 */
export function safeRedirectTarget(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  // Control characters (tabs, line breaks) are dropped by URL parsers and could smuggle a host in.
  if ([...raw].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  let url: URL;
  try {
    url = new URL(raw, 'http://tribun.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://tribun.invalid') return null;
  const bare = splitLocalePath(url.pathname).path;
  if (ACCOUNT_PAGES.has(bare.replace(/\/+$/, '') || '/')) return null;
  return `${bare}${url.search}${url.hash}`;
}

/** The localized page to go to after signing in or registering. */
export function afterLoginPath(raw: string | null | undefined, locale: Locale): string {
  return localizePath(safeRedirectTarget(raw) ?? DEFAULT_AFTER_LOGIN, locale);
}

/**
 * A localized account page (`/login`, `/register`) that brings the reader back to `returnTo`
 * (a path of this site, with or without a locale prefix) afterwards.
 */
export function accountPagePath(page: '/login' | '/register' | '/forgot-password', locale: Locale, returnTo?: string | null): string {
  const path = localizePath(page, locale);
  const target = safeRedirectTarget(returnTo);
  return target ? `${path}?redirect=${encodeURIComponent(target)}` : path;
}
