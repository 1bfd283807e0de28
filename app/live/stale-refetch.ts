import { useEffect, useRef } from 'react';
import { useRefetchSignal } from './live-provider';

/**
 * A tab hidden this long may have been frozen by the browser (timers and sockets paused), so
 * its lists are refetched when it becomes visible again. Shorter absences are covered by the
 * live channel, which catches up on its own.
 */
export const HIDDEN_REFETCH_AFTER_MS = 60_000;

/** Whether a tab that was hidden at `hiddenAtMs` (null: it was not hidden) should refetch now. */
export function shouldRefetchOnVisible(hiddenAtMs: number | null, nowMs: number): boolean {
  return hiddenAtMs !== null && nowMs - hiddenAtMs > HIDDEN_REFETCH_AFTER_MS;
}

/**
 * Runs `refetch` whenever the open page's data may be stale: after every reconnect of the live
 * channel, and when the tab comes back after being hidden for over a minute.
 */
export function useStaleRefetch(refetch: () => void): void {
  const latest = useRef(refetch);
  useEffect(() => {
    latest.current = refetch;
  });

  const signal = useRefetchSignal();
  const seenSignal = useRef(signal);
  useEffect(() => {
    // The value present at mount is history: this page's data is newer than that reconnect.
    if (signal === seenSignal.current) return;
    seenSignal.current = signal;
    latest.current();
  }, [signal]);

  useEffect(() => {
    let hiddenAtMs: number | null = document.visibilityState === 'hidden' ? Date.now() : null;
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        hiddenAtMs = Date.now();
        return;
      }
      const wasHiddenAt = hiddenAtMs;
      hiddenAtMs = null;
      if (shouldRefetchOnVisible(wasHiddenAt, Date.now())) latest.current();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);
}
