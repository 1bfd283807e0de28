import type { CodePurpose } from '../../../core/contracts/account';
import type { Db } from '../../db/client';
import { createRateLimiter, type RateLimiter, type RateLimitRule } from '../../lib/limits/rate-limiter';
import { checkCode } from './codes';
import { CODE_CHECK_FAILURES_PER_ADDRESS, CODE_CHECK_FAILURES_PER_EMAIL, CODE_CHECK_FAILURES_PER_USER } from '../../settings/limits';
import { enforceRateLimits } from './limits';
import { emailTaken, findUserByEmail } from './users';

/**
 * Checks an emailed code under the code-check limits (decision 106): every try counts against
 * the client address (when known) and then against its target — the signed-in account, else the
 * email address — and a right code gives both hits back, so only wrong codes add up and a real
 * fan is never slowed down. Past a limit: 429 RATE_LIMITED with Retry-After. Returns the code's
 * id as `checkCode` does; throws CODE_INVALID for a wrong one.
 */
export async function checkCodeLimited(
  db: Db,
  options: {
    email: string;
    purpose: CodePurpose;
    code: string;
    now: Date;
    /** the client's address; the per-address limit counts only when it is given */
    ip?: string;
    /** the signed-in account asking; its own limit replaces the email address's */
    userId?: number;
    limiter?: RateLimiter;
  },
): Promise<{ codeId: number }> {
  const limiter = options.limiter ?? createRateLimiter({ db });
  const rules: RateLimitRule[] = [];
  if (options.ip !== undefined) rules.push({ key: `code-check:address:${options.ip}`, ...CODE_CHECK_FAILURES_PER_ADDRESS });
  rules.push(
    options.userId !== undefined
      ? { key: `code-check:user:${options.userId}`, ...CODE_CHECK_FAILURES_PER_USER }
      : { key: `code-check:email:${options.email}`, ...CODE_CHECK_FAILURES_PER_EMAIL },
  );
  // In order: a client refused on its address does not use up its target's allowance.
  await enforceRateLimits(limiter, rules, options.now);
  const result = await checkCode(db, { email: options.email, purpose: options.purpose, code: options.code, now: options.now });
  for (const rule of rules) await limiter.release({ key: rule.key });
  return result;
}

/**
 * The check before a signed-in account takes a new email address (POST /api/user/changeEmail):
 * the code first, under the code-check limits of the account and the client address, and only
 * then whether another account has the address. A code for a taken address is never mailed
 * (request-code.ts mails "this address already has an account" instead), so without the
 * mailbox a probe always meets the same 400 CODE_INVALID, taken address or free (decision 106);
 * 409 EMAIL_TAKEN remains for the one who holds a code of an address that was taken meanwhile.
 */
export async function checkEmailChangeCode(
  db: Db,
  options: { userId: number; email: string; code: string; now: Date; ip?: string },
): Promise<{ codeId: number }> {
  const checked = await checkCodeLimited(db, {
    email: options.email,
    purpose: 'changeEmail',
    code: options.code,
    now: options.now,
    ip: options.ip,
    userId: options.userId,
  });
  if (await findUserByEmail(db, options.email)) throw emailTaken();
  return checked;
}
