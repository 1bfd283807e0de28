/**
 * A server process for the kill -9 test of plan settlement
 * (server/modules/forecast/settle-crash.test.ts). It plays the leading process: the real job
 * runner with the real settlement subscriber (registerForecastSettlement). The test kills it
 * with SIGKILL at chosen moments and starts another.
 *
 *   node --import tsx server/test-support/forecast-settle-crash-child.ts <mode> <matchId>
 *   CRASH_DATA_DIR (PGlite) or CRASH_DATABASE_URL (PostgreSQL)
 *
 * Modes:
 * - `prepare`: a tipster, buyers with points, CRASH_PLANS open plans on one match (full-time
 *   markets, and paid half-time plans each unlocked by a buyer), then the match ends 2–1 through
 *   the match write service without a half-time score — the full-time plans win or lose, the
 *   half-time ones are void and their buyers are owed refunds. Prints `prepared` and idles with
 *   the runner not started (killed before any delivery).
 * - `settle-and-hang`: starts the runner; the subscriber settles every plan and refunds every
 *   buyer inside its delivery transaction, then hangs before the commit (prints `settling <rows>`,
 *   killed mid-settlement).
 * - `deliver`: starts the runner, waits until the match's events are delivered, prints
 *   `delivered <pop-ups>` and exits.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { electLeader } from '../jobs/leader';
import { createJobRunner, type JobRunner } from '../jobs/runner';
import { registerForecastSettlement } from '../modules/forecast/settle-plans';
import {
  createBuyer,
  createMatch,
  createTipster,
  insertPlans,
  matchWritesFor,
  prepareForecastDatabase,
  unlockForTest,
  type TestPlanInput,
} from '../modules/forecast/settlement-test-support';

const [mode, matchIdText] = process.argv.slice(2);
const matchId = Number(matchIdText);
const databaseUrl = process.env.CRASH_DATABASE_URL || undefined;
const planCount = Number(process.env.CRASH_PLANS ?? 400);
const say = (line: string) => process.stdout.write(`${line}\n`);

const database = await openDatabase({ dataDir: process.env.CRASH_DATA_DIR, databaseUrl });
const { db } = database;

if (mode === 'prepare') {
  await prepareForecastDatabase(db);
  await createMatch(db, { matchId });
  const tipster = await createTipster(db);
  const buyers = [];
  for (let index = 0; index < 20; index++) buyers.push(await createBuyer(db, 1000));
  const fullTime: Omit<TestPlanInput, 'tipsterId' | 'matchId'>[] = [
    { market: '1x2', pick: 'home' },
    { market: '1x2', pick: 'away' },
    { market: 'handicap', pick: 'home', line: -0.75 },
    { market: 'over_under', pick: 'over', line: 3 },
  ];
  const halfTimePlans = Math.floor(planCount / 4);
  const inputs: TestPlanInput[] = [];
  for (let index = 0; index < planCount - halfTimePlans; index++) inputs.push({ tipsterId: tipster.id, matchId, ...fullTime[index % fullTime.length]! });
  for (let index = 0; index < halfTimePlans; index++) inputs.push({ tipsterId: tipster.id, matchId, market: '1x2', period: 'ht', pick: 'draw', price: 50 });
  const ids = await insertPlans(db, inputs);
  const paid = ids.slice(planCount - halfTimePlans);
  for (const [index, planId] of paid.entries()) await unlockForTest(db, { planId, buyerId: buyers[index % buyers.length]!.id });

  const writes = matchWritesFor(db);
  await writes.applyUpdate({ matchId, sport: 'football', statusId: 4, homeScore: 1, awayScore: 1, kind: 'score' });
  await writes.applyUpdate({ matchId, sport: 'football', statusId: 8, homeScore: 2, awayScore: 1, kind: 'score' });
  say('prepared');
  await new Promise(() => undefined);
}

const leadership = electLeader({ databaseUrl, retryMs: 100 });
const runner = createJobRunner({ db, leadership, pollMs: 50, backoff: { baseMs: 100, maxMs: 1000 } });
const popups: number[] = [];
// The real subscriber, seen through a runner that can stop it between its work and the commit.
const jobs: Pick<JobRunner, 'subscribe'> = {
  subscribe(name, types, handler) {
    runner.subscribe(name, types, async (event, context) => {
      await handler(event, context);
      if (mode === 'settle-and-hang') {
        const result = (await context.tx.execute(sql`select count(*)::int as written from forecast_settlements`)) as unknown as { rows: { written: number }[] };
        say(`settling ${result.rows[0]?.written}`);
        await new Promise(() => undefined);
      }
    });
  },
};
registerForecastSettlement(jobs, { db, publisher: { publishToUser: (userId) => void popups.push(userId) } });
await runner.start();

if (mode === 'deliver') {
  for (;;) {
    const result = (await db.execute(sql`
      select count(*)::int as waiting from domain_events e
      where e.match_id = ${matchId}
        and e.type in ('match_finished', 'result_corrected', 'match_postponed', 'match_cancelled', 'match_abandoned')
        and not exists (select 1 from event_deliveries d where d.event_id = e.id and d.subscriber = 'forecast-settlement' and d.delivered_at is not null)`)) as unknown as {
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
