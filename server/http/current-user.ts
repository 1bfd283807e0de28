import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRole, UserStatus } from '../../core/contracts/account';
import { AppError } from '../errors';
import type { SiteOrigin } from './site-origin';

/** A session lasts 30 days from sign-in; signing in again starts a new one. */
export const SESSION_DAYS = 30;

/** The signed-in user of a request, as the session behind its token names them. */
export interface SessionUser {
  id: number;
  role: UserRole;
  status: UserStatus;
  nickname: string;
  sessionId: number;
  /** when the session ends unless revoked before */
  sessionExpiresAt: Date;
}

/**
 * Who a session token belongs to, or null (unknown, revoked, expired, closed account). The
 * sessions live in the auth module; `server/app.ts` hands this lookup in, so the HTTP plumbing
 * knows no feature (docs/decisions/138-server-module-boundaries.md).
 */
export type FindSessionUser = (token: string, now?: Date) => Promise<SessionUser | null>;

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
  return headerToken(request) ?? readCookie(request.headers.cookie, SESSION_COOKIE);
}

function headerToken(request: Pick<FastifyRequest, 'headers'>): string | null {
  const header = request.headers.token;
  return (Array.isArray(header) ? header[0] : header)?.trim() || null;
}

/**
 * `Set-Cookie` of a browser session: HttpOnly (scripts never see the token), SameSite=Lax (not
 * sent on cross-site POSTs), Path=/, 30 days like the session itself; Secure in production.
 */
export function sessionCookie(token: string, options: { secure: boolean }): string {
  const maxAge = SESSION_DAYS * 86_400;
  return `${SESSION_COOKIE}=${encodeURIComponent(token)}; Max-Age=${maxAge}; Path=/; HttpOnly; SameSite=Lax${options.secure ? '; Secure' : ''}`;
}

/** `Set-Cookie` that removes the session cookie (logout, any 401). */
export function clearedSessionCookie(options: { secure: boolean }): string {
  return `${SESSION_COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${options.secure ? '; Secure' : ''}`;
}

/** Adds a `Set-Cookie` header without dropping the ones already set. */
export function appendSetCookie(reply: FastifyReply, cookie: string): void {
  const existing = reply.getHeader('set-cookie');
  const cookies = existing === undefined ? [] : Array.isArray(existing) ? existing.map(String) : [String(existing)];
  if (!cookies.includes(cookie)) reply.header('set-cookie', [...cookies, cookie]);
}

const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether a request that changes state rides on the session cookie from another site (CSRF).
 * Only cookie-borne requests are judged: a `Token` header is never sent by a browser on its
 * own. The page's address comes from `Origin` (or `Referer` when a browser sends no Origin);
 * requests with neither are not from a browser page and pass. Scheme, host and port must be
 * the site's own origin (PUBLIC_URL, or the allowed host with the request's scheme — behind a
 * TLS-terminating proxy that is the forwarded one, from a proxy TRUST_PROXY names): an http
 * page must not write to an https site.
 */
export function isCrossSiteCookieRequest(request: FastifyRequest, siteOrigin: SiteOrigin): boolean {
  if (!STATE_CHANGING_METHODS.has(request.method)) return false;
  if (headerToken(request) !== null) return false;
  if (readCookie(request.headers.cookie, SESSION_COOKIE) === null) return false;
  const origin = firstHeader(request.headers.origin) ?? firstHeader(request.headers.referer);
  if (origin === undefined) return false;
  let source: URL;
  try {
    source = new URL(origin);
  } catch {
    // `Origin: null` (sandboxed frames, privacy redirects) or garbage: not our page
    return true;
  }
  return source.origin !== siteOrigin(request);
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return first?.trim() || undefined;
}

export function readCookie(cookieHeader: string | undefined, name: string): string | null {
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
 * user or null. Requests without a token cost nothing. Refuses cookie-borne state changes from
 * other sites with 403 CROSS_SITE, and every 401 answer removes the session cookie (section 8:
 * a 401 clears the token cookie).
 */
export interface CurrentUserOptions {
  findSessionUser: FindSessionUser;
  siteOrigin: SiteOrigin;
  now?: () => Date;
}

const resolveCurrentUser: FastifyPluginAsync<CurrentUserOptions> = async (app, options) => {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    if (isCrossSiteCookieRequest(request, options.siteOrigin)) {
      throw new AppError('CROSS_SITE');
    }
    const token = requestToken(request);
    request.user = token ? await options.findSessionUser(token, options.now?.()) : null;
  });
  app.addHook('onSend', async (request, reply) => {
    if (reply.statusCode === 401) appendSetCookie(reply, clearedSessionCookie({ secure: request.protocol === 'https' }));
  });
};

export const currentUserPlugin = fp(resolveCurrentUser, { name: 'current-user' });

/** The signed-in user, or a 401 'Please log in first' (section 6 and 8). */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED');
  return request.user;
}

/** The signed-in user if they hold one of `roles`; 401 when signed out, 403 otherwise. */
export function requireRole(request: FastifyRequest, roles: readonly UserRole[]): SessionUser {
  const user = requireUser(request);
  if (!roles.includes(user.role)) throw new AppError('FORBIDDEN');
  return user;
}
