// anew_list: requests/s and p99 latency of GET /api/match_recent/anew_list?day=<day> on the
// real application for a day of 1,000 football matches, next to a bare Fastify route sending the
// very same bytes, in the same run and measured the same way. The server runs in its own process
// (bench/support/anew-list-server.ts); autocannon loads it from this one.
import { fork, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import type { ParentToServer, ServerToParent } from './support/anew-list-server';

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

export interface RouteFigures {
  url: string;
  requestsPerSecond: number;
  requestsTotal: number;
  latencyMs: { p50: number; p90: number; p97_5: number; p99: number; max: number; mean: number };
  throughputMBps: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** CPU the server process used during the measured seconds, in % of one core */
  serverCpuPercent: number;
  /** server CPU per answered request: the cost of the route, whoever the bottleneck is */
  serverCpuMsPerRequest: number;
  /** the server's event-loop delay during the measured seconds */
  serverLoopDelayMs: { p99: number; max: number };
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
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`anew_list did not finish within ${options.timeoutMs / 1000} s`)),
      options.timeoutMs,
    );
  });
  try {
    return await Promise.race([measure(child, options), deadline]);
  } finally {
    clearTimeout(timer);
    await stopServer(child);
  }
}

async function measure(child: ChildProcess, options: AnewListOptions): Promise<AnewListResult> {
  const ready = await nextMessage(child, 'ready');

  // Both routes must answer the same bytes, or the comparison means nothing.
  const [realBody, bareBody] = await Promise.all(
    [ready.realUrl, ready.bareUrl].map(async (url) => Buffer.from(await (await fetch(url)).arrayBuffer())),
  );
  const sameBytes = realBody!.equals(bareBody!);

  const real = await loadRoute(child, ready.realUrl, options);
  const bare = await loadRoute(child, ready.bareUrl, options);
  const bareString = options.variants ? await loadRoute(child, ready.bareStringUrl, options) : undefined;
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

async function loadRoute(child: ChildProcess, url: string, options: AnewListOptions): Promise<RouteFigures> {
  if (options.warmupSeconds > 0) {
    await autocannon({ url, connections: options.connections, duration: options.warmupSeconds });
  }
  const before = await cpuOf(child);
  const startedAt = process.hrtime.bigint();
  const result = await autocannon({ url, connections: options.connections, duration: options.durationSeconds });
  const elapsedMs = Number(process.hrtime.bigint() - startedAt) / 1e6;
  const after = await cpuOf(child);
  const cpuMs = after.userMs + after.systemMs - before.userMs - before.systemMs;
  return {
    url,
    requestsPerSecond: round(result.requests.average, 1),
    requestsTotal: result.requests.total,
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p97_5: result.latency.p97_5,
      p99: result.latency.p99,
      max: result.latency.max,
      mean: round(result.latency.average, 2),
    },
    throughputMBps: round(result.throughput.average / 1e6, 1),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    serverCpuPercent: round((cpuMs / elapsedMs) * 100, 0),
    serverCpuMsPerRequest: round(cpuMs / Math.max(1, result.requests.total), 2),
    serverLoopDelayMs: after.loopDelayMs,
  };
}

function nextMessage<T extends ServerToParent['type']>(
  child: ChildProcess,
  type: T,
): Promise<Extract<ServerToParent, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: ServerToParent) => {
      if (message.type === type) {
        off();
        resolve(message as Extract<ServerToParent, { type: T }>);
      } else if (message.type === 'failed') {
        off();
        reject(new Error(`anew_list server failed: ${message.error}`));
      }
    };
    const onExit = (code: number | null, signal: string | null) => {
      off();
      reject(new Error(`anew_list server exited (code ${code}, signal ${signal}) while waiting for '${type}'`));
    };
    const off = () => {
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

async function cpuOf(child: ChildProcess) {
  const reply = nextMessage(child, 'cpu');
  child.send({ type: 'cpu' } satisfies ParentToServer);
  return reply;
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (child.connected) child.send({ type: 'stop' } satisfies ParentToServer);
  const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(killer);
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
