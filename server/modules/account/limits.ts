import { AppError } from '../../errors';
import type { RateLimiter, RateLimitRule } from '../rate-limit/rate-limit';

/**
 * The account API's rate limits (docs/decisions/030-rate-limits.md). "Address" is the client's
 * IP address as Fastify reports it.
 */
const MINUTE = 60;
const HOUR = 3600;

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

/**
 * Counts one hit of each rule in order and stops at the first that is over its limit with
 * 429 RATE_LIMITED and the seconds to wait (Retry-After). Later rules are not counted then, so
 * a client refused on its address does not use up the allowance of the account it aims at.
 */
export async function enforceRateLimits(
  limiter: RateLimiter,
  rules: RateLimitRule[],
  now: Date,
): Promise<void> {
  for (const rule of rules) {
    const result = await limiter.hit({ ...rule, now });
    if (!result.allowed) {
      throw new AppError('RATE_LIMITED', {
        params: { seconds: result.retryAfterSec },
        retryAfterSec: result.retryAfterSec,
      });
    }
  }
}
