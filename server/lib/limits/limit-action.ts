import { AppError } from '../../errors';
import { NEW_ACCOUNT_DAYS } from '../../settings/limits';
import type { RateLimiter, RateLimitRule } from './rate-limiter';

/**
 * Per-action limits any feature calls before it acts (docs/decisions/134): how often one
 * account, and one client address, may do an action in a window of seconds or in a calendar day
 * (UTC). Accounts younger than NEW_ACCOUNT_DAYS get the action's tighter "new account" rules.
 * Counters live in the rate_limits table, so every server process counts the same hits.
 */

/** `limit` hits per `window`: a number of seconds (a fixed window from the first hit) or the UTC day. */
export interface ActionRule {
  limit: number;
  window: number | 'utc-day';
}

export interface ActionRuleSet {
  perAccount?: readonly ActionRule[];
  perAddress?: readonly ActionRule[];
}

export interface ActionLimits {
  /** the rules of accounts at least `newAccountDays` old, and of readers without an account */
  standard: ActionRuleSet;
  /** while the account is younger: each list given here replaces the standard one of its kind */
  newAccount?: ActionRuleSet;
}

export type LimitActionOptions = {
  limiter: RateLimiter;
  /** what is counted, dotted and stable: `review.appeal`, `community.post`; part of every counter's key */
  action: string;
  /** the client's address as Fastify reports it; without it the per-address rules are not counted */
  address?: string;
  now: Date;
  rules: ActionLimits;
  /** NEW_ACCOUNT_DAYS unless a feature's setting says otherwise */
  newAccountDays?: number;
} & ({ accountId: number; accountCreatedAt: Date } | { accountId?: undefined; accountCreatedAt?: undefined });

const DAY_SEC = 86_400;

/** Whether an account created at `createdAt` is still "new" at `now` (younger than `days` days). */
export function isNewAccount(createdAt: Date, now: Date, days: number = NEW_ACCOUNT_DAYS): boolean {
  return now.getTime() - createdAt.getTime() < days * DAY_SEC * 1000;
}

/** The limiter's rules for one action and subject; the key names the window so two rules never share a counter. */
function toRateLimitRules(action: string, subject: string, rules: readonly ActionRule[] | undefined): RateLimitRule[] {
  return (rules ?? []).map((rule) =>
    rule.window === 'utc-day'
      ? { key: `action:${action}:${subject}:day`, limit: rule.limit, windowSec: DAY_SEC, utcDay: true }
      : { key: `action:${action}:${subject}:${rule.window}s`, limit: rule.limit, windowSec: rule.window },
  );
}

/**
 * Counts one hit of the action for the address and the account, and throws 429 RATE_LIMITED
 * with Retry-After at the first rule over its limit. Address rules come first: a client refused
 * on its address does not use up the account's allowance. New and standard rules of the same
 * window share one counter, so an account that stops being new keeps what it used today.
 */
export async function limitAction(options: LimitActionOptions): Promise<void> {
  const { limiter, action, address, now, rules } = options;
  const isNew =
    options.accountId !== undefined && isNewAccount(options.accountCreatedAt, now, options.newAccountDays ?? NEW_ACCOUNT_DAYS);
  const set: ActionRuleSet = {
    perAddress: (isNew ? rules.newAccount?.perAddress : undefined) ?? rules.standard.perAddress,
    perAccount: (isNew ? rules.newAccount?.perAccount : undefined) ?? rules.standard.perAccount,
  };
  const limiterRules = [
    ...(address !== undefined ? toRateLimitRules(action, `address:${address}`, set.perAddress) : []),
    ...(options.accountId !== undefined ? toRateLimitRules(action, `account:${options.accountId}`, set.perAccount) : []),
  ];
  for (const rule of limiterRules) {
    const result = await limiter.hit({ ...rule, now });
    if (!result.allowed) {
      throw new AppError('RATE_LIMITED', { params: { seconds: result.retryAfterSec }, retryAfterSec: result.retryAfterSec });
    }
  }
}
