import { createHash, randomBytes } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client';

/**
 * Throw-away databases for tests and benchmarks (no test-runner import, so `npm run bench` can
 * use them too). Every database test runs twice: on the embedded PGlite and on a real PostgreSQL, because
 * production may use either. Use with `describe.each(TEST_DATABASE_KINDS)`.
 */
export const TEST_DATABASE_KINDS = ['pglite', 'postgres'] as const;
export type TestDatabaseKind = (typeof TEST_DATABASE_KINDS)[number];

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A test database; on PostgreSQL also its URL, for tests that open more connections (leader election). */
export type TestDatabase = Database & { url?: string };

/** A fresh, migrated, empty database of the given kind; removed when it is closed. */
export async function createTestDatabase(kind: TestDatabaseKind): Promise<TestDatabase> {
  return kind === 'pglite' ? createPgliteDatabase() : createPostgresDatabase();
}

async function createPgliteDatabase(): Promise<Database> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tribun-test-'));
  // A copy of a migrated template: PGlite's initdb and the migrations cost 2.5–4 s per database,
  // the copy under one. openDatabase still runs the migrator, which finds nothing to do.
  await seedPgliteDataDir(dataDir);
  const database = await openDatabase({ dataDir });
  return {
    ...database,
    close: async () => {
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Puts a migrated empty database into a data directory a server is about to open (`DATA_DIR`), as
 * if it had started once with nothing in it: saves PGlite's initdb and the migrations there.
 */
export async function seedPgliteDataDir(dataDir: string): Promise<void> {
  await cp(await pgliteTemplate(), path.join(dataDir, 'pglite'), { recursive: true });
}

const MIGRATIONS_FOLDER = fileURLToPath(new URL('../db/migrations', import.meta.url));
let template: Promise<string> | undefined;

/**
 * The `pglite` directory of a freshly migrated database, made once per migrations folder and
 * PGlite build and shared by every test process (under the system's temporary directory, named
 * by their hash). Made in a directory of its own and renamed into place, so a process that
 * finds it finds it whole; two processes making it at once both succeed and one copy stays.
 */
export function pgliteTemplate(): Promise<string> {
  template ??= makePgliteTemplate().catch((error: unknown) => {
    template = undefined;
    throw error;
  });
  return template;
}

async function makePgliteTemplate(): Promise<string> {
  const hash = createHash('sha256');
  const files = (await readdir(MIGRATIONS_FOLDER, { recursive: true })).sort();
  for (const file of files) {
    const full = path.join(MIGRATIONS_FOLDER, file);
    if (!(await stat(full)).isFile()) continue;
    hash.update(file).update('\0').update(await readFile(full)).update('\0');
  }
  const pgliteEntry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
  hash.update((await stat(pgliteEntry)).mtimeMs.toString()).update(pgliteEntry);
  const target = path.join(tmpdir(), `tribun-pglite-template-${hash.digest('hex').slice(0, 16)}`);
  if (await exists(path.join(target, 'PG_VERSION'))) return target;
  const scratch = await mkdtemp(path.join(tmpdir(), 'tribun-pglite-template-making-'));
  try {
    const database = await openDatabase({ dataDir: scratch });
    await database.close();
    await rename(path.join(scratch, 'pglite'), target).catch(async (error: NodeJS.ErrnoException) => {
      // Another process put its copy in place first: theirs is as good as ours.
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  return target;
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

async function createPostgresDatabase(): Promise<TestDatabase> {
  const name = `tribun_test_${randomBytes(6).toString('hex')}`;
  await runAdmin(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  try {
    const database = await openDatabase({ databaseUrl: url.toString() });
    return {
      ...database,
      url: url.toString(),
      close: async () => {
        await database.close();
        await runAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  } catch (error) {
    await runAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    throw error;
  }
}

async function runAdmin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

