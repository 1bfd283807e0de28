import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { QuotaData } from '../../../core/contracts/forecast';
import type { Db, DbTransaction } from '../../db/client';
import { forecastPlans } from '../../db/schema/forecast';
import { marketDayBounds } from '../markets/public';

/**
 * The daily publishing limit (specification section 9: "a daily limit on prediction releases
 * exists; a remaining count is shown"). Every plan the tipster published during the current
 * Europe/Istanbul day counts, whatever became of it since (settled, voided, hidden): the limit
 * is on publishing.
 */
export async function plansPublishedToday(db: Db | DbTransaction, options: { userId: number; now: Date }): Promise<number> {
  const { start, end } = marketDayBounds(options.now);
  const [row] = await db
    .select({ used: sql<number>`count(*)::int` })
    .from(forecastPlans)
    .where(and(eq(forecastPlans.userId, options.userId), gte(forecastPlans.publishedAt, start), lt(forecastPlans.publishedAt, end)));
  return Number(row?.used ?? 0);
}

export async function getQuota(db: Db | DbTransaction, options: { userId: number; limit: number; now: Date }): Promise<QuotaData> {
  const used = await plansPublishedToday(db, options);
  return { limit: options.limit, used, remaining: Math.max(0, options.limit - used) };
}
