import { and, eq, ne, sql } from 'drizzle-orm';
import { toNicknameKey, type AvatarId, type UserInfo } from '../../../core/contracts/account';
import type { SettingsBody, UpdateInfoBody } from '../../../core/contracts/profile';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';
import { invalidFields } from '../../errors';
import { checkEmailChangeCode } from '../account/public';
import { consumeCode } from '../account/public';
import { getUserInfo } from '../account/public';
import { emailTaken, nicknameTaken } from '../account/public';
import { isUniqueViolation } from '../../db/errors';

/**
 * The signed-in user's own personal data (docs/api/accounts.md "Personal data"). Every
 * function changes only the row of `userId` — the session's user, never one named by the
 * client — and answers the account as UserInfo. A closed account is never changed.
 */

interface Who {
  userId: number;
  now?: Date;
}

/** The row of a user that may still change its data. */
function own(userId: number) {
  return and(eq(users.id, userId), ne(users.status, 'closed'));
}

/** Gender and contacts; a field left out keeps its value, "" or null clears a contact. */
export async function updateContactInfo(db: Db, options: Who & { changes: UpdateInfoBody }): Promise<UserInfo> {
  const now = options.now ?? new Date();
  const changes = Object.fromEntries(Object.entries(options.changes).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length > 0) {
    await db
      .update(users)
      .set({ ...changes, updatedAt: now })
      .where(own(options.userId));
  }
  return getUserInfo(db, { userId: options.userId, now });
}

/** A new nickname, unique ignoring case: 409 NICKNAME_TAKEN when someone else holds it. */
export async function changeNickname(db: Db, options: Who & { nickname: string }): Promise<UserInfo> {
  const now = options.now ?? new Date();
  try {
    await db
      .update(users)
      .set({ nickname: options.nickname, nicknameKey: toNicknameKey(options.nickname), updatedAt: now })
      .where(own(options.userId));
  } catch (error) {
    if (isUniqueViolation(error, 'users_nickname_key')) throw nicknameTaken();
    throw error;
  }
  return getUserInfo(db, { userId: options.userId, now });
}

/**
 * A new email address, proven by the code mailed to it (purpose changeEmail, sent by
 * POST /api/user/code): 400 CODE_INVALID for a wrong, expired or used code, checked first and
 * under the code-check limits of the account and the client address (429), then 409 EMAIL_TAKEN
 * when another account has it — the account module's rules (`checkEmailChangeCode`, decision
 * 106), so the answer tells nobody without the mailbox whether an address has an account. The
 * code is used up in the same transaction that writes the address.
 */
export async function changeEmail(db: Db, options: Who & { email: string; code: string; ip?: string }): Promise<UserInfo> {
  const now = options.now ?? new Date();
  const [current] = await db.select({ email: users.email }).from(users).where(own(options.userId)).limit(1);
  if (current?.email === options.email) throw invalidFields([{ field: 'email', message: 'profile.email.same' }]);
  const { codeId } = await checkEmailChangeCode(db, { userId: options.userId, email: options.email, code: options.code, now, ip: options.ip });
  try {
    await db.transaction(async (tx) => {
      await consumeCode(tx, { codeId, now });
      await tx
        .update(users)
        .set({ email: options.email, emailVerifiedAt: now, updatedAt: now })
        .where(own(options.userId));
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) throw emailTaken();
    throw error;
  }
  return getUserInfo(db, { userId: options.userId, now });
}

export async function changeAvatar(db: Db, options: Who & { avatar: AvatarId }): Promise<UserInfo> {
  const now = options.now ?? new Date();
  await db.update(users).set({ avatar: options.avatar, updatedAt: now }).where(own(options.userId));
  return getUserInfo(db, { userId: options.userId, now });
}

/**
 * Notification switches, language, theme and odds format. The switches sent are merged into the
 * stored ones in the database (`event_msg_status || patch`), so two pages toggling different
 * switches at once both keep their change.
 */
export async function updateSettings(db: Db, options: Who & { settings: SettingsBody }): Promise<UserInfo> {
  const now = options.now ?? new Date();
  const { event_msg_status: patch, locale, theme, odds_format: oddsFormat } = options.settings;
  const switches = patch ? Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) : {};
  const set = {
    ...(Object.keys(switches).length > 0 && {
      eventMsgStatus: sql`${users.eventMsgStatus} || ${JSON.stringify(switches)}::jsonb`,
    }),
    ...(locale !== undefined && { locale }),
    ...(theme !== undefined && { theme }),
    ...(oddsFormat !== undefined && { oddsFormat }),
  };
  if (Object.keys(set).length > 0) {
    await db
      .update(users)
      .set({ ...set, updatedAt: now })
      .where(own(options.userId));
  }
  return getUserInfo(db, { userId: options.userId, now });
}

/**
 * Asks for the account to be closed: pending for ACCOUNT_CANCELLATION_DAYS (15), then the
 * closure job (account-closure.ts in the account module) closes it. Asking again keeps the first date.
 */
export async function requestCancellation(db: Db, options: Who): Promise<UserInfo> {
  const now = options.now ?? new Date();
  await db
    .update(users)
    .set({ status: 'pending_cancellation', cancellationRequestedAt: now, updatedAt: now })
    .where(and(eq(users.id, options.userId), eq(users.status, 'active')));
  return getUserInfo(db, { userId: options.userId, now });
}

/** Withdraws a pending cancellation: the account is active again. */
export async function revokeCancellation(db: Db, options: Who): Promise<UserInfo> {
  const now = options.now ?? new Date();
  await db
    .update(users)
    .set({ status: 'active', cancellationRequestedAt: null, updatedAt: now })
    .where(and(eq(users.id, options.userId), eq(users.status, 'pending_cancellation')));
  return getUserInfo(db, { userId: options.userId, now });
}
