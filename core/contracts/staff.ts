import { z } from 'zod';
import { singleLineText } from './text';
import { MAX_POINTS, PageQuerySchema, PointsRecordSchema } from './points';
import { defineEndpoint } from './endpoints';

/**
 * Shapes of the staff endpoints of server/modules/staff (/api/staff/users…): finding a user,
 * reading their ledger and adjusting their points. The staff endpoints of other features (the
 * season imports) stay in that feature's contract, core/contracts/imports.ts.
 */

/** A user as staff see them in the search list. */
export const StaffUserSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  email: z.string().nullable(),
  role: z.string(),
  status: z.string(),
  points: z.number().int(),
  created_at: z.string(),
});
export type StaffUser = z.infer<typeof StaffUserSchema>;

export const StaffUsersQuerySchema = PageQuerySchema(20).extend({
  /** part of a nickname or an email address, any case; empty lists everyone, newest first */
  q: singleLineText().trim().max(100).optional().default(''),
});

export const StaffUsersDataSchema = z.object({
  list: z.array(StaffUserSchema),
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
});

export const StaffLedgerRecordSchema = PointsRecordSchema.extend({ idempotency_key: z.string() });

export const StaffLedgerQuerySchema = PageQuerySchema(50);

export const StaffLedgerDataSchema = z.object({
  user: StaffUserSchema,
  list: z.array(StaffLedgerRecordSchema),
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
});

export const StaffUserParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
});

/**
 * A staff adjustment: `amount` > 0 grants, < 0 deducts. `reason` is the staff member's note,
 * kept on the ledger row. `idempotencyKey` makes a retried request count once.
 */
export const StaffPointsBodySchema = z.object({
  amount: z
    .number({ error: 'staff.points.amountRequired' })
    .int({ error: 'staff.points.amountInvalid' })
    .min(-MAX_POINTS, { error: 'staff.points.amountInvalid' })
    .max(MAX_POINTS, { error: 'staff.points.amountInvalid' })
    .refine((value) => value !== 0, { error: 'staff.points.amountInvalid' }),
  reason: singleLineText({ error: 'staff.points.reasonRequired' })
    .trim()
    .min(1, { error: 'staff.points.reasonRequired' })
    .min(3, { error: 'staff.points.reasonLength' })
    .max(200, { error: 'staff.points.reasonLength' }),
  idempotencyKey: singleLineText({ error: 'staff.points.keyInvalid' })
    .regex(/^[\x21-\x7e]{1,100}$/, { error: 'staff.points.keyInvalid' }),
});
export type StaffPointsBody = z.infer<typeof StaffPointsBodySchema>;

export const StaffPointsDataSchema = z.object({
  balance: z.number().int(),
  entry: StaffLedgerRecordSchema,
});

/**
 * What staff must know about how this server runs (decision 099): whether the simulator plays, and
 * whether its results are predictable from a public SIM_SEED instead of drawn from the secret.
 */
export const StaffStatusDataSchema = z.object({
  simulator: z.object({
    on: z.boolean(),
    /** SIM_SEED is set: anyone with the source can predict every simulated result */
    predictable: z.boolean(),
  }),
});
export type StaffStatusData = z.infer<typeof StaffStatusDataSchema>;

/** The staff endpoints of server/modules/staff (core/contracts/endpoints.ts). */
export const staffEndpoints = {
  status: defineEndpoint({ method: 'GET', path: '/api/staff/status', data: StaffStatusDataSchema }),
  users: defineEndpoint({ method: 'GET', path: '/api/staff/users', query: StaffUsersQuerySchema, data: StaffUsersDataSchema }),
  ledger: defineEndpoint({ method: 'GET', path: '/api/staff/users/:id/ledger', query: StaffLedgerQuerySchema, data: StaffLedgerDataSchema }),
  adjustPoints: defineEndpoint({ method: 'POST', path: '/api/staff/users/:id/points', body: StaffPointsBodySchema, data: StaffPointsDataSchema }),
};
