// What a benchmark needs from a server running in its own process (forked with IPC): wait for
// one of its messages, ask for its CPU time, load one route with autocannon while measuring the
// server's CPU and event-loop delay, and stop it.
import type { ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';

/** What every benchmark server answers to `{type: 'cpu'}`. */
export interface CpuMessage {
  type: 'cpu';
  userMs: number;
  systemMs: number;
  rssMb: number;
  loopDelayMs: { p99: number; max: number };
}
type AnyServerMessage = { type: string; error?: string };

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
  /** the server's resident memory after the measurement */
  serverRssMb: number;
  /** average bytes per answer on the wire (headers and body): shows whether compressed bytes went out */
  bytesPerAnswer: number;
}

export interface LoadOptions {
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
}

export function nextMessage<M extends AnyServerMessage, T extends M['type']>(
  child: ChildProcess,
  type: T,
  label: string,
): Promise<Extract<M, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: M) => {
      if (message.type === type) {
        off();
        resolve(message as Extract<M, { type: T }>);
      } else if (message.type === 'failed') {
        off();
        reject(new Error(`${label} server failed: ${message.error}`));
      }
    };
    const onExit = (code: number | null, signal: string | null) => {
      off();
      reject(new Error(`${label} server exited (code ${code}, signal ${signal}) while waiting for '${type}'`));
    };
    const off = () => {
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

export async function cpuOf(child: ChildProcess, label: string): Promise<CpuMessage> {
  const reply = nextMessage<CpuMessage, 'cpu'>(child, 'cpu', label);
  child.send({ type: 'cpu' });
  return reply;
}

export async function loadRoute(
  child: ChildProcess,
  url: string,
  options: LoadOptions & { label: string; headers?: Record<string, string> },
): Promise<RouteFigures> {
  const settings = { url, connections: options.connections, headers: options.headers ?? {} };
  if (options.warmupSeconds > 0) await autocannon({ ...settings, duration: options.warmupSeconds });
  const before = await cpuOf(child, options.label);
  const startedAt = process.hrtime.bigint();
  const result = await autocannon({ ...settings, duration: options.durationSeconds });
  const elapsedMs = Number(process.hrtime.bigint() - startedAt) / 1e6;
  const after = await cpuOf(child, options.label);
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
    serverRssMb: after.rssMb,
    bytesPerAnswer: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
  };
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (child.connected) child.send({ type: 'stop' });
  const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(killer);
}

/** Runs `measure` against a forked server; the server is killed if it all takes longer than `timeoutMs`. */
export async function withServerProcess<T>(child: ChildProcess, label: string, timeoutMs: number, measure: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${label} did not finish within ${timeoutMs / 1000} s`)), timeoutMs);
  });
  try {
    return await Promise.race([measure(), deadline]);
  } finally {
    clearTimeout(timer);
    await stopServer(child);
  }
}

export function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
