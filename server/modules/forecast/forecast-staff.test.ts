import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HidePlanData, ResettleData, SettlementLogData } from '../../../core/contracts/forecast';
import type { UserMessageInput } from '../../../core/contracts/live';
import type { Db } from '../../db/client';
import { forecastPlans, forecastSettlements } from '../../db/schema/forecast';
import { matches } from '../../db/schema/matches';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { createTestUser } from '../../test-support/users';
import { expectLedgerBalanced } from '../points/points-test-support';
import { settlePlansForMatch } from './settle-plans';
import { buildForecastRecordsTestApp, createMatch, createTipster, finishFootball, insertPlan, prepareForecastDatabase } from './settlement-test-support';

const NOW = new Date('2025-10-22T12:00:00Z');

describe.each(TEST_DATABASE_KINDS)('prediction-centre staff tools on %s', (kind) => {
  const database = useTestDatabase(kind);
  const db = (): Db => database.current.db;
  let app: FastifyInstance;
  const sent: { userId: number; message: UserMessageInput }[] = [];
  let staff: { id: number; token: string };
  let fan: { id: number; token: string };
  let tipster: { id: number; token: string };
  let nextMatchId = 7_500_000;

  beforeAll(async () => {
    await prepareForecastDatabase(db());
    app = await buildForecastRecordsTestApp(db(), {
      now: () => NOW,
      publisher: { publishToUser: (userId, message) => void sent.push({ userId, message }) },
    });
    staff = await createTestUser(db(), { role: 'staff' });
    fan = await createTestUser(db());
    tipster = await createTipster(db());
  });

  afterAll(async () => {
    await app?.close();
    await expectLedgerBalanced(db());
  });

  async function settledMatch(): Promise<{ matchId: number; planIds: number[] }> {
    const matchId = ++nextMatchId;
    await createMatch(db(), { matchId });
    const planIds = [
      await insertPlan(db(), { tipsterId: tipster.id, matchId, market: '1x2', pick: 'home', description: 'Galatasaray at home, the plan' }),
      await insertPlan(db(), { tipsterId: tipster.id, matchId, market: 'over_under', pick: 'over', line: 2.5 }),
    ];
    await finishFootball(db(), { matchId, score: [2, 1], ht: [0, 1] });
    await db().transaction((tx) => settlePlansForMatch(tx, { matchId, cause: 'event:1', now: NOW }));
    return { matchId, planIds };
  }

  it('answers 401 signed out and 403 to a user who is not staff, on every staff route', async () => {
    const requests = [
      { method: 'POST' as const, url: '/api/staff/forecast/plans/1/hide', payload: { reason: 'spam' } },
      { method: 'GET' as const, url: '/api/staff/forecast/settlements' },
      { method: 'POST' as const, url: '/api/staff/forecast/matches/1/resettle' },
    ];
    for (const request of requests) {
      expect((await app.inject(request)).statusCode).toBe(401);
      const refused = await app.inject({ ...request, headers: { token: fan.token } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 403, data: { error: 'FORBIDDEN' } });
    }
  });

  it('hides a plan’s description from everyone but keeps it in the record; hiding again changes nothing', async () => {
    const { planIds } = await settledMatch();
    const hide = (reason: string) =>
      app.inject({ method: 'POST', url: `/api/staff/forecast/plans/${planIds[0]}/hide`, headers: { token: staff.token }, payload: { reason } });
    const first = await hide('insults the other team');
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json() as { data: HidePlanData }).data).toEqual({
      plan_id: planIds[0],
      hidden: true,
      hidden_at: NOW.toISOString(),
      reason: 'insults the other team',
      hidden_by: staff.id,
    });
    const again = await hide('another reason');
    expect((again.json() as { data: HidePlanData }).data).toEqual((first.json() as { data: HidePlanData }).data);
    const [row] = await db().select().from(forecastPlans).where(eq(forecastPlans.id, planIds[0]!));
    expect(row).toMatchObject({ description: 'Galatasaray at home, the plan', hiddenReason: 'insults the other team', status: 'settled', outcome: 'win' });

    const missing = await app.inject({ method: 'POST', url: '/api/staff/forecast/plans/99999999/hide', headers: { token: staff.token }, payload: { reason: 'x' } });
    expect(missing.statusCode).toBe(404);
    const empty = await app.inject({ method: 'POST', url: `/api/staff/forecast/plans/${planIds[0]}/hide`, headers: { token: staff.token }, payload: { reason: ' ' } });
    expect(empty.statusCode).toBe(400);
  });

  it('lists the settlement log of a match, newest first, with receipts in the reader’s language', async () => {
    const { matchId, planIds } = await settledMatch();
    const response = await app.inject({ method: 'GET', url: `/api/staff/forecast/settlements?match_id=${matchId}`, headers: { token: staff.token, language: 'en' } });
    expect(response.statusCode, response.body).toBe(200);
    const log = (response.json() as { data: SettlementLogData }).data;
    expect(log).toMatchObject({ page: 1, size: 50, total: 2 });
    expect(log.list.map((row) => [row.plan_id, row.version, row.outcome, row.cause, row.score, row.ht_score, row.tipster_id])).toEqual([
      [planIds[1], 1, 'win', 'event:1', [2, 1], [0, 1], tipster.id],
      [planIds[0], 1, 'win', 'event:1', [2, 1], [0, 1], tipster.id],
    ]);
    expect(log.list[0]!.receipt).toMatchObject({ key: 'odds.receipt.overUnder.win', params: { line: '2.5', total: 3 } });
    expect(log.list[0]!.created_at).toBe(NOW.toISOString());

    const all = await app.inject({ method: 'GET', url: '/api/staff/forecast/settlements?size=1&page=2', headers: { token: staff.token } });
    expect((all.json() as { data: SettlementLogData }).data).toMatchObject({ page: 2, size: 1, list: [expect.objectContaining({ match_id: matchId })] });
  });

  it('re-runs a match’s settlement: nothing changes, nothing is written; a fixed result writes the next version and tells the tipster', async () => {
    const { matchId, planIds } = await settledMatch();
    const resettle = () => app.inject({ method: 'POST', url: `/api/staff/forecast/matches/${matchId}/resettle`, headers: { token: staff.token } });
    const unchanged = await resettle();
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect((unchanged.json() as { data: ResettleData }).data).toEqual({ match_id: matchId, cause: `staff:${staff.id}`, written: [] });

    // A data fix made outside the write service (no outbox event): 1–1 after all.
    await db().update(matches).set({ homeScore: 1, awayScore: 1 }).where(eq(matches.id, matchId));
    sent.length = 0;
    const fixed = await resettle();
    expect((fixed.json() as { data: ResettleData }).data.written).toEqual([
      { plan_id: planIds[0], version: 2, outcome: 'loss', previous_outcome: 'win' },
      { plan_id: planIds[1], version: 2, outcome: 'loss', previous_outcome: 'win' },
    ]);
    const log = await db().select().from(forecastSettlements).where(eq(forecastSettlements.planId, planIds[0]!)).orderBy(asc(forecastSettlements.version));
    expect(log.map((row) => [row.version, row.outcome, row.cause])).toEqual([
      [1, 'win', 'event:1'],
      [2, 'loss', `staff:${staff.id}`],
    ]);
    expect(sent.map((notice) => [notice.userId, notice.message.type, notice.message.data])).toEqual([
      [tipster.id, 'pre_result', expect.objectContaining({ plan_id: planIds[0], outcome: 'lost', home_score: 1, away_score: 1 })],
      [tipster.id, 'pre_result', expect.objectContaining({ plan_id: planIds[1], outcome: 'lost' })],
    ]);
    expect((await resettle()).json()).toMatchObject({ data: { written: [] } });

    const missing = await app.inject({ method: 'POST', url: '/api/staff/forecast/matches/99999999/resettle', headers: { token: staff.token } });
    expect(missing.statusCode).toBe(404);
  });
});
