// The child side of bench/support/server-process.ts: what every benchmark server forked with
// IPC does — send its messages, answer `{type: 'cpu'}` with its CPU time, memory and event-loop
// delay, stop on `{type: 'stop'}` or when its parent goes, and report a failure to start.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { CpuMessage } from './server-process';

export type ParentToServer = { type: 'cpu' } | { type: 'stop' };

export function sendToParent(message: object): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) return resolve();
    process.send(message, undefined, {}, () => resolve());
  });
}

/** Answers the parent until it says stop; `cleanup` closes what the server opened. */
export function answerParent(cleanup: () => Promise<void>): void {
  // Event-loop delay between two 'cpu' requests: long stalls (GC, a rebuild) show up here.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  process.on('message', (message: ParentToServer) => {
    if (message.type === 'cpu') {
      const usage = process.cpuUsage();
      const reply: CpuMessage = {
        type: 'cpu',
        userMs: usage.user / 1000,
        systemMs: usage.system / 1000,
        rssMb: Math.round(process.memoryUsage().rss / 1e6),
        loopDelayMs: { p99: Math.round(loopDelay.percentile(99) / 1e6), max: Math.round(loopDelay.max / 1e6) },
      };
      loopDelay.reset();
      void sendToParent(reply);
    } else if (message.type === 'stop') {
      void cleanup().finally(() => process.exit(0));
    }
  });
  // An orphan (parent killed) must not linger holding the database.
  process.on('disconnect', () => void cleanup().finally(() => process.exit(0)));
}

/** Runs the server's main; a failure reaches the parent as `{type: 'failed'}` before the exit. */
export function runServerChild(main: () => Promise<void>): void {
  main().catch(async (error: unknown) => {
    await sendToParent({ type: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    process.exit(1);
  });
}
