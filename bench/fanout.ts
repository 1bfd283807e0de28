// Live fan-out: N WebSocket MQTT clients (in child processes) subscribed to `football`, M score
// updates published on a fixed schedule, delivery latency (publish time in the payload →
// arrival) and the share delivered — against the embedded broker of server/live/embedded.ts and
// against the machine's Mosquitto, started by the benchmark with its own config
// (support/mosquitto-broker.ts), one after the other with the same clients and payloads.
//
// How the updates reach each broker differs, as it does in production:
//   embedded   LiveBroker.publish() of server/live/embedded.ts inside the broker's own process
//              (support/fanout-broker.ts) — the server's own path, so the broker's CPU includes
//              the publishing.
//   mosquitto  an mqtt.js client in this process publishing over TCP (QoS 0, not retained),
//              as server/live/external.ts does; the publisher's CPU is reported apart.
// Either way the broker is a process of its own whose CPU and memory are read from /proc.
// Every phase has a deadline: the benchmark reports a failure, never hangs.
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import mqtt from 'mqtt';
import type { BrokerVariant } from './support/broker-variants';
import type { BrokerToParent, ParentToBroker } from './support/fanout-broker';
import { machineCpuMs, processCpuMs, processMemory, sampleRss } from './support/fanout-meter';
import { HISTOGRAM_MAX_MS, type ChildToParent, type ClientEnv, type ParentToChild } from './support/fanout-protocol';
import { publishOnSchedule, type PublishSchedule } from './support/fanout-updates';
import { startBenchMosquitto } from './support/mosquitto-broker';
import { percentile } from './support/stats';

export const FANOUT_BROKERS = ['embedded', 'mosquitto'] as const;
export type FanoutBroker = (typeof FANOUT_BROKERS)[number];

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
  /** the whole benchmark, every broker, from the first connect to the last result */
  timeoutMs: number;
  /** the brokers to measure, in this order */
  brokers: readonly FanoutBroker[];
  /** a bench-local experiment (support/broker-variants.ts) in place of server/live/embedded.ts */
  variant?: BrokerVariant;
}

/** The issue's targets for 10,000 live fans. */
const TARGET = { p99Ms: 250, deliveredShare: 1, rssMb: 1024 };
const MB = 1024 * 1024;
/** the drain ends when no arrival came for this long */
const DRAIN_STALL_MS = 10_000;

export interface FanoutRun {
  broker: FanoutBroker;
  label: string;
  /** how the updates reach the broker */
  publishPath: string;
  ok: boolean;
  /** why the run does not count, when it does not */
  failure: string | null;
  clients: number;
  processes: number;
  updates: number;
  intervalMs: number;
  subscribed: number;
  connectFailures: number;
  connectErrors: string[];
  /** from forking the client processes to every client subscribed */
  connectSeconds: number;
  delivered: number;
  expected: number;
  deliveredShare: number;
  /** updates that reached every client */
  updatesFullyDelivered: number;
  droppedConnections: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  /**
   * From an update being due to its publish() resolving. Embedded: aedes has written the packet
   * to every subscriber. Mosquitto: the publisher handed the PUBLISH to its TCP socket (QoS 0 has
   * no acknowledgement), so it says nothing about the fan-out.
   */
  publishMs: { p50: number; p99: number; max: number };
  publishSeconds: number;
  /** % of one core between the first publish and the end of the drain (the machine has 2) */
  cpuPercent: {
    broker: number;
    /** the publishing client, when it is not inside the broker's process */
    publisher: number | null;
    clients: number[];
    /** every process on the machine */
    machine: number;
    /** the machine minus broker, publisher and clients: other engineers' work */
    others: number;
  };
  /**
   * Broker CPU time per delivered message, µs (embedded: with the publisher's share inside):
   * unlike latency, hardly moved by other processes taking the cores.
   */
  brokerCpuUsPerDelivery: number;
  /** client processes' CPU time per received message, µs */
  clientCpuUsPerMessage: number;
  clientMaxLoopDelayMs: number[];
  /** the broker process's resident memory */
  memoryMb: {
    /** started, no client yet */
    before: number;
    /** the largest of 200 ms samples and the kernel's high-water mark, over connect, publish and drain */
    peak: number;
    /** after the drain, every client still connected */
    end: number;
    /** (end − before) ÷ subscribed clients */
    perClientKb: number;
  };
  /** what else a reader needs to judge the figures (e.g. saturated clients) */
  notes: string[];
  /** for Mosquitto: the binary, its version and the config the benchmark wrote */
  brokerSetup: { binary?: string; version?: string; config?: string[]; stderr?: string; publisherEvents?: string[] };
  target: { p99Ms: number; deliveredShare: number; rssMb: number; met: boolean };
}

/** A broker whose run ended early: no figures, only why. */
export interface FanoutFailedRun {
  broker: FanoutBroker;
  label: string;
  ok: false;
  failure: string;
}

export interface FanoutResult {
  /** every run completed (whether it met the target or not) */
  ok: boolean;
  runs: Array<FanoutRun | FanoutFailedRun>;
  /**
   * embedded ÷ Mosquitto, when both completed; below 1 means the embedded broker used less.
   * brokerCpuPercent compares % of a core over each run's own publish-and-drain time;
   * brokerCpuPerDelivery the CPU time per delivered message, the fairer of the two when the
   * runs took different times.
   */
  ratio: { p99: number; brokerCpuPercent: number; brokerCpuPerDelivery: number; peakRss: number } | null;
  /** the issue's target applies to the embedded broker */
  target: { p99Ms: number; deliveredShare: number; rssMb: number; met: boolean };
}

type Phase = 'starting' | 'connecting' | 'publishing' | 'draining' | 'collecting';

interface Child {
  process: ChildProcess;
  subscribed: number;
  failed: number;
  ready: boolean;
  received: number;
}

interface BrokerUnderTest {
  broker: FanoutBroker;
  label: string;
  publishPath: string;
  /** where the clients connect */
  url: string;
  /** the broker's process */
  pid: number;
  /** the publisher's process when it is not the broker's, else null */
  publisherPid: number | null;
  setup: FanoutRun['brokerSetup'];
  /** publishes the updates on the schedule; resolves with each one's due → publish() resolved, ms */
  publishAll(schedule: PublishSchedule): Promise<number[]>;
  close(): Promise<void>;
}

export function isFailedRun(run: FanoutRun | FanoutFailedRun): run is FanoutFailedRun {
  return !('latencyMs' in run);
}

export async function benchFanout(options: FanoutOptions): Promise<FanoutResult> {
  checkFileLimit(options.clients);
  const perRunTimeoutMs = options.timeoutMs / Math.max(1, options.brokers.length);
  const runs: Array<FanoutRun | FanoutFailedRun> = [];
  for (const broker of options.brokers) {
    const label = broker === 'embedded' ? embeddedLabel(options) : 'Mosquitto';
    try {
      runs.push(await runWithDeadline(broker, options, perRunTimeoutMs));
    } catch (error) {
      runs.push({ broker, label, ok: false, failure: error instanceof Error ? error.message : String(error) });
    }
    const last = runs.at(-1);
    if (last) process.stdout.write(`  ${broker}: ${isFailedRun(last) ? `FAILED ${last.failure}` : summary(last)}\n`);
  }
  const embedded = runs.find((run): run is FanoutRun => run.broker === 'embedded' && !isFailedRun(run));
  const mosquitto = runs.find((run): run is FanoutRun => run.broker === 'mosquitto' && !isFailedRun(run));
  const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 100) / 100 : NaN);
  return {
    ok: runs.every((run) => run.ok),
    runs,
    ratio:
      embedded && mosquitto
        ? {
            p99: ratio(embedded.latencyMs.p99, mosquitto.latencyMs.p99),
            brokerCpuPercent: ratio(embedded.cpuPercent.broker, mosquitto.cpuPercent.broker),
            brokerCpuPerDelivery: ratio(embedded.brokerCpuUsPerDelivery, mosquitto.brokerCpuUsPerDelivery),
            peakRss: ratio(embedded.memoryMb.peak, mosquitto.memoryMb.peak),
          }
        : null,
    target: { ...TARGET, met: embedded?.target.met ?? false },
  };
}

function summary(run: FanoutRun): string {
  return (
    `${run.subscribed}/${run.clients} subscribed in ${run.connectSeconds.toFixed(1)} s, ` +
    `delivered ${(run.deliveredShare * 100).toFixed(2)}%, p99 ${run.latencyMs.p99} ms, ` +
    `broker CPU ${run.cpuPercent.broker}% (${run.brokerCpuUsPerDelivery} µs/msg), peak RSS ${run.memoryMb.peak} MB`
  );
}

/** Rows for run.ts's table. */
export function fanoutRows(name: string, result: FanoutResult): string[][] {
  const rows: string[][] = [];
  for (const run of result.runs) {
    const label = `${name} ${run.broker}`;
    if (isFailedRun(run)) {
      rows.push([label, 'FAILED', run.failure, '', '']);
      continue;
    }
    rows.push([
      label,
      `${run.subscribed}/${run.clients} clients, ${run.updates} updates every ${run.intervalMs} ms`,
      `delivered ${Math.round(run.deliveredShare * 10_000) / 100}%`,
      `p50 ${run.latencyMs.p50} / p90 ${run.latencyMs.p90} / p99 ${run.latencyMs.p99} / max ${run.latencyMs.max} ms`,
      `connect ${run.connectSeconds.toFixed(1)} s`,
    ]);
    rows.push([
      label,
      'CPU while publishing (% of a core)',
      `broker ${run.cpuPercent.broker}% (${run.brokerCpuUsPerDelivery} µs/msg)${run.cpuPercent.publisher === null ? ', publisher inside' : `, publisher ${run.cpuPercent.publisher}%`}`,
      `clients ${run.cpuPercent.clients.join('/')}% (${run.clientCpuUsPerMessage} µs/msg), others ${run.cpuPercent.others}%`,
      `loop delay ${run.clientMaxLoopDelayMs.join('/')} ms`,
    ]);
    rows.push([
      label,
      'broker RSS',
      `peak ${run.memoryMb.peak} MB, end ${run.memoryMb.end} MB`,
      `before ${run.memoryMb.before} MB, ${run.memoryMb.perClientKb} KiB/client`,
      '',
    ]);
    rows.push([
      label,
      `target p99 ≤ ${run.target.p99Ms} ms, 100% delivered, RSS ≤ ${run.target.rssMb} MB`,
      run.target.met ? 'MET' : 'NOT MET',
      run.failure ?? '',
      '',
    ]);
    for (const note of run.notes) rows.push([label, 'note', note, '', '']);
  }
  if (result.ratio) {
    rows.push([
      name,
      'embedded ÷ Mosquitto',
      `p99 ${result.ratio.p99}×`,
      `broker CPU ${result.ratio.brokerCpuPercent}× (per delivery ${result.ratio.brokerCpuPerDelivery}×)`,
      `peak RSS ${result.ratio.peakRss}×`,
    ]);
  }
  return rows;
}

async function runWithDeadline(name: FanoutBroker, options: FanoutOptions, timeoutMs: number): Promise<FanoutRun> {
  const state = { phase: 'starting' as Phase, children: [] as Child[] };
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const subscribed = state.children.reduce((sum, child) => sum + child.subscribed, 0);
      const received = state.children.reduce((sum, child) => sum + child.received, 0);
      reject(
        new Error(
          `${name}: timed out after ${Math.round(timeoutMs / 1000)} s while ${state.phase} ` +
            `(subscribed ${subscribed}/${options.clients}, last reported arrivals ${received})`,
        ),
      );
    }, timeoutMs);
  });
  const started = name === 'embedded' ? startEmbedded(options) : startMosquittoUnderTest();
  try {
    const broker = await Promise.race([started, deadline]);
    const running = run(options, broker, state);
    // After the deadline the run may still fail on its way down; that is not news.
    running.catch(() => undefined);
    return await Promise.race([running, deadline]);
  } finally {
    clearTimeout(timer);
    await stopChildren(state.children);
    // A broker that started after the deadline is closed too.
    await started.then((broker) => broker.close()).catch(() => undefined);
  }
}

function embeddedLabel(options: FanoutOptions): string {
  return options.variant
    ? `bench variant ${options.variant} (support/broker-variants.ts), own process`
    : 'server/live/embedded.ts (aedes over ws), own process';
}

/** The embedded broker in a process of its own (support/fanout-broker.ts). */
async function startEmbedded(options: FanoutOptions): Promise<BrokerUnderTest> {
  const child = fork(new URL('./support/fanout-broker.ts', import.meta.url).pathname, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_BROKER_VARIANT: options.variant ?? 'embedded' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const next = <T extends BrokerToParent['type']>(type: T) =>
    new Promise<Extract<BrokerToParent, { type: T }>>((resolve, reject) => {
      const onMessage = (message: BrokerToParent) => {
        if (message.type === type) {
          off();
          resolve(message as Extract<BrokerToParent, { type: T }>);
        } else if (message.type === 'failed') {
          off();
          reject(new Error(`embedded broker process failed: ${message.error}`));
        }
      };
      const onExit = (code: number | null, signal: string | null) => {
        off();
        reject(new Error(`embedded broker process exited (code ${code}, signal ${signal}) while waiting for '${type}'`));
      };
      const off = () => {
        child.off('message', onMessage);
        child.off('exit', onExit);
      };
      child.on('message', onMessage);
      child.on('exit', onExit);
    });
  const close = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    if (child.connected) child.send({ type: 'close' } satisfies ParentToBroker);
    else child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(killer);
  };
  try {
    const { port } = await next('listening');
    if (child.pid === undefined) throw new Error('the embedded broker process has no pid');
    return {
      broker: 'embedded',
      label: embeddedLabel(options),
      publishPath: 'LiveBroker.publish() inside the broker process, as the server publishes',
      url: `ws://127.0.0.1:${port}/mqtt`,
      pid: child.pid,
      publisherPid: null,
      setup: {},
      async publishAll(schedule) {
        const published = next('published');
        child.send({ type: 'publish', schedule } satisfies ParentToBroker);
        return (await published).durations;
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

async function startMosquittoUnderTest(): Promise<BrokerUnderTest> {
  const mosquitto = await startBenchMosquitto();
  try {
    const client = mqtt.connect(mosquitto.tcpUrl, {
      protocolVersion: 4,
      clean: true,
      clientId: `bench-publisher-${process.pid}`,
      reconnectPeriod: 0,
      connectTimeout: 5000,
      // The publisher idles through the clients' ramp (a minute or more): no keep-alive to miss.
      keepalive: 0,
      // as server/live/external.ts: a score that cannot go out now is an error, not a late score
      queueQoSZero: false,
    });
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('error', reject);
      client.once('close', () => reject(new Error('the publisher could not connect to mosquitto')));
    });
    // A publish error rejects that publish; why the publisher lost its connection goes to the results.
    const events: string[] = [];
    client.on('error', (error) => void events.push(`publisher error: ${error.message}`));
    client.on('close', () => void events.push(`publisher connection closed at ${new Date().toISOString()}`));
    const setup: BrokerUnderTest['setup'] = { binary: mosquitto.binary, version: mosquitto.version, config: mosquitto.config };
    return {
      broker: 'mosquitto',
      label: `Mosquitto (${mosquitto.version}, websockets listener, started by the benchmark)`,
      publishPath: 'mqtt.js client over TCP in the benchmark process, QoS 0, as server/live/external.ts publishes',
      url: mosquitto.wsUrl,
      pid: mosquitto.pid,
      publisherPid: process.pid,
      setup,
      publishAll: (schedule) =>
        publishOnSchedule(
          schedule,
          (topic, payload) =>
            new Promise<void>((resolve, reject) => {
              client.publish(topic, payload, { qos: 0, retain: false }, (error) => (error ? reject(error) : resolve()));
            }),
        ),
      async close() {
        // (read before ending the publisher, whose own end is no news); `setup` is the run's
        // brokerSetup object, so what is added here reaches the results
        if (events.length > 0) setup.publisherEvents = events.slice(0, 5);
        await client.endAsync(true).catch(() => undefined);
        const stderr = mosquitto
          .stderr()
          .split('\n')
          .filter((line) => line.trim() !== '' && !line.includes('should not be run as root'))
          .join('\n');
        if (stderr) setup.stderr = stderr;
        await mosquitto.stop();
      },
    };
  } catch (error) {
    await mosquitto.stop();
    throw error;
  }
}

async function run(options: FanoutOptions, broker: BrokerUnderTest, state: { phase: Phase; children: Child[] }): Promise<FanoutRun> {
  const memoryBefore = processMemory(broker.pid).rss;
  const rss = sampleRss(broker.pid);

  // --- connect and subscribe every client, a bounded number at a time per process
  state.phase = 'connecting';
  const connectStart = Date.now();
  const perProcess = Math.ceil(options.clients / options.processes);
  for (let index = 0; index < options.processes; index++) {
    const clients = Math.max(0, Math.min(perProcess, options.clients - index * perProcess));
    if (clients === 0) break;
    const env: ClientEnv = {
      BENCH_URL: broker.url,
      BENCH_CLIENTS: String(clients),
      BENCH_UPDATES: String(options.updates),
      BENCH_CONNECT_CONCURRENCY: String(options.connectConcurrency),
      BENCH_CONNECT_TIMEOUT_MS: String(options.connectTimeoutMs),
      BENCH_KEEPALIVE_S: String(options.keepaliveSeconds),
      BENCH_ID_PREFIX: `bench-${process.pid}-${broker.broker}-${index}`,
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
  const brokerCpuStart = processCpuMs(broker.pid);
  const publisherCpuStart = process.cpuUsage();
  const machineStart = machineCpuMs();
  // a little ahead, so the broker's process has the schedule before the first update is due
  const publishStart = Date.now() + 50;
  const publishDurations = await broker.publishAll({ updates: options.updates, intervalMs: options.intervalMs, startAt: publishStart });
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
    // A broker (or client) starved of CPU by other processes pauses for seconds and then goes on.
    if (Date.now() - lastChange > DRAIN_STALL_MS || Date.now() - drainStart > options.drainTimeoutMs) break;
    await sleep(100);
  }
  const brokerCpuMs = processCpuMs(broker.pid) - brokerCpuStart;
  const publisherCpu = process.cpuUsage(publisherCpuStart);
  const machineEnd = machineCpuMs();
  const phaseMs = Date.now() - publishStart;
  const memoryEnd = processMemory(broker.pid);
  const peakRss = Math.max(rss.stop(), memoryEnd.peak);

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

  const percentOfCore = (ms: number) => Math.round((ms / phaseMs) * 100);
  const brokerPercent = percentOfCore(brokerCpuMs);
  const publisherPercent = broker.publisherPid === null ? null : percentOfCore((publisherCpu.user + publisherCpu.system) / 1000);
  const clientPercents = results.map((result) => percentOfCore(result.cpuMs));
  const machinePercent = percentOfCore(machineEnd.busy - machineStart.busy);
  const othersPercent = Math.max(0, machinePercent - brokerPercent - (publisherPercent ?? 0) - clientPercents.reduce((sum, value) => sum + value, 0));
  const clientMaxLoopDelayMs = results.map((result) => result.maxLoopDelayMs);
  const memoryMb = {
    before: Math.round(memoryBefore / MB),
    peak: Math.round(peakRss / MB),
    end: Math.round(memoryEnd.rss / MB),
    perClientKb: subscribed > 0 ? Math.round((memoryEnd.rss - memoryBefore) / 1024 / subscribed) : NaN,
  };
  const notes: string[] = [];
  clientPercents.forEach((percent, index) => {
    if (percent >= 70) notes.push(`client process ${index + 1} used ${percent}% of a core: the clients may be what is slow`);
  });
  clientMaxLoopDelayMs.forEach((delay, index) => {
    if (delay >= 100) notes.push(`client process ${index + 1} event loop stalled up to ${delay} ms: arrivals it timed late`);
  });
  const cores = machineEnd.total > machineStart.total ? Math.round((machineEnd.total - machineStart.total) / phaseMs) : NaN;
  if (latencyMs.p50 > TARGET.p99Ms && brokerPercent < 60 && othersPercent >= 50) {
    notes.push(
      `the broker fell behind (p50 ${latencyMs.p50} ms) using only ${brokerPercent}% of a core while others used ${othersPercent}%: ` +
        'it waited for CPU time rather than being busy itself',
    );
  }
  if (othersPercent >= 20) {
    notes.push(`other processes used ${othersPercent}% of a core (of ${cores * 100}%) while publishing: the figures include that contention`);
  }
  const met =
    failure === null && deliveredShare >= TARGET.deliveredShare && latencyMs.p99 <= TARGET.p99Ms && memoryMb.peak <= TARGET.rssMb;
  return {
    broker: broker.broker,
    label: broker.label,
    publishPath: broker.publishPath,
    ok: failure === null,
    failure,
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
    publishMs: {
      p50: percentile(publishDurations, 50),
      p99: percentile(publishDurations, 99),
      max: publishDurations.at(-1) ?? NaN,
    },
    publishSeconds,
    cpuPercent: { broker: brokerPercent, publisher: publisherPercent, clients: clientPercents, machine: machinePercent, others: othersPercent },
    brokerCpuUsPerDelivery: delivered > 0 ? Math.round((brokerCpuMs * 1000 * 100) / delivered) / 100 : NaN,
    clientCpuUsPerMessage:
      delivered > 0 ? Math.round((results.reduce((sum, result) => sum + result.cpuMs, 0) * 1000 * 100) / delivered) / 100 : NaN,
    clientMaxLoopDelayMs,
    memoryMb,
    notes,
    brokerSetup: broker.setup,
    target: { ...TARGET, met },
  };
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

async function stopChildren(children: Child[]): Promise<void> {
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
