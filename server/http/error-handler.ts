import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '../../core/contracts/api';
import { hasControlCharacters } from '../../core/contracts/text';
import { AppError, isAppError } from '../errors';
import { requestLocale, translate } from '../i18n/translate';
import { toValidationError } from '../i18n/validation-errors';
import { isApiPath, type UnmatchedRequests } from './unmatched-requests';

/**
 * Sets the application's one error handler and its not-found answer (server/app.ts calls it once;
 * no plugin sets its own). Plugins registered after it inherit both. Errors Fastify meets before
 * routing (a malformed URL) reach `handleError` through the `frameworkErrors` option.
 */
export function setErrorHandling(app: FastifyInstance, unmatched?: UnmatchedRequests): void {
  app.setErrorHandler(handleError);
  // A path no route can hold is refused before any route's handler, whichever route it
  // resembles (after onRequest, so the answer carries the security headers like any other).
  app.addHook('preValidation', async (request) => {
    refuseOddPath(request.url);
  });
  app.setNotFoundHandler((request) => {
    // An API address asked with a method it does not take is a 405, not a 404.
    if (unmatched && isApiPath(request.url)) unmatched.rejectApi(request);
    throw new AppError('NOT_FOUND');
  });
}

/**
 * The one error handler (section 8): every error becomes an AppError of the closed set and is
 * answered `{code: <status>, message: <translated>, data: {error: <CODE>, fields?}}` in the
 * request's language. A 5xx never carries internal text; it is logged with the request id.
 */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const appError = toAppError(error);
  if (appError.status >= 500) request.log.error({ err: error, reqId: request.id }, 'request failed');
  // A refused request is the client's doing: one line, what was asked and why, never a stack.
  else request.log.info({ reqId: request.id, method: request.method, url: request.url, status: appError.status, error: appError.code }, 'request refused');
  const locale = requestLocale(request);
  if (appError.retryAfterSec !== undefined) reply.header('retry-after', String(appError.retryAfterSec));
  if (appError.allow !== undefined) reply.header('allow', appError.allow);
  const fields = appError.fields.map((field) => ({ field: field.field, message: translate(locale, field.message, field.params) }));
  const body: ErrorBody = {
    code: appError.status,
    message: translate(locale, appError.messageKey, appError.params),
    data: fields.length > 0 ? { error: appError.code, fields } : { error: appError.code },
  };
  return reply.status(appError.status).send(body);
}

/** What Fastify itself rejects (body parsing, limits, unknown routes) maps onto the closed set of codes. */
function toAppError(error: FastifyError): AppError {
  if (isAppError(error)) return error;
  const validation = toValidationError(error);
  if (validation) return validation;
  const status = error.statusCode;
  if (status === undefined || status < 400 || status >= 500) return new AppError('INTERNAL', { cause: error });
  if (error.validation) return new AppError('VALIDATION');
  switch (status) {
    case 401:
      return new AppError('UNAUTHENTICATED');
    case 403:
      return new AppError('FORBIDDEN');
    case 404:
      return new AppError('NOT_FOUND');
    case 413:
      return new AppError('PAYLOAD_TOO_LARGE');
    case 415:
      return new AppError('UNSUPPORTED_MEDIA_TYPE');
    default:
      // malformed JSON, an empty JSON body, a wrong content length, a bad URL
      return new AppError('BAD_REQUEST');
  }
}

/**
 * Control characters (C0, DEL, C1) and the Unicode line and paragraph separators have no place
 * in a path, and they are what the routers' patterns cannot match (`.` stops at a line break):
 * `/crests/team/%0D%0AX.svg` slipped past the crest route into the page renderer, whose router
 * answered an untranslated 404 and printed a ten-line stack (decision 107). Such a path is a
 * 400 BAD_REQUEST through the one error handler, on every route; so is a path whose
 * %-encoding is broken.
 */
const LINE_SEPARATORS = /[\u2028\u2029]/;
/** The same characters %-encoded (UTF-8): C0 and DEL, C1 (U+0080–U+009F), U+2028 and U+2029. */
const ENCODED_ODD_CHARACTER = /%(?:[01][0-9a-f]|7f|c2%[89][0-9a-f]|e2%80%a[89])/i;

export function refuseOddPath(url: string): void {
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  if (ENCODED_ODD_CHARACTER.test(path) || hasControlCharacters(path) || LINE_SEPARATORS.test(path) || !isDecodable(path)) {
    throw new AppError('BAD_REQUEST');
  }
}

/** A broken %-encoding (`/%E0%A4%A`) that Fastify's router lets through would reach the renderer, whose router prints a warning. */
function isDecodable(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
