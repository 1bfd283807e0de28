import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { BetKind, BetStatus } from '../../../core/contracts/guessing';
import type { Sport } from '../../../core/contracts/matches';
import type { Market, Outcome, Period, Pick } from '../../../core/contracts/odds';
import type { ReceiptRecord } from './forecast';
import { matches } from './matches';
import { users } from './users';

/**
 * A fan's bet of the guessing contest (decision 078): a single (one leg) or a parlay (2–10 legs
 * on different matches). Stake, legs and odds never change after placement; the settlement
 * fields (status, payout, receipt, settled_at) mirror the latest row of bet_settlements.
 */
export const bets = pgTable(
  'bets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').$type<BetKind>().notNull(),
    stake: bigint('stake', { mode: 'number' }).notNull(),
    /** the product of the legs' odds × 1000, rounded */
    oddsMilli: bigint('odds_milli', { mode: 'number' }).notNull(),
    /** what a win of every leg pays: floor(stake × Π leg odds) */
    potentialReturn: bigint('potential_return', { mode: 'number' }).notNull(),
    status: text('status').$type<BetStatus>().notNull().default('open'),
    /** points paid by the latest settlement (0 for a loss); null while open */
    payout: bigint('payout', { mode: 'number' }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    receipt: jsonb('receipt').$type<ReceiptRecord>(),
    /** the number of settlement rows written for this bet (0 while open) */
    settlementVersion: integer('settlement_version').notNull().default(0),
    idempotencyKey: text('idempotency_key').notNull(),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('bets_user_idempotency_key').on(table.userId, table.idempotencyKey),
    index('bets_user_placed_idx').on(table.userId, table.placedAt),
    index('bets_user_settled_idx').on(table.userId, table.settledAt),
    check('bets_stake_positive', sql`${table.stake} > 0`),
  ],
);

/** One selection of a bet, with the odds frozen at placement and, once graded, its outcome. */
export const betLegs = pgTable(
  'bet_legs',
  {
    id: serial('id').primaryKey(),
    betId: integer('bet_id')
      .notNull()
      .references(() => bets.id),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id),
    sport: text('sport').$type<Sport>().notNull(),
    market: text('market').$type<Market>().notNull(),
    period: text('period').$type<Period>().notNull(),
    pick: text('pick').$type<Pick>().notNull(),
    /** the line × 4 so it is exact; null for 1x2 */
    lineQuarters: integer('line_quarters'),
    oddsMilli: integer('odds_milli').notNull(),
    /** null while the leg is not graded */
    outcome: text('outcome').$type<Outcome>(),
    receipt: jsonb('receipt').$type<ReceiptRecord>(),
    /** how many times the leg was graded (a corrected result grades it again) */
    gradedVersion: integer('graded_version').notNull().default(0),
  },
  (table) => [
    uniqueIndex('bet_legs_bet_match_key').on(table.betId, table.matchId),
    index('bet_legs_match_idx').on(table.matchId),
  ],
);

/**
 * The settlement log of bets: one row per settlement, never edited. `delta` is what this row
 * moved in the bettor's ledger (the payout for version 1; the correction after it).
 */
export const betSettlements = pgTable(
  'bet_settlements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    betId: integer('bet_id')
      .notNull()
      .references(() => bets.id),
    version: integer('version').notNull(),
    status: text('status').$type<BetStatus>().notNull(),
    payout: bigint('payout', { mode: 'number' }).notNull(),
    delta: bigint('delta', { mode: 'number' }).notNull(),
    /** the domain event ("event:123"), a staff void ("staff:7:<reason>") or the postponed-void job ("job:postponed") */
    cause: text('cause').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('bet_settlements_bet_version_key').on(table.betId, table.version)],
);
