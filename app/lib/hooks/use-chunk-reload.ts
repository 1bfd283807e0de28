import { useEffect } from 'react';
import { isChunkLoadError, reloadAfterChunkError } from '../chunk-reload';

/** Reloads the page (once per path within 10 s) when a lazy chunk fails to load. */
export function useChunkReload(): void {
  useEffect(() => {
    // Vite raises this when a dynamic import's preload fails; cancelling it keeps the error
    // from surfacing while the page reloads.
    function onPreloadError(event: Event): void {
      if (reloadAfterChunkError()) event.preventDefault();
    }
    function onRejection(event: PromiseRejectionEvent): void {
      if (isChunkLoadError(event.reason)) reloadAfterChunkError();
    }
    function onError(event: ErrorEvent): void {
      if (isChunkLoadError(event.error ?? event.message)) reloadAfterChunkError();
    }
    window.addEventListener('vite:preloadError', onPreloadError);
    window.addEventListener('unhandledrejection', onRejection);
    window.addEventListener('error', onError);
    return () => {
      window.removeEventListener('vite:preloadError', onPreloadError);
      window.removeEventListener('unhandledrejection', onRejection);
      window.removeEventListener('error', onError);
    };
  }, []);
}
