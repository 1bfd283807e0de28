import {
  MOBILE_REDIRECT_MAX_WIDTH,
  ROOT_FONT_DESKTOP_BASE_WIDTH,
  ROOT_FONT_MOBILE_BASE_WIDTH,
  ROOT_FONT_SIZE_PX,
} from './constants';

/** Viewport breakpoints in px (section 4, "Viewport state"), smallest first. */
export const VIEWPORT_BREAKPOINTS = {
  mobile: 320,
  mobileMedium: 375,
  mobileWide: 425,
  tablet: 768,
  desktop: 1024,
  desktopMedium: 1280,
  desktopWide: 1600,
} as const;

export type Viewport = keyof typeof VIEWPORT_BREAKPOINTS;

export const DEFAULT_VIEWPORT: Viewport = 'desktop';

const VIEWPORTS = Object.keys(VIEWPORT_BREAKPOINTS) as Viewport[];

export function isViewport(x: unknown): x is Viewport {
  return typeof x === 'string' && (VIEWPORTS as string[]).includes(x);
}

/** The largest breakpoint not wider than the window; narrower than 320 px is still mobile. */
export function viewportOf(width: number): Viewport {
  // A width we cannot read is treated like a missing cookie: the desktop fallback.
  if (Number.isNaN(width)) return DEFAULT_VIEWPORT;
  let viewport: Viewport = 'mobile';
  for (const name of VIEWPORTS) {
    if (VIEWPORT_BREAKPOINTS[name] <= width) viewport = name;
  }
  return viewport;
}

/** The viewport stored in the cookie; anything else falls back to desktop (section 4). */
export function parseViewportCookie(value: string | null | undefined): Viewport {
  return isViewport(value) ? value : DEFAULT_VIEWPORT;
}

/** Root font size in px: 16 × width / 430 under 1024 px, 16 × width / 1440 from 1024 px up. */
export function rootFontSize(width: number): number {
  const base = width < VIEWPORT_BREAKPOINTS.desktop ? ROOT_FONT_MOBILE_BASE_WIDTH : ROOT_FONT_DESKTOP_BASE_WIDTH;
  return (ROOT_FONT_SIZE_PX * width) / base;
}

const MOBILE_UA = /Android|iPhone|iPad|iPod|Mobile|webOS|BlackBerry|IEMobile|Opera Mini|Windows Phone/i;
const IOS_UA = /iPhone|iPad|iPod/i;
// iPadOS asks for desktop sites with a Macintosh user agent; narrow enough, it is an iPad.
const MAC_UA = /Macintosh/i;

/**
 * Which app store a phone or tablet is sent to (section 1): phones and tablets are a window up
 * to 1024 px wide or a mobile user agent; iOS goes to the iOS store, everything else to the
 * Android store. Desktops (and a width unknown during server rendering with a desktop user
 * agent) get null.
 */
export function appStoreTarget(options: { width: number | null; userAgent: string }): 'ios' | 'android' | null {
  const { width, userAgent } = options;
  const isMobileUa = MOBILE_UA.test(userAgent);
  const isNarrow = width !== null && width <= MOBILE_REDIRECT_MAX_WIDTH;
  if (!isMobileUa && !isNarrow) return null;
  if (IOS_UA.test(userAgent)) return 'ios';
  if (!isMobileUa && MAC_UA.test(userAgent)) return 'ios';
  return 'android';
}
