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

/**
 * The house's books (decision 074): the house's share of plan unlocks, refunds it pays, and
 * later the contest's stakes and payouts. Each row has an idempotency key of its own and is
 * written in the same transaction as the user's ledger row it mirrors, so the points that leave
 * users' balances are exactly the points the house received. The house has no balance guard.
 */
export const houseLedger = pgTable(
  'house_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** positive: the house receives; negative: the house pays */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    reference: text('reference'),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('house_ledger_idempotency_key').on(table.idempotencyKey)],
);
