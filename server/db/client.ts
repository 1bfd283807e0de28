import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquirePgliteLock } from './pglite-lock';
/**
 * Both drivers speak the same pg-core dialect: services are written once against this type.
 * Queries name their tables by importing them (each feature's own schema file), so the database
 * carries no list of every table: a feature's table is the feature's file and its migration.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** What `db.transaction` hands its callback; accepts the same queries as Db. */
export type DbTransaction = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Any number of server processes may start at once against one PostgreSQL: this session lock
 * makes them apply migrations one after another instead of racing on the same DDL.
 */
const MIGRATION_LOCK_KEY = 7_301_000_001;

/**
 * PGlite runs Postgres inside one WebAssembly memory, which only ever grows (decision 086).
 * Postgres's default shared buffers (128 MB) sit in it beside everything else Postgres
 * allocates, and the server's whole database is a few tens of MB that the operating system's
 * file cache keeps anyway: 32 MB of buffers hold the hot pages (today's matches, list versions,
 * sessions) and keep the memory close to its initial 128 MB.
 */
const PGLITE_MEMORY_PARAMS = ['-c', 'shared_buffers=32MB'];

/**
 * Opens the database and brings its schema up to date: PostgreSQL when `databaseUrl` is given
 * (scale-out), otherwise the embedded PGlite persisted under `${dataDir}/pglite` — held by this
 * process alone (`${dataDir}/pglite.lock`, server/db/pglite-lock.ts) until closed.
 */
export async function openDatabase(options: {
  dataDir?: string;
  databaseUrl?: string;
  /** take over the PGlite directory's lock even when it looks held (an operator's --force) */
  forceLock?: boolean;
}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir ?? './data', options.forceLock ?? false);
}

async function openPglite(dataDir: string, forceLock: boolean): Promise<Database> {
  const directory = path.resolve(dataDir, 'pglite');
  await mkdir(directory, { recursive: true });
  // One process at a time (PGlite itself does not check): DatabaseInUseError otherwise.
  const lock = acquirePgliteLock(dataDir, { force: forceLock });
  let client: PGlite | undefined;
  try {
    client = await PGlite.create(directory, { startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY_PARAMS] });
    const db = drizzlePglite({ client });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    const opened = client;
    return {
      db,
      kind: 'pglite',
      close: async () => {
        try {
          await opened.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    await client?.close().catch(() => undefined);
    lock.release();
    throw error;
  }
}

async function openPostgres(databaseUrl: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle connection cut by the server (restart, failover, admin) must not crash the
  // process: the pool drops that client and the next query opens a fresh connection.
  pool.on('error', () => undefined);
  const db = drizzleNodePg({ client: pool });
  try {
    const lockClient = await pool.connect();
    try {
      await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migrateNodePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      lockClient.release();
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    db,
    kind: 'postgres',
    close: () => pool.end(),
  };
}
