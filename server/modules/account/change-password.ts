import { eq } from 'drizzle-orm';
import type { ChangePasswordBody, UpdatePasswordBody } from '../../../core/contracts/account';
import { users } from '../../db/schema/users';
import { AppError, invalidFields } from '../../errors';
import type { SessionUser } from '../../http/current-user';
import { revokeUserSessions } from '../auth/public';
import type { AccountDeps, RequestOrigin } from './account-deps';
import { checkCodeLimited } from './code-checks';
import { codeInvalid, consumeCode } from './codes';
import { OLD_PASSWORD_FAILURES_PER_USER } from '../../settings/limits';
import { enforceRateLimits } from './limits';
import { hashPassword, verifyPassword } from './passwords';
import { findUserByEmail, findUserById } from './users';

/**
 * POST /api/user/changePassword, by emailed code. Signed out it is the reset of `email` (code
 * purpose reset) and ends every session of the account; signed in it is for the account's own
 * address (code purpose changePassword) and ends every other session. An address without an
 * account answers the same 400 CODE_INVALID as a wrong code (no code was ever sent to it);
 * wrong codes count against the code-check limits of the client address and the address or
 * account (429, decision 106).
 */
export async function changePasswordByCode(
  deps: AccountDeps,
  options: { body: ChangePasswordBody; user: SessionUser | null; now: Date; origin?: RequestOrigin },
): Promise<void> {
  const { db } = deps;
  const { body, user, now } = options;
  let email: string;
  let account;
  if (user) {
    account = await findUserById(db, user.id);
    if (!account?.email) throw codeInvalid();
    email = account.email;
  } else {
    if (body.email === undefined) throw invalidFields([{ field: 'email', message: 'account.email.required' }]);
    email = body.email;
    account = await findUserByEmail(db, email);
  }
  const purpose = user ? 'changePassword' : 'reset';
  const { codeId } = await checkCodeLimited(db, {
    email,
    purpose,
    code: body.code,
    now,
    ip: options.origin?.ip,
    userId: user?.id,
    limiter: deps.limiter,
  });
  if (!account) throw codeInvalid();
  const userId = account.id;
  const passwordHash = await hashPassword(body.password);

  const revoked = await db.transaction(async (tx) => {
    await consumeCode(tx, { codeId, now });
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: account.emailVerifiedAt ?? now, updatedAt: now })
      .where(eq(users.id, userId));
    return revokeUserSessions(tx, { userId, exceptSessionId: user?.sessionId, now });
  });
  await deps.onSessionsRevoked?.(revoked);
}

/**
 * POST /api/user/updatePassword: signed in, knowing the old password. Wrong old passwords are
 * limited per user (10 in 15 minutes) so a borrowed session cannot guess it; every other
 * session ends.
 */
export async function updatePassword(
  deps: AccountDeps,
  options: { body: UpdatePasswordBody; user: SessionUser; now: Date },
): Promise<void> {
  const { db } = deps;
  const { body, user, now } = options;
  const key = `old-password:user:${user.id}`;
  await enforceRateLimits(deps.limiter, [{ key, ...OLD_PASSWORD_FAILURES_PER_USER }], now);
  const account = await findUserById(db, user.id);
  const isRight = await verifyPassword(account?.passwordHash ?? null, body.oldPassword);
  if (!account || !isRight) {
    throw new AppError('PASSWORD_WRONG', {
      fields: [{ field: 'oldPassword', message: 'account.oldPassword.wrong' }],
    });
  }
  await deps.limiter.release({ key });
  const passwordHash = await hashPassword(body.password);
  const revoked = await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    return revokeUserSessions(tx, { userId: user.id, exceptSessionId: user.sessionId, now });
  });
  await deps.onSessionsRevoked?.(revoked);
}
