/**
 * Domain events (docs/decisions/061): what one feature may learn from another's writes. Each
 * event is recorded in the outbox in the same transaction as the write it describes, so it exists
 * if and only if the write committed, and the runner delivers it at least once to each idempotent
 * subscriber (server/jobs/runner.ts).
 *
 * The map is empty here: the feature that records an event declares its type and payload in its
 * own folder, by declaration merging —
 *
 *   declare module '../../jobs/domain-events' {
 *     interface DomainEventMap { 'hello.said': { helloId: number; userId: number } }
 *   }
 *
 * — so a new feature's events never touch this file (the match write service's events are in
 * server/modules/matches/match-events.ts, the review queue's in server/modules/review/review-events.ts).
 * Payloads carry what a subscriber needs to act without re-reading history.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface DomainEventMap {}

export type DomainEventType = keyof DomainEventMap;

/** An event as it is about to be recorded. */
export type NewDomainEvent = { [T in DomainEventType]: { type: T; payload: DomainEventMap[T] } }[DomainEventType];

/** An event as a subscriber receives it: its outbox id and when it was recorded. */
export type DomainEvent<T extends DomainEventType = DomainEventType> = {
  [K in T]: { id: number; type: K; payload: DomainEventMap[K]; occurredAt: Date };
}[T];
