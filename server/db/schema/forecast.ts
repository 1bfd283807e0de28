import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { PlanStatus } from '../../../core/contracts/forecast';
import type { Sport } from '../../../core/contracts/matches';
import type { Market, Outcome, Period, Pick } from '../../../core/contracts/odds';
import { matches } from './matches';
import { users } from './users';

/** The explanation of a settlement: a message key of core/messages and its parameters. */
export interface ReceiptRecord {
  key: string;
  params: Record<string, string | number>;
}

/**
 * A tipster's prediction plan. Its content (selection, fixed odds, description) is never edited
 * after publication: `canonical` is the exact text that was fingerprinted with `salt`, and
 * `fingerprint` its SHA-256. Settlement fields (status, outcome, receipt, settled_at) are the
 * latest row of forecast_settlements, kept here for reading; the log keeps every version.
 */
export const forecastPlans = pgTable(
  'forecast_plans',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id),
    sport: text('sport').$type<Sport>().notNull(),
    market: text('market').$type<Market>().notNull(),
    period: text('period').$type<Period>().notNull(),
    pick: text('pick').$type<Pick>().notNull(),
    /** the line in quarters (line × 4) so it is exact; null for 1x2 */
    lineQuarters: integer('line_quarters'),
    /** decimal odds × 1000, fixed at publication from the shared odds model */
    oddsMilli: integer('odds_milli').notNull(),
    description: text('description').notNull(),
    /** the first 30% of a description over 100 characters, for the community; null otherwise */
    excerpt: text('excerpt'),
    /** 0 = free */
    price: integer('price').notNull(),
    salt: text('salt').notNull(),
    canonical: text('canonical').notNull(),
    fingerprint: text('fingerprint').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    /** the match's kick-off when the plan was published */
    kickOffAt: timestamp('kick_off_at', { withTimezone: true }).notNull(),
    status: text('status').$type<PlanStatus>().notNull().default('open'),
    outcome: text('outcome').$type<Outcome>(),
    receipt: jsonb('receipt').$type<ReceiptRecord>(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** the number of settlement rows written for this plan (0 while open) */
    settlementVersion: integer('settlement_version').notNull().default(0),
    sellCount: integer('sell_count').notNull().default(0),
    sellIncome: bigint('sell_income', { mode: 'number' }).notNull().default(0),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    hiddenBy: integer('hidden_by').references(() => users.id),
    idempotencyKey: text('idempotency_key').notNull(),
  },
  (table) => [
    uniqueIndex('forecast_plans_user_idempotency_key').on(table.userId, table.idempotencyKey),
    index('forecast_plans_match_idx').on(table.matchId, table.status),
    index('forecast_plans_user_published_idx').on(table.userId, table.publishedAt),
    index('forecast_plans_status_published_idx').on(table.status, table.publishedAt),
    index('forecast_plans_user_settled_idx').on(table.userId, table.settledAt),
    check('forecast_plans_price_range', sql`${table.price} = 0 or ${table.price} between 50 and 200`),
    check('forecast_plans_sell_count_not_negative', sql`${table.sellCount} >= 0`),
  ],
);

/** One buyer's unlock of a paid plan: written once per (plan, buyer). */
export const forecastUnlocks = pgTable(
  'forecast_unlocks',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => forecastPlans.id),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id),
    price: integer('price').notNull(),
    sellerShare: integer('seller_share').notNull(),
    houseShare: integer('house_share').notNull(),
    /** set when the plan was voided and the price returned to the buyer */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('forecast_unlocks_plan_buyer_key').on(table.planId, table.buyerId),
    index('forecast_unlocks_buyer_idx').on(table.buyerId, table.createdAt),
  ],
);

/**
 * The settlement log: one row per settlement of a plan, never edited. A corrected result or a
 * staff re-run that changes the outcome writes the next version.
 */
export const forecastSettlements = pgTable(
  'forecast_settlements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => forecastPlans.id),
    matchId: integer('match_id').notNull(),
    version: integer('version').notNull(),
    outcome: text('outcome').$type<Outcome>().notNull(),
    receipt: jsonb('receipt').$type<ReceiptRecord>().notNull(),
    homeScore: integer('home_score'),
    awayScore: integer('away_score'),
    htHome: integer('ht_home'),
    htAway: integer('ht_away'),
    /** what caused it: the domain event ("event:123") or a staff re-run ("staff:7") */
    cause: text('cause').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('forecast_settlements_plan_version_key').on(table.planId, table.version),
    index('forecast_settlements_match_idx').on(table.matchId, table.createdAt),
  ],
);

/** Who follows which tipster. */
export const forecastFollows = pgTable(
  'forecast_follows',
  {
    followerId: integer('follower_id')
      .notNull()
      .references(() => users.id),
    tipsterId: integer('tipster_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.followerId, table.tipsterId] }), index('forecast_follows_tipster_idx').on(table.tipsterId)],
);
