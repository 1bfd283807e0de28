import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { HidePlanData, ResettleData, SettlementLogData } from '../../../core/contracts/forecast';
import type { Locale } from '../../../core/locale';
import { isMessageKey } from '../../../core/messages/messages';
import type { Db } from '../../db/client';
import { forecastPlans, forecastSettlements } from '../../db/schema/forecast';
import { matches } from '../../db/schema/matches';
import { AppError } from '../../errors';
import { recordDomainEvents } from '../../jobs/outbox';
import './plan-events';
import { translate } from '../../i18n/translate';
import type { SettlementAudience } from '../markets/public';
import { announcePlanSettlement, settlePlansForMatch } from './settle-plans';

/**
 * Staff tools of the prediction centre (role staff or admin; the routes check it): hide a plan's
 * description, read the settlement log, re-run a match's settlement.
 */

/**
 * Hides a plan's description (and its community excerpt and proof) from everyone but staff
 * (plan-reads.ts). The description itself stays in the row, so the record and the fingerprint
 * can still be audited. Idempotent: hiding a hidden plan changes nothing and answers the first
 * hide (its time, reason and staff member). 404 for an unknown plan. The first hide records
 * `forecast.plan_hidden` in its transaction: the community hides the plan's post too.
 */
export async function hidePlan(db: Db, options: { planId: number; staffId: number; reason: string; now: Date }): Promise<HidePlanData> {
  const hidden = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(forecastPlans)
      .set({ hiddenAt: options.now, hiddenReason: options.reason, hiddenBy: options.staffId })
      .where(and(eq(forecastPlans.id, options.planId), isNull(forecastPlans.hiddenAt)))
      .returning({ hiddenAt: forecastPlans.hiddenAt, reason: forecastPlans.hiddenReason, hiddenBy: forecastPlans.hiddenBy });
    if (row) await recordDomainEvents(tx, [{ type: 'forecast.plan_hidden', payload: { planId: options.planId } }], options.now);
    return row;
  });
  const row =
    hidden ??
    (
      await db
        .select({ hiddenAt: forecastPlans.hiddenAt, reason: forecastPlans.hiddenReason, hiddenBy: forecastPlans.hiddenBy })
        .from(forecastPlans)
        .where(eq(forecastPlans.id, options.planId))
        .limit(1)
    )[0];
  if (!row?.hiddenAt) throw new AppError('NOT_FOUND', { message: 'forecast.plan.notFound' });
  return { plan_id: options.planId, hidden: true, hidden_at: row.hiddenAt.toISOString(), reason: row.reason ?? '', hidden_by: row.hiddenBy };
}

/** The settlement log, newest first (every version of every plan; corrections are rows of their own). */
export async function listSettlements(
  db: Db,
  options: { matchId?: number; page: number; size: number; locale: Locale },
): Promise<SettlementLogData> {
  const where = options.matchId === undefined ? undefined : eq(forecastSettlements.matchId, options.matchId);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: forecastSettlements.id,
        planId: forecastSettlements.planId,
        tipsterId: forecastPlans.userId,
        matchId: forecastSettlements.matchId,
        version: forecastSettlements.version,
        outcome: forecastSettlements.outcome,
        receipt: forecastSettlements.receipt,
        homeScore: forecastSettlements.homeScore,
        awayScore: forecastSettlements.awayScore,
        htHome: forecastSettlements.htHome,
        htAway: forecastSettlements.htAway,
        cause: forecastSettlements.cause,
        createdAt: forecastSettlements.createdAt,
      })
      .from(forecastSettlements)
      .innerJoin(forecastPlans, eq(forecastPlans.id, forecastSettlements.planId))
      .where(where)
      .orderBy(desc(forecastSettlements.id))
      .limit(options.size)
      .offset((options.page - 1) * options.size),
    db.select({ total: count() }).from(forecastSettlements).where(where),
  ]);
  return {
    list: rows.map((row) => ({
      id: row.id,
      plan_id: row.planId,
      tipster_id: row.tipsterId,
      match_id: row.matchId,
      version: row.version,
      outcome: row.outcome,
      receipt: {
        key: row.receipt.key,
        params: row.receipt.params,
        text: isMessageKey(row.receipt.key) ? translate(options.locale, row.receipt.key, row.receipt.params) : row.receipt.key,
      },
      score: row.homeScore !== null && row.awayScore !== null ? [row.homeScore, row.awayScore] : null,
      ht_score: row.htHome !== null && row.htAway !== null ? [row.htHome, row.htAway] : null,
      cause: row.cause,
      created_at: row.createdAt.toISOString(),
    })),
    page: options.page,
    size: options.size,
    total: Number(counted?.total ?? 0),
  };
}

/**
 * Settles a match's plans again from the match as it stands, with cause `staff:<id>` (after a
 * data fix the outbox did not see, or to check). The same exactly-once rules as the subscriber
 * (settle-plans.ts): a plan whose grade did not change gets no row, so a re-run that changes
 * nothing writes nothing. Pop-ups of what it wrote go out after commit when a publisher is given.
 * 404 for an unknown match.
 */
export async function resettleMatch(
  db: Db,
  options: { matchId: number; staffId: number; now: Date } & SettlementAudience,
): Promise<ResettleData> {
  const cause = `staff:${options.staffId}`;
  const settled = await db.transaction(async (tx) => {
    const [match] = await tx.select({ id: matches.id }).from(matches).where(eq(matches.id, options.matchId)).limit(1);
    if (!match) throw new AppError('NOT_FOUND', { message: 'forecast.match.notFound' });
    return settlePlansForMatch(tx, { matchId: options.matchId, cause, now: options.now });
  });
  await announcePlanSettlement(options, settled);
  return {
    match_id: options.matchId,
    cause,
    written: settled.map((plan) => ({ plan_id: plan.planId, version: plan.version, outcome: plan.outcome, previous_outcome: plan.previousOutcome })),
  };
}
