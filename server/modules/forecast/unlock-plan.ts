import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Plan } from '../../../core/contracts/forecast';
import type { UserRole } from '../../../core/contracts/account';
import type { Locale } from '../../../core/locale';
import type { Db } from '../../db/client';
import { forecastPlans, forecastUnlocks } from '../../db/schema/forecast';
import { users } from '../../db/schema/users';
import { AppError } from '../../errors';
import { recordHouseEntry } from '../points/public';
import { withNotifications, type NoticeLog, type NoticePublisher } from '../notifications/public';
import { grantPoints, spendPoints } from '../points/public';
import { sellerShareOf, type ForecastConfig } from './forecast-config';
import { findMatchTeams } from '../markets/public';
import { getPlan } from './plan-reads';
import { planSoldNotification } from '../../../core/contracts/forecast-notifications';

export interface UnlockPlanOptions {
  db: Db;
  config: ForecastConfig;
  planId: number;
  buyerId: number;
  buyerRole?: UserRole;
  now: Date;
  locale: Locale;
  /** tells the tipster's open pages of the sale after commit (decision 133) */
  publisher?: NoticePublisher;
  log?: NoticeLog;
}

/**
 * A fan unlocks a paid plan with points (decision 074). One transaction:
 *
 * 1. The plan row is locked (FOR UPDATE), so a settlement or a staff hide cannot slip between the
 *    checks and the sale; 404 for an unknown plan, 403 PLAN_OWN for the tipster's own plan, 409
 *    PLAN_FREE for a free plan, 409 PLAN_HIDDEN when staff hid it.
 * 2. A settled or void plan is public: it is answered unlocked, and nothing is charged.
 * 3. The unlock row (plan, buyer) is inserted ON CONFLICT DO NOTHING: when it exists already
 *    the buyer has the plan and it is answered without a second debit — a second unlock is an
 *    idempotent success, not an error.
 * 4. The two accounts are locked in id order (buyer and tipster), so two people buying each
 *    other's plans at once never deadlock; then the buyer pays the price (spendPoints, reason
 *    plan_unlock, key `plan_unlock:<plan>`: one per buyer and plan), the tipster is credited
 *    floor(price × share / 100) (grantPoints, plan_sale, `plan_sale:<plan>:<buyer>`; skipped
 *    when 0, and given to the house when the tipster's account is closed), and the house
 *    records the rest (house ledger, plan_unlock, `plan_unlock:<plan>:<buyer>`).
 * 5. sell_count + 1 and sell_income + the tipster's share, guarded on the plan still open.
 * 6. The tipster's inbox gets a plan_sold notification (interaction), pushed after commit.
 *
 * Too few points: 409 POINTS_INSUFFICIENT and nothing is written. Unlocking after kick-off is
 * allowed: the plan stays private to its buyers until it settles.
 */
export async function unlockPlan(options: UnlockPlanOptions): Promise<Plan> {
  const { db, planId, buyerId } = options;
  await withNotifications({ db, publisher: options.publisher, log: options.log }, async (tx, notices) => {
    const [plan] = await tx
      .select({
        id: forecastPlans.id,
        userId: forecastPlans.userId,
        matchId: forecastPlans.matchId,
        price: forecastPlans.price,
        status: forecastPlans.status,
        hiddenAt: forecastPlans.hiddenAt,
      })
      .from(forecastPlans)
      .where(eq(forecastPlans.id, planId))
      .for('update');
    if (!plan) throw new AppError('NOT_FOUND', { message: 'forecast.plan.notFound' });
    if (plan.userId === buyerId) throw new AppError('PLAN_OWN');
    if (plan.price === 0) throw new AppError('PLAN_FREE');
    if (plan.status !== 'open') return;

    const [already] = await tx
      .select({ id: forecastUnlocks.id })
      .from(forecastUnlocks)
      .where(and(eq(forecastUnlocks.planId, planId), eq(forecastUnlocks.buyerId, buyerId)))
      .limit(1);
    if (already) return;
    if (plan.hiddenAt !== null) throw new AppError('PLAN_HIDDEN');

    const accounts = await tx
      .select({ id: users.id, status: users.status })
      .from(users)
      .where(inArray(users.id, [buyerId, plan.userId]))
      .orderBy(users.id)
      .for('update');
    const tipsterOpen = accounts.find((account) => account.id === plan.userId)?.status !== 'closed';
    const sellerShare = tipsterOpen ? sellerShareOf(plan.price, options.config.sellerSharePercent) : 0;
    const houseShare = plan.price - sellerShare;

    const [inserted] = await tx
      .insert(forecastUnlocks)
      .values({ planId, buyerId, price: plan.price, sellerShare, houseShare, createdAt: options.now })
      .onConflictDoNothing({ target: [forecastUnlocks.planId, forecastUnlocks.buyerId] })
      .returning({ id: forecastUnlocks.id });
    if (!inserted) return;

    const reference = `plan:${planId}`;
    await spendPoints(tx, {
      userId: buyerId,
      amount: plan.price,
      reason: 'plan_unlock',
      reference,
      idempotencyKey: `plan_unlock:${planId}`,
      now: options.now,
    });
    if (sellerShare > 0) {
      await grantPoints(tx, {
        userId: plan.userId,
        amount: sellerShare,
        reason: 'plan_sale',
        reference,
        idempotencyKey: `plan_sale:${planId}:${buyerId}`,
        now: options.now,
      });
    }
    if (houseShare > 0) {
      await recordHouseEntry(tx, {
        amount: houseShare,
        reason: 'plan_unlock',
        reference,
        idempotencyKey: `plan_unlock:${planId}:${buyerId}`,
        now: options.now,
      });
    }
    const [sold] = await tx
      .update(forecastPlans)
      .set({
        sellCount: sql`${forecastPlans.sellCount} + 1`,
        sellIncome: sql`${forecastPlans.sellIncome} + ${sellerShare}::bigint`,
      })
      .where(and(eq(forecastPlans.id, planId), eq(forecastPlans.status, 'open')))
      .returning({ id: forecastPlans.id });
    // Cannot happen while the row lock of step 1 is held; refusing keeps the books whole if it ever did.
    if (!sold) throw new Error(`plan ${planId} left the open state during its unlock`);
    const teams = await findMatchTeams(tx, plan.matchId);
    if (teams) {
      await notices.notify({
        userId: plan.userId,
        kind: planSoldNotification,
        actorId: buyerId,
        object: { type: 'plan', id: planId },
        dedupeKey: `plan_sold:${planId}:${buyerId}`,
        data: { match_id: plan.matchId, ...teams, points: sellerShare },
      });
    }
  });
  return getPlan(db, { planId, viewer: { userId: buyerId, role: options.buyerRole, locale: options.locale } });
}
