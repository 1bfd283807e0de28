/**
 * `npm run admin:create -- --email x --nickname y --password z`: creates an admin account, or
 * makes an existing account (by email) an admin, in the database the environment names
 * (DATABASE_URL, else the PGlite directory DATA_DIR). The password may come from ADMIN_PASSWORD
 * instead, which keeps it out of the shell history. Prints one JSON line; exits 1 on failure.
 * Refuses a PGlite directory that a running server holds (a lock left by a process that is gone
 * is taken over; --force takes over any lock, e.g. one copied from another host).
 */
import { parseArgs } from 'node:util';
import { loadEnv } from '../server/env';
import { createOrPromoteAdmin } from '../server/modules/account/create-admin';
import { openScriptDatabase } from '../server/modules/account/script-database';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      nickname: { type: 'string' },
      password: { type: 'string' },
      force: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (!values.email) throw new Error('--email is required');
  const env = loadEnv();
  const database = await openScriptDatabase(env, { force: values.force });
  try {
    const result = await createOrPromoteAdmin(database.db, {
      email: values.email,
      nickname: values.nickname,
      password: values.password ?? env.ADMIN_PASSWORD,
    });
    console.log(JSON.stringify({ ok: true, ...result, database: database.kind }));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.log(JSON.stringify({ ok: false, error: error instanceof Error ? error.message : String(error) }));
  process.exitCode = 1;
});
