import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The MQTT credentials of one browser session on the private channel (decision 063). The
 * username names the session; the password is an HMAC of it under a key only the servers know,
 * so every process derives the same password for a session without storing it, and a browser's
 * tabs all connect with the same pair. They grant reading `users/<own id>` and nothing more,
 * and stop working when the session is revoked.
 */
export interface LiveCredentials {
  username: string;
  password: string;
}

const USERNAME_PREFIX = 'tribun-live-';
const USERNAME_PATTERN = /^tribun-live-([1-9]\d{0,15})$/;

export function liveUsername(sessionId: number): string {
  if (!Number.isSafeInteger(sessionId) || sessionId <= 0) throw new Error(`invalid session id ${sessionId}`);
  return USERNAME_PREFIX + String(sessionId);
}

/** The session id a live username names, or null when it is not one. */
export function sessionIdOfLiveUsername(username: string): number | null {
  const match = USERNAME_PATTERN.exec(username);
  if (!match?.[1]) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) ? id : null;
}

export function liveCredentials(key: string | Buffer, sessionId: number): LiveCredentials {
  const username = liveUsername(sessionId);
  const password = createHmac('sha256', key).update(`tribun-live-password:${username}`).digest('base64url');
  return { username, password };
}

/** The session id of a valid pair, or null (unknown username, wrong password). Constant time. */
export function verifyLiveCredentials(key: string | Buffer, username: string, password: string): number | null {
  const sessionId = sessionIdOfLiveUsername(username);
  if (sessionId === null) return null;
  const expected = Buffer.from(liveCredentials(key, sessionId).password);
  const given = Buffer.from(password);
  return expected.length === given.length && timingSafeEqual(expected, given) ? sessionId : null;
}
