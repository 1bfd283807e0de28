import { z } from 'zod';

/**
 * Shapes of the points API (docs/api/accounts.md "Points" and "Staff"): the ledger as a user
 * and as staff see it, the daily check-in, and the staff adjustment. Times are ISO strings.
 */

/** Reasons of ledger rows written today; later features add theirs (plan_unlock, bet, mall_order). */
export const POINTS_REASONS = ['welcome', 'checkin', 'staff_grant', 'staff_deduct'] as const;
export type PointsReason = (typeof POINTS_REASONS)[number];

/** Upper bound of one change and of a balance: the largest integer a JavaScript number holds exactly. */
export const MAX_POINTS = Number.MAX_SAFE_INTEGER;

export const PageQuerySchema = (defaultSize: number) =>
  z.object({
    page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
    size: z.coerce.number().int().min(1).max(100).optional().default(defaultSize),
  });

export const PointsRecordSchema = z.object({
  id: z.number().int(),
  /** positive: points received; negative: points spent */
  amount: z.number().int(),
  balance_after: z.number().int(),
  reason: z.string(),
  reference: z.string().nullable(),
  created_at: z.string(),
});
export type PointsRecord = z.infer<typeof PointsRecordSchema>;

export const PointsRecordsQuerySchema = PageQuerySchema(20);

export const PointsRecordsDataSchema = z.object({
  list: z.array(PointsRecordSchema),
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
  balance: z.number().int(),
});
export type PointsRecordsData = z.infer<typeof PointsRecordsDataSchema>;

export const CheckinDataSchema = z.object({
  /** points granted by this check-in */
  granted: z.number().int(),
  /** consecutive UTC days checked in, today included */
  streak: z.number().int(),
  balance: z.number().int(),
});
export type CheckinData = z.infer<typeof CheckinDataSchema>;

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
  q: z.string().trim().max(100).optional().default(''),
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
  reason: z
    .string({ error: 'staff.points.reasonRequired' })
    .trim()
    .min(1, { error: 'staff.points.reasonRequired' })
    .min(3, { error: 'staff.points.reasonLength' })
    .max(200, { error: 'staff.points.reasonLength' }),
  idempotencyKey: z
    .string({ error: 'staff.points.keyInvalid' })
    .regex(/^[\x21-\x7e]{1,100}$/, { error: 'staff.points.keyInvalid' }),
});
export type StaffPointsBody = z.infer<typeof StaffPointsBodySchema>;

export const StaffPointsDataSchema = z.object({
  balance: z.number().int(),
  entry: StaffLedgerRecordSchema,
});
