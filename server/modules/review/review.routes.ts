import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiSuccessSchema, ErrorBodySchema } from '../../../core/contracts/api';
import {
  ReviewDecisionBodySchema,
  ReviewIdParamsSchema,
  ReviewItemDataSchema,
  ReviewKindsDataSchema,
  ReviewQueueDataSchema,
  ReviewQueueQuerySchema,
  reviewEndpoints,
} from '../../../core/contracts/review';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';
import { AppError } from '../../errors';
import { requestLocale } from '../../i18n/translate';
import { limitAction } from '../../lib/limits/limit-action';
import { createRateLimiter, type RateLimiter } from '../../lib/limits/rate-limiter';
import { REVIEW_APPEAL_LIMITS } from '../../settings/limits';
import { requireRole, requireUser } from '../../http/current-user';
import { appealReview, decideReview, getReviewItem, listReviewKindsFor, listReviewQueue } from './review.service';

const STAFF_ROLES = ['staff', 'admin'] as const;
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const ok = <T>(data: T) => ({ code: 0 as const, msg: 'success', data });

/**
 * The review queue's API (docs/decisions/134): /api/staff/reviews… for staff and admins (401
 * signed out, 403 otherwise) and the submitter's one appeal of a rejection.
 */
export const reviewRoutes: FastifyPluginAsyncZod<{ db: Db; limiter?: RateLimiter; now?: () => Date }> = async (app, options) => {
  const { db } = options;
  const limiter = options.limiter ?? createRateLimiter({ db });
  const now = () => options.now?.() ?? new Date();

  app.post(
    reviewEndpoints.appeal.path,
    {
      schema: {
        tags: ['review'],
        summary: 'Appeal a rejection of something you submitted, once: it goes back to staff (10 a day, 3 for an account younger than 3 days)',
        params: ReviewIdParamsSchema,
        response: { 200: apiSuccessSchema(ReviewItemDataSchema), ...errors, 409: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const at = now();
      const [account] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, user.id));
      if (!account) throw new AppError('UNAUTHENTICATED');
      // Counted outside the appeal's transaction: a refused or failed appeal still counts.
      await limitAction({ limiter, action: 'review.appeal', accountId: user.id, accountCreatedAt: account.createdAt, address: request.ip, now: at, rules: REVIEW_APPEAL_LIMITS });
      const item = await db.transaction((tx) => appealReview(tx, { id: request.params.id, userId: user.id, now: at }));
      return ok({ item: await getReviewItem(db, { id: item.id, locale: requestLocale(request) }) });
    },
  );

  await app.register(async (scope) => {
    const staff = scope.withTypeProvider<ZodTypeProvider>();
    // Checked before anything else is read: signed out 401, a plain user 403.
    staff.addHook('onRequest', async (request, reply) => {
      requireRole(request, STAFF_ROLES);
      void reply.header('cache-control', 'private, no-store');
    });

    staff.get(
      reviewEndpoints.kinds.path,
      {
        schema: {
          tags: ['staff'],
          summary: 'The kinds features registered for review, with their rejection reasons, and the kinds still to come',
          response: { 200: apiSuccessSchema(ReviewKindsDataSchema), ...errors },
        },
      },
      async (request) => ok(listReviewKindsFor(requestLocale(request))),
    );

    staff.get(
      reviewEndpoints.queue.path,
      {
        schema: {
          tags: ['staff'],
          summary: 'The review queue: one status (pending unless asked), one kind or all, oldest first, by cursor',
          querystring: ReviewQueueQuerySchema,
          response: { 200: apiSuccessSchema(ReviewQueueDataSchema), ...errors },
        },
      },
      async (request) => ok(await listReviewQueue(db, { ...request.query, locale: requestLocale(request) })),
    );

    staff.post(
      reviewEndpoints.decide.path,
      {
        schema: {
          tags: ['staff'],
          summary: 'Approve, reject with one of the kind\'s reasons, or ask for changes; only a pending item is decided',
          params: ReviewIdParamsSchema,
          body: ReviewDecisionBodySchema,
          response: { 200: apiSuccessSchema(ReviewItemDataSchema), ...errors, 409: ErrorBodySchema },
        },
      },
      async (request) => {
        const decider = requireRole(request, STAFF_ROLES);
        const item = await db.transaction((tx) => decideReview(tx, { ...request.body, id: request.params.id, staffId: decider.id, now: now() }));
        return ok({ item: await getReviewItem(db, { id: item.id, locale: requestLocale(request) }) });
      },
    );
  });
};
