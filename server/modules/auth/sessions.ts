import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import type { Db, DbTransaction } from '../../db/client';
import { sessions } from '../../db/schema/sessions';
import { users } from '../../db/schema/users';
import { SESSION_DAYS, type FindSessionUser, type SessionUser } from '../../http/current-user';

/**
 * Told which sessions were just revoked, after the revocation is committed: the live channel
 * closes their connections (server/live, decision 063). Every revocation path calls it.
 */
export type SessionsRevokedListener = (sessionIds: readonly number[]) => Promise<void>;

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
      sessionExpiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(options.token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row || row.status === 'closed') return null;
  return row;
}

/** The session lookup the current-user plugin is handed (server/app.ts). */
export function sessionLookup(db: Db): FindSessionUser {
  return (token, now) => findSessionUser(db, { token, now });
}

/**
 * The user and end of a live session by its id, or null (revoked, expired, closed account): what
 * the embedded broker asks when a browser connects with live credentials.
 */
export async function findLiveSession(
  db: Db,
  options: { sessionId: number; now?: Date },
): Promise<{ userId: number; expiresAt: Date } | null> {
  const now = options.now ?? new Date();
  const [row] = await db
    .select({ userId: sessions.userId, expiresAt: sessions.expiresAt, status: users.status })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, options.sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row || row.status === 'closed') return null;
  return { userId: row.userId, expiresAt: row.expiresAt };
}

/** Which of `sessionIds` are still live (not revoked, not expired, account not closed). */
export async function findLiveSessionIds(db: Db, options: { sessionIds: readonly number[]; now?: Date }): Promise<Set<number>> {
  if (options.sessionIds.length === 0) return new Set();
  const now = options.now ?? new Date();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        inArray(sessions.id, [...options.sessionIds]),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        ne(users.status, 'closed'),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/**
 * Ends one session (logout). Returns the id when it was live, for the SessionsRevokedListener
 * the caller tells after its transaction commits.
 */
export async function revokeSession(db: Db | DbTransaction, options: { sessionId: number; now?: Date }): Promise<number[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: options.now ?? new Date() })
    .where(and(eq(sessions.id, options.sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

/**
 * Ends every session of a user (password reset, account closure), or every one but `exceptSessionId`
 * (a signed-in password change keeps the session that made it). Returns the revoked ids, for the
 * SessionsRevokedListener the caller tells after its transaction commits.
 */
export async function revokeUserSessions(
  db: Db | DbTransaction,
  options: { userId: number; exceptSessionId?: number; now?: Date },
): Promise<number[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: options.now ?? new Date() })
    .where(
      and(
        eq(sessions.userId, options.userId),
        isNull(sessions.revokedAt),
        options.exceptSessionId === undefined ? undefined : ne(sessions.id, options.exceptSessionId),
      ),
    )
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}
