import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccessSchema, ErrorBodySchema } from '../../../core/contracts/api';
import {
  ImportResultSchema,
  OpenfootballImportBodySchema,
  StaffDeductionBodySchema,
  StaffDeductionParamsSchema,
  StaffDeductionSchema,
  StaffDeletedDeductionSchema,
  StaffSeasonDeductionsDataSchema,
  StaffSeasonParamsSchema,
  StaffSeasonsDataSchema,
  importsEndpoints,
} from '../../../core/contracts/imports';
import type { Db } from '../../db/client';
import { requestLocale } from '../../i18n/translate';
import { requireRole } from '../../http/current-user';
import { addDeduction, deleteDeduction, getSeasonDeductions, listSeasons, runOpenfootballImport, type SeasonImporter } from './imports.service';

const STAFF_ROLES = ['staff', 'admin'] as const;
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
/** A season file is 50–130 KB; the application's 64 KiB limit is for everything else. */
const IMPORT_BODY_LIMIT = 4 * 1024 * 1024;

/**
 * Staff tools for seasons (docs/data/openfootball.md): import an openfootball season, list
 * seasons, record and remove point deductions. Role staff or admin, else 403; signed out 401.
 */
export const importsRoutes: FastifyPluginAsyncZod<{ db: Db; importer: SeasonImporter; now?: () => Date }> = async (app, options) => {
  const { db } = options;
  const now = () => options.now?.() ?? new Date();
  // Checked before the body is: signed out 401, a plain user 403, whatever they send.
  app.addHook('onRequest', async (request) => {
    requireRole(request, STAFF_ROLES);
  });
  const ok = <T>(data: T) => ({ code: 0 as const, msg: 'success', data });

  app.post(
    importsEndpoints.importOpenfootball.path,
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags: ['staff'],
        summary: 'Import an openfootball football.json season (the same as npm run data:import); idempotent',
        body: OpenfootballImportBodySchema,
        response: { 200: apiSuccessSchema(ImportResultSchema), ...errors },
      },
    },
    async (request) => ok(await runOpenfootballImport({ body: request.body, now: now(), importer: options.importer })),
  );

  app.get(
    importsEndpoints.seasons.path,
    {
      schema: {
        tags: ['staff'],
        summary: 'Every season, newest first, with its competition, match and deduction counts',
        response: { 200: apiSuccessSchema(StaffSeasonsDataSchema), ...errors },
      },
    },
    async (request) => ok(await listSeasons(db, { locale: requestLocale(request) })),
  );

  app.get(
    importsEndpoints.seasonDeductions.path,
    {
      schema: {
        tags: ['staff'],
        summary: "A season's point deductions and the teams that play in it",
        params: StaffSeasonParamsSchema,
        response: { 200: apiSuccessSchema(StaffSeasonDeductionsDataSchema), ...errors },
      },
    },
    async (request) => ok(await getSeasonDeductions(db, { seasonId: request.params.id, locale: requestLocale(request) })),
  );

  app.post(
    importsEndpoints.addDeduction.path,
    {
      schema: {
        tags: ['staff'],
        summary: 'Record points a league took off a team, in the staff member’s name',
        params: StaffSeasonParamsSchema,
        body: StaffDeductionBodySchema,
        response: { 200: apiSuccessSchema(StaffDeductionSchema), ...errors },
      },
    },
    async (request) => {
      const staff = requireRole(request, STAFF_ROLES);
      return ok(
        await addDeduction(db, {
          seasonId: request.params.id,
          teamId: request.body.team_id,
          points: request.body.points,
          reason: request.body.reason,
          staffId: staff.id,
          now: now(),
        }),
      );
    },
  );

  app.delete(
    importsEndpoints.deleteDeduction.path,
    {
      schema: {
        tags: ['staff'],
        summary: 'Remove a point deduction',
        params: StaffDeductionParamsSchema,
        response: { 200: apiSuccessSchema(StaffDeletedDeductionSchema), ...errors },
      },
    },
    async (request) => ok(await deleteDeduction(db, { id: request.params.id })),
  );
};
