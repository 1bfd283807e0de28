// A client process of the fan-out benchmark: opens N mqtt.js WebSocket clients (like the
// browser's: protocol 4, clean session) with a bounded number of connects in flight, subscribes
// each to `football`, and reports to its parent how many are subscribed. Every arrival's
// latency is taken from the publish time inside the payload and counted in a 1 ms histogram;
// the histogram goes back to the parent when it says 'finish'.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import mqtt, { type MqttClient } from 'mqtt';
import { TOPICS } from '../../core/live/topics';
import {
  HISTOGRAM_MAX_MS,
  type BenchLiveMessage,
  type ChildToParent,
  type ClientEnv,
  type ParentToChild,
} from './fanout-protocol';

const env = process.env as Partial<ClientEnv>;
const url = env.BENCH_URL ?? '';
const count = Number(env.BENCH_CLIENTS ?? '0');
const updates = Number(env.BENCH_UPDATES ?? '0');
const concurrency = Math.max(1, Number(env.BENCH_CONNECT_CONCURRENCY ?? '50'));
const connectTimeout = Number(env.BENCH_CONNECT_TIMEOUT_MS ?? '60000');
const keepalive = Number(env.BENCH_KEEPALIVE_S ?? '60');
const idPrefix = env.BENCH_ID_PREFIX ?? `bench-${process.pid}`;
/** a client whose connect or subscribe fails is tried again this many times */
const ATTEMPTS = 3;

const histogram = new Uint32Array(HISTOGRAM_MAX_MS + 1);
const perSeq = new Uint32Array(updates);
let received = 0;
let foreign = 0;
let dropped = 0;
const clients: MqttClient[] = [];
const errors: string[] = [];
let failed = 0;

function send(message: ChildToParent): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) return resolve();
    // The callback fires once the message is handed to the IPC channel: only then may we exit.
    process.send(message, undefined, {}, () => resolve());
  });
}

function onMessage(_topic: string, payload: Buffer): void {
  const now = Date.now();
  // Parse the whole message, as the browser does.
  const message = JSON.parse(payload.toString('utf8')) as Partial<BenchLiveMessage>;
  const bench = message.bench;
  if (!bench || !(bench.seq >= 1 && bench.seq <= updates)) {
    foreign++;
    return;
  }
  received++;
  perSeq[bench.seq - 1]!++;
  const latency = Math.max(0, Math.min(HISTOGRAM_MAX_MS, now - bench.sentMs));
  histogram[latency]!++;
}

/** Resolves with a subscribed client, or rejects (and closes it) on any failure on the way. */
function connectOne(clientId: string): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const client = mqtt.connect(url, {
      protocolVersion: 4,
      clean: true,
      clientId,
      reconnectPeriod: 0,
      connectTimeout,
      keepalive,
      resubscribe: false,
    });
    const fail = (reason: string) => {
      if (settled) return;
      settled = true;
      client.end(true);
      reject(new Error(reason));
    };
    const timer = setTimeout(() => fail(`no SUBACK within ${connectTimeout} ms`), connectTimeout + 1000);
    client.once('connect', () => {
      client.subscribe(TOPICS.football, { qos: 0 }, (error, granted) => {
        clearTimeout(timer);
        if (error) return fail(`subscribe failed: ${error.message}`);
        if (!granted || granted[0]?.qos === 128) return fail('subscription refused');
        settled = true;
        client.on('close', () => dropped++);
        resolve(client);
      });
    });
    client.on('error', (error) => fail(`error: ${error.message}`));
    client.on('close', () => fail('closed before subscribed'));
    client.on('message', onMessage);
  });
}

async function connectAll(): Promise<void> {
  let next = 0;
  let lastProgress = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
        try {
          clients.push(await connectOne(`${idPrefix}-${index}-${attempt}`));
          break;
        } catch (error) {
          if (attempt === ATTEMPTS) {
            failed++;
            if (errors.length < 5) errors.push(`client ${index}: ${(error as Error).message}`);
          }
        }
      }
      if (Date.now() - lastProgress > 1000) {
        lastProgress = Date.now();
        void send({ type: 'progress', subscribed: clients.length, failed });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}

async function main(): Promise<void> {
  let cpuAtStart = process.cpuUsage();
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  process.on('message', (message: ParentToChild) => {
    if (message.type === 'start') {
      cpuAtStart = process.cpuUsage();
      loopDelay.reset();
      loopDelay.enable();
    } else if (message.type === 'report') {
      void send({ type: 'report', received });
    } else if (message.type === 'finish') {
      loopDelay.disable();
      const cpu = process.cpuUsage(cpuAtStart);
      const sparse: Array<[number, number]> = [];
      histogram.forEach((value, latency) => {
        if (value > 0) sparse.push([latency, value]);
      });
      void send({
        type: 'result',
        subscribed: clients.length,
        received,
        foreign,
        dropped,
        histogram: sparse,
        perSeq: [...perSeq],
        cpuMs: (cpu.user + cpu.system) / 1000,
        maxLoopDelayMs: Math.round(loopDelay.max / 1e6),
      }).then(() => process.exit(0));
    }
  });
  // Parent gone: nothing left to report to.
  process.on('disconnect', () => process.exit(0));

  await connectAll();
  await send({ type: 'ready', subscribed: clients.length, failed, errors });
}

main().catch(async (error: unknown) => {
  await send({ type: 'failed', error: String(error) });
  process.exit(1);
});
