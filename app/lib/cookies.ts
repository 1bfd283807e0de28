/** Names of the cookies the web app reads or writes. */
export const LOCALE_COOKIE = 'locale';
export const THEME_COOKIE = 'theme';
export const VIEWPORT_COOKIE = 'viewport';
export const TOKEN_COOKIE = 'token';

export interface CookieOptions {
  maxAgeSeconds?: number;
  sameSite?: 'Strict' | 'Lax' | 'None';
  secure?: boolean;
  path?: string;
}

/** Value of one cookie from a Cookie header or `document.cookie`; null when absent. */
export function findCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

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
