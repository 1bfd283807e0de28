import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccessSchema, ErrorBodySchema } from '../../../core/contracts/api';
import { CheckinDataSchema, PointsRecordsDataSchema, PointsRecordsQuerySchema, pointsEndpoints } from '../../../core/contracts/points';
import { requireUser } from '../../http/current-user';
import type { Db } from '../../db/client';
import { defineSettings, integerSetting } from '../../settings/module-settings';
import { createPointsService, type CheckinRules } from './points.service';

export interface PointsRoutesOptions {
  db: Db;
  /** the clock (tests move it) */
  now?: () => Date;
  /** check-in points; CHECKIN_POINTS, CHECKIN_STREAK_BONUS and CHECKIN_STREAK_CAP by default */
  checkin?: CheckinRules;
}

/** The daily check-in's environment variables, declared by the points module. */
export const checkinSettings = defineSettings({
  CHECKIN_POINTS: integerSetting(0, 1_000_000, 10),
  /** extra points per consecutive day of check-in, on top of CHECKIN_POINTS */
  CHECKIN_STREAK_BONUS: integerSetting(0, 1_000_000, 5),
  /** the streak bonus stops growing after this many consecutive days */
  CHECKIN_STREAK_CAP: integerSetting(1, 365, 7),
});

/** The check-in's rules when the variables are unset (tests): the defaults above. */
export const DEFAULT_CHECKIN_RULES: CheckinRules = { points: 10, streakBonus: 5, streakCap: 7 };

/** The signed-in user's points: record and daily check-in (docs/api/accounts.md "Points"). */
export const pointsRoutes: FastifyPluginAsyncZod<PointsRoutesOptions> = async (app, options) => {
  const service = createPointsService({ db: options.db, now: options.now, checkin: options.checkin ?? DEFAULT_CHECKIN_RULES });
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
