import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiSuccessSchema, ErrorBodySchema } from '../../../core/contracts/api';
import {
  accountEndpoints,
  ChangePasswordBodySchema,
  CodeRequestBodySchema,
  CodeRequestResultSchema,
  LoginBodySchema,
  RegBeforeBodySchema,
  RegBeforeDataSchema,
  RegisterBodySchema,
  SignInResultSchema,
  UpdatePasswordBodySchema,
  UserInfoSchema,
} from '../../../core/contracts/account';
import type { Db } from '../../db/client';
import { requestLocale } from '../../i18n/translate';
import { appendSetCookie, clearedSessionCookie, requireUser, sessionCookie } from '../../http/current-user';
import { revokeSession, type SessionsRevokedListener } from '../auth/public';
import { createMailer, type Mailer } from '../mail/public';
import { staffOutboxRoutes } from '../mail/public';
import { createRateLimiter } from '../../lib/limits/rate-limiter';
import type { AccountDeps, RequestOrigin } from './account-deps';
import { changePasswordByCode, updatePassword } from './change-password';
import { logIn } from './log-in';
import { checkRegistration, registerUser } from './register';
import { requestCode } from './request-code';
import { getUserInfo } from './user-info';

export interface AccountRoutesOptions {
  db: Db;
  /** outgoing mail; the development outbox of `db` when not given */
  mailer?: Mailer;
  /** WELCOME_POINTS; 0 (none) when not given */
  welcomePoints?: number;
  /** Secure on the session cookie (production) */
  secureCookies?: boolean;
  /** serve GET /api/staff/outbox, staff only (never in production) */
  devOutbox?: boolean;
  /** the clock of codes, sessions and limits; tests move it */
  now?: () => Date;
  /** told after logout and password changes revoke sessions (the live channel drops them) */
  onSessionsRevoked?: SessionsRevokedListener;
}

const NullSchema = z.null();
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 429: ErrorBodySchema };
const ok = <T>(data: T) => ({ code: 0 as const, msg: 'success', data });

function originOf(request: FastifyRequest): RequestOrigin {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : null };
}

/**
 * What the account services work with, from the routes' options. The pages' forms
 * (account-forms.ts) get the same object as the API, so both count the same limits.
 */
export function createAccountDeps(options: AccountRoutesOptions): AccountDeps {
  return {
    db: options.db,
    mailer: options.mailer ?? createMailer({ db: options.db, from: 'Tribün <no-reply@tribun.local>' }),
    limiter: createRateLimiter({ db: options.db }),
    welcomePoints: options.welcomePoints ?? 0,
    onSessionsRevoked: options.onSessionsRevoked,
  };
}

/**
 * Sign-in and registration (docs/api/accounts.md): paths as the specification names them,
 * bodies and answers from core/contracts/account.ts. Handlers parse, call one service, answer;
 * sign-in and registration also set the HttpOnly session cookie for browsers.
 */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions & { deps?: AccountDeps }> = async (app, options) => {
  const deps = options.deps ?? createAccountDeps(options);
  const now = () => options.now?.() ?? new Date();
  const secure = options.secureCookies ?? false;
  const signedIn = (reply: FastifyReply, token: string) => appendSetCookie(reply, sessionCookie(token, { secure }));

  if (options.devOutbox) await app.register(staffOutboxRoutes, { db: options.db });

  app.post(
    accountEndpoints.sendCode.path,
    {
      schema: {
        tags: ['account'],
        summary: 'Email a 6-digit code (register, reset, changePassword, changeEmail)',
        body: CodeRequestBodySchema,
        response: { 200: apiSuccessSchema(CodeRequestResultSchema), ...errors, 409: ErrorBodySchema },
      },
    },
    async (request) =>
      ok(
        await requestCode(deps, {
          body: request.body,
          user: request.user,
          origin: originOf(request),
          locale: requestLocale(request),
          now: now(),
        }),
      ),
  );

  app.post(
    accountEndpoints.regBefore.path,
    {
      schema: {
        tags: ['account'],
        summary: 'Registration step one: the code is right, then the address free (the code is not used up)',
        body: RegBeforeBodySchema,
        response: { 200: apiSuccessSchema(RegBeforeDataSchema), ...errors, 409: ErrorBodySchema },
      },
    },
    async (request) => {
      await checkRegistration(deps, { body: request.body, now: now(), origin: originOf(request) });
      return ok({ ok: true as const });
    },
  );

  app.post(
    accountEndpoints.register.path,
    {
      schema: {
        tags: ['account'],
        summary: 'Register with an emailed code; answers a session token and sets the session cookie',
        body: RegisterBodySchema,
        response: { 200: apiSuccessSchema(SignInResultSchema), ...errors, 409: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const result = await registerUser(deps, { body: request.body, origin: originOf(request), now: now() });
      signedIn(reply, result.token);
      return ok(result);
    },
  );

  app.post(
    accountEndpoints.login.path,
    {
      schema: {
        tags: ['account'],
        summary: 'Sign in with email or nickname; answers a session token and sets the session cookie',
        body: LoginBodySchema,
        response: { 200: apiSuccessSchema(SignInResultSchema), ...errors },
      },
    },
    async (request, reply) => {
      const result = await logIn(deps, { body: request.body, origin: originOf(request), now: now() });
      signedIn(reply, result.token);
      return ok(result);
    },
  );

  app.post(
    accountEndpoints.logout.path,
    {
      schema: {
        tags: ['account'],
        summary: 'End this session and clear the session cookie (signed out already: nothing to do)',
        response: { 200: apiSuccessSchema(NullSchema), 403: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      if (request.user) {
        const revoked = await revokeSession(deps.db, { sessionId: request.user.sessionId, now: now() });
        await deps.onSessionsRevoked?.(revoked);
      }
      appendSetCookie(reply, clearedSessionCookie({ secure }));
      return ok(null);
    },
  );

  app.get(
    accountEndpoints.info.path,
    {
      schema: {
        tags: ['account'],
        summary: "The signed-in user's own account (there is no way to ask for another user's)",
        response: { 200: apiSuccessSchema(UserInfoSchema), 401: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header('cache-control', 'private, no-store');
      return ok(await getUserInfo(deps.db, { userId: user.id, now: now() }));
    },
  );

  app.post(
    accountEndpoints.changePassword.path,
    {
      schema: {
        tags: ['account'],
        summary: 'New password by emailed code: signed out the reset of email, signed in for the own address',
        body: ChangePasswordBodySchema,
        response: { 200: apiSuccessSchema(NullSchema), ...errors },
      },
    },
    async (request) => {
      await changePasswordByCode(deps, { body: request.body, user: request.user, now: now(), origin: originOf(request) });
      return ok(null);
    },
  );

  app.post(
    accountEndpoints.updatePassword.path,
    {
      schema: {
        tags: ['account'],
        summary: 'New password knowing the old one; every other session ends',
        body: UpdatePasswordBodySchema,
        response: { 200: apiSuccessSchema(NullSchema), ...errors },
      },
      // signed out is 401 whatever the body, before the body is judged
      preValidation: async (request) => {
        requireUser(request);
      },
    },
    async (request) => {
      const user = requireUser(request);
      await updatePassword(deps, { body: request.body, user, now: now() });
      return ok(null);
    },
  );
};
