import type { MessageKey } from './i18n/messages';

/**
 * The one error type services throw for answers a client should see (STYLE.md: one AppError
 * with documented codes). The error handler in app.ts turns it into the section 8 body
 * `{code: <HTTP status>, message: <translated>, data: {error: <CODE>, fields?: [...]}}`.
 *
 * Codes (UPPER_SNAKE) and their HTTP status:
 *   VALIDATION 400 · UNAUTHENTICATED 401 · FORBIDDEN 403 · NOT_FOUND 404 · CONFLICT 409 ·
 *   RATE_LIMITED 429 · and the feature codes documented where they are thrown
 *   (POINTS_INSUFFICIENT 409, IDEMPOTENCY_MISMATCH 409, CODE_INVALID 400, …).
 */
export interface FieldError {
  field: string;
  message: MessageKey;
  params?: Record<string, string | number>;
}

export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly messageKey: MessageKey;
  readonly params: Record<string, string | number>;
  readonly fields: FieldError[];
  /** seconds a rate-limited client should wait (Retry-After) */
  readonly retryAfterSec?: number;

  constructor(options: {
    code: string;
    status: number;
    message: MessageKey;
    params?: Record<string, string | number>;
    fields?: FieldError[];
    retryAfterSec?: number;
  }) {
    super(options.code);
    this.name = 'AppError';
    this.code = options.code;
    this.status = options.status;
    this.messageKey = options.message;
    this.params = options.params ?? {};
    this.fields = options.fields ?? [];
    this.retryAfterSec = options.retryAfterSec;
  }
}

/** A 400 with one message per field, e.g. `invalidFields([{ field: 'email', message: 'account.email.invalid' }])`. */
export function invalidFields(fields: FieldError[], message: MessageKey = 'api.validation.failed'): AppError {
  return new AppError({ code: 'VALIDATION', status: 400, message, fields });
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
