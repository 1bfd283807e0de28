import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../test-support/db';
import { openDatabase } from './client';
import { competitions } from './schema/competitions';

describe.each(TEST_DATABASE_KINDS)('openDatabase on %s', (kind) => {
  const database = useTestDatabase(kind);

  it('reports its kind and has every table of the schema', async () => {
    expect(database.current.kind).toBe(kind);
    // Both drivers answer raw SQL with `rows`; the shared Db type leaves the result untyped.
    const result = (await database.current.db.execute(
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
    )) as unknown as { rows: { table_name: string }[] };
    const names = result.rows.map((row) => row.table_name);
    expect(names).toEqual(expect.arrayContaining(['competitions', 'match_events', 'matches', 'teams']));
  });

  it('reads back what it writes through the shared query code', async () => {
    await database.current.db.insert(competitions).values({
      id: 9001,
      sport: 'football',
      nameTr: 'Deneme',
      nameEn: 'Trial',
      nameZh: '测试',
      shortName: 'T',
      country: 'TUR',
      colors: ['#000000', '#ffffff'],
    });
    const rows = await database.current.db.select().from(competitions);
    expect(rows).toEqual([
      {
        id: 9001,
        sport: 'football',
        nameTr: 'Deneme',
        nameEn: 'Trial',
        nameZh: '测试',
        shortName: 'T',
        country: 'TUR',
        isHot: false,
        hotRank: 0,
        colors: ['#000000', '#ffffff'],
        standingsRules: 'premier-league',
      },
    ]);
  });
});

describe('openDatabase with PGlite', () => {
  it('keeps data under the data directory across restarts', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'tribun-db-'));
    try {
      const first = await openDatabase({ dataDir });
      await first.db.insert(competitions).values({
        id: 1,
        sport: 'basketball',
        nameTr: 'a',
        nameEn: 'b',
        nameZh: 'c',
        shortName: 'd',
        country: 'USA',
        colors: ['#111111', '#222222'],
      });
      await first.close();

      const second = await openDatabase({ dataDir });
      const rows = await second.db.select({ id: competitions.id }).from(competitions);
      await second.close();
      expect(rows).toEqual([{ id: 1 }]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
