import { closeSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * PGlite takes no lock on its data directory: two processes opening the same directory both
 * start and overwrite each other's writes (issue 11, finding 3). Every opener — the server and
 * the command-line tools alike, through `openDatabase` — therefore takes this lock first: a file
 * `<DATA_DIR>/pglite.lock` created exclusively (O_EXCL) holding the owner's pid and host. It is
 * removed when the database closes; a lock whose process no longer runs on this host (kill -9,
 * power loss) is stale and taken over. Decision 070.
 */
export function pgliteLockFile(dataDir: string): string {
  return path.resolve(dataDir, 'pglite.lock');
}

interface LockOwner {
  pid: number;
  host: string;
}

export class DatabaseInUseError extends Error {
  readonly owner: LockOwner | null;

  constructor(dataDir: string, owner: LockOwner | null) {
    const who = owner ? `process ${owner.pid}${owner.host === hostname() ? '' : ` on ${owner.host}`}` : 'another process';
    super(
      `The embedded database in ${path.resolve(dataDir)} is open in ${who} (a running Tribün server?). ` +
        `Stop that server first, or use PostgreSQL (DATABASE_URL) to run several processes. ` +
        `If that process is surely gone, remove ${pgliteLockFile(dataDir)}.`,
    );
    this.name = 'DatabaseInUseError';
    this.owner = owner;
  }
}

function readOwner(file: string): LockOwner | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockOwner>;
    if (typeof parsed.pid === 'number' && Number.isInteger(parsed.pid) && typeof parsed.host === 'string') {
      return { pid: parsed.pid, host: parsed.host };
    }
  } catch {
    // missing (released meanwhile), or half written by an owner that is creating it right now
  }
  return null;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Who holds the directory: the owner of a live lock, or null when it is free or the lock is
 * stale. A lock from another host cannot be checked and counts as held.
 */
export function findPgliteHolder(dataDir: string): LockOwner | null {
  const owner = readOwner(pgliteLockFile(dataDir));
  if (!owner) return null;
  if (owner.host !== hostname()) return owner;
  return isRunning(owner.pid) ? owner : null;
}

export function isPgliteInUse(dataDir: string): boolean {
  return findPgliteHolder(dataDir) !== null;
}

export interface PgliteLock {
  /** removes the lock file if it is still this process's */
  release(): void;
}

/**
 * Takes the directory for this process, or throws DatabaseInUseError while another live
 * process (or this one, through an earlier open) holds it. A stale lock is taken over; `force`
 * takes over any lock (an operator's `--force`: a lock copied from another host, a reused pid).
 */
export function acquirePgliteLock(dataDir: string, options: { force?: boolean } = {}): PgliteLock {
  const file = pgliteLockFile(dataDir);
  const mine = JSON.stringify({ pid: process.pid, host: hostname() } satisfies LockOwner);
  for (let attempt = 0; attempt < 5; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(file);
      if (!options.force && owner && (owner.host !== hostname() || isRunning(owner.pid))) throw new DatabaseInUseError(dataDir, owner);
      if (!options.force && !owner && attempt === 0) {
        // being written by a process that created it this instant: look again in a moment
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
        continue;
      }
      // Stale (its process is gone, or a crash between create and write left it empty): move it
      // aside under a name of our own before removing it, so that of two processes breaking the
      // same stale lock only one removes it; the other's rename fails and it tries again.
      const aside = `${file}.stale-${process.pid}`;
      try {
        renameSync(file, aside);
        rmSync(aside, { force: true });
      } catch {
        // taken over by someone else first
      }
      continue;
    }
    try {
      writeSync(fd, mine);
    } finally {
      closeSync(fd);
    }
    let released = false;
    return {
      release() {
        if (released) return;
        released = true;
        if (readOwner(file)?.pid === process.pid) rmSync(file, { force: true });
      },
    };
  }
  throw new DatabaseInUseError(dataDir, readOwner(file));
}
