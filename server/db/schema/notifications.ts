import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { NotificationGroup } from '../../../core/contracts/notifications';
import { users } from './users';

/**
 * The inbox (decision 133): one row per notification, written in the transaction of what caused
 * it (a settlement, an unlock, a published plan, an answered message) and pushed to the reader
 * after commit. `dedupe_key` names the cause, so a settlement or a delivery that runs twice
 * writes one row. Personal data: erased with a closed account.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** the sending feature's kind (`defineNotificationKind`) */
    kind: text('kind').notNull(),
    group: text('group_name').$type<NotificationGroup>().notNull(),
    /** who caused it (a buyer, a tipster); null for the site itself */
    actorId: integer('actor_id').references(() => users.id),
    objectType: text('object_type'),
    objectId: integer('object_id'),
    /** the kind's data, checked against its definition before it is written */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** null while unread */
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('notifications_user_dedupe_idx').on(table.userId, table.dedupeKey),
    // The inbox: one group of one reader, newest first, paged by id.
    index('notifications_inbox_idx').on(table.userId, table.group, table.id.desc()),
    // The bell: only unread rows, counted per group.
    index('notifications_unread_idx').on(table.userId, table.group).where(sql`read_at is null`),
  ],
);

/** Per-reader switches of the kinds: `switches` holds only the kinds switched off (`{kind: false}`); every other kind is on. */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  switches: jsonb('switches').$type<Record<string, boolean>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
