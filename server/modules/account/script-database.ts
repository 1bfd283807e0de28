import { openDatabase, type Database } from '../../db/client';
import type { Env } from '../../env';

// The lock lives with the database client, shared by the server and every tool (decision 070).
export { DatabaseInUseError, isPgliteInUse, pgliteLockFile } from '../../db/pglite-lock';

/**
 * The database the environment names, for command-line tools (scripts/): PostgreSQL when
 * DATABASE_URL is set (any number of processes may share it), otherwise the PGlite directory
 * DATA_DIR — refused with DatabaseInUseError while a live process (a server) holds it. A lock
 * left by a process that is gone is taken over by itself; `force` takes over any lock.
 */
export async function openScriptDatabase(env: Env, options: { force?: boolean } = {}): Promise<Database> {
  return openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL, forceLock: options.force });
}
