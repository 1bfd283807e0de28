import { randomBytes } from 'node:crypto';
import { DEFAULT_EVENT_MSG_STATUS, type UserRole } from '../../core/contracts/account';
import type { Db } from '../db/client';
import { users } from '../db/schema/users';
import { createSession } from '../modules/auth/sessions';

/**
 * A user written straight into the database, with a live session, for tests of features that
 * need someone signed in. No password: tests of sign-in itself go through the real endpoints.
 */
export async function createTestUser(
  db: Db,
  options: { nickname?: string; email?: string; role?: UserRole } = {},
): Promise<{ id: number; nickname: string; email: string; token: string }> {
  const suffix = randomBytes(4).toString('hex');
  const nickname = options.nickname ?? `fan_${suffix}`;
  const email = options.email ?? `${nickname.toLowerCase()}@example.test`;
  const [row] = await db
    .insert(users)
    .values({
      email,
      emailVerifiedAt: new Date(),
      nickname,
      nicknameKey: nickname.toLowerCase(),
      role: options.role ?? 'user',
      inviteCode: randomBytes(4).toString('hex').toUpperCase(),
      eventMsgStatus: { ...DEFAULT_EVENT_MSG_STATUS },
    })
    .returning({ id: users.id });
  if (!row) throw new Error('user insert returned nothing');
  const { token } = await createSession(db, { userId: row.id });
  return { id: row.id, nickname, email, token };
}
