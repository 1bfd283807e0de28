/**
 * `npm run data:import -- openfootball <file> [--deductions f.json] [--rules name]
 *  [--competition id | --new-competition] [--season 2023/24] [--force]`: imports one openfootball
 * football.json season, or a Football.TXT one (`2024-25_trcup.txt`; docs/data/openfootball.md),
 * into the database the environment names (DATABASE_URL, else the PGlite directory DATA_DIR), in
 * one transaction. Prints one JSON line — the competition and
 * season ids, match counts, teams created, name variants, warnings; `{ok:false, error}` and exit
 * code 1 on failure, nothing written. Refuses a PGlite directory that a running server holds
 * (a lock left by a process that is gone is taken over; --force takes over any lock).
 * A file whose name (`en.1.json`) and teams identify no catalogue competition is refused unless
 * --competition says where it goes or --new-competition makes one (decision 088).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { STANDINGS_RULES_NAMES } from '../core/standings/rules';
import { loadEnv } from '../server/env';
import { prepareOpenfootballImport, writePreparedImport } from '../server/feed/importers/openfootball/import-season';
import { openScriptDatabase } from '../server/modules/account/script-database';
import { createMatchWrites } from '../server/modules/matches/match-writes';

const FORMATS = ['openfootball'] as const;
const USAGE = `usage: npm run data:import -- openfootball <file.json|file.txt> [--deductions <file.json>] [--rules <${STANDINGS_RULES_NAMES.join('|')}>] [--competition <id> | --new-competition] [--season <2023/24>] [--force]`;

function readText(file: string, what: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(`${file}: cannot read the ${what}${code === 'ENOENT' ? ' (no such file)' : code ? ` (${code})` : ''}`);
  }
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      deductions: { type: 'string' },
      rules: { type: 'string' },
      competition: { type: 'string' },
      'new-competition': { type: 'boolean', default: false },
      season: { type: 'string' },
      force: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const [format, file, ...extra] = positionals;
  if (!format || !file || extra.length > 0) throw new Error(USAGE);
  if (!(FORMATS as readonly string[]).includes(format)) throw new Error(`unknown format "${format}": ${USAGE}`);
  if (values.competition !== undefined && !/^[1-9]\d{0,9}$/.test(values.competition)) {
    throw new Error(`--competition: "${values.competition}" is not a competition id (a whole number from 1)`);
  }
  if (values.competition !== undefined && values['new-competition']) throw new Error(`--competition and --new-competition exclude each other: ${USAGE}`);
  // Both files are read and checked before the database is opened: a typo costs nothing.
  const content = readText(file, 'results file');
  const deductions = values.deductions === undefined ? undefined : readText(values.deductions, 'deductions file');

  // A malformed file or option fails here, before the database is opened.
  const prepared = prepareOpenfootballImport({
    content,
    fileName: file,
    deductions,
    deductionsName: values.deductions,
    rules: values.rules,
    competitionId: values.competition === undefined ? undefined : Number(values.competition),
    createCompetition: values['new-competition'],
    seasonName: values.season,
    now: new Date(),
  });

  const env = loadEnv();
  const database = await openScriptDatabase(env, { force: values.force });
  try {
    // The matches go through the match write service, so a changed result records its domain
    // events for the server's settlement subscribers like any match write. This process has no
    // live channel (the embedded broker lives in the server, which holds a PGlite directory for
    // itself): open pages learn of the change from the list version on their next read.
    const matchWrites = createMatchWrites({ db: database.db, publish: async () => undefined });
    const result = await writePreparedImport({ db: database.db, matchWrites }, prepared);
    console.log(JSON.stringify({ ok: true, ...result, database: database.kind }));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.log(JSON.stringify({ ok: false, error: error instanceof Error ? error.message : String(error) }));
  process.exitCode = 1;
});
