import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccessSchema, ErrorBodySchema } from '../../../core/contracts/api';
import {
  HidePlanBodySchema,
  HidePlanDataSchema,
  MatchIdParamsSchema,
  PlanIdParamsSchema,
  ResettleDataSchema,
  SettlementLogDataSchema,
  SettlementLogQuerySchema,
  staffForecastEndpoints,
} from '../../../core/contracts/forecast';
import type { Db } from '../../db/client';
import type { NoticeDeps } from '../notifications/public';
import { requestLocale } from '../../i18n/translate';
import { requireRole } from '../../http/current-user';
import { hidePlan, listSettlements, resettleMatch } from './forecast-staff';
import type { SettlementLog, SettlementPublisher } from '../markets/public';

const STAFF_ROLES = ['staff', 'admin'] as const;
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

export interface ForecastStaffRoutesOptions {
  db: Db;
  now?: () => Date;
  /** with it, a re-run's new settlements reach the tipsters and buyers as pop-ups */
  publisher?: SettlementPublisher;
  log?: SettlementLog;
  /** with it, the readers' bells move after a re-run (decision 133) */
  notices?: NoticeDeps;
}

/**
 * Staff tools of the prediction centre (docs/api/forecast.md "Records, rankings and staff"):
 * role staff or admin, else 403 (401 signed out), checked before anything else is read, as the
 * other staff routes do.
 */
export const forecastStaffRoutes: FastifyPluginAsyncZod<ForecastStaffRoutesOptions> = async (app, options) => {
  const { db } = options;
  const now = () => options.now?.() ?? new Date();
  const ok = <T>(data: T) => ({ code: 0 as const, msg: 'success', data });
  app.addHook('onRequest', async (request) => {
    requireRole(request, STAFF_ROLES);
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.post(
    staffForecastEndpoints.hidePlan.path,
    {
      schema: {
        tags: ['staff'],
        summary: "Hide a plan's description from everyone (kept in the record for audit); idempotent",
        params: PlanIdParamsSchema,
        body: HidePlanBodySchema,
        response: { 200: apiSuccessSchema(HidePlanDataSchema), ...errors },
      },
    },
    async (request) => {
      const staff = requireRole(request, STAFF_ROLES);
      return ok(await hidePlan(db, { planId: request.params.id, staffId: staff.id, reason: request.body.reason, now: now() }));
    },
  );

  app.get(
    staffForecastEndpoints.settlements.path,
    {
      schema: {
        tags: ['staff'],
        summary: 'The settlement log, newest first: every version of every plan, with its cause',
        querystring: SettlementLogQuerySchema,
        response: { 200: apiSuccessSchema(SettlementLogDataSchema), ...errors },
      },
    },
    async (request) => {
      requireRole(request, STAFF_ROLES);
      return ok(await listSettlements(db, { matchId: request.query.match_id, page: request.query.page, size: request.query.size, locale: requestLocale(request) }));
    },
  );

  app.post(
    staffForecastEndpoints.resettle.path,
    {
      schema: {
        tags: ['staff'],
        summary: "Re-run a match's settlement from its current result; writes only what changed",
        params: MatchIdParamsSchema,
        response: { 200: apiSuccessSchema(ResettleDataSchema), ...errors },
      },
    },
    async (request) => {
      const staff = requireRole(request, STAFF_ROLES);
      return ok(await resettleMatch(db, { matchId: request.params.matchId, staffId: staff.id, now: now(), publisher: options.publisher, log: options.log, notices: options.notices }));
    },
  );
};
