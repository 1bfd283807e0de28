import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { ContactStatus, ContactTopic } from '../../../core/contracts/contact';
import type { Locale } from '../../../core/locale';
import { users } from './users';

/**
 * Messages of the contact form (docs/decisions/127) and staff's answers to them. Personal data:
 * deleted CONTACT_RECORD_DAYS after the message was answered or closed (the data-retention job)
 * and at once when the writer's account is closed (the account-closure job).
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    /** the signed-in writer; null for a signed-out visitor */
    userId: integer('user_id').references(() => users.id),
    name: text('name').notNull(),
    /** lower-cased, as typed (not necessarily the account's) */
    email: text('email').notNull(),
    topic: text('topic').$type<ContactTopic>().notNull(),
    body: text('body').notNull(),
    /** the language of the page it was written on: the answer mail is in this language */
    locale: text('locale').$type<Locale>().notNull(),
    /** the client address it came from (abuse, the per-address limit) */
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status').$type<ContactStatus>().notNull().default('open'),
    answeredBy: integer('answered_by').references(() => users.id),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answer: text('answer'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    index('contact_messages_status_created_idx').on(table.status, table.createdAt),
    index('contact_messages_user_idx').on(table.userId),
  ],
);
