import type { Db } from '../../db/client';
import type { JobDefinition } from '../../jobs/runner';
import type { LiveBroker } from '../../live/broker';
import { findLiveSessionIds } from '../auth/public';

/** How often the leading process looks for live access that outlived its session. */
export const LIVE_PRUNE_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Rule: no live access outlives its session. Revocations tell the broker at once; this catches
 * what that cannot — sessions that simply ran out, and revocations made while the broker was
 * unreachable — by asking the database which of the sessions the broker knows are still live.
 * Idempotent. Returns how many sessions it removed.
 */
export function pruneLiveSessions(options: { db: Db; broker: Pick<LiveBroker, 'pruneSessions'>; now?: Date }): Promise<number> {
  return options.broker.pruneSessions((sessionIds) => findLiveSessionIds(options.db, { sessionIds, now: options.now }));
}

/** pruneLiveSessions every 10 minutes on the leading process (decision 063). */
export function liveSessionsPruneJob(options: {
  db: Db;
  broker: Pick<LiveBroker, 'pruneSessions'>;
  everyMs?: number;
  onPruned?: (count: number) => void;
}): JobDefinition {
  return {
    name: 'live-sessions-prune',
    everyMs: options.everyMs ?? LIVE_PRUNE_INTERVAL_MS,
    async run({ now }) {
      const count = await pruneLiveSessions({ db: options.db, broker: options.broker, now });
      if (count > 0) options.onPruned?.(count);
    },
  };
}
