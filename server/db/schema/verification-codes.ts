import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { CodePurpose } from '../../../core/contracts/account';

/**
 * Emailed one-time codes (registration, password reset, password change). Stored hashed; a
 * code dies when used, when it expires, or after too many wrong tries.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    purpose: text('purpose').$type<CodePurpose>().notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [index('verification_codes_email_purpose_idx').on(table.email, table.purpose)],
);

/**
 * Mail the site sent while no SMTP server is configured (the development outbox). Read with
 * `npm run mail:outbox` or, by staff, at /api/staff/outbox outside production.
 */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Fixed-window counters for rate limits (login and code requests per account and per
 * address). In the database so that every server process shares them.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});
