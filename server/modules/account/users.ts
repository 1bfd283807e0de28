import { and, eq, ne } from 'drizzle-orm';
import type { SignInResult } from '../../../core/contracts/account';
import type { Db, DbTransaction } from '../../db/client';
import { users } from '../../db/schema/users';
import { AppError } from '../../errors';
import { createSession } from '../auth/public';
import type { RequestOrigin } from './account-deps';
import { getUserInfo } from './user-info';

export type UserRow = typeof users.$inferSelect;

/** The account (not closed) of an email address (already lower-cased), or null. */
export async function findUserByEmail(db: Db | DbTransaction, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), ne(users.status, 'closed')))
    .limit(1);
  return row ?? null;
}

export async function findUserById(db: Db | DbTransaction, userId: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

/** 409 EMAIL_TAKEN, on the email field. */
export function emailTaken(): AppError {
  return new AppError('EMAIL_TAKEN', {
    fields: [{ field: 'email', message: 'account.email.taken' }],
  });
}

/** 409 NICKNAME_TAKEN, on the nickname field. */
export function nicknameTaken(): AppError {
  return new AppError('NICKNAME_TAKEN', {
    fields: [{ field: 'nickname', message: 'account.nickname.taken' }],
  });
}

/** Opens a session for a user and answers what sign-in and registration answer: the token and the user. */
export async function openSignedInSession(
  db: Db | DbTransaction,
  options: { userId: number; origin: RequestOrigin; now: Date },
): Promise<SignInResult> {
  const { token } = await createSession(db, {
    userId: options.userId,
    now: options.now,
    ip: options.origin.ip,
    userAgent: options.origin.userAgent,
  });
  return { token, user: await getUserInfo(db, { userId: options.userId, now: options.now }) };
}
