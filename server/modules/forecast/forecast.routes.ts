import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccessSchema, ErrorBodySchema } from '../../../core/contracts/api';
import {
  FollowDataSchema,
  MatchIdParamsSchema,
  MatchMarketsDataSchema,
  PlanIdParamsSchema,
  PlanListDataSchema,
  PlanListQuerySchema,
  PlanSchema,
  PublishPlanBodySchema,
  QuotaDataSchema,
  UnlockPlanBodySchema,
  UserIdParamsSchema,
  forecastEndpoints,
} from '../../../core/contracts/forecast';
import type { Db } from '../../db/client';
import { requestLocale } from '../../i18n/translate';
import { requireUser } from '../../http/current-user';
import type { NoticeLog, NoticePublisher } from '../notifications/public';
import type { OddsService } from '../odds/public';
import type { ForecastConfig } from './forecast-config';
import { followTipster, unfollowTipster } from './follows';
import { getMatchMarkets } from '../markets/public';
import { getPlan, listPlans, type PlanViewer } from './plan-reads';
import { publishPlan } from './publish-plan';
import { getQuota } from './quota';
import { unlockPlan } from './unlock-plan';

export interface ForecastRoutesOptions {
  db: Db;
  odds: OddsService;
  config: ForecastConfig;
  /** the server clock (tests move it): kick-off locks and the day of the daily limit */
  now?: () => Date;
  /** pushes the notifications of a sale or a new plan after commit (decision 133) */
  publisher?: NoticePublisher;
  log?: NoticeLog;
}

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };

/**
 * The prediction centre: markets of a match, publishing, reading and unlocking plans, the daily
 * quota and follows (docs/api/forecast.md). Thin: each handler calls one service. What a viewer
 * may see of a plan is decided in plan-reads.ts alone. Every answer depends on the viewer or the
 * clock, so none is cached.
 */
export const forecastRoutes: FastifyPluginAsyncZod<ForecastRoutesOptions> = async (app, options) => {
  const { db, odds, config, publisher } = options;
  const log = options.log ?? app.log;
  const now = () => options.now?.() ?? new Date();
  const ok = <T>(data: T) => ({ code: 0 as const, msg: 'success', data });
  const viewerOf = (request: FastifyRequest): PlanViewer => ({
    userId: request.user?.id ?? null,
    role: request.user?.role ?? null,
    locale: requestLocale(request),
  });
  // Signed-in routes answer 401 'Please log in first' before the body is even read.
  const signedIn = async (request: FastifyRequest) => {
    requireUser(request);
  };
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(
    forecastEndpoints.markets.path,
    {
      schema: {
        tags: ['forecast'],
        summary: 'The markets a plan can be published on for a match, priced by the odds model; publishable or why not',
        params: MatchIdParamsSchema,
        response: { 200: apiSuccessSchema(MatchMarketsDataSchema), 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) =>
      ok(await getMatchMarkets({ db, odds, matchId: request.params.matchId, now: now(), locale: requestLocale(request) })),
  );

  app.post(
    forecastEndpoints.publish.path,
    {
      onRequest: signedIn,
      schema: {
        tags: ['forecast'],
        summary: 'Publish a plan on an upcoming match (odds fixed now, fingerprinted); idempotent by key',
        body: PublishPlanBodySchema,
        response: { 200: apiSuccessSchema(PlanSchema), ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return ok(
        await publishPlan({ db, odds, config, userId: user.id, body: request.body, now: now(), locale: requestLocale(request), publisher, log }),
      );
    },
  );

  app.get(
    forecastEndpoints.plans.path,
    {
      schema: {
        tags: ['forecast'],
        summary: 'Plans: latest, recommended, of followed tipsters, my own, purchased; by match, tipster or sport',
        querystring: PlanListQuerySchema,
        response: { 200: apiSuccessSchema(PlanListDataSchema), 400: ErrorBodySchema, 401: ErrorBodySchema },
      },
    },
    async (request) => {
      const query = request.query;
      return ok(
        await listPlans(db, {
          viewer: viewerOf(request),
          view: query.view,
          matchId: query.match_id,
          tipsterId: query.tipster_id,
          sport: query.sport,
          page: query.page,
          size: query.size,
        }),
      );
    },
  );

  app.get(
    forecastEndpoints.plan.path,
    {
      schema: {
        tags: ['forecast'],
        summary: 'One plan; its content only for the tipster, its buyers, free plans and once settled',
        params: PlanIdParamsSchema,
        response: { 200: apiSuccessSchema(PlanSchema), 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => ok(await getPlan(db, { planId: request.params.id, viewer: viewerOf(request) })),
  );

  app.post(
    forecastEndpoints.unlock.path,
    {
      onRequest: signedIn,
      schema: {
        tags: ['forecast'],
        summary: 'Unlock a paid plan with points; unlocking again answers the plan without a second charge',
        params: PlanIdParamsSchema,
        body: UnlockPlanBodySchema.nullish(),
        response: { 200: apiSuccessSchema(PlanSchema), ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return ok(
        await unlockPlan({
          db,
          config,
          planId: request.params.id,
          buyerId: user.id,
          buyerRole: user.role,
          now: now(),
          locale: requestLocale(request),
          publisher,
          log,
        }),
      );
    },
  );

  app.get(
    forecastEndpoints.quota.path,
    {
      onRequest: signedIn,
      schema: {
        tags: ['forecast'],
        summary: 'Plans the signed-in tipster may still publish today (Europe/Istanbul day)',
        response: { 200: apiSuccessSchema(QuotaDataSchema), 401: ErrorBodySchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return ok(await getQuota(db, { userId: user.id, limit: config.dailyLimit, now: now() }));
    },
  );

  app.post(
    forecastEndpoints.follow.path,
    {
      onRequest: signedIn,
      schema: {
        tags: ['forecast'],
        summary: 'Follow a tipster',
        params: UserIdParamsSchema,
        response: { 200: apiSuccessSchema(FollowDataSchema), ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return ok(await followTipster(db, { followerId: user.id, tipsterId: request.params.userId, now: now(), publisher, log }));
    },
  );

  app.delete(
    forecastEndpoints.unfollow.path,
    {
      onRequest: signedIn,
      schema: {
        tags: ['forecast'],
        summary: 'Stop following a tipster',
        params: UserIdParamsSchema,
        response: { 200: apiSuccessSchema(FollowDataSchema), ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return ok(await unfollowTipster(db, { followerId: user.id, tipsterId: request.params.userId }));
    },
  );
};
