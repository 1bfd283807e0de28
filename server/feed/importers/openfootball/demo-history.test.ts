import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedCatalog } from '../../../catalog/seed-catalog';
import { pointDeductions } from '../../../db/schema/match-centre';
import { seasons } from '../../../db/schema/seasons';
import { matches } from '../../../db/schema/matches';
import { createMatchWrites } from '../../../modules/matches/match-writes';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../../test-support/db';
import { importDemoHistory, listHistoryFiles } from './demo-history';
import { readSeasonTable } from './season-table';

const NOW = new Date('2026-11-23T12:00:00Z');

describe('the history shipped with the server', () => {
  it('lists every season file, oldest first, with the deductions that exist', () => {
    const files = listHistoryFiles();
    expect(files.map((file) => file.file)).toEqual([
      '2023-24/de.1.json',
      '2023-24/en.1.json',
      '2024-25/de.1.json',
      '2024-25/en.1.json',
      '2024-25/es.1.json',
      '2024-25/it.1.json',
      '2024-25/tr.1.json',
      '2024-25/uefa.cl.json',
      '2025-26/en.1.json',
      '2025-26/es.1.json',
      '2025-26/tr.1.json',
    ]);
    expect(files.filter((file) => file.deductions)).toEqual([
      { file: '2023-24/en.1.json', source: 'openfootball:2023-24/en.1.json', deductions: 'deductions/2023-24_en.1.json' },
    ]);
  });
});

describe.each(TEST_DATABASE_KINDS)('importDemoHistory on %s', (kind) => {
  const database = useTestDatabase(kind);

  it('imports every season once; a restart finds them all and imports nothing', { timeout: 180_000 }, async () => {
    const { db } = database.current;
    await seedCatalog(db);
    const logged: string[] = [];
    const target = { db, matchWrites: createMatchWrites({ db, publish: async () => undefined }) };
    const first = await importDemoHistory(target, { now: NOW, log: (details, message) => logged.push(`${message} ${String(details.file)}`) });
    expect(first.failed).toEqual([]);
    expect(first.imported).toHaveLength(11);
    expect(first.skipped).toBe(0);
    expect(logged).toContain('imported a history season 2023-24/en.1.json');
    const matchCount = (await db.select({ n: count() }).from(matches))[0]!.n;
    expect(matchCount).toBe(306 + 380 + 306 + 380 + 380 + 380 + 342 + 189 + 380 + 380 + 306);

    const second = await importDemoHistory(target, { now: NOW });
    expect(second).toEqual({ imported: [], skipped: 11, failed: [] });
    expect((await db.select({ n: count() }).from(matches))[0]!.n).toBe(matchCount);

    // The Premier League 2023-24 comes with its real deductions: Everton −8, Forest −4.
    const [premier] = await db.select().from(seasons).where(eq(seasons.source, 'openfootball:2023-24/en.1.json'));
    expect(await db.select({ n: count() }).from(pointDeductions).where(eq(pointDeductions.seasonId, premier!.id))).toEqual([{ n: 3 }]);
    const table = await readSeasonTable(db, { seasonId: premier!.id });
    expect(table.filter((row) => row.deducted > 0).map((row) => [row.teamName, row.points, row.deducted])).toEqual([
      ['Everton FC', 40, 8],
      ['Nottingham Forest FC', 32, 4],
    ]);
  });
});
