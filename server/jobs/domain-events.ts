import type { Pair, Sport } from '../../core/contracts/matches';

/**
 * What the rest of the server may learn from a match write (docs/decisions/061). Each event is
 * recorded in the outbox in the same transaction as the write it describes, so it exists if and
 * only if the write committed. Payloads carry what a subscriber needs to act without re-reading
 * history: the match, the sport and the state before and after.
 */
export interface MatchEventBase {
  matchId: number;
  sport: Sport;
}

export interface DomainEventMap {
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
  /**
   * Staff decided a review item (docs/decisions/134): the feature that registered `kind` learns
   * the decision here and acts on its subject (publishes the post, pays the evidence).
   */
  'review.decided': ReviewDecidedEvent;
}

/** What a review decision tells the feature of its kind: enough to act without reading the queue. */
export interface ReviewDecidedEvent {
  reviewId: number;
  kind: string;
  subjectType: string;
  subjectId: number;
  submittedBy: number;
  status: 'approved' | 'rejected' | 'changes_requested';
  /** the rejection's reason code, else null */
  reason: string | null;
  decidedBy: number;
}

export type DomainEventType = keyof DomainEventMap;

export const DOMAIN_EVENT_TYPES = [
  'match_status_changed',
  'match_score_changed',
  'match_finished',
  'result_corrected',
  'match_postponed',
  'match_cancelled',
  'match_abandoned',
  'review.decided',
] as const satisfies readonly DomainEventType[];

/** An event as it is about to be recorded. */
export type NewDomainEvent = { [T in DomainEventType]: { type: T; payload: DomainEventMap[T] } }[DomainEventType];

/** An event as a subscriber receives it: its outbox id and when it was recorded. */
export type DomainEvent<T extends DomainEventType = DomainEventType> = {
  [K in T]: { id: number; type: K; payload: DomainEventMap[K]; occurredAt: Date };
}[T];
