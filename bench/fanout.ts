// Live fan-out: N WebSocket MQTT clients (in child processes) subscribed to `football` on the
// embedded broker of server/live/embedded.ts, M score updates published through the broker
// handle the server uses, delivery latency (publish time in the payload → arrival) and the
// share delivered. Every phase has a deadline: the benchmark reports a failure, never hangs.
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LiveMessageSchema } from '../core/contracts/matches';
import { TOPICS } from '../core/live/topics';
import type { LiveBroker } from '../server/live/broker';
import { createEmbeddedBroker } from '../server/live/embedded';
import {
  HISTOGRAM_MAX_MS,
  type BenchLiveMessage,
  type ChildToParent,
  type ClientEnv,
  type ParentToChild,
} from './support/fanout-protocol';
import { percentile } from './support/stats';

export interface FanoutOptions {
  clients: number;
  updates: number;
  /** updates are due on a fixed schedule, one every intervalMs (not waiting for the previous) */
  intervalMs: number;
  /** client processes */
  processes: number;
  /** connects in flight at once, per client process */
  connectConcurrency: number;
  connectTimeoutMs: number;
  keepaliveSeconds: number;
  /** all clients must be subscribed within this, or the run fails */
  rampTimeoutMs: number;
  /** after the last publish, how long to wait for the last arrivals */
  drainTimeoutMs: number;
  /** the whole benchmark, from the first connect to the last result */
  timeoutMs: number;
  /** the broker under test; the embedded broker of server/live/embedded.ts by default */
  createBroker?: () => Promise<LiveBroker>;
  brokerLabel?: string;
}

export interface FanoutResult {
  ok: boolean;
  /** why the run does not count, when it does not */
  failure: string | null;
  broker: string;
  clients: number;
  processes: number;
  updates: number;
  intervalMs: number;
  subscribed: number;
  connectFailures: number;
  connectErrors: string[];
  connectSeconds: number;
  delivered: number;
  expected: number;
  deliveredShare: number;
  /** updates that reached every client */
  updatesFullyDelivered: number;
  droppedConnections: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  /** time from an update being due to its broker.publish() callback (every subscriber's packet written) */
  brokerPublishMs: { p50: number; p99: number; max: number };
  publishSeconds: number;
  /** CPU during the publish phase, % of one core: the broker process and each client process */
  cpuPercent: { broker: number; clients: number[] };
  clientMaxLoopDelayMs: number[];
  target: { p99Ms: number; deliveredShare: number; met: boolean };
}

const TARGET_P99_MS = 250;

type Phase = 'starting' | 'connecting' | 'publishing' | 'draining' | 'collecting';

interface Child {
  process: ChildProcess;
  subscribed: number;
  failed: number;
  ready: boolean;
  received: number;
}

export async function benchFanout(options: FanoutOptions): Promise<FanoutResult> {
  checkFileLimit(options.clients);
  const broker = await (options.createBroker ?? (() => createEmbeddedBroker()))();
  const http = createServer((_request, response) => response.writeHead(404).end());
  broker.attach(http);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', 4096, resolve));
  const { port } = http.address() as AddressInfo;

  const state = { phase: 'starting' as Phase, children: [] as Child[] };
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const subscribed = state.children.reduce((sum, child) => sum + child.subscribed, 0);
      const received = state.children.reduce((sum, child) => sum + child.received, 0);
      reject(
        new Error(
          `fan-out timed out after ${options.timeoutMs / 1000} s while ${state.phase} ` +
            `(subscribed ${subscribed}/${options.clients}, last reported arrivals ${received})`,
        ),
      );
    }, options.timeoutMs);
  });
  try {
    return await Promise.race([run(options, broker, `ws://127.0.0.1:${port}/mqtt`, state), deadline]);
  } finally {
    clearTimeout(timer);
    await shutdown(state.children, broker, http);
  }
}

async function run(
  options: FanoutOptions,
  broker: LiveBroker,
  url: string,
  state: { phase: Phase; children: Child[] },
): Promise<FanoutResult> {
  // --- connect and subscribe every client, a bounded number at a time per process
  state.phase = 'connecting';
  const connectStart = Date.now();
  const perProcess = Math.ceil(options.clients / options.processes);
  for (let index = 0; index < options.processes; index++) {
    const clients = Math.max(0, Math.min(perProcess, options.clients - index * perProcess));
    if (clients === 0) break;
    const env: ClientEnv = {
      BENCH_URL: url,
      BENCH_CLIENTS: String(clients),
      BENCH_UPDATES: String(options.updates),
      BENCH_CONNECT_CONCURRENCY: String(options.connectConcurrency),
      BENCH_CONNECT_TIMEOUT_MS: String(options.connectTimeoutMs),
      BENCH_KEEPALIVE_S: String(options.keepaliveSeconds),
      BENCH_ID_PREFIX: `bench-${process.pid}-${index}`,
    };
    const child: Child = {
      process: fork(new URL('./support/fanout-clients.ts', import.meta.url).pathname, [], {
        execArgv: ['--import', 'tsx'],
        env: { ...process.env, ...env },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      }),
      subscribed: 0,
      failed: 0,
      ready: false,
      received: 0,
    };
    child.process.on('message', (message: ChildToParent) => {
      if (message.type === 'progress' || message.type === 'ready') {
        child.subscribed = message.subscribed;
        child.failed = message.failed;
      }
      if (message.type === 'report') child.received = message.received;
    });
    state.children.push(child);
  }
  const readies = await withTimeout(
    Promise.all(state.children.map((child) => expect(child, 'ready'))),
    options.rampTimeoutMs,
    () => {
      const subscribed = state.children.reduce((sum, child) => sum + child.subscribed, 0);
      return `only ${subscribed} of ${options.clients} clients subscribed within the ramp timeout of ${options.rampTimeoutMs / 1000} s`;
    },
  );
  const connectSeconds = (Date.now() - connectStart) / 1000;
  const subscribed = readies.reduce((sum, ready) => sum + ready.subscribed, 0);
  const connectFailures = readies.reduce((sum, ready) => sum + ready.failed, 0);
  const connectErrors = readies.flatMap((ready) => ready.errors).slice(0, 5);

  // --- publish on a fixed schedule; the receivers take the latency from the payload
  state.phase = 'publishing';
  for (const child of state.children) child.process.send({ type: 'start' } satisfies ParentToChild);
  // let the 'start' reach every child before the first update
  await Promise.all(state.children.map((child) => ask(child, 'report')));
  const brokerCpuStart = process.cpuUsage();
  const publishStart = Date.now();
  const publishDurations: number[] = [];
  const publishes: Promise<void>[] = [];
  for (let seq = 1; seq <= options.updates; seq++) {
    // Latency counts from when the update was due, not from when the loop got to it: a broker
    // whose publish blocks and makes the schedule slip is not flattered (no coordinated omission).
    const due = publishStart + (seq - 1) * options.intervalMs;
    const wait = due - Date.now();
    // Between two updates the event loop always turns, as it does in the server.
    await (wait > 0 ? sleep(wait) : new Promise((resolve) => setImmediate(resolve)));
    const payload = JSON.stringify(scoreUpdate(seq, due));
    publishes.push(broker.publish(TOPICS.football, payload).then(() => void publishDurations.push(Date.now() - due)));
  }
  await Promise.all(publishes);
  const publishSeconds = (Date.now() - publishStart) / 1000;

  // --- wait until every subscribed client has every update, or arrivals stop
  state.phase = 'draining';
  const expectedArrivals = subscribed * options.updates;
  const drainStart = Date.now();
  let lastTotal = -1;
  let lastChange = Date.now();
  for (;;) {
    const reports = await Promise.all(state.children.map((child) => ask(child, 'report')));
    const total = reports.reduce((sum, report) => sum + report.received, 0);
    if (total >= expectedArrivals) break;
    if (total !== lastTotal) {
      lastTotal = total;
      lastChange = Date.now();
    }
    if (Date.now() - lastChange > 3000 || Date.now() - drainStart > options.drainTimeoutMs) break;
    await sleep(100);
  }
  const brokerCpu = process.cpuUsage(brokerCpuStart);
  const phaseMs = Date.now() - publishStart;

  // --- collect the histograms
  state.phase = 'collecting';
  const results = await Promise.all(state.children.map((child) => ask(child, 'finish', 'result')));
  const counts = new Float64Array(HISTOGRAM_MAX_MS + 1);
  const perSeq = new Array<number>(options.updates).fill(0);
  let delivered = 0;
  let latencySum = 0;
  for (const result of results) {
    delivered += result.received;
    for (const [latency, count] of result.histogram) {
      counts[latency]! += count;
      latencySum += latency * count;
    }
    result.perSeq.forEach((count, index) => (perSeq[index]! += count));
  }
  const expected = options.clients * options.updates;
  const latencyMs = {
    p50: histogramPercentile(counts, delivered, 50),
    p90: histogramPercentile(counts, delivered, 90),
    p99: histogramPercentile(counts, delivered, 99),
    max: histogramPercentile(counts, delivered, 100),
    mean: delivered > 0 ? Math.round((latencySum / delivered) * 10) / 10 : NaN,
  };
  publishDurations.sort((a, b) => a - b);
  const deliveredShare = delivered / expected;
  const failure =
    subscribed < options.clients
      ? `only ${subscribed} of ${options.clients} clients subscribed (${connectFailures} failed: ${connectErrors.join('; ')})`
      : null;
  const met = failure === null && deliveredShare === 1 && latencyMs.p99 <= TARGET_P99_MS;
  return {
    ok: failure === null,
    failure,
    broker: options.brokerLabel ?? 'server/live/embedded.ts',
    clients: options.clients,
    processes: state.children.length,
    updates: options.updates,
    intervalMs: options.intervalMs,
    subscribed,
    connectFailures,
    connectErrors,
    connectSeconds,
    delivered,
    expected,
    deliveredShare: Math.round(deliveredShare * 1e6) / 1e6,
    updatesFullyDelivered: perSeq.filter((count) => count === options.clients).length,
    droppedConnections: results.reduce((sum, result) => sum + result.dropped, 0),
    latencyMs,
    brokerPublishMs: {
      p50: percentile(publishDurations, 50),
      p99: percentile(publishDurations, 99),
      max: publishDurations.at(-1) ?? NaN,
    },
    publishSeconds,
    cpuPercent: {
      broker: Math.round(((brokerCpu.user + brokerCpu.system) / 1000 / phaseMs) * 100),
      clients: results.map((result) => Math.round((result.cpuMs / phaseMs) * 100)),
    },
    clientMaxLoopDelayMs: results.map((result) => result.maxLoopDelayMs),
    target: { p99Ms: TARGET_P99_MS, deliveredShare: 1, met },
  };
}

/** A football score update in the shape of section 3, plus the benchmark's sequence and clock. */
function scoreUpdate(seq: number, sentMs: number): BenchLiveMessage {
  const message: BenchLiveMessage = {
    type: 'score',
    data: {
      match_id: 9_100_001 + (seq % 100),
      status: seq % 3 === 0 ? 4 : 2,
      a0: seq % 5,
      b0: (seq * 3) % 4,
      kick_off_time: Math.floor(sentMs / 1000) - 1800,
      ht: seq % 3 === 0 ? [1, 0] : null,
      red: [0, seq % 7 === 0 ? 1 : 0],
      yellow: [seq % 3, seq % 2],
      corner: [seq % 8, seq % 5],
    },
    publish_time: Math.floor(sentMs / 1000),
    bench: { seq, sentMs },
  };
  if (seq === 1) LiveMessageSchema.parse(message); // the shape the browser accepts
  return message;
}

function expect<T extends ChildToParent['type']>(child: Child, type: T): Promise<Extract<ChildToParent, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: ChildToParent) => {
      if (message.type === type) {
        off();
        resolve(message as Extract<ChildToParent, { type: T }>);
      } else if (message.type === 'failed') {
        off();
        reject(new Error(`client process failed: ${message.error}`));
      }
    };
    const onExit = (code: number | null, signal: string | null) => {
      off();
      reject(new Error(`client process exited (code ${code}, signal ${signal}) while waiting for '${type}'`));
    };
    const off = () => {
      child.process.off('message', onMessage);
      child.process.off('exit', onExit);
    };
    child.process.on('message', onMessage);
    child.process.on('exit', onExit);
  });
}

function ask(child: Child, request: 'report'): Promise<Extract<ChildToParent, { type: 'report' }>>;
function ask(child: Child, request: 'finish', reply: 'result'): Promise<Extract<ChildToParent, { type: 'result' }>>;
function ask(child: Child, request: ParentToChild['type'], reply: ChildToParent['type'] = 'report') {
  const answer = expect(child, reply);
  child.process.send({ type: request } satisfies ParentToChild);
  return answer;
}

async function shutdown(children: Child[], broker: LiveBroker, http: Server): Promise<void> {
  await Promise.all(
    children.map(async ({ process: child }) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(killer);
    }),
  );
  await broker.close().catch(() => undefined);
  http.closeAllConnections();
  await new Promise((resolve) => http.close(resolve));
}

/**
 * Each client holds one descriptor here and one in its process: fail clearly up front rather
 * than with a stalled ramp when the open-files limit is too low.
 */
function checkFileLimit(clients: number): void {
  let limit = Infinity;
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((candidate) => candidate.startsWith('Max open files'));
    const soft = line?.split(/\s{2,}/)[1];
    if (soft && /^\d+$/.test(soft)) limit = Number(soft);
  } catch {
    return; // not Linux: let the run tell
  }
  if (limit < clients + 256) {
    throw new Error(`open-files limit ${limit} is too low for ${clients} clients (raise it: ulimit -n ${clients + 1024})`);
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, describe: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(describe())), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function histogramPercentile(counts: Float64Array, total: number, p: number): number {
  if (total === 0) return NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * total));
  let seen = 0;
  for (let latency = 0; latency < counts.length; latency++) {
    seen += counts[latency]!;
    if (seen >= rank) return latency;
  }
  return HISTOGRAM_MAX_MS;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
