/**
 * Build-change polling (sections 4 and 7). The interval is not given by the specification:
 * five minutes keeps the cost at one tiny request per open tab every five minutes, and a new
 * build usually matters within that time (docs/decisions/022-build-polling.md).
 */
export const BUILD_POLL_INTERVAL_MS = 5 * 60_000;
export const LATEST_BUILD_PATH = '/builds/latest.json';

/** Whether the answer of /builds/latest.json names a build other than the one running. */
export function isNewBuild(runningBuildId: string, answer: unknown): boolean {
  if (runningBuildId === '') return false;
  if (typeof answer !== 'object' || answer === null) return false;
  const buildId = (answer as { buildId?: unknown }).buildId;
  return typeof buildId === 'string' && buildId !== '' && buildId !== runningBuildId;
}

/** The running build's own meta file: 404 once the server no longer serves this build (section 7). */
export function buildMetaPath(buildId: string): string {
  return `/builds/meta/${encodeURIComponent(buildId)}.json`;
}

/**
 * Whether the answer to the running build's meta file says the build is gone: a page hydrated
 * from an old document (back-forward cache, a tab restored after a deploy) asks once and learns
 * at once, without waiting for the next poll. Only a 404 counts; a failure says nothing.
 */
export function isBuildGone(status: number): boolean {
  return status === 404;
}
