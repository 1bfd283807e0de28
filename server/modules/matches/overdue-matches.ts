import type { JobDefinition } from '../../jobs/runner';
import type { MatchWrites } from './match-writes';

export const OVERDUE_MATCHES_JOB = 'overdue-matches';
/** How often the leading process looks for matches the feed never started. */
export const OVERDUE_MATCHES_INTERVAL_MS = 10 * 60 * 1000;

/**
 * A match still not started `overdueHours` after its kick-off (the feed never moved it) is handled
 * as postponed (decision 099): the write service marks it and records `match_postponed`, so its
 * plans are voided with their refunds at once and its bets by the postponed-void job, as for any
 * postponed match. Until `isFeedCaughtUp` says so a run does nothing: a simulator that was down
 * plays its missed matches first, and they are not overdue.
 */
export function overdueMatchesJob(options: {
  matchWrites: Pick<MatchWrites, 'postponeOverdue'>;
  overdueHours: number;
  isFeedCaughtUp?: () => boolean;
  onPostponed?: (matchIds: number[]) => void;
}): JobDefinition {
  return {
    name: OVERDUE_MATCHES_JOB,
    everyMs: OVERDUE_MATCHES_INTERVAL_MS,
    async run({ now }) {
      if (options.isFeedCaughtUp && !options.isFeedCaughtUp()) return;
      const kickedOffBefore = new Date(now.getTime() - options.overdueHours * 3_600_000);
      const marked = await options.matchWrites.postponeOverdue({ kickedOffBefore });
      if (marked.length > 0) options.onPostponed?.(marked);
    },
  };
}
