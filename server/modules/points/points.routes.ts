import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccessSchema, ErrorBodySchema } from '../../../core/contracts/api';
import { CheckinDataSchema, PointsRecordsDataSchema, PointsRecordsQuerySchema, pointsEndpoints } from '../../../core/contracts/points';
import { requireUser } from '../../http/current-user';
import type { Db } from '../../db/client';
import { loadEnv } from '../../env';
import { createPointsService, type CheckinRules } from './points.service';

export interface PointsRoutesOptions {
  db: Db;
  /** the clock (tests move it) */
  now?: () => Date;
  /** check-in points; CHECKIN_POINTS, CHECKIN_STREAK_BONUS and CHECKIN_STREAK_CAP by default */
  checkin?: CheckinRules;
}

/** The signed-in user's points: record and daily check-in (docs/api/accounts.md "Points"). */
export const pointsRoutes: FastifyPluginAsyncZod<PointsRoutesOptions> = async (app, options) => {
  const service = createPointsService({ db: options.db, now: options.now, checkin: options.checkin ?? checkinRulesFromEnv() });
  // Signed-in only: checked before the body is, so a signed-out caller always gets the 401.
  app.addHook('onRequest', async (request) => {
    requireUser(request);
  });

  app.get(
    pointsEndpoints.records.path,
    {
      schema: {
        tags: ['points'],
        summary: "The signed-in user's points record, newest first, with the balance",
        querystring: PointsRecordsQuerySchema,
        response: { 200: apiSuccessSchema(PointsRecordsDataSchema), 400: ErrorBodySchema, 401: ErrorBodySchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const data = await service.listRecords({ userId: user.id, ...request.query });
      return { code: 0 as const, msg: 'success', data };
    },
  );

  app.post(
    pointsEndpoints.checkin.path,
    {
      schema: {
        tags: ['points'],
        summary: 'Daily check-in: once per UTC day, more points for consecutive days',
        response: { 200: apiSuccessSchema(CheckinDataSchema), 401: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const data = await service.checkin({ userId: user.id });
      return { code: 0 as const, msg: 'success', data };
    },
  );
};

function checkinRulesFromEnv(): CheckinRules {
  const env = loadEnv();
  return { points: env.CHECKIN_POINTS, streakBonus: env.CHECKIN_STREAK_BONUS, streakCap: env.CHECKIN_STREAK_CAP };
}
