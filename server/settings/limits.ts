import type { ActionLimits } from '../lib/limits/limit-action';

/**
 * Every default of the site's limits, each with its reason (docs/decisions/134): the per-action
 * rules features pass to limitAction, and the fixed windows of sign-in, codes and the contact
 * form (decisions 030, 106, 127). "Address" is the client's IP address as Fastify reports it. A
 * value read from the environment overrides one of these in server/env.ts, never in the feature.
 */

const MINUTE = 60;
const HOUR = 3600;
const DAY = 24 * HOUR;

/**
 * An account is "new" for its first 3 days: long enough that a throw-away account made to spam
 * or to flood the review queue meets the tighter rules for its whole useful life, short enough
 * that a real fan who joined on a match day is treated like everyone else by the next one.
 */
export const NEW_ACCOUNT_DAYS = 3;

/**
 * Appeals against a rejected review item (one per item anyway, decision 134). Staff read every
 * appeal by hand: 10 a UTC day per account is more than a fan with real grievances needs, and
 * 3 for a new account stops a fresh account from filling the queue with appeals; 30 per address
 * a day bounds many new accounts made from one machine.
 */
export const REVIEW_APPEAL_LIMITS: ActionLimits = {
  standard: { perAccount: [{ limit: 10, window: 'utc-day' }], perAddress: [{ limit: 30, window: 'utc-day' }] },
  newAccount: { perAccount: [{ limit: 3, window: 'utc-day' }] },
};

/**
 * The inbox's writes (mark read, mark all read, delete, switches), counted together. Opening a
 * notification marks it read, so a fan going through a busy match day's inbox makes a few
 * hundred at most: 600 an hour per account is far above that and still stops a script from
 * hammering the table; 1,200 per address leaves room for a family or an office behind one address.
 */
export const INBOX_WRITE_LIMITS: ActionLimits = {
  standard: { perAccount: [{ limit: 600, window: HOUR }], perAddress: [{ limit: 1200, window: HOUR }] },
};

/*
 * Sign-in and emailed codes (docs/decisions/030-rate-limits.md, 106), counted by
 * enforceRateLimits in server/modules/account/limits.ts.
 */

/** Sign-in: failures per account and per address in 15 minutes (a right password gives its hit back). */
export const LOGIN_FAILURES_PER_ACCOUNT = { limit: 10, windowSec: 15 * MINUTE };
export const LOGIN_FAILURES_PER_ADDRESS = { limit: 30, windowSec: 15 * MINUTE };
/** Changing the password with the old one: wrong old passwords per user in 15 minutes. */
export const OLD_PASSWORD_FAILURES_PER_USER = { limit: 10, windowSec: 15 * MINUTE };
/** Emailed codes: one per email address a minute, 10 an hour; 20 an hour per client address. */
export const CODES_PER_EMAIL_MINUTE = { limit: 1, windowSec: MINUTE };
export const CODES_PER_EMAIL_HOUR = { limit: 10, windowSec: HOUR };
export const CODES_PER_ADDRESS_HOUR = { limit: 20, windowSec: HOUR };
/** Emailed codes asked by a signed-in account (changePassword, changeEmail): 10 an hour. */
export const CODES_PER_USER_HOUR = { limit: 10, windowSec: HOUR };
/**
 * Checking an emailed code (regBefore, reg, reset, changeEmail): wrong codes per client address
 * and per target (the email address, or the signed-in account) in 15 minutes; a right code gives
 * its hits back. Each code also dies after 5 wrong tries (codes.ts), but without a live code
 * nothing else would stop a client from asking about address after address (decision 106).
 */
export const CODE_CHECK_FAILURES_PER_ADDRESS = { limit: 30, windowSec: 15 * MINUTE };
export const CODE_CHECK_FAILURES_PER_EMAIL = { limit: 10, windowSec: 15 * MINUTE };
export const CODE_CHECK_FAILURES_PER_USER = { limit: 10, windowSec: 15 * MINUTE };

/* The contact form and its staff answers (decision 127). */
/** Messages per client address an hour: enough for a fan, too few for a flood (decision 127). */
export const CONTACT_PER_ADDRESS = { limit: 5, windowSec: HOUR };
/** Messages per signed-in account a day, wherever they come from. */
export const CONTACT_PER_ACCOUNT = { limit: 10, windowSec: DAY };
/** Answers per staff member an hour: each one is a mail to a stranger's address. */
export const CONTACT_ANSWERS_PER_STAFF = { limit: 60, windowSec: HOUR };
