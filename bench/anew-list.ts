// anew_list: requests/s and p99 latency of GET /api/match_recent/anew_list?day=<day> on the
// real application for a day of 1,000 football matches, next to a bare Fastify route sending the
// very same bytes, in the same run and measured the same way. The server runs in its own process
// (bench/support/anew-list-server.ts); autocannon loads it from this one.
import { fork, type ChildProcess } from 'node:child_process';
import type { ServerToParent } from './support/anew-list-server';
import { loadRoute, nextMessage, round, withServerProcess, type RouteFigures } from './support/server-process';

export type { RouteFigures } from './support/server-process';

export interface AnewListOptions {
  /** seconds of measured load per route */
  durationSeconds: number;
  /** seconds of unmeasured load per route just before its measurement */
  warmupSeconds: number;
  connections: number;
  /** also measure the diagnostic bare-string route (the same JSON sent as a string) */
  variants?: boolean;
  /** the whole benchmark fails (and its server process is killed) after this long */
  timeoutMs: number;
}

export interface AnewListResult {
  database: 'pglite' | 'postgres';
  day: number;
  seeded: { matches: number; finished: number; live: number; notStarted: number; seedSeconds: number };
  matchesInList: number;
  bodyBytes: number;
  sameBytes: boolean;
  real: RouteFigures;
  bare: RouteFigures;
  /** with --anew-variants: a bare route sending the same JSON as a string */
  bareString?: RouteFigures;
  /** real requests/s ÷ bare requests/s */
  ratio: number;
  target: { minRatio: number; met: boolean };
}

const TARGET_RATIO = 0.5;

export async function benchAnewList(options: AnewListOptions): Promise<AnewListResult> {
  const child = fork(new URL('./support/anew-list-server.ts', import.meta.url).pathname, [], {
    // e.g. BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' to profile the server
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return withServerProcess(child, 'anew_list', options.timeoutMs, () => measure(child, options));
}

async function measure(child: ChildProcess, options: AnewListOptions): Promise<AnewListResult> {
  const ready = await nextMessage<ServerToParent, 'ready'>(child, 'ready', 'anew_list');

  // Both routes must answer the same bytes, or the comparison means nothing.
  const [realBody, bareBody] = await Promise.all(
    [ready.realUrl, ready.bareUrl].map(async (url) => Buffer.from(await (await fetch(url)).arrayBuffer())),
  );
  const sameBytes = realBody!.equals(bareBody!);

  const load = { ...options, label: 'anew_list' };
  const real = await loadRoute(child, ready.realUrl, load);
  const bare = await loadRoute(child, ready.bareUrl, load);
  const bareString = options.variants ? await loadRoute(child, ready.bareStringUrl, load) : undefined;
  const ratio = real.requestsPerSecond / bare.requestsPerSecond;
  return {
    database: ready.database,
    day: ready.day,
    seeded: ready.seeded,
    matchesInList: ready.matchesInList,
    bodyBytes: ready.bodyBytes,
    sameBytes,
    real,
    bare,
    ...(bareString ? { bareString } : {}),
    ratio: round(ratio, 3),
    target: { minRatio: TARGET_RATIO, met: ratio >= TARGET_RATIO && sameBytes },
  };
}
