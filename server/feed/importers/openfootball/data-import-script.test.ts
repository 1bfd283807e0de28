import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../db/client';
import { pointDeductions } from '../../../db/schema/match-centre';
import { seasons } from '../../../db/schema/seasons';
import { isPgliteInUse } from '../../../modules/account/script-database';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
/** ../shared beside the repository, as CI clones it. */
const EN_2023 = path.resolve(ROOT, '../shared/data/openfootball-football.json/2023-24/en.1.json');
const DEDUCTIONS = path.join(ROOT, 'server/catalog/history/deductions/2023-24_en.1.json');

/** `npm run data:import -- …` is `tsx scripts/data-import.ts …`: run it so, with only the given environment. */
async function dataImport(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run('npx', ['tsx', 'scripts/data-import.ts', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), ...env },
      timeout: 120_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

function oneJsonLine(stdout: string): Record<string, unknown> {
  const lines = stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]!) as Record<string, unknown>;
}

describe('npm run data:import -- openfootball against a PGlite directory', () => {
  let dataDir: string;

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'tribun-import-'));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  // Each run starts tsx and opens PGlite: seconds on a small machine.
  const SLOW = 120_000;

  it('imports a season with its deductions and prints one JSON line with the ids it made', { timeout: SLOW }, async () => {
    const result = await dataImport(['openfootball', EN_2023, '--deductions', DEDUCTIONS], { DATA_DIR: dataDir });
    expect(result.code, result.stderr).toBe(0);
    const answer = oneJsonLine(result.stdout);
    expect(answer).toMatchObject({
      ok: true,
      competition_id: 2,
      season: '2023/24',
      season_created: true,
      rules: 'premier-league',
      source: 'openfootball:2023-24/en.1.json',
      matches: { inserted: 380, updated: 0, unchanged: 0 },
      deductions: 3,
      database: 'pglite',
    });
    expect(typeof answer.season_id).toBe('number');
    expect(isPgliteInUse(dataDir)).toBe(false);
  });

  it('a second run changes nothing', { timeout: SLOW }, async () => {
    const again = await dataImport(['openfootball', EN_2023, '--rules', 'premier-league'], { DATA_DIR: dataDir });
    expect(again.code, again.stderr).toBe(0);
    expect(oneJsonLine(again.stdout)).toMatchObject({ ok: true, season_created: false, matches: { inserted: 0, updated: 0, unchanged: 380 } });
  });

  it('bad input fails with {ok:false} naming the problem, exit code 1, before the database is opened', { timeout: SLOW }, async () => {
    const badRules = await dataImport(['openfootball', EN_2023, '--rules', 'fair-play'], { DATA_DIR: dataDir });
    expect(badRules.code).toBe(1);
    expect(oneJsonLine(badRules.stdout)).toEqual({ ok: false, error: expect.stringMatching(/^--rules: Unknown tie-break rules "fair-play" \(known: /) });

    const missing = await dataImport(['openfootball', '/nowhere/2023-24/en.1.json'], { DATA_DIR: dataDir });
    expect(missing.code).toBe(1);
    expect(oneJsonLine(missing.stdout)).toEqual({ ok: false, error: '/nowhere/2023-24/en.1.json: cannot read the results file (no such file)' });

    const usage = await dataImport(['statsbomb', EN_2023], { DATA_DIR: dataDir });
    expect(usage.code).toBe(1);
    expect(oneJsonLine(usage.stdout).error).toMatch(/^unknown format "statsbomb": usage: npm run data:import -- openfootball <file\.json\|file\.txt>/);

    const both = await dataImport(['openfootball', EN_2023, '--competition', '2', '--new-competition'], { DATA_DIR: dataDir });
    expect(both.code).toBe(1);
    expect(oneJsonLine(both.stdout).error).toMatch(/^--competition and --new-competition exclude each other: usage: /);

    // Nothing of the failed runs was written.
    const database = await openDatabase({ dataDir });
    try {
      expect(await database.db.select({ n: count() }).from(seasons)).toEqual([{ n: 1 }]);
      const [season] = await database.db.select().from(seasons);
      expect(await database.db.select({ n: count() }).from(pointDeductions).where(eq(pointDeductions.seasonId, season!.id))).toEqual([{ n: 3 }]);
    } finally {
      await database.close();
    }
  });

  it('refuses a file whose name and teams identify no competition, with the hint; --new-competition makes one', { timeout: SLOW }, async () => {
    const file = path.join(dataDir, '..', `${path.basename(dataDir)}-2022-23-xx.1.json`);
    const testland = {
      name: 'Testland Premier 2022/23',
      matches: [{ round: 'Round 1', date: '2022-08-06', time: '15:00', team1: 'Northbridge FC', team2: 'Southport Athletic', score: { ft: [2, 0] } }],
    };
    writeFileSync(file, JSON.stringify(testland));
    try {
      const refused = await dataImport(['openfootball', file, '--season', '2022/23'], { DATA_DIR: dataDir });
      expect(refused.code).toBe(1);
      expect(oneJsonLine(refused.stdout)).toEqual({
        ok: false,
        error: expect.stringMatching(/^--competition: No competition is known by the file name ".+xx\.1" and its teams are not those of one: .*--competition <id>.*--new-competition$/),
      });
      const created = await dataImport(['openfootball', file, '--season', '2022/23', '--new-competition'], { DATA_DIR: dataDir });
      expect(created.code, created.stderr).toBe(0);
      expect(oneJsonLine(created.stdout)).toMatchObject({ ok: true, competition_created: true, season: '2022/23', matches: { inserted: 1 } });
    } finally {
      rmSync(file, { force: true });
    }
  });

  describe('while a server holds the directory', () => {
    let held: Database;

    beforeAll(async () => {
      held = await openDatabase({ dataDir });
    });
    afterAll(async () => {
      await held?.close();
    });

    it('refuses to open it and says why', { timeout: SLOW }, async () => {
      expect(isPgliteInUse(dataDir)).toBe(true);
      const result = await dataImport(['openfootball', EN_2023], { DATA_DIR: dataDir });
      expect(result.code).toBe(1);
      const answer = oneJsonLine(result.stdout);
      expect(answer.ok).toBe(false);
      expect(answer.error).toMatch(new RegExp(`is open in process ${process.pid} \\(a running Tribün server\\?\\)\\. Stop that server first`));
    });
  });
});
