// The server side of the anew_list benchmark, run as its own process (bench/anew-list.ts forks
// it) so the load generator does not share its CPU: the real application from server/app.ts on
// a database holding one day of 1,000 football matches, and beside it a bare Fastify route
// answering the very same bytes. Talks to its parent over IPC.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { FootballListResponseSchema } from '../../core/contracts/matches';
import type { PublicConfig } from '../../core/contracts/services';
import { buildApp } from '../../server/app';
import { seedCatalog } from '../../server/catalog/seed-catalog';
import { openDatabase } from '../../server/db/client';
import { createMatchService } from '../../server/modules/matches/matches.service';
import { BENCH_NOW_SEC, seedMatchDay } from './match-day-1000';
import { answerParent, runServerChild, sendToParent, type ParentToServer } from './server-child';

export const ANEW_LIST_PATH = '/api/match_recent/anew_list';

export type ServerToParent =
  | {
      type: 'ready';
      realUrl: string;
      bareUrl: string;
      /** diagnostic: a bare route sending the same JSON as a string, as matches.routes.ts does */
      bareStringUrl: string;
      database: 'pglite' | 'postgres';
      day: number;
      seeded: { matches: number; finished: number; live: number; notStarted: number; seedSeconds: number };
      matchesInList: number;
      bodyBytes: number;
    }
  | { type: 'cpu'; userMs: number; systemMs: number; rssMb: number; loopDelayMs: { p99: number; max: number } }
  | { type: 'failed'; error: string };
export type { ParentToServer };

const send = (message: ServerToParent): Promise<void> => sendToParent(message);

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = databaseUrl ? undefined : await mkdtemp(path.join(tmpdir(), 'tribun-bench-'));
  const database = await openDatabase({ dataDir, databaseUrl });
  const cleanups: Array<() => Promise<unknown>> = [];
  const cleanup = async () => {
    for (const step of cleanups.reverse()) await step().catch(() => undefined);
    await database.close().catch(() => undefined);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await seedCatalog(database.db);
    const seeded = await seedMatchDay(database.db, 1000);

    // The real clock runs, shifted so that "now" starts at 15:00 of the benchmark day: answers
    // are rebuilt every second exactly as in production (the service reuses one per second).
    const offsetMs = Date.now() - BENCH_NOW_SEC * 1000;
    const matches = createMatchService({ db: database.db, now: () => Date.now() - offsetMs });
    const publicConfig: PublicConfig = {
      brokerWsUrl: null,
      buildId: 'bench',
      appStore: { enabled: false, iosUrl: '', androidUrl: '' },
    };
    const app = await buildApp({ db: database.db, matches, publicConfig });
    cleanups.push(() => app.close());
    await app.listen({ port: 0, host: '127.0.0.1' });

    const url = `${ANEW_LIST_PATH}?day=${seeded.day}`;
    const answer = await app.inject({ method: 'GET', url });
    if (answer.statusCode !== 200) throw new Error(`GET ${url} answered ${answer.statusCode}: ${answer.body.slice(0, 200)}`);
    const parsed = FootballListResponseSchema.parse(JSON.parse(answer.body));
    const data = parsed.data;
    const matchesInList = [data.liveGlobal, data.soonGlobal, data.scheduledGlobal, data.finishedGlobal, data.otherGlobal]
      .flat()
      .reduce((sum, group) => sum + group.matches.length, 0);
    const body = answer.rawPayload;
    const contentType = String(answer.headers['content-type']);

    // The baseline: Fastify with nothing but one route sending the same bytes, same content type.
    const bare = Fastify({ logger: false });
    bare.get(ANEW_LIST_PATH, (_request, reply) => reply.type(contentType).send(body));
    cleanups.push(() => bare.close());
    await bare.listen({ port: 0, host: '127.0.0.1' });

    // Diagnostic only (--anew-variants): what sending a string instead of bytes costs.
    const text = body.toString('utf8');
    const bareString = Fastify({ logger: false });
    bareString.get(ANEW_LIST_PATH, (_request, reply) => reply.type(contentType).send(text));
    cleanups.push(() => bareString.close());
    await bareString.listen({ port: 0, host: '127.0.0.1' });

    const origin = (instance: { server: { address(): unknown } }) => {
      const address = instance.server.address() as { port: number };
      return `http://127.0.0.1:${address.port}${url}`;
    };
    await send({
      type: 'ready',
      realUrl: origin(app),
      bareUrl: origin(bare),
      bareStringUrl: origin(bareString),
      database: database.kind,
      day: seeded.day,
      seeded,
      matchesInList,
      bodyBytes: body.length,
    });
  } catch (error) {
    await cleanup();
    throw error;
  }

  answerParent(cleanup);
}

runServerChild(main);
