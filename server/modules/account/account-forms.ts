import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ChangePasswordBodySchema,
  CodeRequestBodySchema,
  LoginBodySchema,
  RegBeforeBodySchema,
  RegisterBodySchema,
  UpdatePasswordBodySchema,
} from '../../../core/contracts/account';
import { ChangeEmailBodySchema, ChangeNicknameBodySchema, UpdateInfoBodySchema } from '../../../core/contracts/profile';
import type { AccountFormServices, FormResult } from '../../../core/contracts/services';
import { isMessageKey } from '../../../core/messages/messages';
import type { Locale } from '../../../core/locale';
import { AppError, isAppError } from '../../errors';
import { translate } from '../../i18n/translate';
import type { AccountDeps, RequestOrigin } from './account-deps';
import { changePasswordByCode, updatePassword } from './change-password';
import { logIn } from './log-in';
import { checkRegistration, registerUser } from './register';
import { requestCode } from './request-code';
import { clearedSessionCookie, sessionCookie } from '../../http/current-user';
import { changeEmail, changeNickname, updateContactInfo } from '../profile/public';

/**
 * Errors of the contract that name no field of the body, though the reader fixes them in one
 * (the app's forms place them the same way after a fetch: app/lib/forms/use-form-errors.ts).
 */
const CONFLICT_FIELDS: Partial<Record<string, string>> = {
  NICKNAME_TAKEN: 'nickname',
  EMAIL_TAKEN: 'email',
  CODE_INVALID: 'code',
};

/**
 * The account writes of the pages' forms (docs/decisions/100), bound to one request: every
 * function parses the posted fields with the API's contract schema and calls the service the
 * API route calls, with the same dependencies (mailer, rate limiter) and the request's user and
 * client address, so its rules and per-address and per-account limits are the API's. An
 * AppError comes back as a `FormResult` translated into the page's language; anything else is
 * a fault and is thrown (the one error handler logs it and hides it).
 */
export function createAccountForms(options: {
  deps: AccountDeps;
  /** Secure on the session cookie (production), as the API sets it */
  secureCookies: boolean;
  now?: () => Date;
}): (request: FastifyRequest) => AccountFormServices {
  const { deps } = options;
  const now = () => options.now?.() ?? new Date();
  const secure = options.secureCookies;

  return (request) => {
    const agent = request.headers['user-agent'];
    const origin: RequestOrigin = { ip: request.ip, userAgent: typeof agent === 'string' ? agent : null };
    const signedInUser = () => {
      if (!request.user) throw new AppError('UNAUTHENTICATED');
      return request.user;
    };

    return {
      logIn: (input) =>
        answer(input.locale, async () => {
          const body = parse(LoginBodySchema, input.body);
          const result = await logIn(deps, { body, origin, now: now() });
          return { user: result.user, setCookie: sessionCookie(result.token, { secure }) };
        }),
      requestCode: (input) =>
        answer(input.locale, async () => {
          const body = parse(CodeRequestBodySchema, input.body);
          return requestCode(deps, { body, user: request.user, origin, locale: input.locale, now: now() });
        }),
      checkRegistration: (input) =>
        answer(input.locale, async () => {
          await checkRegistration(deps, { body: parse(RegBeforeBodySchema, input.body), origin, now: now() });
          return null;
        }),
      register: (input) =>
        answer(input.locale, async () => {
          const body = parse(RegisterBodySchema, withoutBlank(input.body, ['inviteCode']));
          const result = await registerUser(deps, { body, origin, now: now() });
          return { user: result.user, setCookie: sessionCookie(result.token, { secure }) };
        }),
      changePasswordByCode: (input) =>
        answer(input.locale, async () => {
          const body = parse(ChangePasswordBodySchema, request.user ? { ...input.body, email: undefined } : input.body);
          await changePasswordByCode(deps, { body, user: request.user, origin, now: now() });
          return { clearCookie: request.user ? null : clearedSessionCookie({ secure }) };
        }),
      updatePassword: (input) =>
        answer(input.locale, async () => {
          const user = signedInUser();
          await updatePassword(deps, { body: parse(UpdatePasswordBodySchema, input.body), user, now: now() });
          return null;
        }),
      changeNickname: (input) =>
        answer(input.locale, async () => {
          const user = signedInUser();
          const { nickname } = parse(ChangeNicknameBodySchema, input.body);
          return changeNickname(deps.db, { userId: user.id, nickname, now: now() });
        }),
      updateInfo: (input) =>
        answer(input.locale, async () => {
          const user = signedInUser();
          const changes = parse(UpdateInfoBodySchema, withoutBlank(input.body, ['gender']));
          return updateContactInfo(deps.db, { userId: user.id, changes, now: now() });
        }),
      changeEmail: (input) =>
        answer(input.locale, async () => {
          const user = signedInUser();
          const { email, code } = parse(ChangeEmailBodySchema, input.body);
          return changeEmail(deps.db, { userId: user.id, email, code, ip: request.ip, now: now() });
        }),
    };
  };
}

/** A form posts every field, empty ones as "": the optional `fields` left blank count as not given. */
function withoutBlank(body: Record<string, string>, fields: readonly string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(body).filter(([field, value]) => value !== '' || !fields.includes(field)));
}

/** The body parsed with a contract schema, or the API's 400 VALIDATION with one message per field. */
function parse<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const seen = new Set<string>();
  const fields = [];
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : 'request';
    if (seen.has(field)) continue;
    seen.add(field);
    fields.push({ field, message: isMessageKey(issue.message) ? issue.message : ('generic.invalid' as const) });
  }
  throw new AppError('VALIDATION', { fields });
}

async function answer<T>(locale: Locale, run: () => Promise<T>): Promise<FormResult<T>> {
  try {
    return { ok: true, data: await run() };
  } catch (error) {
    if (!isAppError(error)) throw error;
    return toFormError(error, locale);
  }
}

function toFormError(error: AppError, locale: Locale): FormResult<never> {
  const message = translate(locale, error.messageKey, error.params);
  const fields: Record<string, string> = {};
  for (const field of error.fields) fields[field.field] ??= translate(locale, field.message, field.params);
  const conflictField = CONFLICT_FIELDS[error.code];
  if (conflictField && !(conflictField in fields)) fields[conflictField] = message;
  return {
    ok: false,
    status: error.status,
    error: error.code,
    message,
    fields,
    ...(error.retryAfterSec === undefined ? {} : { retryAfterSec: error.retryAfterSec }),
  };
}
