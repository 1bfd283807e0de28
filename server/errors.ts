import { ERROR_MESSAGE, ERROR_STATUS, type ErrorCode } from '../core/contracts/api';
import type { MessageKey } from '../core/messages/messages';

/**
 * The one error type services throw for answers a client should see (STYLE.md: one AppError
 * with documented codes). Codes are a closed set, each with its HTTP status and default
 * message, in core/contracts/api.ts (`ERROR_STATUS`, `ERROR_MESSAGE`); the error handler in
 * app.ts turns an AppError into the section 8 body
 * `{code: <HTTP status>, message: <translated>, data: {error: <CODE>, fields?: [...]}}`.
 *
 *   throw new AppError('NOT_FOUND');
 *   throw new AppError('NOT_FOUND', { message: 'api.match.notFound' });
 *   throw new AppError('RATE_LIMITED', { params: { seconds: 30 }, retryAfterSec: 30 });
 */
export interface FieldError {
  field: string;
  message: MessageKey;
  params?: Record<string, string | number>;
}

export interface AppErrorOptions {
  /** a more precise message than the code's default (ERROR_MESSAGE) */
  message?: MessageKey;
  params?: Record<string, string | number>;
  fields?: FieldError[];
  /** seconds a rate-limited client should wait (Retry-After) */
  retryAfterSec?: number;
  /** the methods the address takes (the Allow header of a 405) */
  allow?: string;
  /** what went wrong underneath; logged, never sent */
  cause?: unknown;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly messageKey: MessageKey;
  readonly params: Record<string, string | number>;
  readonly fields: FieldError[];
  readonly retryAfterSec?: number;
  readonly allow?: string;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    super(code, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.messageKey = options.message ?? ERROR_MESSAGE[code];
    this.params = options.params ?? {};
    this.fields = options.fields ?? [];
    this.retryAfterSec = options.retryAfterSec;
    this.allow = options.allow;
  }
}

/** A 400 VALIDATION with one message per field, e.g. `invalidFields([{ field: 'email', message: 'account.email.invalid' }])`. */
export function invalidFields(fields: FieldError[], message?: MessageKey): AppError {
  return new AppError('VALIDATION', { message, fields });
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
