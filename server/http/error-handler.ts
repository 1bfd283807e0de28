import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '../../core/contracts/api';
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
