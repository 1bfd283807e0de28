import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Pair, Sport } from '../../../core/contracts/matches';
import { isCornerMarket, type Outcome, type Selection } from '../../../core/contracts/odds';
import type { PlanStatus } from '../../../core/contracts/forecast';
import { gradeSelection, voidReceipt } from '../../../core/odds/grade';
import type { DbTransaction, Db } from '../../db/client';
import { forecastPlans, forecastSettlements, forecastUnlocks, type ReceiptRecord } from '../../db/schema/forecast';
import type { JobRunner } from '../../jobs/runner';
import { isAppError } from '../../errors';
import { chunks } from '../../lib/chunks';
import { announceSettlement, readSettlementResult, settledMatchData, SETTLEMENT_EVENT_TYPES, type SettlementAudience, type SettlementPopUp } from '../markets/public';
import { recordHouseEntry } from '../points/public';
import { notification, notifyMany, type NotificationInput } from '../notifications/public';
import { grantPoints } from '../points/public';
import { planSettledNotification } from '../../../core/contracts/forecast-notifications';

/**
 * Settlement of prediction plans (docs/decisions/076-plan-settlement.md). A plan is graded from
 * its match's final result as the database holds it *now*, never from an event's payload, so a
 * late, repeated or re-run delivery settles to the same state and writes nothing new:
 *
 * - the match's status decides: ended (football 8, basketball 10) grades every plan; delayed
 *   (postponed), cancelled and cut in half (abandoned) void them; any other status leaves them;
 * - an open plan gets settlement row version 1; a settled or void plan whose grade (outcome and
 *   receipt) changed gets the next version. Earlier rows are never edited (the log is
 *   append-only); the plan row mirrors the latest one. A grade that did not change writes nothing;
 * - plans move no points on a win or a loss. A void returns each buyer's full price once
 *   (`plan_refund:<unlock id>` in the buyer's ledger and, negated, in the house's books); a later
 *   correction from void to a result never charges the buyer again.
 */

/** The subscriber's identity in the outbox: keep it, a new name redelivers every past event. */
export const FORECAST_SETTLEMENT_SUBSCRIBER = 'forecast-settlement';

/** The match a settlement was about, as its pop-ups show it. */
export interface SettledMatch {
  id: number;
  sport: Sport;
  home: string;
  away: string;
  score: Pair;
  htScore: Pair | null;
}

/** One new settlement row written for a plan, and who was told what. */
export interface SettledPlan {
  planId: number;
  tipsterId: number;
  match: SettledMatch;
  version: number;
  outcome: Outcome;
  /** the outcome before this row; null when the plan was open */
  previousOutcome: Outcome | null;
  receipt: ReceiptRecord;
  /** every buyer of the plan and the points returned to them by this settlement (0 when none) */
  buyers: { buyerId: number; refund: number }[];
}

/** Receipts compare by key and parameters, whatever order the parameters were written in. */
function sameReceipt(a: ReceiptRecord | null, b: ReceiptRecord): boolean {
  if (!a || a.key !== b.key) return false;
  const keys = Object.keys(b.params);
  return Object.keys(a.params).length === keys.length && keys.every((key) => a.params[key] === b.params[key]);
}

/**
 * Settles every plan of one match from the match's current state, inside the caller's
 * transaction (the outbox delivery's, or a staff re-run's). Exactly once: the plans are locked
 * for the transaction, every write is guarded by the version it read (`settlement_version =
 * previous`), the log's (plan, version) is unique, and a plan whose grade has not changed gets
 * no row. Batched: grades are computed once per distinct selection, rows are written with
 * multi-row inserts, and plans with the same new grade are updated by one statement.
 * Returns the rows written (empty when nothing changed).
 */
export async function settlePlansForMatch(
  tx: DbTransaction,
  options: { matchId: number; cause: string; now: Date },
): Promise<SettledPlan[]> {
  const { matchId, cause, now } = options;
  // Locked until commit: a staff re-run and a delivery of the same match wait for each other.
  // Most events are of matches nobody published a plan on: this one indexed read ends them.
  const plans = await tx
    .select({
      id: forecastPlans.id,
      userId: forecastPlans.userId,
      sport: forecastPlans.sport,
      market: forecastPlans.market,
      period: forecastPlans.period,
      pick: forecastPlans.pick,
      lineQuarters: forecastPlans.lineQuarters,
      outcome: forecastPlans.outcome,
      receipt: forecastPlans.receipt,
      version: forecastPlans.settlementVersion,
    })
    .from(forecastPlans)
    .where(eq(forecastPlans.matchId, matchId))
    .orderBy(asc(forecastPlans.id))
    .for('update');
  if (plans.length === 0) return [];

  const row = await readSettlementResult(tx, matchId);
  if (!row) return [];
  const { basis, score, htScore, ftScore, corners } = row;
  if (!basis) return [];
  const match: SettledMatch = { id: matchId, sport: row.sport, home: row.home, away: row.away, score, htScore };

  // Thousands of plans share a few dozen selections: grade each selection once.
  const grades = new Map<string, { outcome: Outcome; receipt: ReceiptRecord }>();
  const result = { home: ftScore?.[0] ?? 0, away: ftScore?.[1] ?? 0, htHome: htScore?.[0] ?? null, htAway: htScore?.[1] ?? null, corners };
  function gradeOf(plan: (typeof plans)[number]): { outcome: Outcome; receipt: ReceiptRecord } {
    if (basis!.kind === 'void') return { outcome: 'void', receipt: voidReceipt(basis!.reason) };
    // Corner markets have their own 90-minute count (void inside the grader when it is unknown).
    if (plan.period === 'ft' && ftScore === null && !isCornerMarket(plan.market)) return { outcome: 'void', receipt: NO_REGULAR_TIME_RECEIPT };
    const key = `${plan.sport}|${plan.market}|${plan.period}|${plan.pick}|${plan.lineQuarters ?? ''}`;
    let grade = grades.get(key);
    if (!grade) {
      const selection: Selection = {
        market: plan.market,
        period: plan.period,
        pick: plan.pick,
        line: plan.lineQuarters === null ? null : plan.lineQuarters / 4,
      };
      grade = gradeSelection(plan.sport, selection, result);
      grades.set(key, grade);
    }
    return grade;
  }

  const changes: { plan: (typeof plans)[number]; outcome: Outcome; receipt: ReceiptRecord; version: number }[] = [];
  for (const plan of plans) {
    const grade = gradeOf(plan);
    if (plan.version > 0 && plan.outcome === grade.outcome && sameReceipt(plan.receipt, grade.receipt)) continue;
    changes.push({ plan, outcome: grade.outcome, receipt: grade.receipt, version: plan.version + 1 });
  }
  if (changes.length === 0) return [];

  // One statement per (previous version, new grade): the guarded plan update and its log rows
  // together, so a log row exists exactly when its plan moved to that version. A first settlement
  // of a busy match is a few dozen statements, whatever the number of plans.
  const groups = new Map<string, typeof changes>();
  for (const change of changes) {
    const key = JSON.stringify([change.plan.version, change.outcome, change.receipt.key, change.receipt.params]);
    const group = groups.get(key);
    if (group) group.push(change);
    else groups.set(key, [change]);
  }
  const [gradedHome, gradedAway] = ftScore ?? score;
  for (const group of groups.values()) {
    const { outcome, receipt, version } = group[0]!;
    const status: PlanStatus = outcome === 'void' ? 'void' : 'settled';
    for (const slice of chunks(group, 5000)) {
      // The ids travel as one array parameter: no statement grows with the number of plans.
      const ids = `{${slice.map((change) => change.plan.id).join(',')}}`;
      const at = now.toISOString();
      const result = (await tx.execute(sql`
        with moved as (
          update ${forecastPlans}
          set status = ${status}, outcome = ${outcome}, receipt = ${JSON.stringify(receipt)}::jsonb,
              settled_at = ${at}::timestamptz, settlement_version = ${version}
          where id = any(${ids}::int[]) and settlement_version = ${version - 1}
          returning id
        )
        insert into ${forecastSettlements} (plan_id, match_id, version, outcome, receipt, home_score, away_score, ht_home, ht_away, cause, created_at)
        select id, ${matchId}, ${version}, ${outcome}, ${JSON.stringify(receipt)}::jsonb, ${gradedHome}, ${gradedAway},
               ${htScore?.[0] ?? null}::int, ${htScore?.[1] ?? null}::int, ${cause}, ${at}::timestamptz
        from moved
        returning plan_id`)) as unknown as { rows: unknown[] };
      // The rows are locked above, so this cannot happen; if it ever did, roll everything back.
      if (result.rows.length !== slice.length) throw new Error(`plans of match ${matchId} changed during their settlement`);
    }
  }

  const refunds = await refundVoidedPlans(tx, {
    planIds: changes.filter((change) => change.outcome === 'void').map((change) => change.plan.id),
    now,
  });
  const buyersOf = await listBuyers(
    tx,
    changes.map((change) => change.plan.id),
  );

  const settled = changes.map((change) => ({
    planId: change.plan.id,
    tipsterId: change.plan.userId,
    match,
    version: change.version,
    outcome: change.outcome,
    previousOutcome: change.plan.version > 0 ? change.plan.outcome : null,
    receipt: change.receipt,
    buyers: (buyersOf.get(change.plan.id) ?? []).map((buyer) => ({ buyerId: buyer.buyerId, refund: refunds.get(buyer.unlockId) ?? 0 })),
  }));
  // The tipster's and every buyer's inbox, in this transaction: one row per settlement version (decision 133).
  await notifyMany(tx, settled.flatMap(planNotifications));
  return settled;
}

/** The inbox rows of one settlement row: the tipster's and one per buyer, keyed by plan and version. */
function planNotifications(plan: SettledPlan): NotificationInput[] {
  const data = settledMatchData(plan.match, plan.outcome);
  const common = { object: { type: 'plan', id: plan.planId }, dedupeKey: `plan:${plan.planId}:v${plan.version}` };
  return [
    notification(planSettledNotification, { ...common, userId: plan.tipsterId, data: { ...data, points: 0, role: 'tipster' } }),
    ...plan.buyers.map((buyer) =>
      notification(planSettledNotification, { ...common, userId: buyer.buyerId, data: { ...data, points: buyer.refund, role: 'buyer' } }),
    ),
  ];
}

/** Everyone a settlement told: each plan's tipster and buyers. */
export function settledPlanReaders(settled: readonly SettledPlan[]): number[] {
  return settled.flatMap((plan) => [plan.tipsterId, ...plan.buyers.map((buyer) => buyer.buyerId)]);
}

/** Voids a full-time plan whose 90-minute score is not known (decision 076). */
const NO_REGULAR_TIME_RECEIPT: ReceiptRecord = { key: 'forecast.receipt.void.noRegularTime', params: { reason: 'no_regular_time' } };

/**
 * Returns the full price of every unlock of voided plans not yet refunded: one ledger grant to
 * the buyer and one negative house entry under the same key (`plan_refund:<unlock id>`), and
 * `refunded_at` set, so a second void of the plan (a staff re-run, void → result → void) finds
 * nothing to return. A closed account is not credited (rule 5 of the ledger): its unlock stays
 * unrefunded and the house keeps the price. Returns the points returned per unlock id.
 */
async function refundVoidedPlans(tx: DbTransaction, options: { planIds: number[]; now: Date }): Promise<Map<number, number>> {
  const refunded = new Map<number, number>();
  for (const planIds of chunks(options.planIds, 5000)) {
    const unlocks = await tx
      .select({ id: forecastUnlocks.id, planId: forecastUnlocks.planId, buyerId: forecastUnlocks.buyerId, price: forecastUnlocks.price })
      .from(forecastUnlocks)
      .where(and(inArray(forecastUnlocks.planId, planIds), isNull(forecastUnlocks.refundedAt)))
      .orderBy(asc(forecastUnlocks.id));
    for (const unlock of unlocks) {
      if (unlock.price <= 0) continue;
      const key = `plan_refund:${unlock.id}`;
      try {
        await grantPoints(tx, {
          userId: unlock.buyerId,
          amount: unlock.price,
          reason: 'plan_refund',
          reference: `plan:${unlock.planId}`,
          idempotencyKey: key,
          now: options.now,
        });
      } catch (error) {
        // The ledger refuses closed accounts (and a balance at its ceiling): nothing to return to.
        if (isAppError(error) && (error.code === 'ACCOUNT_CLOSED' || error.code === 'POINTS_LIMIT')) continue;
        throw error;
      }
      await recordHouseEntry(tx, { amount: -unlock.price, reason: 'plan_refund', reference: `plan:${unlock.planId}`, idempotencyKey: key, now: options.now });
      refunded.set(unlock.id, unlock.price);
    }
  }
  for (const ids of chunks([...refunded.keys()], 5000)) {
    await tx.update(forecastUnlocks).set({ refundedAt: options.now }).where(inArray(forecastUnlocks.id, ids));
  }
  return refunded;
}

async function listBuyers(tx: DbTransaction, planIds: number[]): Promise<Map<number, { unlockId: number; buyerId: number }[]>> {
  const byPlan = new Map<number, { unlockId: number; buyerId: number }[]>();
  for (const slice of chunks(planIds, 5000)) {
    const rows = await tx
      .select({ unlockId: forecastUnlocks.id, planId: forecastUnlocks.planId, buyerId: forecastUnlocks.buyerId })
      .from(forecastUnlocks)
      .where(inArray(forecastUnlocks.planId, slice))
      .orderBy(asc(forecastUnlocks.id));
    for (const row of rows) {
      const list = byPlan.get(row.planId);
      if (list) list.push(row);
      else byPlan.set(row.planId, [row]);
    }
  }
  return byPlan;
}

/**
 * The `pre_result` pop-ups of new settlement rows: one to the tipster, one to each buyer (with
 * the points returned to them, if any).
 */
export function settlementPopUps(settled: readonly SettledPlan[]): SettlementPopUp[] {
  const popUps: SettlementPopUp[] = [];
  for (const plan of settled) {
    const data = { ...settledMatchData(plan.match, plan.outcome), plan_id: plan.planId };
    popUps.push({ userId: plan.tipsterId, message: { type: 'pre_result', data: { ...data, points: 0, role: 'tipster' } } });
    for (const buyer of plan.buyers) popUps.push({ userId: buyer.buyerId, message: { type: 'pre_result', data: { ...data, points: buyer.refund, role: 'buyer' } } });
  }
  return popUps;
}

/** Tells the tipsters and buyers of newly settled plans, after the settlement committed. */
export async function announcePlanSettlement(audience: SettlementAudience, settled: readonly SettledPlan[]): Promise<void> {
  await announceSettlement(audience, { feature: 'forecast', popUps: settlementPopUps(settled), readers: settledPlanReaders(settled) });
}

/**
 * Registers the settlement subscriber (`forecast-settlement`) with the job runner: every
 * finished, corrected, postponed, cancelled or abandoned match settles its plans in the
 * delivery's transaction (exactly once, with the delivery mark), and the pop-ups go out after
 * that transaction commits.
 */
export function registerForecastSettlement(
  jobs: Pick<JobRunner, 'subscribe'>,
  deps: { db: Db } & SettlementAudience,
): void {
  jobs.subscribe(FORECAST_SETTLEMENT_SUBSCRIBER, SETTLEMENT_EVENT_TYPES, async (event, context) => {
    const settled = await settlePlansForMatch(context.tx, { matchId: event.payload.matchId, cause: `event:${event.id}`, now: context.now });
    if (settled.length === 0) return;
    deps.log?.info({ matchId: event.payload.matchId, event: event.id, plans: settled.length }, 'forecast: plans settled');
    context.afterCommit(() => announcePlanSettlement(deps, settled));
  });
}
