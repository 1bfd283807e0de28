import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { eventDeliveries } from '../../db/schema/domain-events';
import { betSettlements, bets } from '../../db/schema/guessing';
import { houseLedger, pointsLedger } from '../../db/schema/points';
import { listDomainEvents } from '../../jobs/outbox';
import { createTestDatabase, TEST_DATABASE_KINDS, type TestDatabaseKind } from '../../test-support/db';
import { expectLedgerBalanced } from '../points/points-test-support';
import { expectBetBooksBalanced } from './guessing-test-support';
import { GUESSING_SETTLEMENT_SUBSCRIBER } from './settle-bets';
import { killHard, startCrashChild } from '../../test-support/crash-child';

const CHILD = fileURLToPath(new URL('../../test-support/guessing-settle-crash-child.ts', import.meta.url));
const FIRST_MATCH_ID = 9_300_001;
const MATCH_IDS = [FIRST_MATCH_ID, FIRST_MATCH_ID + 1, FIRST_MATCH_ID + 2];
const BETS = 600;

/** Starts the child server process; `reached` resolves with its first line starting with `prefix`. */
function startChild(mode: string, env: Record<string, string>, prefix: string) {
  return startCrashChild(CHILD, [mode, String(FIRST_MATCH_ID)], { ...env, CRASH_BETS: String(BETS) }, prefix);
}

describe.each(TEST_DATABASE_KINDS)('bet settlement across a kill -9 of the leading process on %s', (kind: TestDatabaseKind) => {
  it('settles every single and parlay exactly once and pays each winner once after the leader dies before and during the settlement', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'tribun-bet-crash-'));
    const postgres = kind === 'postgres' ? await createTestDatabase('postgres') : undefined;
    const env: Record<string, string> = postgres ? { CRASH_DATABASE_URL: postgres.url! } : { CRASH_DATA_DIR: dataDir };
    try {
      // 1. Bets are placed and the three matches end (their events commit with them); the leader dies before delivering.
      const first = startChild('prepare', env, 'prepared');
      await first.reached;
      await killHard(first);

      // 2. The next leader settles the first match's bets and pays the winners inside the
      //    delivery's transaction, and dies before it commits.
      const second = startChild('settle-and-hang', env, 'settling');
      expect(await second.reached).toMatch(/^settling [1-9]\d*$/);
      await killHard(second);

      // 3. A new leader delivers what is left and exits: one pop-up per bet.
      const third = startChild('deliver', env, 'delivered');
      expect(await third.reached).toBe(`delivered ${BETS}`);
      expect(await third.exited).toBe(0);

      const database = postgres ?? (await openDatabase({ dataDir }));
      try {
        const { db } = database;
        const rows = await db.select().from(bets);
        expect(rows).toHaveLength(BETS);
        expect(rows.every((bet) => bet.settlementVersion === 1 && bet.status === 'settled' && bet.payout !== null)).toBe(true);
        expect(rows.filter((bet) => bet.kind === 'parlay').length).toBeGreaterThan(BETS / 2);
        expect(rows.some((bet) => bet.payout! > 0) && rows.some((bet) => bet.payout === 0)).toBe(true);

        const log = await db.select().from(betSettlements);
        expect(log).toHaveLength(BETS);
        expect(new Set(log.map((row) => row.betId)).size).toBe(BETS);
        expect(log.every((row) => row.version === 1)).toBe(true);
        const finished = (await Promise.all(MATCH_IDS.map((matchId) => listDomainEvents(db, { types: ['match_finished'], matchId })))).flat();
        const causes = new Set(finished.map((event) => `event:${event.id}`));
        expect(causes.size).toBe(3);
        expect(log.every((row) => causes.has(row.cause))).toBe(true);
        const deliveries = await db
          .select()
          .from(eventDeliveries)
          .where(and(eq(eventDeliveries.subscriber, GUESSING_SETTLEMENT_SUBSCRIBER), inArray(eventDeliveries.eventId, finished.map((event) => event.id))));
        expect(deliveries.filter((delivery) => delivery.deliveredAt !== null)).toHaveLength(3);

        // Every winner paid once, in the bettor's ledger and the house's books alike.
        const winners = rows.filter((bet) => bet.payout! > 0);
        const payouts = await db.select().from(pointsLedger).where(eq(pointsLedger.reason, 'bet_payout'));
        expect(payouts.map((row) => row.idempotencyKey).sort()).toEqual(winners.map((bet) => `bet_payout:${bet.id}:v1`).sort());
        expect(payouts.every((row) => row.amount === rows.find((bet) => `bet_payout:${bet.id}:v1` === row.idempotencyKey)!.payout)).toBe(true);
        const [house] = await db
          .select({ total: sql<string>`sum(${houseLedger.amount})` })
          .from(houseLedger)
          .where(like(houseLedger.reason, 'bet_%'));
        const stakes = rows.reduce((sum, bet) => sum + bet.stake, 0);
        const paid = rows.reduce((sum, bet) => sum + bet.payout!, 0);
        expect(Number(house!.total)).toBe(stakes - paid);
        await expectLedgerBalanced(db);
        await expectBetBooksBalanced(db, expect);
      } finally {
        if (!postgres) await database.close();
      }
    } finally {
      await postgres?.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
