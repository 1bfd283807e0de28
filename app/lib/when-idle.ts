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
