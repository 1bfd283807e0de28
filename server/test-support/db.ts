import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase, type TestDatabase, type TestDatabaseKind } from './databases';

export { createTestDatabase, TEST_DATABASE_KINDS, type TestDatabase, type TestDatabaseKind } from './databases';

/**
 * Opens a test database before the enclosing describe block's tests and closes it after.
 * Read `.current` inside tests and hooks, not at collection time.
 */
export function useTestDatabase(kind: TestDatabaseKind): { readonly current: TestDatabase } {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });
  return {
    get current(): TestDatabase {
      if (!database) throw new Error('the test database is opened in beforeAll; read it inside a test');
      return database;
    },
  };
}
