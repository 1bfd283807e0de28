import { z } from 'zod';
import type { MessageKey } from '../messages/messages';

/**
 * The API's envelopes and its closed set of error codes (specification section 8,
 * docs/decisions/060-error-model.md). Every error answer is
 * `{code: <HTTP status>, message: <translated>, data: {error: <CODE>, fields?: [{field, message}]}}`.
 */

/** Each error code and its HTTP status: the one map. Add a code here, with its message below. */
export const ERROR_STATUS = {
  VALIDATION: 400,
  BAD_REQUEST: 400,
  LOGIN_FAILED: 400,
  CODE_INVALID: 400,
  PASSWORD_WRONG: 400,
  IMPORT_INVALID: 400,
  REPLAY_NO_COMPETITION: 400,
  UPLOAD_EMPTY: 400,
  UPLOAD_TOO_MANY_FILES: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  CROSS_SITE: 403,
  PLAN_OWN: 403,
  OAUTH_ACCOUNT_CLOSED: 403,
  NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  NICKNAME_TAKEN: 409,
  ALREADY_CHECKED_IN: 409,
  IDEMPOTENCY_MISMATCH: 409,
  ACCOUNT_CLOSED: 409,
  POINTS_INSUFFICIENT: 409,
  POINTS_LIMIT: 409,
  COLLECTION_LIMIT: 409,
  NOT_A_REPLAY: 409,
  PLAN_MATCH_STARTED: 409,
  PLAN_MATCH_UNSUPPORTED: 409,
  PLAN_DAILY_LIMIT: 409,
  PLAN_FREE: 409,
  PLAN_HIDDEN: 409,
  FOLLOW_SELF: 409,
  BLOCK_SELF: 409,
  BET_MATCH_CLOSED: 409,
  BET_PRICE_MOVED: 409,
  BET_LIMIT: 409,
  CONTACT_CLOSED: 409,
  REVIEW_ALREADY_DECIDED: 409,
  REVIEW_APPEAL_REFUSED: 409,
  REVIEW_RESUBMIT_REFUSED: 409,
  COMMUNITY_EDIT_CLOSED: 409,
  METHOD_NOT_ALLOWED: 405,
  DETAIL_EXPIRED: 410,
  PAYLOAD_TOO_LARGE: 413,
  UPLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UPLOAD_TYPE_NOT_ALLOWED: 415,
  UPLOAD_UNREADABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UPLOAD_FAILED: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}

/**
 * The message each code answers unless the thrower names a more precise one (e.g. NOT_FOUND
 * says 'Match not found' for a match). Messages live in core/messages.
 */
export const ERROR_MESSAGE: Record<ErrorCode, MessageKey> = {
  VALIDATION: 'api.validation.failed',
  BAD_REQUEST: 'api.badRequest',
  LOGIN_FAILED: 'account.loginFailed',
  CODE_INVALID: 'account.code.invalid',
  PASSWORD_WRONG: 'account.oldPassword.wrong',
  IMPORT_INVALID: 'imports.failed',
  REPLAY_NO_COMPETITION: 'replay.competition.none',
  UNAUTHENTICATED: 'auth.loginFirst',
  FORBIDDEN: 'auth.forbidden',
  CROSS_SITE: 'auth.crossSite',
  OAUTH_ACCOUNT_CLOSED: 'oauth.accountClosed',
  NOT_FOUND: 'api.notFound',
  EMAIL_TAKEN: 'account.email.taken',
  NICKNAME_TAKEN: 'account.nickname.taken',
  ALREADY_CHECKED_IN: 'points.checkin.already',
  IDEMPOTENCY_MISMATCH: 'points.idempotencyMismatch',
  ACCOUNT_CLOSED: 'points.accountClosed',
  POINTS_INSUFFICIENT: 'points.insufficient',
  POINTS_LIMIT: 'points.limit',
  COLLECTION_LIMIT: 'collections.limit',
  NOT_A_REPLAY: 'replay.match.notReplay',
  PLAN_MATCH_STARTED: 'forecast.match.started',
  PLAN_MATCH_UNSUPPORTED: 'forecast.match.unsupported',
  PLAN_DAILY_LIMIT: 'forecast.dailyLimit',
  PLAN_FREE: 'forecast.unlock.free',
  PLAN_HIDDEN: 'forecast.unlock.hidden',
  FOLLOW_SELF: 'forecast.follow.self',
  BLOCK_SELF: 'social.block.self',
  BET_MATCH_CLOSED: 'guessing.market.closed',
  BET_PRICE_MOVED: 'guessing.priceMoved',
  BET_LIMIT: 'guessing.stake.tooBig',
  CONTACT_CLOSED: 'contact.closed',
  REVIEW_ALREADY_DECIDED: 'review.alreadyDecided',
  REVIEW_APPEAL_REFUSED: 'review.appealRefused',
  REVIEW_RESUBMIT_REFUSED: 'review.resubmitRefused',
  COMMUNITY_EDIT_CLOSED: 'community.editNoLonger',
  PLAN_OWN: 'forecast.unlock.own',
  METHOD_NOT_ALLOWED: 'api.methodNotAllowed',
  DETAIL_EXPIRED: 'api.match.detailExpired',
  PAYLOAD_TOO_LARGE: 'api.tooLarge',
  UNSUPPORTED_MEDIA_TYPE: 'api.badRequest',
  UPLOAD_EMPTY: 'upload.empty',
  UPLOAD_TOO_MANY_FILES: 'upload.tooManyFiles',
  UPLOAD_TOO_LARGE: 'upload.tooLarge',
  UPLOAD_TYPE_NOT_ALLOWED: 'upload.type.media',
  UPLOAD_UNREADABLE: 'upload.unreadable',
  UPLOAD_FAILED: 'upload.failed',
  RATE_LIMITED: 'account.rateLimited',
  INTERNAL: 'api.internal',
};

export const FieldMessageSchema = z.object({ field: z.string(), message: z.string() });
export type FieldMessage = z.infer<typeof FieldMessageSchema>;

/** Error envelope of every 4xx/5xx answer (section 8). */
export const ErrorBodySchema = z.object({
  code: z.number().int().min(400).max(599).describe('the HTTP status'),
  message: z.string().describe("in the request's language; a 5xx never carries internal text"),
  data: z.object({
    error: z.enum(ERROR_CODES),
    fields: z.array(FieldMessageSchema).optional().describe('one message per invalid field'),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/**
 * Success envelope `{code, msg: 'success', data}`. The code is the specification's, per API:
 * 1 for football's live-score paths (`/api/match_recent/anew_list`), 0 for basketball
 * (`/api/basketball`) and for everything the specification leaves open (accounts, points, …).
 */
export function successEnvelopeSchema<C extends z.ZodType<number>, T extends z.ZodType>(code: C, data: T) {
  return z.object({ code, msg: z.string(), data });
}

/** The success envelope of the APIs the specification leaves open: `{code: 0, msg: 'success', data}`. */
export function apiSuccessSchema<T extends z.ZodType>(data: T) {
  return successEnvelopeSchema(z.literal(0), data);
}
