// The fan-out benchmark's score updates and their fixed schedule, shared by the embedded
// broker's process (support/fanout-broker.ts) and the Mosquitto publisher (fanout.ts).
import { LiveMessageSchema } from '../../core/contracts/matches';
import { TOPICS } from '../../core/live/topics';
import type { BenchLiveMessage } from './fanout-protocol';

/** A football score update in the shape of section 3, plus the benchmark's sequence and clock. */
export function scoreUpdate(seq: number, sentMs: number): BenchLiveMessage {
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

export interface PublishSchedule {
  updates: number;
  intervalMs: number;
  /** epoch ms the first update is due */
  startAt: number;
}

/**
 * Publishes update 1…N on `football`, update `seq` due at startAt + (seq − 1) × intervalMs, not
 * waiting for the previous one; resolves with each publish's time from due to resolved, ms.
 */
export async function publishOnSchedule(
  schedule: PublishSchedule,
  publish: (topic: string, payload: string) => Promise<void>,
): Promise<number[]> {
  const durations: number[] = [];
  const publishes: Promise<void>[] = [];
  let failure: unknown = null;
  for (let seq = 1; seq <= schedule.updates; seq++) {
    // Latency counts from when the update was due, not from when the loop got to it: a broker
    // whose publish blocks and makes the schedule slip is not flattered (no coordinated omission).
    const due = schedule.startAt + (seq - 1) * schedule.intervalMs;
    const wait = due - Date.now();
    // Between two updates the event loop always turns, as it does in the server.
    await (wait > 0 ? sleep(wait) : new Promise((resolve) => setImmediate(resolve)));
    const payload = JSON.stringify(scoreUpdate(seq, due));
    // Handled at once: a refused publish must not wait for the end of the loop to be seen.
    publishes.push(
      publish(TOPICS.football, payload).then(
        () => void durations.push(Date.now() - due),
        (error: unknown) => void (failure ??= error),
      ),
    );
    if (failure !== null) break;
  }
  await Promise.all(publishes);
  if (failure !== null) throw failure instanceof Error ? failure : new Error(String(failure));
  return durations;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
