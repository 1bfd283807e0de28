import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The outbox (docs/decisions/061-job-runner-and-event-outbox.md): domain events recorded in the
 * same transaction as the write they describe. Rows are never updated; deliveries are kept
 * apart, one per subscriber, so a new subscriber never disturbs the others.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    /** the match the event is about, for readers and for ordering per match */
    matchId: integer('match_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('domain_events_type_id_idx').on(table.type, table.id)],
);

/**
 * One row per (subscriber, event): the subscriber's idempotency key. Delivered at least once;
 * `delivered_at` is set in the transaction of the subscriber's own work, so that work is done
 * exactly once when it lives in the database. Failures wait until `next_attempt_at` (back-off).
 */
export const eventDeliveries = pgTable(
  'event_deliveries',
  {
    subscriber: text('subscriber').notNull(),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => domainEvents.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.subscriber, table.eventId] }),
    index('event_deliveries_due_idx').on(table.subscriber, table.nextAttemptAt),
  ],
);
