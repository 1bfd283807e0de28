import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ReviewStatus } from '../../../core/review/transitions';
import { users } from './users';

/**
 * The staff review queue (docs/decisions/134): one row per subject a feature asked staff to look
 * at, whatever the feature. Status moves follow core/review/transitions.ts; a decision is
 * recorded with a `review.decided` outbox event in the same transaction.
 */
export const reviewItems = pgTable(
  'review_items',
  {
    id: serial('id').primaryKey(),
    /** the registering feature's kind: post, report, evidence, order */
    kind: text('kind').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: integer('subject_id').notNull(),
    /** what the feature called the subject when it was submitted, for the staff list */
    subjectLabel: text('subject_label').notNull(),
    submittedBy: integer('submitted_by')
      .notNull()
      .references(() => users.id),
    status: text('status').$type<ReviewStatus>().notNull(),
    /** a rejection's reason code (one of the kind's) */
    reason: text('reason'),
    note: text('note'),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** set by the one appeal a rejected item may have */
    appealedAt: timestamp('appealed_at', { withTimezone: true }),
    /** when it last entered the queue: the queue is oldest first by this */
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    // One item per subject: submitting it again is the same item.
    uniqueIndex('review_items_subject_idx').on(table.kind, table.subjectType, table.subjectId),
    index('review_items_queue_idx').on(table.status, table.kind, table.queuedAt, table.id),
    index('review_items_status_queue_idx').on(table.status, table.queuedAt, table.id),
  ],
);
