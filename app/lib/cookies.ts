/** Names of the cookies the web app reads or writes. */
export const LOCALE_COOKIE = 'locale';
export { THEME_COOKIE, VIEWPORT_COOKIE } from '../../core/page-variant';
export const TOKEN_COOKIE = 'token';

export interface CookieOptions {
  maxAgeSeconds?: number;
  sameSite?: 'Strict' | 'Lax' | 'None';
  secure?: boolean;
  path?: string;
}

export { findCookie } from '../../core/cookies';

export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path ?? '/'}`];
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${Math.floor(options.maxAgeSeconds)}`);
  if (options.sameSite) parts.push(`SameSite=${options.sameSite}`);
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

/** Browser only: sets a cookie through document.cookie. */
export function writeCookie(name: string, value: string, options: CookieOptions = {}): void {
  document.cookie = serializeCookie(name, value, options);
}

/** Browser only: removes a cookie readable by scripts (an HttpOnly one only the server can clear). */
export function removeCookie(name: string, path = '/'): void {
  document.cookie = serializeCookie(name, '', { path, maxAgeSeconds: 0 });
}

export function isSecurePage(): boolean {
  return typeof window !== 'undefined' && window.location.protocol === 'https:';
}
