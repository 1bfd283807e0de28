import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { apiSuccessSchema, ErrorBodySchema } from '../../../core/contracts/api';
import { communityModerationEndpoints, ModerationIdParamsSchema } from '../../../core/contracts/community-moderation';
import { communityReportEndpoints } from '../../../core/contracts/community-reports';
import type { Endpoint } from '../../../core/contracts/endpoints';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';
import { AppError, isAppError } from '../../errors';
import { requireRole, requireUser } from '../../http/current-user';
import { limitAction } from '../../lib/limits/limit-action';
import { createRateLimiter, type RateLimiter } from '../../lib/limits/rate-limiter';
import { withNotifications, type NoticeLog, type NoticePublisher } from '../notifications/public';
import {
  addReviewWord,
  assertMayWrite,
  getFanModeration,
  liftRestriction,
  listAudit,
  listOpenReportCases,
  listReviewWords,
  moderateContent,
  removeReviewWord,
  reportContent,
  restrictFan,
} from './moderation.service';
import { REPORT_LIMITS } from './moderation.settings';

export interface ModerationRouteOptions {
  db: Db;
  /** distinct reporters that hide a post or comment (COMMUNITY_REPORT_HIDE_REPORTERS) */
  hideAt: number;
  /** the review words of the settings (COMMUNITY_REVIEW_WORDS), lower case */
  settingWords: readonly string[];
  publisher?: NoticePublisher;
  log?: NoticeLog;
  limiter?: RateLimiter;
  now?: () => Date;
}

const STAFF_ROLES = ['staff', 'admin'] as const;
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema, 429: ErrorBodySchema };
const ok = <T>(data: T) => ({ code: 0 as const, msg: 'success', data });

function schemaOf<Q extends z.ZodType | undefined, B extends z.ZodType | undefined, D extends z.ZodType, P extends z.ZodType | undefined = undefined>(
  endpoint: Endpoint<Q, B, D>,
  extra: { summary: string; params?: P; tags?: string[] },
) {
  const schema = {
    tags: extra.tags ?? ['staff'],
    summary: extra.summary,
    params: extra.params as P,
    querystring: endpoint.query as Q,
    body: endpoint.body as B,
    response: { 200: apiSuccessSchema(endpoint.data), ...errors },
  };
  for (const part of ['params', 'querystring', 'body'] as const) if (schema[part] === undefined) delete schema[part];
  return schema;
}

/**
 * The community's moderation API (docs/decisions/143): a fan's report, and the staff routes —
 * hide, restore, delete, restrict, review words, audit log — for staff and admins only (401
 * signed out, 403 otherwise), never cached.
 */
export const moderationRoutes: FastifyPluginAsyncZod<ModerationRouteOptions> = async (app, options) => {
  const { db, settingWords } = options;
  const limiter = options.limiter ?? createRateLimiter({ db });
  const now = () => options.now?.() ?? new Date();
  const notices = { db, publisher: options.publisher, log: options.log };

  const report = communityReportEndpoints.report;
  app.post(
    report.path,
    { schema: schemaOf(report, { tags: ['community'], summary: 'Report a post, a comment or a fan with a reason; a repeat counts once (20 a day, 5 for a new account)' }) },
    async (request) => {
      const user = requireUser(request);
      const at = now();
      const [account] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, user.id));
      if (!account) throw new AppError('UNAUTHENTICATED');
      await assertMayWrite(db, { userId: user.id, action: 'community.report', now: at });
      try {
        await limitAction({ limiter, action: 'community.report', accountId: user.id, accountCreatedAt: account.createdAt, address: request.ip, now: at, rules: REPORT_LIMITS });
      } catch (error) {
        if (isAppError(error) && error.code === 'RATE_LIMITED') {
          throw new AppError('RATE_LIMITED', { message: 'community.report.rateLimited', params: error.params, retryAfterSec: error.retryAfterSec });
        }
        throw error;
      }
      return ok(await db.transaction((tx) => reportContent(tx, { reporter: user, body: request.body, hideAt: options.hideAt, now: at })));
    },
  );

  await app.register(async (scope) => {
    const staff = scope.withTypeProvider<ZodTypeProvider>();
    // Checked before anything else is read: signed out 401, a plain fan 403.
    staff.addHook('onRequest', async (request, reply) => {
      requireRole(request, STAFF_ROLES);
      void reply.header('cache-control', 'private, no-store');
    });
    const e = communityModerationEndpoints;

    staff.get(e.reports.path, { schema: schemaOf(e.reports, { summary: 'The open report cases, newest first, with their targets and reasons' }) }, async () => ok(await listOpenReportCases(db)));

    staff.post(
      e.moderatePost.path,
      { schema: schemaOf(e.moderatePost, { summary: 'Hide, restore or delete a post; hide and delete take a reason its author is told', params: ModerationIdParamsSchema }) },
      async (request) => {
        const by = requireRole(request, STAFF_ROLES);
        return ok(await withNotifications(notices, (tx, told) => moderateContent(tx, { staff: by, targetType: 'post', id: request.params.id, body: request.body, now: now(), notices: told })));
      },
    );

    staff.post(
      e.moderateComment.path,
      { schema: schemaOf(e.moderateComment, { summary: 'Hide, restore or delete a comment; hide and delete take a reason its author is told', params: ModerationIdParamsSchema }) },
      async (request) => {
        const by = requireRole(request, STAFF_ROLES);
        return ok(await withNotifications(notices, (tx, told) => moderateContent(tx, { staff: by, targetType: 'comment', id: request.params.id, body: request.body, now: now(), notices: told })));
      },
    );

    staff.get(e.fan.path, { schema: schemaOf(e.fan, { summary: 'A fan’s suspensions and bans, the one holding now, and the reports about them', params: ModerationIdParamsSchema }) }, async (request) =>
      ok(await getFanModeration(db, { userId: request.params.id, now: now() })),
    );

    staff.post(
      e.sanction.path,
      { schema: schemaOf(e.sanction, { summary: 'Suspend a fan for N days (read-only in the community) or ban them, with a reason they are told', params: ModerationIdParamsSchema }) },
      async (request) => {
        const by = requireRole(request, STAFF_ROLES);
        return ok(await withNotifications(notices, (tx, told) => restrictFan(tx, { staff: by, userId: request.params.id, body: request.body, now: now(), notices: told })));
      },
    );

    staff.post(e.lift.path, { schema: schemaOf(e.lift, { summary: 'Lift the suspension or ban holding now', params: ModerationIdParamsSchema }) }, async (request) => {
      const by = requireRole(request, STAFF_ROLES);
      return ok(await withNotifications(notices, (tx, told) => liftRestriction(tx, { staff: by, userId: request.params.id, note: request.body.note, now: now(), notices: told })));
    });

    staff.get(e.reviewWords.path, { schema: schemaOf(e.reviewWords, { summary: 'The review words: those of the settings and those staff added' }) }, async () => ok(await listReviewWords(db, settingWords)));

    staff.post(e.addReviewWord.path, { schema: schemaOf(e.addReviewWord, { summary: 'Add a review word: a post holding it waits for staff' }) }, async (request) => {
      const by = requireRole(request, STAFF_ROLES);
      return ok(await db.transaction((tx) => addReviewWord(tx, { staff: by, word: request.body.word, settingWords, now: now() })));
    });

    staff.post(e.removeReviewWord.path, { schema: schemaOf(e.removeReviewWord, { summary: 'Remove a review word staff added (one of the settings is changed there)' }) }, async (request) => {
      const by = requireRole(request, STAFF_ROLES);
      return ok(await db.transaction((tx) => removeReviewWord(tx, { staff: by, word: request.body.word, settingWords, now: now() })));
    });

    staff.get(e.audit.path, { schema: schemaOf(e.audit, { summary: 'The audit log of staff actions in the community, newest first, by staff member and by target' }) }, async (request) =>
      ok(await listAudit(db, request.query)),
    );
  });
};
