import type { Pair, Sport } from '../../../core/contracts/matches';

/**
 * What the rest of the server may learn from a match write (docs/decisions/061), recorded by the
 * write service (match-writes.ts) in the transaction of the write. Payloads carry the match, the
 * sport and the state before and after.
 */
export interface MatchEventBase {
  matchId: number;
  sport: Sport;
}

declare module '../../jobs/domain-events' {
  interface DomainEventMap {
    /** any change of `status_id` */
    match_status_changed: MatchEventBase & { from: number; to: number };
    /** any change of the score, whatever the status (goals, or a feed's own correction before the end) */
    match_score_changed: MatchEventBase & { from: Pair; to: Pair; statusId: number };
    /** the match reached its final status; the score given is the final one */
    match_finished: MatchEventBase & { score: Pair };
    /** a final result changed afterwards, only through correctResult or a re-imported result */
    result_corrected: MatchEventBase & { from: Pair; to: Pair; reason: string };
    /** the match will not be played at its published time; `matchTime` is the new one when known (unix seconds) */
    match_postponed: MatchEventBase & { matchTime: number | null };
    match_cancelled: MatchEventBase;
    /** stopped and not resumed ("cut in half") */
    match_abandoned: MatchEventBase;
  }
}
