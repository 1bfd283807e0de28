import { and, eq, ne } from 'drizzle-orm';
import { toEmailKey, toNicknameKey, type LoginBody, type SignInResult } from '../../../core/contracts/account';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';
import { AppError } from '../../errors';
import type { AccountDeps, RequestOrigin } from './account-deps';
import { LOGIN_FAILURES_PER_ACCOUNT, LOGIN_FAILURES_PER_ADDRESS } from '../../settings/limits';
import { enforceRateLimits } from './limits';
import { verifyPassword } from './passwords';
import { openSignedInSession, type UserRow } from './users';

/** 400 LOGIN_FAILED 'Login failed': the same for an unknown account, a wrong password and a closed account. */
function loginFailed(): AppError {
  return new AppError('LOGIN_FAILED');
}

/** An address signs in by email, anything else by nickname (nicknames cannot contain `@`). */
function accountLookup(account: string): { key: string; where: ReturnType<typeof eq> } {
  if (account.includes('@')) {
    const email = toEmailKey(account);
    return { key: `email:${email}`, where: eq(users.email, email) };
  }
  const nicknameKey = toNicknameKey(account.trim());
  return { key: `nickname:${nicknameKey}`, where: eq(users.nicknameKey, nicknameKey) };
}

async function findAccount(db: Db, where: ReturnType<typeof eq>): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(where, ne(users.status, 'closed')))
    .limit(1);
  return row ?? null;
}

/**
 * POST /api/user/login with an email or nickname (any letter case) and a password. Rules:
 * every try counts against the client address and the account first (30 and 10 failures in 15
 * minutes, then 429 with Retry-After) and a right password gives both hits back, so only
 * failures add up and parallel guesses cannot overtake the counters. The account's counter is
 * the account's, whichever of its email or nickname is typed (decision 071); an identifier of
 * no account has a counter of its own and costs the same, argon2 work included; any failure is
 * the one generic 'Login failed'.
 */
export async function logIn(
  deps: AccountDeps,
  options: { body: LoginBody; origin: RequestOrigin; now: Date },
): Promise<SignInResult> {
  const lookup = accountLookup(options.body.account);
  const addressKey = `login:address:${options.origin.ip}`;
  // A client refused on its address does not use up the allowance of the account it aims at.
  await enforceRateLimits(deps.limiter, [{ key: addressKey, ...LOGIN_FAILURES_PER_ADDRESS }], options.now);

  const row = await findAccount(deps.db, lookup.where);
  const accountKey = row ? `login:account:id:${row.id}` : `login:account:${lookup.key}`;
  await enforceRateLimits(deps.limiter, [{ key: accountKey, ...LOGIN_FAILURES_PER_ACCOUNT }], options.now);
  const isRight = await verifyPassword(row?.passwordHash ?? null, options.body.password);
  if (!row || !isRight) throw loginFailed();

  await deps.limiter.release({ key: addressKey });
  await deps.limiter.release({ key: accountKey });
  return openSignedInSession(deps.db, { userId: row.id, origin: options.origin, now: options.now });
}
