// The server side of the match_page benchmark, in its own process (bench/match-page.ts forks it)
// so the load generator does not share its CPU: the real application from server/app.ts with the
// built web app (SSR), on an embedded database holding two real matches replayed from StatsBomb
// open data through the real replay service and feed sink — Barcelona 3-0 Alavés played to the
// end, and Barcelona 2-2 Girona stopped in the 70th minute, still live. Talks to its parent over IPC.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import type { PublicConfig } from '../../core/contracts/services';
import { buildApp } from '../../server/app';
import { seedCatalog } from '../../server/catalog/seed-catalog';
import { openDatabase } from '../../server/db/client';
import { createMatchWrites } from '../../server/modules/matches/match-writes';
import { toReplayUpdateBody } from '../../server/feed/replay/replay-step';
import { buildStatsbombReplay } from '../../server/feed/replay/statsbomb/build-statsbomb-replay';
import { readStatsbombSample, STATSBOMB_SAMPLES } from '../../server/feed/replay/statsbomb/statsbomb-fixtures';
import { parseStatsbombEvents, parseStatsbombLineups } from '../../server/feed/replay/statsbomb/statsbomb-schema';
import { createMatchService } from '../../server/modules/matches/matches.service';
import { applyReplayUpdates, createReplayMatch } from '../../server/modules/replay/replay.service';
import { answerParent, runServerChild, sendToParent, type ParentToServer } from './server-child';

export type MatchPageServerToParent =
  | {
      type: 'ready';
      origin: string;
      finishedMatchId: number;
      liveMatchId: number;
      events: { finished: number; live: number };
    }
  | { type: 'cpu'; userMs: number; systemMs: number; rssMb: number; loopDelayMs: { p99: number; max: number } }
  | { type: 'failed'; error: string };
export type MatchPageParentToServer = ParentToServer;

/** The live match stops here: second half, 70th minute. */
const LIVE_UNTIL_SEC = (45 + 15 + 25) * 60;

const send = (message: MatchPageServerToParent): Promise<void> => sendToParent(message);

async function main(): Promise<void> {
  const buildEntry = path.resolve('build/server/index.js');
  if (!existsSync(buildEntry)) throw new Error('no web build: run `npm run build` first');
  const build = (await import(pathToFileURL(buildEntry).href)) as ServerBuild;

  const dataDir = await mkdtemp(path.join(tmpdir(), 'tribun-bench-match-'));
  const database = await openDatabase({ dataDir });
  const cleanups: Array<() => Promise<unknown>> = [];
  const cleanup = async () => {
    for (const step of cleanups.reverse()) await step().catch(() => undefined);
    await database.close().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const db = database.db;
    await seedCatalog(db);
    const sink = createMatchWrites({ db, publish: async () => {} });

    async function replay(sample: keyof typeof STATSBOMB_SAMPLES, untilSec: number): Promise<{ matchId: number; events: number }> {
      const files = STATSBOMB_SAMPLES[sample];
      const script = buildStatsbombReplay({
        events: parseStatsbombEvents(JSON.parse(readStatsbombSample(files.events))),
        lineups: parseStatsbombLineups(JSON.parse(readStatsbombSample(files.lineups))),
      });
      const created = await createReplayMatch({
        db,
        sink,
        // La Liga (catalog id 3): both samples are La Liga 2018-19 matches.
        body: { sport: 'football', home_team: script.home.name, away_team: script.away.name, competition_id: 3, lineups: script.lineups },
        now: new Date(),
      });
      const steps = script.steps.filter((step) => step.atSec <= untilSec);
      await applyReplayUpdates({
        db,
        sink,
        matchId: created.match_id,
        updates: steps.map((step) => toReplayUpdateBody(step.update)),
        now: () => new Date(),
      });
      return { matchId: created.match_id, events: steps.reduce((sum, step) => sum + (step.update.events?.length ?? 0), 0) };
    }

    const finished = await replay('alaves', Number.POSITIVE_INFINITY);
    const live = await replay('girona', LIVE_UNTIL_SEC);

    const publicConfig: PublicConfig = {
      brokerWsUrl: null,
      buildId: build.assets.version,
      appStore: { enabled: false, iosUrl: '', androidUrl: '' },
    };
    const app = await buildApp({
      db,
      matches: createMatchService({ db }),
      publicConfig,
      web: { build, clientDir: path.resolve('build/client') },
    });
    cleanups.push(() => app.close());
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address() as { port: number };
    await send({
      type: 'ready',
      origin: `http://127.0.0.1:${address.port}`,
      finishedMatchId: finished.matchId,
      liveMatchId: live.matchId,
      events: { finished: finished.events, live: live.events },
    });
  } catch (error) {
    await cleanup();
    throw error;
  }

  answerParent(cleanup);
}

runServerChild(main);
