import { useSyncExternalStore } from 'react';
import { viewportOf, type Viewport } from '../../core/viewport';
import { useRootData } from './root-data';

function subscribeResize(listener: () => void): () => void {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

function getClientViewport(): Viewport {
  return viewportOf(window.innerWidth);
}

/**
 * The current viewport breakpoint. The server render and hydration use the viewport cookie
 * (desktop when there is none), then it follows the window.
 */
export function useViewport(): Viewport {
  const { viewport } = useRootData();
  return useSyncExternalStore(subscribeResize, getClientViewport, () => viewport);
}
