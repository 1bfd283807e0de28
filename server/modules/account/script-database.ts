import { existsSync } from 'node:fs';
import path from 'node:path';
import { openDatabase, type Database } from '../../db/client';
import type { Env } from '../../env';

/**
 * While PGlite has a data directory open it keeps `postmaster.pid` in it and removes the file
 * when it closes. PGlite itself takes no lock: a second process opening the same directory
 * would corrupt the database, so command-line tools look for the file first.
 */
export function pgliteLockFile(dataDir: string): string {
  return path.resolve(dataDir, 'pglite', 'postmaster.pid');
}

export function isPgliteInUse(dataDir: string): boolean {
  return existsSync(pgliteLockFile(dataDir));
}

export class DatabaseInUseError extends Error {
  constructor(dataDir: string) {
    super(
      `The embedded database in ${path.resolve(dataDir)} is open in another process (a running Tribün server?). ` +
        `Stop that server first, or use PostgreSQL (DATABASE_URL). If no server is running, the last one did not ` +
        `stop cleanly: run again with --force, or remove ${pgliteLockFile(dataDir)}.`,
    );
    this.name = 'DatabaseInUseError';
  }
}

/**
 * The database the environment names, for command-line tools (scripts/): PostgreSQL when
 * DATABASE_URL is set (any number of processes may share it), otherwise the PGlite directory
 * DATA_DIR — refused with DatabaseInUseError while a server holds it, unless `force`.
 */
export async function openScriptDatabase(env: Env, options: { force?: boolean } = {}): Promise<Database> {
  if (!env.DATABASE_URL && !options.force && isPgliteInUse(env.DATA_DIR)) throw new DatabaseInUseError(env.DATA_DIR);
  return openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL });
}
