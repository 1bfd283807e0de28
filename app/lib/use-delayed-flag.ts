import { useEffect, useState } from 'react';
import { LOADING_DELAY_MS } from '../../core/constants';

/**
 * True once `flag` has stayed true for `delayMs` (section 9: the loading delay, 200 ms), false
 * again as soon as it turns false. An answer that comes quickly never flashes a "Loading…" text.
 * False during server rendering and hydration, so the markup agrees.
 */
export function useDelayedFlag(flag: boolean, delayMs: number = LOADING_DELAY_MS): boolean {
  const [isShown, setIsShown] = useState(false);
  useEffect(() => {
    if (!flag) {
      setIsShown(false);
      return;
    }
    const timer = setTimeout(() => setIsShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [flag, delayMs]);
  return flag && isShown;
}
