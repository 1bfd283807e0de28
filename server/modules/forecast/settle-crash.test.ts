import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { eventDeliveries } from '../../db/schema/domain-events';
import { forecastPlans, forecastSettlements, forecastUnlocks } from '../../db/schema/forecast';
import { houseLedger, pointsLedger } from '../../db/schema/points';
import { listDomainEvents } from '../../jobs/outbox';
import { createTestDatabase, TEST_DATABASE_KINDS, type TestDatabaseKind } from '../../test-support/db';
import { expectLedgerBalanced } from '../points/points-test-support';
import { FORECAST_SETTLEMENT_SUBSCRIBER } from './settle-plans';
import { killHard, startCrashChild } from '../../test-support/crash-child';

const CHILD = fileURLToPath(new URL('../../test-support/forecast-settle-crash-child.ts', import.meta.url));
const MATCH_ID = 9_200_001;
const PLANS = 400;
const HALF_TIME_PLANS = PLANS / 4;

/** Starts the child server process; `reached` resolves with its first line starting with `prefix`. */
function startChild(mode: string, env: Record<string, string>, prefix: string) {
  return startCrashChild(CHILD, [mode, String(MATCH_ID)], { ...env, CRASH_PLANS: String(PLANS) }, prefix);
}

describe.each(TEST_DATABASE_KINDS)('plan settlement across a kill -9 of the leading process on %s', (kind: TestDatabaseKind) => {
  it('settles every plan exactly once and refunds every buyer once after the leader dies before and during the settlement', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'tribun-settle-crash-'));
    const postgres = kind === 'postgres' ? await createTestDatabase('postgres') : undefined;
    const env: Record<string, string> = postgres ? { CRASH_DATABASE_URL: postgres.url! } : { CRASH_DATA_DIR: dataDir };
    try {
      // 1. Plans are published and bought, the match ends (its event commits with it); the leader dies before delivering.
      const first = startChild('prepare', env, 'prepared');
      await first.reached;
      await killHard(first);

      // 2. The next leader settles all plans and refunds the buyers inside the delivery's
      //    transaction, and dies before it commits.
      const second = startChild('settle-and-hang', env, 'settling');
      expect(await second.reached).toBe(`settling ${PLANS}`);
      await killHard(second);

      // 3. A new leader delivers what is left and exits.
      const third = startChild('deliver', env, 'delivered');
      // The tipster hears of every plan, each buyer of a void plan once.
      expect(await third.reached).toBe(`delivered ${PLANS + HALF_TIME_PLANS}`);
      expect(await third.exited).toBe(0);

      const database = postgres ?? (await openDatabase({ dataDir }));
      try {
        const { db } = database;
        const plans = await db.select().from(forecastPlans).where(eq(forecastPlans.matchId, MATCH_ID));
        expect(plans).toHaveLength(PLANS);
        expect(plans.every((plan) => plan.settlementVersion === 1 && plan.status !== 'open')).toBe(true);
        expect(plans.filter((plan) => plan.status === 'void')).toHaveLength(HALF_TIME_PLANS);

        const log = await db
          .select({ planId: forecastSettlements.planId, version: forecastSettlements.version, cause: forecastSettlements.cause })
          .from(forecastSettlements)
          .where(eq(forecastSettlements.matchId, MATCH_ID));
        expect(log).toHaveLength(PLANS);
        expect(new Set(log.map((row) => row.planId)).size).toBe(PLANS);
        const [finished] = await listDomainEvents(db, { types: ['match_finished'], matchId: MATCH_ID });
        expect(log.every((row) => row.version === 1 && row.cause === `event:${finished!.id}`)).toBe(true);
        const [delivery] = await db
          .select()
          .from(eventDeliveries)
          .where(and(eq(eventDeliveries.subscriber, FORECAST_SETTLEMENT_SUBSCRIBER), eq(eventDeliveries.eventId, finished!.id)));
        expect(delivery?.deliveredAt).not.toBeNull();

        // Every unlock refunded once, by the buyer's ledger and the house's books alike.
        const unlocks = await db.select().from(forecastUnlocks);
        expect(unlocks).toHaveLength(HALF_TIME_PLANS);
        expect(unlocks.every((unlock) => unlock.refundedAt !== null)).toBe(true);
        const refunds = await db.select().from(pointsLedger).where(eq(pointsLedger.reason, 'plan_refund'));
        expect(refunds.map((row) => row.idempotencyKey).sort()).toEqual(unlocks.map((unlock) => `plan_refund:${unlock.id}`).sort());
        const [house] = await db
          .select({ total: sql<string>`sum(${houseLedger.amount})`, rows: sql<string>`count(*)` })
          .from(houseLedger)
          .where(eq(houseLedger.reason, 'plan_refund'));
        expect([Number(house!.total), Number(house!.rows)]).toEqual([-50 * HALF_TIME_PLANS, HALF_TIME_PLANS]);
        await expectLedgerBalanced(db);
      } finally {
        if (!postgres) await database.close();
      }
    } finally {
      await postgres?.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
