import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserMessage, UserMessageInput } from '../../../core/contracts/live';
import type { Outcome } from '../../../core/contracts/odds';
import type { Db } from '../../db/client';
import { eventDeliveries } from '../../db/schema/domain-events';
import { forecastPlans, forecastSettlements, forecastUnlocks } from '../../db/schema/forecast';
import { pointsLedger } from '../../db/schema/points';
import { createManualClock } from '../../jobs/clock';
import { listDomainEvents } from '../../jobs/outbox';
import { createJobRunner } from '../../jobs/runner';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { balanceOf, expectLedgerBalanced } from '../points/points-test-support';
import { FORECAST_SETTLEMENT_SUBSCRIBER, registerForecastSettlement, settlePlansForMatch } from './settle-plans';
import {
  createBuyer,
  createMatch,
  createTipster,
  finishBasketball,
  finishFootball,
  houseTotal,
  insertPlan,
  matchWritesFor,
  prepareForecastDatabase,
  setStatus,
  unlockForTest,
  type TestPlanInput,
} from './settlement-test-support';

const T0 = Date.UTC(2025, 9, 18, 20, 0, 0);

/** The live publisher's per-user face, keeping what it was given (an in-memory channel, not a broker mock). */
function collectPopups() {
  const sent: { userId: number; message: UserMessageInput }[] = [];
  return {
    sent,
    publisher: {
      publishToUser(userId: number, message: UserMessageInput): Promise<UserMessage> {
        sent.push({ userId, message });
        return Promise.resolve({ ...message, publish_time: Math.floor(T0 / 1000) } as UserMessage);
      },
    },
  };
}

/** The data of a `pre_result` pop-up (the only kind settlement sends). */
function resultData(popup: { message: UserMessageInput }) {
  if (popup.message.type !== 'pre_result') throw new Error(`expected a pre_result pop-up, got ${popup.message.type}`);
  return popup.message.data;
}

describe.each(TEST_DATABASE_KINDS)('plan settlement on %s', (kind) => {
  const database = useTestDatabase(kind);
  const db = (): Db => database.current.db;
  let prepared = false;
  let nextMatchId = 7_300_000;

  afterEach(async () => {
    await expectLedgerBalanced(db());
  });

  async function newMatch(sport: 'football' | 'basketball' = 'football'): Promise<number> {
    if (!prepared) {
      await prepareForecastDatabase(db());
      prepared = true;
    }
    nextMatchId += 1;
    await createMatch(db(), { matchId: nextMatchId, sport });
    return nextMatchId;
  }

  /** One pass of the real job runner with the settlement subscriber: delivers every event not yet delivered. */
  async function deliver(popups = collectPopups(), at = T0) {
    const errors: unknown[] = [];
    const jobs = createJobRunner({
      db: db(),
      leadership: { acquired: Promise.resolve(), release: async () => {} },
      clock: createManualClock(at),
      onError: (_name, error) => errors.push(error),
    });
    registerForecastSettlement(jobs, { db: db(), publisher: popups.publisher });
    await jobs.start();
    await jobs.idle();
    await jobs.stop();
    expect(errors).toEqual([]);
    return popups;
  }

  async function plansOf(ids: number[]) {
    return db()
      .select({ id: forecastPlans.id, status: forecastPlans.status, outcome: forecastPlans.outcome, receipt: forecastPlans.receipt, version: forecastPlans.settlementVersion, settledAt: forecastPlans.settledAt })
      .from(forecastPlans)
      .where(inArray(forecastPlans.id, ids))
      .orderBy(asc(forecastPlans.id));
  }

  async function logOf(planId: number) {
    return db().select().from(forecastSettlements).where(eq(forecastSettlements.planId, planId)).orderBy(asc(forecastSettlements.version));
  }

  async function publish(tipsterId: number, matchId: number, selections: Omit<TestPlanInput, 'tipsterId' | 'matchId'>[]): Promise<number[]> {
    const ids: number[] = [];
    for (const selection of selections) ids.push(await insertPlan(db(), { tipsterId, matchId, ...selection }));
    return ids;
  }

  it('grades every football market from the match row: wins, losses, pushes, half results on quarter lines, half-time markets', async () => {
    const matchId = await newMatch();
    const tipster = await createTipster(db());
    const cases: [Omit<TestPlanInput, 'tipsterId' | 'matchId'>, Outcome][] = [
      [{ market: '1x2', pick: 'home' }, 'win'],
      [{ market: '1x2', pick: 'draw' }, 'loss'],
      [{ market: 'handicap', pick: 'home', line: -1 }, 'push'],
      [{ market: 'handicap', pick: 'home', line: -0.75 }, 'half_win'],
      [{ market: 'handicap', pick: 'home', line: -1.25 }, 'half_loss'],
      [{ market: 'handicap', pick: 'away', line: 1.5 }, 'win'],
      [{ market: 'over_under', pick: 'over', line: 3 }, 'push'],
      [{ market: 'over_under', pick: 'over', line: 2.75 }, 'half_win'],
      [{ market: 'over_under', pick: 'over', line: 3.25 }, 'half_loss'],
      [{ market: 'over_under', pick: 'under', line: 2.5 }, 'loss'],
      [{ market: '1x2', period: 'ht', pick: 'draw' }, 'win'],
      [{ market: 'over_under', period: 'ht', pick: 'over', line: 1.5 }, 'win'],
      [{ market: 'handicap', period: 'ht', pick: 'away', line: -0.25 }, 'half_loss'],
    ];
    const ids = await publish(tipster.id, matchId, cases.map(([selection]) => selection));
    await finishFootball(db(), { matchId, score: [2, 1], ht: [1, 1] });

    const popups = await deliver();
    const plans = await plansOf(ids);
    expect(plans.map((plan) => plan.outcome)).toEqual(cases.map(([, outcome]) => outcome));
    expect(plans.every((plan) => plan.status === 'settled' && plan.version === 1 && plan.settledAt?.getTime() === T0)).toBe(true);
    expect(plans[3]!.receipt).toEqual({
      key: 'odds.receipt.handicap.halfWin',
      params: expect.objectContaining({ line: '\u22120.75', score: '2\u20131' }),
    });

    const [finished] = await listDomainEvents(db(), { types: ['match_finished'], matchId });
    for (const id of ids) {
      const log = await logOf(id);
      expect(log).toHaveLength(1);
      expect(log[0]).toMatchObject({ version: 1, matchId, cause: `event:${finished!.id}`, homeScore: 2, awayScore: 1, htHome: 1, htAway: 1 });
    }
    // The tipster hears of each plan, with the outcome as it is (half won is not "won").
    expect(popups.sent).toHaveLength(ids.length);
    expect(popups.sent.map((popup) => popup.userId)).toEqual(ids.map(() => tipster.id));
    expect(popups.sent[3]!.message).toEqual({
      type: 'pre_result',
      data: { match_id: matchId, home: 'Galatasaray', away: 'Fenerbahçe', home_score: 2, away_score: 1, outcome: 'half_won', points: 0, plan_id: ids[3], role: 'tipster' },
    });
    expect(popups.sent.map((popup) => resultData(popup).outcome).slice(2, 5)).toEqual(['push', 'half_won', 'half_lost']);
  });

  it('grades basketball with overtime in the final score and the half from the first two quarters', async () => {
    const matchId = await newMatch('basketball');
    const tipster = await createTipster(db());
    const ids = await publish(tipster.id, matchId, [
      { sport: 'basketball', market: '1x2', pick: 'away' },
      { sport: 'basketball', market: 'handicap', pick: 'home', line: 4.5 },
      { sport: 'basketball', market: 'over_under', pick: 'over', line: 210.5 },
      { sport: 'basketball', market: '1x2', period: 'ht', pick: 'home' },
      { sport: 'basketball', market: 'over_under', period: 'ht', pick: 'under', line: 104 },
    ]);
    // 100–104 after an overtime; 55–49 at the half.
    await finishBasketball(db(), { matchId, periods: [[30, 25], [25, 24], [20, 26], [18, 18], [7, 11]] });
    await deliver();
    expect((await plansOf(ids)).map((plan) => plan.outcome)).toEqual(['win', 'win', 'loss', 'win', 'push']);
    expect((await logOf(ids[3]!))[0]).toMatchObject({ homeScore: 100, awayScore: 104, htHome: 55, htAway: 49 });
  });

  it('voids plans of a postponed, a cancelled and an abandoned match, refunding each buyer once; the house pays the refunds', async () => {
    const houseBefore = await houseTotal(db(), 'plan_refund');
    const tipster = await createTipster(db());
    const buyers = [await createBuyer(db(), 1000), await createBuyer(db(), 1000)];
    const statuses = [9, 12, 11] as const;
    const reasons = ['postponed', 'cancelled', 'abandoned'];
    const planIds: number[] = [];
    for (const statusId of statuses) {
      const matchId = await newMatch();
      const planId = await insertPlan(db(), { tipsterId: tipster.id, matchId, market: '1x2', pick: 'home', price: 100 });
      for (const buyer of buyers) await unlockForTest(db(), { planId, buyerId: buyer.id });
      planIds.push(planId);
      await setStatus(db(), { matchId, sport: 'football', statusId });
    }
    expect(await balanceOf(db(), buyers[0]!.id)).toBe(700);
    const tipsterBalance = await balanceOf(db(), tipster.id);

    const popups = await deliver();
    const plans = await plansOf(planIds);
    expect(plans.map((plan) => [plan.status, plan.outcome, plan.receipt?.key])).toEqual(
      reasons.map((reason) => ['void', 'void', `odds.receipt.void.${reason}`]),
    );
    for (const buyer of buyers) {
      expect(await balanceOf(db(), buyer.id)).toBe(1000);
      const refunds = await db().select().from(pointsLedger).where(sql`${pointsLedger.userId} = ${buyer.id} and ${pointsLedger.reason} = 'plan_refund'`);
      expect(refunds.map((row) => row.amount)).toEqual([100, 100, 100]);
    }
    // The tipster keeps their share; the house returns the whole price.
    expect(await balanceOf(db(), tipster.id)).toBe(tipsterBalance);
    expect((await houseTotal(db(), 'plan_refund')) - houseBefore).toBe(-600);
    const unlocks = await db().select().from(forecastUnlocks).where(inArray(forecastUnlocks.planId, planIds));
    expect(unlocks.every((unlock) => unlock.refundedAt?.getTime() === T0)).toBe(true);
    // The tipster and both buyers hear of each void; buyers with the points returned.
    expect(popups.sent).toHaveLength(9);
    expect(popups.sent.filter((popup) => popup.userId === buyers[0]!.id).map(resultData)).toEqual(
      planIds.map((planId) => expect.objectContaining({ plan_id: planId, outcome: 'void', points: 100 })),
    );

    // Delivered again (the delivery marks lost) and re-run by hand: nothing changes, nothing is paid twice.
    await db().update(eventDeliveries).set({ deliveredAt: null }).where(eq(eventDeliveries.subscriber, FORECAST_SETTLEMENT_SUBSCRIBER));
    const again = await deliver();
    expect(again.sent).toEqual([]);
    for (const planId of planIds) {
      await db().transaction(async (tx) => {
        const [plan] = await tx.select({ matchId: forecastPlans.matchId }).from(forecastPlans).where(eq(forecastPlans.id, planId));
        expect(await settlePlansForMatch(tx, { matchId: plan!.matchId, cause: 'test:rerun', now: new Date(T0 + 60_000) })).toEqual([]);
      });
      expect(await logOf(planId)).toHaveLength(1);
    }
    expect(await balanceOf(db(), buyers[1]!.id)).toBe(1000);
    expect((await houseTotal(db(), 'plan_refund')) - houseBefore).toBe(-600);
  });

  it('settles each plan exactly once when the finished event is delivered twice', async () => {
    const matchId = await newMatch();
    const tipster = await createTipster(db());
    const [planId] = await publish(tipster.id, matchId, [{ market: 'over_under', pick: 'over', line: 2.5 }]);
    await finishFootball(db(), { matchId, score: [3, 0], ht: [1, 0] });
    await deliver();
    await db().update(eventDeliveries).set({ deliveredAt: null }).where(eq(eventDeliveries.subscriber, FORECAST_SETTLEMENT_SUBSCRIBER));
    const second = await deliver();
    expect(second.sent).toEqual([]);
    expect((await logOf(planId!)).map((row) => [row.version, row.outcome])).toEqual([[1, 'win']]);
  });

  it('writes version 2 with a new receipt when the result is corrected, keeps version 1, and tells the tipster and the buyer', async () => {
    const matchId = await newMatch();
    const tipster = await createTipster(db());
    const buyer = await createBuyer(db(), 500);
    const [homeWin, over] = await publish(tipster.id, matchId, [
      { market: '1x2', pick: 'home', price: 80 },
      { market: 'over_under', pick: 'over', line: 1.5 },
    ]);
    await unlockForTest(db(), { planId: homeWin!, buyerId: buyer.id });
    await finishFootball(db(), { matchId, score: [1, 0], ht: [0, 0] });
    await deliver();
    const [first] = await logOf(homeWin!);
    expect(first).toMatchObject({ version: 1, outcome: 'win' });

    await matchWritesFor(db()).correctResult({ matchId, sport: 'football', homeScore: 1, awayScore: 1, reason: 'own goal re-credited' });
    const popups = await deliver(collectPopups(), T0 + 3_600_000);
    const [corrected] = await listDomainEvents(db(), { types: ['result_corrected'], matchId });

    const log = await logOf(homeWin!);
    expect(log.map((row) => [row.version, row.outcome, row.cause])).toEqual([
      [1, 'win', first!.cause],
      [2, 'loss', `event:${corrected!.id}`],
    ]);
    // The first row is kept as it was written.
    expect(log[0]).toEqual(first);
    expect(log[1]!.receipt).toEqual({ key: 'odds.receipt.1x2.loss', params: { score: '1\u20131' } });
    const [plan] = await plansOf([homeWin!]);
    expect(plan).toMatchObject({ status: 'settled', outcome: 'loss', version: 2, receipt: log[1]!.receipt });
    expect(plan!.settledAt?.getTime()).toBe(T0 + 3_600_000);
    // over 1.5: lost on 1–0, won on 1–1: its grade changed too.
    expect((await logOf(over!)).map((row) => row.outcome)).toEqual(['loss', 'win']);

    // A loss moves no points: the buyer paid for the pick, not for its result.
    expect(await balanceOf(db(), buyer.id)).toBe(420);
    expect(popups.sent.filter((popup) => resultData(popup).plan_id === homeWin)).toEqual([
      { userId: tipster.id, message: { type: 'pre_result', data: expect.objectContaining({ outcome: 'lost', points: 0, home_score: 1, away_score: 1, role: 'tipster' }) } },
      { userId: buyer.id, message: { type: 'pre_result', data: expect.objectContaining({ outcome: 'lost', points: 0, role: 'buyer' }) } },
    ]);
  });

  it('never charges a refunded buyer again when a voided match is played after all', async () => {
    const matchId = await newMatch();
    const tipster = await createTipster(db());
    const buyer = await createBuyer(db(), 300);
    const [planId] = await publish(tipster.id, matchId, [{ market: '1x2', pick: 'away', price: 150 }]);
    await unlockForTest(db(), { planId: planId!, buyerId: buyer.id });
    await setStatus(db(), { matchId, sport: 'football', statusId: 9 });
    await deliver();
    expect(await balanceOf(db(), buyer.id)).toBe(300);

    await finishFootball(db(), { matchId, score: [0, 2], ht: [0, 1] });
    const popups = await deliver(collectPopups(), T0 + 86_400_000);
    expect((await logOf(planId!)).map((row) => [row.version, row.outcome])).toEqual([
      [1, 'void'],
      [2, 'win'],
    ]);
    expect(await balanceOf(db(), buyer.id)).toBe(300);
    const [unlock] = await db().select().from(forecastUnlocks).where(eq(forecastUnlocks.planId, planId!));
    expect(unlock!.refundedAt?.getTime()).toBe(T0);
    expect(resultData(popups.sent.find((popup) => popup.userId === buyer.id)!)).toMatchObject({ outcome: 'won', points: 0 });
  });

  it('voids half-time plans of a match without a half-time score, refunding their buyers', async () => {
    const matchId = await newMatch();
    const tipster = await createTipster(db());
    const buyer = await createBuyer(db(), 200);
    const [htPlan, ftPlan] = await publish(tipster.id, matchId, [
      { market: '1x2', period: 'ht', pick: 'home', price: 50 },
      { market: '1x2', pick: 'home', price: 50 },
    ]);
    for (const planId of [htPlan!, ftPlan!]) await unlockForTest(db(), { planId, buyerId: buyer.id });
    await finishFootball(db(), { matchId, score: [1, 0], ht: null });
    await deliver();
    expect((await plansOf([htPlan!, ftPlan!])).map((plan) => [plan.status, plan.outcome, plan.receipt?.key])).toEqual([
      ['void', 'void', 'odds.receipt.void.noHalfTime'],
      ['settled', 'win', 'odds.receipt.1x2.win'],
    ]);
    expect(await balanceOf(db(), buyer.id)).toBe(150);
  });

  it('grades full-time football on the score after 90 minutes when the match went to extra time', async () => {
    const matchId = await newMatch();
    const tipster = await createTipster(db());
    const ids = await publish(tipster.id, matchId, [
      { market: '1x2', pick: 'draw' },
      { market: 'over_under', pick: 'over', line: 2.5 },
      { market: 'handicap', pick: 'home', line: 0 },
    ]);
    const writes = matchWritesFor(db());
    await writes.applyUpdate({ matchId, sport: 'football', statusId: 2, homeScore: 1, awayScore: 0, kind: 'score' });
    await writes.applyUpdate({ matchId, sport: 'football', statusId: 4, homeScore: 1, awayScore: 1, halfTime: [1, 0], kind: 'score' });
    await writes.applyUpdate({ matchId, sport: 'football', statusId: 5, homeScore: 2, awayScore: 1, kind: 'score' });
    await writes.applyUpdate({
      matchId,
      sport: 'football',
      statusId: 8,
      homeScore: 2,
      awayScore: 1,
      kind: 'score',
      events: [{ type: 22, minute: 120, side: null, player: null, seq: 1 }],
    });
    await deliver();
    expect((await plansOf(ids)).map((plan) => plan.outcome)).toEqual(['win', 'loss', 'push']);
    expect((await logOf(ids[0]!))[0]).toMatchObject({ homeScore: 1, awayScore: 1 });

    // A result imported at once after extra time: the 90-minute score is unknown, full-time plans are void.
    const imported = await newMatch();
    const [ftPlan, htPlan] = await publish(tipster.id, imported, [
      { market: '1x2', pick: 'draw' },
      { market: '1x2', period: 'ht', pick: 'away' },
    ]);
    await writes.applyUpdate({ matchId: imported, sport: 'football', statusId: 8, homeScore: 3, awayScore: 2, halfTime: [0, 1], extraTime: [3, 2], kind: 'score' });
    await deliver();
    expect((await plansOf([ftPlan!, htPlan!])).map((plan) => [plan.outcome, plan.receipt?.key])).toEqual([
      ['void', 'forecast.receipt.void.noRegularTime'],
      ['win', 'odds.receipt.1x2.win'],
    ]);
  });

  it('leaves plans open while the match is interrupted or merely moved to another time', async () => {
    const matchId = await newMatch();
    const tipster = await createTipster(db());
    const [planId] = await publish(tipster.id, matchId, [{ market: '1x2', pick: 'home' }]);
    await setStatus(db(), { matchId, sport: 'football', statusId: 10 });
    const popups = await deliver();
    expect(popups.sent).toEqual([]);
    expect((await plansOf([planId!]))[0]).toMatchObject({ status: 'open', outcome: null, version: 0 });
    expect(await db().select().from(forecastSettlements).where(eq(forecastSettlements.planId, planId!))).toEqual([]);
  });
});
