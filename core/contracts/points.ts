import { z } from 'zod';
import { defineEndpoint } from './endpoints';

/**
 * Shapes of the points API (docs/api/accounts.md "Points" and "Staff"): the ledger as a user
 * and as staff see it, the daily check-in, and the staff adjustment. Times are ISO strings.
 */

/** Reasons of ledger rows written today (plan_*: the prediction centre, decision 074); later features add theirs (bet, mall_order). */
export const POINTS_REASONS = ['welcome', 'checkin', 'staff_grant', 'staff_deduct', 'plan_unlock', 'plan_sale', 'plan_refund', 'bet_stake', 'bet_payout', 'bet_correction'] as const;
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

/** The points endpoints (core/contracts/endpoints.ts). */
export const pointsEndpoints = {
  records: defineEndpoint({ method: 'GET', path: '/api/points/records', query: PointsRecordsQuerySchema, data: PointsRecordsDataSchema }),
  checkin: defineEndpoint({ method: 'POST', path: '/api/points/checkin', data: CheckinDataSchema }),
};
