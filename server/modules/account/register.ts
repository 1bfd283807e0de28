import { and, eq, ne } from 'drizzle-orm';
import {
  DEFAULT_EVENT_MSG_STATUS,
  toNicknameKey,
  type RegBeforeBody,
  type RegisterBody,
  type SignInResult,
} from '../../../core/contracts/account';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';
import { invalidFields } from '../../errors';
import { grantPoints } from '../points/public';
import { isUniqueViolation } from '../../db/errors';
import type { AccountDeps, RequestOrigin } from './account-deps';
import { checkCodeLimited } from './code-checks';
import { consumeCode } from './codes';
import { generateFreeInviteCode } from './invite-code';
import { hashPassword } from './passwords';
import { emailTaken, findUserByEmail, nicknameTaken, openSignedInSession } from './users';

async function assertEmailFree(db: Db, email: string): Promise<void> {
  if (await findUserByEmail(db, email)) throw emailTaken();
}

async function assertNicknameFree(db: Db, nicknameKey: string): Promise<void> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.nicknameKey, nicknameKey)).limit(1);
  if (row) throw nicknameTaken();
}

/** The user holding an invitation code (not a closed account), or a 400 on inviteCode. */
async function findInviter(db: Db, inviteCode: string): Promise<number> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.inviteCode, inviteCode), ne(users.status, 'closed')))
    .limit(1);
  if (!row) throw invalidFields([{ field: 'inviteCode', message: 'account.inviteCode.unknown' }]);
  return row.id;
}

/**
 * POST /api/user/regBefore, step one of the registration form: the code is right (400
 * CODE_INVALID), then the address is free (409 EMAIL_TAKEN). The code is not used up; a wrong
 * one counts as one of its five tries and against the code-check limits of the client address
 * and the email address (429). The code comes first: an address with an account is never
 * mailed a registration code, so a probe without the mailbox gets the same CODE_INVALID for a
 * taken and a free address (decision 106).
 */
export async function checkRegistration(
  deps: AccountDeps,
  options: { body: RegBeforeBody; now: Date; origin?: RequestOrigin },
): Promise<void> {
  const { email, code } = options.body;
  await checkCodeLimited(deps.db, { email, purpose: 'register', code, now: options.now, ip: options.origin?.ip, limiter: deps.limiter });
  await assertEmailFree(deps.db, email);
}

/**
 * POST /api/user/reg. Checks first what needs no code and says nothing about the address
 * (nickname free — unique ignoring case —, the invitation code known), then the code (under the
 * code-check limits), then that the address is free — after the code, as at regBefore, so the
 * answer tells nobody without the mailbox whether it has an account —, then writes everything in
 * one transaction: the code used up, the user with an argon2id hash, their own invitation code
 * and default notification settings, the welcome points through the ledger, and a session.
 * A race lost on the unique address or nickname is the same 409 as the early check.
 */
export async function registerUser(
  deps: AccountDeps,
  options: { body: RegisterBody; origin: RequestOrigin; now: Date },
): Promise<SignInResult> {
  const { db } = deps;
  const { body, now } = options;
  const nicknameKey = toNicknameKey(body.nickname);
  await assertNicknameFree(db, nicknameKey);
  const invitedByUserId = body.inviteCode ? await findInviter(db, body.inviteCode) : null;
  const { codeId } = await checkCodeLimited(db, {
    email: body.email,
    purpose: 'register',
    code: body.code,
    now,
    ip: options.origin.ip,
    limiter: deps.limiter,
  });
  await assertEmailFree(db, body.email);
  const passwordHash = await hashPassword(body.password);

  try {
    return await db.transaction(async (tx) => {
      await consumeCode(tx, { codeId, now });
      const [user] = await tx
        .insert(users)
        .values({
          email: body.email,
          emailVerifiedAt: now,
          nickname: body.nickname,
          nicknameKey,
          passwordHash,
          inviteCode: await generateFreeInviteCode(tx),
          invitedByUserId,
          eventMsgStatus: { ...DEFAULT_EVENT_MSG_STATUS },
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: users.id });
      if (!user) throw new Error('user insert returned nothing');
      if (deps.welcomePoints > 0) {
        await grantPoints(tx, {
          userId: user.id,
          amount: deps.welcomePoints,
          reason: 'welcome',
          idempotencyKey: 'welcome',
          now,
        });
      }
      return openSignedInSession(tx, { userId: user.id, origin: options.origin, now });
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) throw emailTaken();
    if (isUniqueViolation(error, 'users_nickname_key')) throw nicknameTaken();
    throw error;
  }
}
