import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FOOTBALL_STATUS } from '../../../core/match/status';
import type { Db } from '../../db/client';
import { forecastPlans, forecastUnlocks } from '../../db/schema/forecast';
import { bets } from '../../db/schema/guessing';
import { matches } from '../../db/schema/matches';
import { seasons } from '../../db/schema/seasons';
import { registerForecastSettlement } from '../forecast/settle-plans';
import { createBuyer, createMatch, createTipster, insertPlan, matchWritesFor, prepareForecastDatabase, unlockForTest } from '../forecast/settlement-test-support';
import { expectBetBooksBalanced, insertBetsForTest } from '../guessing/guessing-test-support';
import { registerGuessingSettlement } from '../guessing/settle-bets';
import { balanceOf, expectLedgerBalanced } from '../points/points-test-support';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { createManualClock } from '../../jobs/clock';
import { listDomainEvents } from '../../jobs/outbox';
import { OVERDUE_MATCHES_JOB, overdueMatchesJob } from './overdue-matches';
import { createJobRunner } from '../../jobs/runner';

const HOUR = 3_600_000;
const NOW = Date.now();
const sec = (ms: number) => Math.floor(ms / 1000);

/**
 * Decision 099: a match the feed never started MATCH_OVERDUE_HOURS after its kick-off is handled
 * as postponed — its plans voided with refunds at once, its bets voided by the postponed-void job —
 * through the real job runner, the write service and both settlements.
 */
describe.each(TEST_DATABASE_KINDS)('matches never started long after their kick-off, on %s', (kind) => {
  const database = useTestDatabase(kind);
  const db = (): Db => database.current.db;

  async function runJobs(options: { atMs: number; isFeedCaughtUp?: () => boolean }) {
    const errors: unknown[] = [];
    const jobs = createJobRunner({
      db: db(),
      leadership: { acquired: Promise.resolve(), release: async () => {} },
      clock: createManualClock(options.atMs),
      onError: (_name, error) => errors.push(error),
    });
    jobs.register(overdueMatchesJob({ matchWrites: matchWritesFor(db(), () => options.atMs), overdueHours: 6, ...(options.isFeedCaughtUp ? { isFeedCaughtUp: options.isFeedCaughtUp } : {}) }));
    registerForecastSettlement(jobs, { db: db() });
    registerGuessingSettlement(jobs, { db: db(), postponedVoidHours: 48 });
    await jobs.start();
    await jobs.completed(OVERDUE_MATCHES_JOB);
    await jobs.idle();
    await jobs.stop();
    expect(errors).toEqual([]);
  }

  it('postpones the overdue ones only, voids their plans with refunds and then their bets, exactly once', async () => {
    await prepareForecastDatabase(db());
    const overdue = 7_500_001;
    const recent = 7_500_002;
    const importedIdle = 7_500_003;
    const importedWithBets = 7_500_004;
    const startedLate = 7_500_005;
    for (const [matchId, hoursAgo] of [[overdue, 7], [recent, 2], [importedIdle, 30], [importedWithBets, 30], [startedLate, 8]] as const) {
      await createMatch(db(), { matchId, kickOff: sec(NOW - hoursAgo * HOUR) });
    }
    // Two of them come from an imported season: one nobody holds points on (left alone), one with a bet.
    const [season] = await db().insert(seasons).values({ competitionId: 1, name: '2025/26', standingsRules: 'default' }).returning({ id: seasons.id });
    await db().update(matches).set({ seasonId: season!.id }).where(inArray(matches.id, [importedIdle, importedWithBets]));
    // The feed started this one late: it is live, not overdue.
    await matchWritesFor(db()).applyUpdate({ matchId: startedLate, sport: 'football', statusId: FOOTBALL_STATUS.FIRST_HALF, homeScore: 0, awayScore: 0, kind: 'score' });

    const tipster = await createTipster(db());
    const buyer = await createBuyer(db(), 1000);
    const fan = await createBuyer(db(), 1000);
    const plan = await insertPlan(db(), { tipsterId: tipster.id, matchId: overdue, market: '1x2', pick: 'home', price: 60 });
    await unlockForTest(db(), { planId: plan, buyerId: buyer.id });
    const [bet, importedBet] = await insertBetsForTest(db(), [
      { userId: fan.id, stake: 100, legs: [{ matchId: overdue, market: '1x2', pick: 'away' }] },
      { userId: fan.id, stake: 40, legs: [{ matchId: importedWithBets, market: '1x2', pick: 'draw' }] },
    ]);
    expect(await balanceOf(db(), buyer.id)).toBe(940);
    expect(await balanceOf(db(), fan.id)).toBe(860);

    // While the feed catches up after a start nothing is marked.
    await runJobs({ atMs: NOW, isFeedCaughtUp: () => false });
    expect((await db().select({ statusId: matches.statusId }).from(matches).where(eq(matches.id, overdue)))[0]?.statusId).toBe(FOOTBALL_STATUS.NOT_STARTED);

    await runJobs({ atMs: NOW });
    const rows = await db().select({ id: matches.id, statusId: matches.statusId, note: matches.note }).from(matches).where(inArray(matches.id, [overdue, recent, importedIdle, importedWithBets, startedLate]));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(overdue)).toMatchObject({ statusId: FOOTBALL_STATUS.DELAYED, note: 'postponed' });
    expect(byId.get(importedWithBets)).toMatchObject({ statusId: FOOTBALL_STATUS.DELAYED, note: 'postponed' });
    expect(byId.get(recent)?.statusId).toBe(FOOTBALL_STATUS.NOT_STARTED);
    expect(byId.get(importedIdle)?.statusId).toBe(FOOTBALL_STATUS.NOT_STARTED);
    expect(byId.get(startedLate)?.statusId).toBe(FOOTBALL_STATUS.FIRST_HALF);
    expect(await listDomainEvents(db(), { types: ['match_postponed'], matchId: overdue })).toHaveLength(1);

    // The plan is void at once and its buyer has the price back; the bet waits, as for any postponement.
    const [planRow] = await db().select({ status: forecastPlans.status }).from(forecastPlans).where(eq(forecastPlans.id, plan));
    expect(planRow?.status).toBe('void');
    const [unlock] = await db().select({ refundedAt: forecastUnlocks.refundedAt }).from(forecastUnlocks).where(eq(forecastUnlocks.planId, plan));
    expect(unlock?.refundedAt).not.toBeNull();
    expect(await balanceOf(db(), buyer.id)).toBe(1000);
    expect((await db().select({ status: bets.status }).from(bets).where(eq(bets.id, bet!)))[0]?.status).toBe('open');

    // GUESSING_POSTPONED_VOID_HOURS after kick-off the bets are void and the stakes back; run again: nothing moves twice.
    for (const atMs of [NOW + 42 * HOUR, NOW + 43 * HOUR]) await runJobs({ atMs });
    const betRows = await db().select({ id: bets.id, status: bets.status, payout: bets.payout }).from(bets).where(inArray(bets.id, [bet!, importedBet!]));
    expect(betRows.map((row) => [row.status, row.payout]).sort((a, b) => Number(a[1]) - Number(b[1]))).toEqual([
      ['void', 40],
      ['void', 100],
    ]);
    expect(await balanceOf(db(), fan.id)).toBe(1000);
    expect(await balanceOf(db(), buyer.id)).toBe(1000);
    expect(await listDomainEvents(db(), { types: ['match_postponed'], matchId: overdue })).toHaveLength(1);
    await expectLedgerBalanced(db());
    await expectBetBooksBalanced(db(), expect);
  });

  it('no longer counts a postponed match as postponed once the feed plays it after all', async () => {
    const matchId = 7_500_010;
    await createMatch(db(), { matchId, kickOff: sec(NOW - 9 * HOUR) });
    expect(await matchWritesFor(db()).postponeOverdue({ kickedOffBefore: new Date(NOW - 6 * HOUR) })).toContain(matchId);
    await matchWritesFor(db()).applyUpdate({ matchId, sport: 'football', statusId: FOOTBALL_STATUS.FIRST_HALF, homeScore: 0, awayScore: 0, kind: 'score' });
    const [row] = await db().select({ statusId: matches.statusId, note: matches.note }).from(matches).where(eq(matches.id, matchId));
    expect(row).toEqual({ statusId: FOOTBALL_STATUS.FIRST_HALF, note: null });
    // …and a second pass marks nothing again.
    expect(await matchWritesFor(db()).postponeOverdue({ kickedOffBefore: new Date(NOW - 6 * HOUR) })).not.toContain(matchId);
  });
});
