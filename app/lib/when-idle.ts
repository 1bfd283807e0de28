/**
 * Runs `task` once the browser has a quiet moment after the page's load work — at the latest
 * `timeoutMs` later — so what is not needed for the first paint is not charged to the load
 * (docs/decisions/084-first-load-javascript.md). Returns a function that cancels it.
 */
export function whenIdle(task: () => void, timeoutMs = 1000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  // Safari has no requestIdleCallback: a short delay lets hydration's work finish first.
  const id = window.setTimeout(task, Math.min(timeoutMs, 200));
  return () => window.clearTimeout(id);
}

/**
 * Runs `task` once the browser has painted the page it has — at the latest `timeoutMs` later, as
 * a tab opened in the background paints nothing until it is shown. Hydrating a long list takes
 * a phone half a second or more; started after the first frame, that work no longer stands
 * between the reader and the server-rendered scores (docs/decisions/092-mobile-first-paint.md).
 */
export function afterFirstPaint(task: () => void, timeoutMs = 250): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    task();
  };
  // A frame callback runs just before the paint; a task queued from it runs after.
  window.requestAnimationFrame(() => window.setTimeout(run, 0));
  window.setTimeout(run, timeoutMs);
}
