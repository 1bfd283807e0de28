import { RELOAD_GUARD_MS } from '../../core/constants';

/**
 * After a failed lazy chunk load (a deploy replaced the files the page still refers to), the
 * page reloads once per path; a second failure within 10 s is left alone so a broken deploy
 * cannot trap the reader in a reload loop (section 4).
 */
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError|Loading (?:CSS )?chunk [\w-]+ failed/i;

export function isChunkLoadError(error: unknown): boolean {
  if (error === null || error === undefined) return false;
  if (typeof error === 'string') return CHUNK_ERROR.test(error);
  if (error instanceof Error) return error.name === 'ChunkLoadError' || CHUNK_ERROR.test(error.message);
  return false;
}

export function shouldReloadAfterChunkError(options: { lastReloadAt: number | null; now: number }): boolean {
  return options.lastReloadAt === null || options.now - options.lastReloadAt >= RELOAD_GUARD_MS;
}

const STORAGE_PREFIX = 'chunk-reload:';

/** Browser only: reloads unless this path was already reloaded for a chunk error within 10 s. */
export function reloadAfterChunkError(): boolean {
  const key = `${STORAGE_PREFIX}${window.location.pathname}`;
  let lastReloadAt: number | null = null;
  try {
    const stored = window.sessionStorage.getItem(key);
    lastReloadAt = stored === null ? null : Number(stored);
    if (lastReloadAt !== null && !Number.isFinite(lastReloadAt)) lastReloadAt = null;
  } catch {
    // Without session storage there is no guard; better not to reload at all.
    return false;
  }
  const now = Date.now();
  if (!shouldReloadAfterChunkError({ lastReloadAt, now })) return false;
  try {
    window.sessionStorage.setItem(key, String(now));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}
