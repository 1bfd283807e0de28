// `node --import tsx bench/support/soak-seed.ts <count>` with DATA_DIR set, before the soak's
// server opens that directory (PGlite allows one process at a time): creates `count` fan
// accounts with a password, the way `npm run admin:create` creates an admin, then makes them
// plain users. A production server has no development outbox (decision 070: it is registered
// outside production only), so fans cannot register with a mailed code there; they sign in with
// their password instead (POST /api/user/login). Prints one JSON line: {ok, fans: [{email, password}]}.
import { inArray } from 'drizzle-orm';
import { users } from '../../server/db/schema/users';
import { loadEnv } from '../../server/env';
import { createOrPromoteAdmin } from '../../server/modules/account/create-admin';
import { openScriptDatabase } from '../../server/modules/account/script-database';

export interface SeededFan {
  email: string;
  password: string;
}

async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? 3);
  const database = await openScriptDatabase(loadEnv());
  try {
    const fans: SeededFan[] = [];
    const ids: number[] = [];
    for (let index = 0; index < count; index += 1) {
      const fan = { email: `soak-fan-${index}@example.test`, password: 'tribun-soak-2026' };
      const created = await createOrPromoteAdmin(database.db, { ...fan, nickname: `SoakFan${index}` });
      ids.push(created.id);
      fans.push(fan);
    }
    if (ids.length > 0) await database.db.update(users).set({ role: 'user' }).where(inArray(users.id, ids));
    console.log(JSON.stringify({ ok: true, fans }));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.log(JSON.stringify({ ok: false, error: error instanceof Error ? error.message : String(error) }));
  process.exitCode = 1;
});
