import { TOPICS } from '../../core/live/topics';
import type { JobDefinition } from './runner';

/** Keep-alive on the public topics (docs/decisions/004-keep-alive.md). */
export const KEEP_ALIVE_MS = 20_000;

/**
 * Publishes the keep-alive message on every public topic every 20 s, so a quiet evening does not
 * look like a dead connection to the browsers (they reconnect after 35 s of silence). On the
 * leading process: it publishes the feed too, and on the scale-out path every process's
 * browsers hear the external broker. A failed publish is retried by the runner; a duplicate
 * keep-alive is harmless.
 */
export function keepAliveJob(options: { publish: (topic: string, payload: string) => Promise<void>; everyMs?: number }): JobDefinition {
  return {
    name: 'keep-alive',
    everyMs: options.everyMs ?? KEEP_ALIVE_MS,
    async run({ now }) {
      const message = JSON.stringify({ type: 'others', data: { match_id: 0, status: 0, a0: 0, b0: 0 }, publish_time: Math.floor(now.getTime() / 1000) });
      await Promise.all(Object.values(TOPICS).map((topic) => options.publish(topic, message)));
    },
  };
}
