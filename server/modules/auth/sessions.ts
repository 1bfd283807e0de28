import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { UserRole, UserStatus } from '../../../core/contracts/account';
import type { Db, DbTransaction } from '../../db/client';
import { sessions } from '../../db/schema/sessions';
import { users } from '../../db/schema/users';

/** A session lasts 30 days from sign-in; signing in again starts a new one. */
export const SESSION_DAYS = 30;

export interface SessionUser {
  id: number;
  role: UserRole;
  status: UserStatus;
  nickname: string;
  sessionId: number;
}

/** SHA-256 of a token: what the sessions table stores instead of the token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * Opens a session for a user and returns its token (256 random bits, base64url). The token
 * is shown once, to the client; only its hash is stored.
 */
export async function createSession(
  db: Db | DbTransaction,
  options: { userId: number; now?: Date; userAgent?: string | null; ip?: string | null },
): Promise<{ token: string; sessionId: number; expiresAt: Date }> {
  const now = options.now ?? new Date();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_DAYS * 86_400_000);
  const [row] = await db
    .insert(sessions)
    .values({
      userId: options.userId,
      tokenHash: hashToken(token),
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      userAgent: options.userAgent?.slice(0, 300) ?? null,
      ip: options.ip ?? null,
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned nothing');
  return { token, sessionId: row.id, expiresAt };
}

/** Tokens are base64url of 32 bytes; anything else is not worth a database lookup. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The user of a live session, or null: unknown, revoked or expired token, or a closed account.
 * An account pending cancellation still signs in (the user may revoke the cancellation).
 */
export async function findSessionUser(db: Db, options: { token: string; now?: Date }): Promise<SessionUser | null> {
  if (!TOKEN_PATTERN.test(options.token)) return null;
  const now = options.now ?? new Date();
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      status: users.status,
      nickname: users.nickname,
      sessionId: sessions.id,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(options.token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row || row.status === 'closed') return null;
  return row;
}

/** Ends one session (logout). */
export async function revokeSession(db: Db | DbTransaction, options: { sessionId: number; now?: Date }): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: options.now ?? new Date() })
    .where(and(eq(sessions.id, options.sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of a user (password change, account closure). */
export async function revokeUserSessions(db: Db | DbTransaction, options: { userId: number; now?: Date }): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: options.now ?? new Date() })
    .where(and(eq(sessions.userId, options.userId), isNull(sessions.revokedAt)));
}
