import { findCookie } from './cookies';
import { parseTimeZone, TIME_ZONE_COOKIE } from './time-zone';
import { parseViewportCookie, type Viewport } from './viewport';

export type Theme = 'light' | 'dark';

/** The cookies a page's server render reads, besides the session (names shared with the browser). */
export const THEME_COOKIE = 'theme';
export const VIEWPORT_COOKIE = 'viewport';

export function isTheme(x: unknown): x is Theme {
  return x === 'light' || x === 'dark';
}

/** What a signed-out reader's page varies by besides its address: the theme, viewport and zone cookies. */
export interface PageVariant {
  /** the theme cookie's; null when it holds none (the account's or light then applies) */
  theme: Theme | null;
  viewport: Viewport;
  /** the zone cookie's valid zone; null when it holds none (the language's usual zone then applies) */
  timeZone: string | null;
}

/**
 * The one reading of those cookies: the root loader renders with it and the anonymous page cache
 * keys by it, so a page is never kept under a key that misses something it was rendered from.
 */
export function readPageVariant(cookieHeader: string | null | undefined): PageVariant {
  const theme = findCookie(cookieHeader, THEME_COOKIE);
  return {
    theme: isTheme(theme) ? theme : null,
    viewport: parseViewportCookie(findCookie(cookieHeader, VIEWPORT_COOKIE)),
    timeZone: parseTimeZone(findCookie(cookieHeader, TIME_ZONE_COOKIE)),
  };
}
