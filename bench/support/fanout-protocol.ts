// What the fan-out benchmark's parent (bench/fanout.ts) and its client processes
// (bench/support/fanout-clients.ts) say to each other over IPC, and the payload they agree on.
import type { LiveMessage } from '../../core/contracts/matches';

/** Latencies are counted in 1 ms buckets up to this; slower arrivals land in the last bucket. */
export const HISTOGRAM_MAX_MS = 120_000;

/**
 * A section-3 live message (`core/contracts/matches.ts` LiveMessage) plus one extra key the
 * browser ignores: the sequence number and the publisher's clock when it was published, so a
 * receiver measures the latency from the payload alone.
 */
export type BenchLiveMessage = LiveMessage & { bench: { seq: number; sentMs: number } };

export interface ClientEnv {
  BENCH_URL: string;
  BENCH_CLIENTS: string;
  BENCH_UPDATES: string;
  /** connects in flight at once in this process */
  BENCH_CONNECT_CONCURRENCY: string;
  BENCH_CONNECT_TIMEOUT_MS: string;
  BENCH_KEEPALIVE_S: string;
  BENCH_ID_PREFIX: string;
}

export type ChildToParent =
  | { type: 'progress'; subscribed: number; failed: number }
  | { type: 'ready'; subscribed: number; failed: number; errors: string[] }
  | { type: 'report'; received: number }
  | {
      type: 'result';
      subscribed: number;
      received: number;
      /** arrivals whose payload was not a benchmark update (e.g. a keep-alive) */
      foreign: number;
      /** clients whose connection closed after they had subscribed */
      dropped: number;
      /** [latency ms, count] for every non-empty bucket */
      histogram: Array<[number, number]>;
      /** perSeq[seq - 1] = how many of this process's clients received update `seq` */
      perSeq: number[];
      /** CPU this process used between 'start' and 'finish', ms */
      cpuMs: number;
      /** the largest event-loop delay seen while receiving, ms */
      maxLoopDelayMs: number;
    }
  | { type: 'failed'; error: string };

export type ParentToChild = { type: 'start' } | { type: 'report' } | { type: 'finish' };
