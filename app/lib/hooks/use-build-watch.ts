import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { BUILD_POLL_INTERVAL_MS, isNewBuild, LATEST_BUILD_PATH } from '../build-watch';

/**
 * Polls /builds/latest.json every five minutes; once another build is live, the next
 * navigation becomes a full page load, so the reader moves to the new build between pages
 * rather than in the middle of one.
 */
export function useBuildWatch(buildId: string): void {
  const isStale = useRef(false);
  const { key } = useLocation();
  const lastKey = useRef(key);

  useEffect(() => {
    if (buildId === '') return;
    let active = true;
    async function check(): Promise<void> {
      try {
        const response = await fetch(LATEST_BUILD_PATH, { cache: 'no-store', headers: { Accept: 'application/json' } });
        if (!response.ok) return;
        const answer: unknown = await response.json();
        if (active && isNewBuild(buildId, answer)) isStale.current = true;
      } catch {
        // Offline or a deploy in progress: try again at the next tick.
      }
    }
    const timer = setInterval(() => void check(), BUILD_POLL_INTERVAL_MS);
    return () => {
      active = false;
      clearInterval(timer);
    };
  }, [buildId]);

  useEffect(() => {
    if (lastKey.current === key) return;
    lastKey.current = key;
    if (isStale.current) window.location.reload();
  }, [key]);
}
