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
