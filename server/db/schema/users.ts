import { sql } from 'drizzle-orm';
import { bigint, check, date, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { EventMsgStatus, Gender, UserRole, UserStatus } from '../../../core/contracts/account';
import type { OddsFormat } from '../../../core/contracts/odds';

/**
 * A person's account. The points balance lives here, guarded never to go below zero; every
 * change of it is a row of points_ledger written in the same transaction (DESIGN.md "Points
 * are money"). A closed account keeps its row (ledger rows point at it) with personal data
 * erased: email, nickname, contacts and password become null or neutral.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** lower-cased; null once the account is closed and erased */
    email: text('email'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** shown to others; also a login name (unique ignoring case, see nickname_key) */
    nickname: text('nickname').notNull(),
    /** lower-cased, accent-kept nickname: the unique login handle; null once closed */
    nicknameKey: text('nickname_key'),
    /** argon2id; null for accounts that only sign in through Google, Apple or Facebook */
    passwordHash: text('password_hash'),
    role: text('role').$type<UserRole>().notNull().default('user'),
    status: text('status').$type<UserStatus>().notNull().default('active'),
    gender: text('gender').$type<Gender>(),
    phone: text('phone'),
    address: text('address'),
    telegram: text('telegram'),
    whatsapp: text('whatsapp'),
    instagram: text('instagram'),
    facebook: text('facebook'),
    /** one of the site's avatar ids (core/contracts/account.ts AVATAR_IDS) */
    avatar: text('avatar').notNull().default('a01'),
    locale: text('locale'),
    theme: text('theme'),
    /** how odds are shown (core/contracts/odds.ts ODDS_FORMATS); null: not chosen, the browser's choice or decimal */
    oddsFormat: text('odds_format').$type<OddsFormat>(),
    /** this user's own invitation code, given to friends */
    inviteCode: text('invite_code').notNull(),
    invitedByUserId: integer('invited_by_user_id'),
    /** notification settings of section 3 (event_msg_status) */
    eventMsgStatus: jsonb('event_msg_status').$type<EventMsgStatus>().notNull(),
    pointsBalance: bigint('points_balance', { mode: 'number' }).notNull().default(0),
    checkinStreak: integer('checkin_streak').notNull().default(0),
    /** UTC day of the last daily check-in */
    lastCheckinDay: date('last_checkin_day', { mode: 'string' }),
    cancellationRequestedAt: timestamp('cancellation_requested_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    uniqueIndex('users_nickname_key').on(table.nicknameKey),
    uniqueIndex('users_invite_code_key').on(table.inviteCode),
    check('users_points_balance_not_negative', sql`${table.pointsBalance} >= 0`),
  ],
);
