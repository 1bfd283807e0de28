// The server side of the page_load and lighthouse benchmarks, in its own process (forked with
// IPC and NODE_ENV=production) so that the load generator or the browser does not share its CPU.
//
// It is the production server itself: server/start.ts's startTribun, which builds the app with
// buildApp and exactly the options (page cache, compression, security headers…) that `npm
// start` gets, on an embedded PGlite database in /tmp/benchpages-*, with the demo data start.ts
// brings — the catalogue, the past seasons (history import) and the simulator playing
// yesterday's, today's and tomorrow's matches at real speed — and the built web app. Beside the
// simulated day, one real match replayed from StatsBomb open data (Barcelona – Girona, stopped in
// the 70th minute) is live with its events: the match page measured.
//
// From the parent: BENCH_BUILD_DIR, the web build to serve (a private copy: bench/support/
// build-snapshot.ts; build/ when unset), and PAGE_LOAD_SERVER_ENV, a JSON object of extra
// environment variables for startTribun (the variants, e.g. PAGE_CACHE_TTL_MS=0).
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, gte, lt, sql } from 'drizzle-orm';
import { matches } from '../../server/db/schema/matches';
import { parseEnv } from '../../server/env';
import { createMatchWrites } from '../../server/modules/matches/match-writes';
import { startTribun, type RunningTribun } from '../../server/start';
import { LIVE_UNTIL_SEC, replayStatsbombMatch } from './statsbomb-live-match';
import { answerParent, runServerChild, sendToParent, type ParentToServer } from './server-child';

export interface DayCounts {
  /** today's (UTC) matches by sport and state, as the simulator left them at the start */
  football: { live: number; finished: number; notStarted: number };
  basketball: { live: number; finished: number; notStarted: number };
}

export type PageLoadServerToParent =
  | {
      type: 'ready';
      origin: string;
      /** the StatsBomb match, live in the 70th minute */
      liveMatch: { id: number; path: string; events: number; home: string; away: string };
      day: DayCounts;
      startSeconds: number;
      /** PAGE_CACHE_TTL_MS as startTribun got it (null: the server has no such setting) */
      pageCacheTtlMs: number | null;
      /** the environment given to startTribun beyond the defaults (variants) */
      extraEnv: Record<string, string>;
    }
  | { type: 'cpu'; userMs: number; systemMs: number; rssMb: number; loopDelayMs: { p99: number; max: number } }
  | { type: 'failed'; error: string };
export type PageLoadParentToServer = ParentToServer;

const send = (message: PageLoadServerToParent): Promise<void> => sendToParent(message);

/** startTribun takes a fixed PORT (1–65535): ask the system for a free one. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Start-up work (history import, odds warming, the simulator's first passes) must be over before anything is measured. */
async function waitUntilQuiet(maxMs: number): Promise<void> {
  const deadline = Date.now() + maxMs;
  let quietWindows = 0;
  while (Date.now() < deadline && quietWindows < 2) {
    const before = process.cpuUsage();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const used = process.cpuUsage(before);
    quietWindows = (used.user + used.system) / 1000 < 100 ? quietWindows + 1 : 0;
  }
}

async function countDay(tribun: RunningTribun): Promise<DayCounts> {
  const dayStart = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000);
  const dayEnd = new Date(dayStart.getTime() + 86_400_000);
  const rows = await tribun.db
    .select({ sport: matches.sport, statusId: matches.statusId, count: sql<number>`count(*)::int` })
    .from(matches)
    .where(and(gte(matches.matchTime, dayStart), lt(matches.matchTime, dayEnd)))
    .groupBy(matches.sport, matches.statusId);
  const counts: DayCounts = {
    football: { live: 0, finished: 0, notStarted: 0 },
    basketball: { live: 0, finished: 0, notStarted: 0 },
  };
  for (const row of rows) {
    const sport = counts[row.sport];
    // Status ids (core/match/status.ts): 1 not started; football 2–7 and basketball 2–9 in
    // play; football 8 and basketball 10 ended; the rest (postponed, cancelled…) count as not started.
    const finishedId = row.sport === 'football' ? 8 : 10;
    if (row.statusId === finishedId) sport.finished += row.count;
    else if (row.statusId >= 2 && row.statusId < finishedId) sport.live += row.count;
    else sport.notStarted += row.count;
  }
  return counts;
}

async function main(): Promise<void> {
  const startedAt = Date.now();
  const extraEnv = JSON.parse(process.env.PAGE_LOAD_SERVER_ENV ?? '{}') as Record<string, string>;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'benchpages-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let tribun: RunningTribun | undefined;
  const cleanup = async () => {
    await tribun?.stop().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const env = parseEnv({
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // Canonical and hreflang links, and the Origin check, name the address the pages are loaded from.
      PUBLIC_URL: origin,
      LOG_LEVEL: 'warn',
      SIM: 'on',
      // A busy day whatever the weekday and hour the benchmark runs: every competition plays,
      // the longest lists, as a Saturday's goal spike would bring, and a day of the same size
      // every run (decision 091).
      SIM_CALENDAR: 'dense',
      ...extraEnv,
    });
    tribun = await startTribun(env, { buildDir: path.resolve(process.env.BENCH_BUILD_DIR ?? 'build') });
    const running = tribun;
    const sink = createMatchWrites({ db: running.db, publish: (topic, payload) => running.broker.publish(topic, payload) });
    const live = await replayStatsbombMatch({ db: running.db, sink, sample: 'girona', untilSec: LIVE_UNTIL_SEC });
    await waitUntilQuiet(90_000);
    await send({
      type: 'ready',
      origin: running.origin,
      liveMatch: { id: live.matchId, path: `/football/Details/${live.matchId}`, events: live.events, home: live.home, away: live.away },
      day: await countDay(running),
      startSeconds: (Date.now() - startedAt) / 1000,
      pageCacheTtlMs: env.PAGE_CACHE_TTL_MS,
      extraEnv,
    });
  } catch (error) {
    await cleanup();
    throw error;
  }

  answerParent(cleanup);
}

runServerChild(main);
