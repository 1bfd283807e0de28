import { AppError } from '../../errors';
import type { RateLimiter, RateLimitRule } from '../../lib/limits/rate-limiter';

// The account's limits themselves are in server/settings/limits.ts with every other default.

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
