import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
  const database = await openDatabase({ dataDir });
  return {
    ...database,
    close: async () => {
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
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

