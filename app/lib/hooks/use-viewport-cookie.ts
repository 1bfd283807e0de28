import { useEffect } from 'react';
import { RESIZE_DEBOUNCE_MS, VIEWPORT_COOKIE_MAX_AGE_S } from '../../../core/constants';
import { viewportOf } from '../../../core/viewport';
import { findCookie, isSecurePage, VIEWPORT_COOKIE, writeCookie } from '../cookies';
import { applyRootFontSize } from '../root-font-size';

/**
 * Keeps the viewport cookie (breakpoint name; 365 days, SameSite Strict, Secure on https,
 * path /) and the root font size in step with the window, 50 ms after resizing stops.
 */
export function useViewportCookie(): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    function update(): void {
      const width = window.innerWidth;
      applyRootFontSize(width);
      const viewport = viewportOf(width);
      if (findCookie(document.cookie, VIEWPORT_COOKIE) === viewport) return;
      writeCookie(VIEWPORT_COOKIE, viewport, {
        maxAgeSeconds: VIEWPORT_COOKIE_MAX_AGE_S,
        sameSite: 'Strict',
        secure: isSecurePage(),
        path: '/',
      });
    }
    function onResize(): void {
      clearTimeout(timer);
      timer = setTimeout(update, RESIZE_DEBOUNCE_MS);
    }
    update();
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
}
