import {
  ROOT_FONT_DESKTOP_BASE_WIDTH,
  ROOT_FONT_MOBILE_BASE_WIDTH,
  ROOT_FONT_SIZE_PX,
} from '../../core/constants';
import { rootFontSize, VIEWPORT_BREAKPOINTS } from '../../core/viewport';

/**
 * The specification's root font size (16 px × width / 430 under 1024 px, else / 1440), held
 * between 14 and 18 px so that neither a 1024 px laptop (11.4 px) nor a tablet (28.6 px at
 * 768 px) becomes unreadable. docs/decisions/020-root-font-size.md.
 */
export const ROOT_FONT_MIN_PX = 14;
export const ROOT_FONT_MAX_PX = 18;

export function clampedRootFontSize(width: number): number {
  const size = Math.min(ROOT_FONT_MAX_PX, Math.max(ROOT_FONT_MIN_PX, rootFontSize(width)));
  return Math.round(size * 100) / 100;
}

export function applyRootFontSize(width: number): void {
  document.documentElement.style.fontSize = `${clampedRootFontSize(width)}px`;
}

/**
 * The same rule as an inline script in <head>, so the first paint already has the right size
 * (an effect would run only after hydration and make the page jump).
 */
export const ROOT_FONT_SIZE_SCRIPT =
  `(function(){var w=window.innerWidth,s=${ROOT_FONT_SIZE_PX}*w/(w<${VIEWPORT_BREAKPOINTS.desktop}?${ROOT_FONT_MOBILE_BASE_WIDTH}:${ROOT_FONT_DESKTOP_BASE_WIDTH});` +
  `s=Math.min(${ROOT_FONT_MAX_PX},Math.max(${ROOT_FONT_MIN_PX},s));` +
  `document.documentElement.style.fontSize=Math.round(s*100)/100+'px'})()`;
