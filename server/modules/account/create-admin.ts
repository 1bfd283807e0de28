import { and, eq, ne } from 'drizzle-orm';
import { DEFAULT_EVENT_MSG_STATUS, EmailSchema, NicknameSchema, isValidPassword, toNicknameKey } from '../../../core/contracts/account';
import { formatMessage, isMessageKey } from '../../../core/messages/messages';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';
import { generateFreeInviteCode } from './invite-code';
import { hashPassword } from './passwords';

export interface AdminResult {
  action: 'created' | 'promoted';
  id: number;
  email: string;
  nickname: string;
  role: 'admin';
  passwordChanged: boolean;
}

function describe(key: string | undefined): string {
  return isMessageKey(key) ? formatMessage('en', key) : (key ?? 'invalid value');
}

/**
 * Creates an admin account, or makes the account of `email` an admin (`npm run admin:create`).
 * The same rules as registration: email format, nickname 2–20 characters and unique ignoring
 * case, password 8–72 characters with letters and digits. Promoting keeps the password unless
 * one is given. Throws an Error with an English message for the operator.
 */
export async function createOrPromoteAdmin(
  db: Db,
  options: { email: string; nickname?: string; password?: string; now?: Date },
): Promise<AdminResult> {
  const now = options.now ?? new Date();
  const email = EmailSchema.safeParse(options.email);
  if (!email.success) throw new Error(`--email: ${describe(email.error.issues[0]?.message)}`);
  if (options.password !== undefined && !isValidPassword(options.password)) {
    throw new Error(`--password: ${describe('account.password.rule')}`);
  }

  const [existing] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email.data), ne(users.status, 'closed')))
    .limit(1);
  if (existing) {
    const passwordHash = options.password === undefined ? undefined : await hashPassword(options.password);
    await db
      .update(users)
      .set({ role: 'admin', updatedAt: now, ...(passwordHash ? { passwordHash } : {}) })
      .where(eq(users.id, existing.id));
    return {
      action: 'promoted',
      id: existing.id,
      email: email.data,
      nickname: existing.nickname,
      role: 'admin',
      passwordChanged: passwordHash !== undefined,
    };
  }

  if (options.nickname === undefined) throw new Error('--nickname is needed to create an account');
  const nickname = NicknameSchema.safeParse(options.nickname);
  if (!nickname.success) throw new Error(`--nickname: ${describe(nickname.error.issues[0]?.message)}`);
  if (options.password === undefined) throw new Error('a password is needed to create an account (--password or ADMIN_PASSWORD)');
  const nicknameKey = toNicknameKey(nickname.data);
  const [clash] = await db.select({ id: users.id }).from(users).where(eq(users.nicknameKey, nicknameKey)).limit(1);
  if (clash) throw new Error(`--nickname: ${describe('account.nickname.taken')}`);

  const passwordHash = await hashPassword(options.password);
  const [row] = await db
    .insert(users)
    .values({
      email: email.data,
      emailVerifiedAt: now,
      nickname: nickname.data,
      nicknameKey,
      passwordHash,
      role: 'admin',
      inviteCode: await generateFreeInviteCode(db),
      eventMsgStatus: { ...DEFAULT_EVENT_MSG_STATUS },
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('user insert returned nothing');
  return { action: 'created', id: row.id, email: email.data, nickname: nickname.data, role: 'admin', passwordChanged: true };
}
