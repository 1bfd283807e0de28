import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AuditAction, AuditTargetType, SanctionKind } from '../../../core/contracts/community-moderation';
import { users } from '../../db/schema/users';

/**
 * The community's moderation tables (docs/decisions/143): reports gathered into one open case per
 * target (the case is what the review queue holds), staff sanctions, the review words staff add,
 * and the audit log of every staff action.
 */

export type ReportTargetType = 'post' | 'comment' | 'user';

/**
 * One target's reports waiting for staff: at most one open case per target (the partial unique
 * index), the subject of one `community_report` review item. A decided case stays for the record;
 * reports after it open a new case.
 */
export const communityReportCases = pgTable(
  'community_report_cases',
  {
    id: serial('id').primaryKey(),
    targetType: text('target_type').$type<ReportTargetType>().notNull(),
    targetId: integer('target_id').notNull(),
    /** the fan the reports are about: the author of the post or comment, or the fan reported */
    targetUserId: integer('target_user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').$type<'open' | 'decided'>().notNull().default('open'),
    /** when the reports hid the content (the threshold of distinct reporters reached) */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('community_report_cases_open_idx').on(table.targetType, table.targetId).where(sql`${table.status} = 'open'`),
    index('community_report_cases_user_idx').on(table.targetUserId, table.id),
    check('community_report_cases_target_check', sql`${table.targetType} in ('post', 'comment', 'user')`),
    check('community_report_cases_status_check', sql`${table.status} in ('open', 'decided')`),
  ],
);

/** One fan's report of one target: a repeat by the same fan is not a new row (counted once, ever). */
export const communityReports = pgTable(
  'community_reports',
  {
    id: serial('id').primaryKey(),
    caseId: integer('case_id')
      .notNull()
      .references(() => communityReportCases.id),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id),
    targetType: text('target_type').$type<ReportTargetType>().notNull(),
    targetId: integer('target_id').notNull(),
    reason: text('reason').notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('community_reports_reporter_target_idx').on(table.reporterId, table.targetType, table.targetId),
    index('community_reports_case_idx').on(table.caseId),
  ],
);

/**
 * A suspension (read-only until `ends_at`) or a ban (`ends_at` null, until lifted). It holds
 * while not lifted and not over; a new one lifts the one it replaces.
 */
export const communitySanctions = pgTable(
  'community_sanctions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').$type<SanctionKind>().notNull(),
    reason: text('reason').notNull(),
    note: text('note'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    liftedBy: integer('lifted_by').references(() => users.id),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
  },
  (table) => [
    index('community_sanctions_user_idx').on(table.userId, table.id),
    check('community_sanctions_kind_check', sql`${table.kind} in ('suspension', 'ban')`),
    check('community_sanctions_ends_check', sql`(${table.kind} = 'ban') = (${table.endsAt} is null)`),
  ],
);

/** Review words staff added (beside COMMUNITY_REVIEW_WORDS of the settings), stored lower case. */
export const communityReviewWords = pgTable('community_review_words', {
  word: text('word').primaryKey(),
  addedBy: integer('added_by')
    .notNull()
    .references(() => users.id),
  addedAt: timestamp('added_at', { withTimezone: true }).notNull(),
});

/** Every staff action of the community, written in the action's transaction. */
export const communityAuditLog = pgTable(
  'community_audit_log',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => users.id),
    action: text('action').$type<AuditAction>().notNull(),
    targetType: text('target_type').$type<AuditTargetType>().notNull(),
    targetId: integer('target_id'),
    targetLabel: text('target_label').notNull(),
    reason: text('reason'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('community_audit_log_staff_idx').on(table.staffId, table.id),
    index('community_audit_log_target_idx').on(table.targetType, table.targetId, table.id),
  ],
);
