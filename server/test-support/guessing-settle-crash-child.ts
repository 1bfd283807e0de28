/**
 * A server process for the kill -9 test of bet settlement
 * (server/modules/guessing/settle-crash.test.ts). It plays the leading process: the real job
 * runner with the real settlement subscriber (registerGuessingSettlement). The test kills it
 * with SIGKILL at chosen moments and starts another.
 *
 *   node --import tsx server/test-support/guessing-settle-crash-child.ts <mode> <firstMatchId>
 *   CRASH_DATA_DIR (PGlite) or CRASH_DATABASE_URL (PostgreSQL), CRASH_BETS
 *
 * Modes:
 * - `prepare`: bettors with points, CRASH_BETS open bets — singles and parlays of two or three
 *   legs — on three matches, then the three matches end (2–1, 0–0, 1–3) through the match write
 *   service. Prints `prepared` and idles with the runner not started (killed before any delivery).
 * - `settle-and-hang`: starts the runner; the subscriber settles the first finished match's bets,
 *   paying the winners, inside its delivery transaction, then hangs before the commit (prints
 *   `settling <log rows>`, killed mid-settlement).
 * - `deliver`: starts the runner, waits until the matches' events are delivered, prints
 *   `delivered <pop-ups>` and exits.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { electLeader } from '../jobs/leader';
import { createJobRunner, type JobRunner } from '../jobs/runner';
import { createBuyer, createMatch, matchWritesFor, prepareForecastDatabase } from '../modules/forecast/settlement-test-support';
import { insertBetsForTest, type TestBetInput, type TestLegInput } from '../modules/guessing/guessing-test-support';
import { registerGuessingSettlement } from '../modules/guessing/settle-bets';

const [mode, firstMatchText] = process.argv.slice(2);
const firstMatchId = Number(firstMatchText);
const matchIds = [firstMatchId, firstMatchId + 1, firstMatchId + 2];
const databaseUrl = process.env.CRASH_DATABASE_URL || undefined;
const betCount = Number(process.env.CRASH_BETS ?? 600);
const say = (line: string) => process.stdout.write(`${line}\n`);

const database = await openDatabase({ dataDir: process.env.CRASH_DATA_DIR, databaseUrl });
const { db } = database;

if (mode === 'prepare') {
  await prepareForecastDatabase(db);
  for (const matchId of matchIds) await createMatch(db, { matchId });
  const bettors = [];
  for (let index = 0; index < 20; index++) bettors.push(await createBuyer(db, 1_000_000));
  const selections: Omit<TestLegInput, 'matchId'>[] = [
    { market: '1x2', pick: 'home', oddsMilli: 2100 },
    { market: '1x2', pick: 'draw', oddsMilli: 3300 },
    { market: 'over_under', pick: 'over', line: 2.5, oddsMilli: 1950 },
    { market: 'handicap', pick: 'away', line: 0.25, oddsMilli: 1875 },
    { market: 'over_under', period: 'ht', pick: 'under', line: 0.75, oddsMilli: 1700 },
  ];
  const inputs: TestBetInput[] = [];
  for (let index = 0; index < betCount; index++) {
    const legCount = 1 + (index % 3);
    const legs = Array.from({ length: legCount }, (_, leg) => ({ matchId: matchIds[(Math.floor(index / 3) + leg) % 3]!, ...selections[(index * 7 + leg) % selections.length]! }));
    inputs.push({ userId: bettors[index % bettors.length]!.id, stake: 10 + (index % 90), legs });
  }
  await insertBetsForTest(db, inputs);

  const writes = matchWritesFor(db);
  const results: [number, number, [number, number]][] = [
    [2, 1, [1, 0]],
    [0, 0, [0, 0]],
    [1, 3, [1, 1]],
  ];
  for (const [index, matchId] of matchIds.entries()) {
    const [home, away, halfTime] = results[index]!;
    await writes.applyUpdate({ matchId, sport: 'football', statusId: 4, homeScore: 0, awayScore: 0, kind: 'score' });
    await writes.applyUpdate({ matchId, sport: 'football', statusId: 8, homeScore: home, awayScore: away, halfTime, kind: 'score' });
  }
  say('prepared');
  await new Promise(() => undefined);
}

const leadership = electLeader({ databaseUrl, retryMs: 100 });
const runner = createJobRunner({ db, leadership, pollMs: 50, backoff: { baseMs: 100, maxMs: 1000 } });
const popups: number[] = [];
// The real subscriber, seen through a runner that can stop it between its work and the commit.
const jobs: Pick<JobRunner, 'subscribe' | 'register'> = {
  register: (job) => runner.register(job),
  subscribe(name, types, handler) {
    runner.subscribe(name, types, async (event, context) => {
      await handler(event, context);
      if (mode === 'settle-and-hang') {
        const result = (await context.tx.execute(sql`select count(*)::int as written from bet_settlements`)) as unknown as { rows: { written: number }[] };
        say(`settling ${result.rows[0]?.written}`);
        await new Promise(() => undefined);
      }
    });
  },
};
registerGuessingSettlement(jobs, { db, postponedVoidHours: 48, publisher: { publishToUser: (userId) => void popups.push(userId) } });
await runner.start();

if (mode === 'deliver') {
  for (;;) {
    const result = (await db.execute(sql`
      select count(*)::int as waiting from domain_events e
      where e.match_id in (${matchIds[0]!}, ${matchIds[1]!}, ${matchIds[2]!})
        and e.type in ('match_finished', 'result_corrected', 'match_postponed', 'match_cancelled', 'match_abandoned')
        and not exists (select 1 from event_deliveries d where d.event_id = e.id and d.subscriber = 'guessing-settlement' and d.delivered_at is not null)`)) as unknown as {
      rows: { waiting: number }[];
    };
    if (Number(result.rows[0]?.waiting) === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await runner.stop();
  await leadership.release();
  await database.close();
  say(`delivered ${popups.length}`);
}
