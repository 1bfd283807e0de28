import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { BUILD_POLL_INTERVAL_MS, buildMetaPath, isBuildGone, isNewBuild, LATEST_BUILD_PATH } from '../build-watch';

/**
 * The build check of section 7: once after hydration (and when the page comes back from the
 * back-forward cache) it asks for its own build's meta file, then it polls /builds/latest.json
 * every five minutes; once the running build is gone or another is live, the next navigation
 * becomes a full page load, so the reader moves to the new build between pages rather than in
 * the middle of one (decision 022).
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
    async function checkOwnBuild(): Promise<void> {
      try {
        const response = await fetch(buildMetaPath(buildId), { headers: { Accept: 'application/json' } });
        if (active && isBuildGone(response.status)) isStale.current = true;
      } catch {
        // Offline: the poll below tells later.
      }
    }
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) void checkOwnBuild();
    };
    void checkOwnBuild();
    window.addEventListener('pageshow', onPageShow);
    const timer = setInterval(() => void check(), BUILD_POLL_INTERVAL_MS);
    return () => {
      active = false;
      clearInterval(timer);
      window.removeEventListener('pageshow', onPageShow);
    };
  }, [buildId]);

  useEffect(() => {
    if (lastKey.current === key) return;
    lastKey.current = key;
    if (isStale.current) window.location.reload();
  }, [key]);
}
