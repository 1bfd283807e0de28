import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccessSchema, ErrorBodySchema } from '../../../core/contracts/api';
import type { PointsRecord } from '../../../core/contracts/points';
import {
  StaffLedgerDataSchema,
  StaffLedgerQuerySchema,
  StaffPointsBodySchema,
  StaffPointsDataSchema,
  StaffStatusDataSchema,
  type StaffStatusData,
  StaffUserParamsSchema,
  StaffUsersDataSchema,
  StaffUsersQuerySchema,
  staffEndpoints,
} from '../../../core/contracts/staff';
import type { Db } from '../../db/client';
import { requireRole } from '../../http/current-user';
import type { LedgerEntry } from '../points/public';
import { toPointsRecord } from '../points/public';
import { adjustPoints, getUserLedger, searchUsers } from './staff.service';

const STAFF_ROLES = ['staff', 'admin'] as const;
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

function toStaffRecord(entry: LedgerEntry): PointsRecord & { idempotency_key: string } {
  return { ...toPointsRecord(entry), idempotency_key: entry.idempotencyKey };
}

/** Staff tools for users and their points (docs/api/accounts.md "Staff"): role staff or admin, else 403. */
export const staffRoutes: FastifyPluginAsyncZod<{ db: Db; now?: () => Date; status?: StaffStatusData }> = async (app, options) => {
  const { db } = options;
  const now = () => options.now?.() ?? new Date();
  // Checked before the body is: signed out 401, a plain user 403, whatever they send.
  app.addHook('onRequest', async (request) => {
    requireRole(request, STAFF_ROLES);
  });
  const ok = <T>(data: T) => ({ code: 0 as const, msg: 'success', data });

  app.get(
    staffEndpoints.status.path,
    {
      schema: {
        tags: ['staff'],
        summary: 'How this server runs: the simulator, and whether its results are predictable (SIM_SEED set)',
        response: { 200: apiSuccessSchema(StaffStatusDataSchema), ...errors },
      },
    },
    async (request, reply) => {
      requireRole(request, STAFF_ROLES);
      void reply.header('cache-control', 'private, no-store');
      return ok(options.status ?? { simulator: { on: false, predictable: false } });
    },
  );

  app.get(
    staffEndpoints.users.path,
    {
      schema: {
        tags: ['staff'],
        summary: 'Find users by nickname, email or id',
        querystring: StaffUsersQuerySchema,
        response: { 200: apiSuccessSchema(StaffUsersDataSchema), ...errors },
      },
    },
    async (request) => {
      requireRole(request, STAFF_ROLES);
      return ok(await searchUsers(db, request.query));
    },
  );

  app.get(
    staffEndpoints.ledger.path,
    {
      schema: {
        tags: ['staff'],
        summary: "A user's points ledger, newest first",
        params: StaffUserParamsSchema,
        querystring: StaffLedgerQuerySchema,
        response: { 200: apiSuccessSchema(StaffLedgerDataSchema), ...errors },
      },
    },
    async (request) => {
      requireRole(request, STAFF_ROLES);
      const data = await getUserLedger(db, { userId: request.params.id, ...request.query });
      return ok({ ...data, list: data.list.map(toStaffRecord) });
    },
  );

  app.post(
    staffEndpoints.adjustPoints.path,
    {
      schema: {
        tags: ['staff'],
        summary: 'Grant (amount > 0) or deduct (amount < 0) points; idempotent by idempotencyKey',
        params: StaffUserParamsSchema,
        body: StaffPointsBodySchema,
        response: { 200: apiSuccessSchema(StaffPointsDataSchema), ...errors, 409: ErrorBodySchema },
      },
    },
    async (request) => {
      const staff = requireRole(request, STAFF_ROLES);
      const { balance, entry } = await adjustPoints(db, {
        staff,
        userId: request.params.id,
        amount: request.body.amount,
        note: request.body.reason,
        idempotencyKey: request.body.idempotencyKey,
        now: now(),
      });
      return ok({ balance, entry: toStaffRecord(entry) });
    },
  );
};
