// Live fan-out: 5,000 WebSocket MQTT clients subscribed to `football` on the embedded broker,
// 100 score updates published by the server, delivery latency p50/p99 and share delivered.
import { fork, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TOPICS } from '../core/live/topics';
import { createEmbeddedBroker } from '../server/live/embedded';
import { percentile } from './support/stats';

export interface FanoutResult {
  clients: number;
  updates: number;
  intervalMs: number;
  delivered: number;
  expected: number;
  deliveredShare: number;
  latencyMs: { p50: number; p99: number; max: number };
  connectSeconds: number;
}

export async function benchFanout(options: { clients: number; updates: number; intervalMs: number; processes: number }): Promise<FanoutResult> {
  const broker = await createEmbeddedBroker();
  const http = createServer((_request, response) => response.writeHead(404).end());
  broker.attach(http);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  const url = `ws://127.0.0.1:${port}/mqtt`;

  const perProcess = Math.ceil(options.clients / options.processes);
  const children: ChildProcess[] = [];
  const connectStart = Date.now();
  const ready = [];
  for (let index = 0; index < options.processes; index++) {
    const clients = Math.min(perProcess, options.clients - index * perProcess);
    const child = fork(new URL('./support/fanout-clients.ts', import.meta.url).pathname, [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, BENCH_URL: url, BENCH_CLIENTS: String(clients) },
    });
    children.push(child);
    ready.push(
      new Promise<void>((resolve, reject) => {
        child.on('message', (message: { type: string; error?: string }) => {
          if (message.type === 'ready') resolve();
          if (message.type === 'failed') reject(new Error(message.error));
        });
        child.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`client process exited ${code}`))));
      }),
    );
  }
  await Promise.all(ready);
  const connectSeconds = (Date.now() - connectStart) / 1000;

  const sentAt = new Map<number, number>();
  for (let update = 1; update <= options.updates; update++) {
    const message = {
      type: 'score',
      data: { match_id: update, status: 2, a0: update % 5, b0: (update * 3) % 4 },
      publish_time: Math.floor(Date.now() / 1000),
    };
    sentAt.set(update, Date.now());
    await broker.publish(TOPICS.football, JSON.stringify(message));
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs));
  }
  // let the last deliveries land
  await new Promise((resolve) => setTimeout(resolve, 3000));

  const latencies: number[] = [];
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          child.on('message', (message: { type: string; arrivals?: [number, number[]][] }) => {
            if (message.type !== 'arrivals' || !message.arrivals) return;
            for (const [matchId, times] of message.arrivals) {
              const sent = sentAt.get(matchId);
              if (sent === undefined) continue;
              for (const time of times) latencies.push(time - sent);
            }
            resolve();
          });
          child.send({ type: 'finish' });
        }),
    ),
  );
  await Promise.all(children.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)))));
  await broker.close();
  await new Promise((resolve) => http.close(resolve));

  latencies.sort((a, b) => a - b);
  const expected = options.clients * options.updates;
  return {
    clients: options.clients,
    updates: options.updates,
    intervalMs: options.intervalMs,
    delivered: latencies.length,
    expected,
    deliveredShare: latencies.length / expected,
    latencyMs: { p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies.at(-1) ?? NaN },
    connectSeconds,
  };
}
