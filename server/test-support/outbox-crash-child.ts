/**
 * A server process for the kill -9 test of the outbox (server/jobs/outbox-crash.test.ts). It
 * plays the leading process: writes matches through the match write service and runs one
 * subscriber whose work is a row in `crash_effects`. The test kills it with SIGKILL at chosen
 * moments and starts another.
 *
 *   node --import tsx server/test-support/outbox-crash-child.ts <mode> <matchId>
 *   CRASH_DATA_DIR (PGlite) or CRASH_DATABASE_URL (PostgreSQL)
 *
 * Modes: `finish` finishes the match and then idles, the runner not started (killed before the
 * subscriber works); `finish-and-work` finishes it and starts the runner, whose handler writes
 * its effect and then hangs inside its transaction (killed while the subscriber works);
 * `deliver` starts the runner, waits until every finished match is delivered, and exits.
 */
import { sql } from 'drizzle-orm';
import { seedCatalog } from '../catalog/seed-catalog';
import { openDatabase } from '../db/client';
import { electLeader } from '../jobs/leader';
import { createJobRunner } from '../jobs/runner';
import { createMatchWrites } from '../modules/matches/match-writes';

const [mode, matchIdText] = process.argv.slice(2);
const matchId = Number(matchIdText);
const databaseUrl = process.env.CRASH_DATABASE_URL || undefined;
const say = (line: string) => process.stdout.write(`${line}\n`);

const database = await openDatabase({ dataDir: process.env.CRASH_DATA_DIR, databaseUrl });
const { db } = database;
// The fixture's competition and teams; the delivering process needs none.
if (mode !== 'deliver') await seedCatalog(db);
await db.execute(sql`create table if not exists crash_effects (idempotency_key text primary key, match_id integer not null)`);

const leadership = electLeader({ databaseUrl, retryMs: 100 });
const jobs = createJobRunner({ db, leadership, pollMs: 50, backoff: { baseMs: 100, maxMs: 1000 } });
jobs.subscribe('crash-test-settlement', ['match_finished'], async (event, { tx, idempotencyKey }) => {
  // No "on conflict": a second effect for the same key would fail, and show as a missing delivery.
  await tx.execute(sql`insert into crash_effects (idempotency_key, match_id) values (${idempotencyKey}, ${event.payload.matchId})`);
  if (mode === 'finish-and-work') {
    say('working');
    await new Promise(() => undefined);
  }
});

if (mode === 'finish' || mode === 'finish-and-work') {
  const writes = createMatchWrites({ db, publish: async () => undefined });
  // Süper Lig (1): Galatasaray (7) – Fenerbahçe (6)
  const kickOff = Math.floor(Date.now() / 1000) - 7200;
  await writes.upsertFixtures([{ matchId, sport: 'football', competitionId: 1, homeTeamId: 7, awayTeamId: 6, matchTime: kickOff }]);
  await writes.applyUpdate({ matchId, sport: 'football', statusId: 4, homeScore: 1, awayScore: 1, kind: 'score' });
  await writes.applyUpdate({ matchId, sport: 'football', statusId: 8, homeScore: 2, awayScore: 1, kind: 'score' });
  say('finished');
  if (mode === 'finish') await new Promise(() => undefined);
}

await jobs.start();
if (mode === 'deliver') {
  for (;;) {
    const result = (await db.execute(sql`
      select count(*)::int as waiting from domain_events e
      where e.type = 'match_finished'
        and not exists (select 1 from event_deliveries d where d.event_id = e.id and d.subscriber = 'crash-test-settlement' and d.delivered_at is not null)`)) as unknown as { rows: { waiting: number }[] };
    if (Number(result.rows[0]?.waiting) === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await jobs.stop();
  await leadership.release();
  await database.close();
  say('delivered');
}
