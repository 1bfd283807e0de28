import { bigint, bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The points ledger: one row per change of a user's balance, written in the same transaction
 * as the guarded update of users.points_balance. The sum of a user's rows equals the balance;
 * (user, idempotency key) is unique, so a replayed spend or grant is written once.
 */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** positive grants, negative spends */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    /** a code such as welcome, checkin, staff_grant, staff_deduct, plan_unlock */
    reason: text('reason').notNull(),
    /** what the change is about (a plan id, an order id, a staff note) */
    reference: text('reference'),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('points_ledger_user_idempotency_key').on(table.userId, table.idempotencyKey),
    index('points_ledger_user_created_idx').on(table.userId, table.createdAt),
  ],
);
