import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRole } from '../../../core/contracts/account';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { findSessionUser, type SessionUser } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** the signed-in user of this request, or null (set by the current-user plugin) */
    user: SessionUser | null;
  }
}

/** The HttpOnly cookie that carries a browser's session token (DESIGN.md "Browser session"). */
export const SESSION_COOKIE = 'tribun_session';

/** The session token of a request: the `Token` header (API clients) or the session cookie (browsers). */
export function requestToken(request: Pick<FastifyRequest, 'headers'>): string | null {
  const header = request.headers.token;
  const fromHeader = (Array.isArray(header) ? header[0] : header)?.trim();
  if (fromHeader) return fromHeader;
  return readCookie(request.headers.cookie, SESSION_COOKIE);
}

function readCookie(cookieHeader: string | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const index = part.indexOf('=');
    if (index === -1) continue;
    if (part.slice(0, index).trim() === name) {
      const value = part.slice(index + 1).trim();
      try {
        return decodeURIComponent(value) || null;
      } catch {
        return null;
      }
    }
  }
  return null;
}

/**
 * Resolves every request's session once, before its handler: `request.user` is the signed-in
 * user or null. Requests without a token cost nothing.
 */
const resolveCurrentUser: FastifyPluginAsync<{ db: Db; now?: () => Date }> = async (app, options) => {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const token = requestToken(request);
    request.user = token ? await findSessionUser(options.db, { token, now: options.now?.() }) : null;
  });
};

export const currentUserPlugin = fp(resolveCurrentUser, { name: 'current-user' });

/** The signed-in user, or a 401 'Please login first' (section 6 and 8). */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError({ code: 'UNAUTHENTICATED', status: 401, message: 'auth.loginFirst' });
  return request.user;
}

/** The signed-in user if they hold one of `roles`; 401 when signed out, 403 otherwise. */
export function requireRole(request: FastifyRequest, roles: readonly UserRole[]): SessionUser {
  const user = requireUser(request);
  if (!roles.includes(user.role)) throw new AppError({ code: 'FORBIDDEN', status: 403, message: 'auth.forbidden' });
  return user;
}
