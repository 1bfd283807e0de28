// Runs the server integration suites on the scale-out path: a fresh PostgreSQL database named
// by DATABASE_URL and a Mosquitto with a WebSocket listener and dynamic security (decision 063), named by
// BROKER_URL / BROKER_WS_URL. Everything it creates it removes again.
//
// Only the suites that read DATABASE_URL or BROKER_URL from the environment run again here:
// every other database suite already runs on both PGlite and PostgreSQL in `npm test`
// (TEST_DATABASE_KINDS), so repeating it would test nothing new. Named files on the command line
// replace the automatic choice.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startMosquitto } from '../server/live/mosquitto';

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Server test files that read the scale-out settings from the environment. */
async function scaleOutSuites(): Promise<string[]> {
  const entries = await readdir('server', { recursive: true });
  const suites: string[] = [];
  for (const entry of entries.sort()) {
    if (!entry.endsWith('.test.ts')) continue;
    const file = path.join('server', entry);
    const text = await readFile(file, 'utf8');
    if (/process\.env\.(DATABASE_URL|BROKER_URL)\b/.test(text)) suites.push(file);
  }
  return suites;
}

const requested = process.argv.slice(2);
const suites = requested.length > 0 ? requested : await scaleOutSuites();
if (suites.length === 0) throw new Error('no server suite reads DATABASE_URL or BROKER_URL');
console.log(`Scale-out suites: ${suites.join(', ')}`);

const name = `tribun_ci_${randomBytes(5).toString('hex')}`;
const dir = await mkdtemp(path.join(tmpdir(), 'tribun-mosquitto-'));
await admin(`CREATE DATABASE ${name}`);
const broker = await startMosquitto({ dir });
let status = 1;
try {
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${name}`;
  console.log(`PostgreSQL database ${name}; Mosquitto at ${broker.tcpUrl} and ${broker.wsUrl}`);
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'integration', ...suites], {
    stdio: 'inherit',
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl.toString(),
      BROKER_URL: broker.tcpUrl,
      BROKER_WS_URL: broker.wsUrl,
      BROKER_USERNAME: broker.serverUser,
      BROKER_PASSWORD: broker.serverPassword,
    },
  });
  status = result.status ?? 1;
} finally {
  await broker.stop();
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await rm(dir, { recursive: true, force: true });
}
process.exit(status);
