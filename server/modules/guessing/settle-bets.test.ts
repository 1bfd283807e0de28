import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserMessage, UserMessageInput } from '../../../core/contracts/live';
import type { Db } from '../../db/client';
import { eventDeliveries } from '../../db/schema/domain-events';
import { betLegs, betSettlements, bets } from '../../db/schema/guessing';
import { createManualClock } from '../../jobs/clock';
import { listDomainEvents } from '../../jobs/outbox';
import { createJobRunner } from '../../jobs/runner';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { createBuyer, createMatch, finishFootball, prepareForecastDatabase } from '../forecast/settlement-test-support';
import { balanceOf, expectLedgerBalanced } from '../points/points-test-support';
import { expectBetBooksBalanced, insertBetsForTest } from './guessing-test-support';
import { GUESSING_SETTLEMENT_SUBSCRIBER, registerGuessingSettlement } from './settle-bets';
import { voidMarket } from './void-market';

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

describe.each(TEST_DATABASE_KINDS)('bet settlement through the outbox on %s', (kind) => {
  const database = useTestDatabase(kind);
  const db = (): Db => database.current.db;
  let prepared = false;
  let nextMatchId = 7_400_000;

  afterEach(async () => {
    await expectLedgerBalanced(db());
    await expectBetBooksBalanced(db(), expect);
  });

  async function newMatch(): Promise<number> {
    if (!prepared) {
      await prepareForecastDatabase(db());
      prepared = true;
    }
    nextMatchId += 1;
    await createMatch(db(), { matchId: nextMatchId });
    return nextMatchId;
  }

  /** One pass of the real job runner with the registered subscriber: delivers every event not yet delivered. */
  async function deliver(popups = collectPopups()) {
    const errors: unknown[] = [];
    const jobs = createJobRunner({
      db: db(),
      leadership: { acquired: Promise.resolve(), release: async () => {} },
      clock: createManualClock(T0),
      onError: (_name, error) => errors.push(error),
    });
    registerGuessingSettlement(jobs, { db: db(), postponedVoidHours: 48, publisher: popups.publisher });
    await jobs.start();
    await jobs.idle();
    await jobs.stop();
    expect(errors).toEqual([]);
    return popups;
  }

  it('settles the bets of a match finished through the match write service, and tells each bettor after commit', async () => {
    const m1 = await newMatch();
    const m2 = await newMatch();
    const winner = await createBuyer(db(), 1000);
    const loser = await createBuyer(db(), 1000);
    const [won, lost, parlay] = await insertBetsForTest(db(), [
      { userId: winner.id, stake: 100, legs: [{ matchId: m1, market: '1x2', pick: 'home', oddsMilli: 2150 }] },
      { userId: loser.id, stake: 50, legs: [{ matchId: m1, market: '1x2', pick: 'draw', oddsMilli: 3400 }] },
      {
        userId: winner.id,
        stake: 10,
        legs: [
          { matchId: m1, market: 'over_under', pick: 'over', line: 2.75, oddsMilli: 2000 },
          { matchId: m2, market: '1x2', pick: 'away', oddsMilli: 3000 },
        ],
      },
    ]);
    // 2–1: the home win pays 215, the draw loses, the over 2.75 is half won and the parlay waits for m2.
    await finishFootball(db(), { matchId: m1, score: [2, 1], ht: [1, 0] });
    const popups = await deliver();

    const rows = await db().select().from(bets).where(inArray(bets.id, [won!, lost!, parlay!])).orderBy(asc(bets.id));
    expect(rows.map((bet) => [bet.status, bet.payout, bet.settlementVersion, bet.settledAt?.getTime() ?? null])).toEqual([
      ['settled', 215, 1, T0],
      ['settled', 0, 1, T0],
      ['open', null, 0, null],
    ]);
    const [finished] = await listDomainEvents(db(), { types: ['match_finished'], matchId: m1 });
    const log = await db().select().from(betSettlements).where(inArray(betSettlements.betId, [won!, lost!])).orderBy(asc(betSettlements.betId));
    expect(log.map((row) => [row.betId, row.version, row.payout, row.delta, row.cause])).toEqual([
      [won, 1, 215, 215, `event:${finished!.id}`],
      [lost, 1, 0, 0, `event:${finished!.id}`],
    ]);
    const [delivery] = await db()
      .select()
      .from(eventDeliveries)
      .where(and(eq(eventDeliveries.subscriber, GUESSING_SETTLEMENT_SUBSCRIBER), eq(eventDeliveries.eventId, finished!.id)));
    expect(delivery?.deliveredAt).not.toBeNull();
    expect(await balanceOf(db(), winner.id)).toBe(1000 - 110 + 215);
    expect(await balanceOf(db(), loser.id)).toBe(950);

    const match = { match_id: m1, home: 'Galatasaray', away: 'Fenerbahçe', home_score: 2, away_score: 1 };
    expect(popups.sent).toEqual([
      { userId: winner.id, message: { type: 'guess_result', data: { ...match, outcome: 'won', points: 215 } } },
      { userId: loser.id, message: { type: 'guess_result', data: { ...match, outcome: 'lost', points: 0 } } },
    ]);

    // m2 ends 0–1: the parlay pays 10 × (1 + 2)/2 × 3 = 45, a half win; a second pass delivers nothing new.
    await finishFootball(db(), { matchId: m2, score: [0, 1], ht: [0, 0] });
    const later = await deliver();
    expect(later.sent).toEqual([
      {
        userId: winner.id,
        message: { type: 'guess_result', data: { match_id: m2, home: 'Galatasaray', away: 'Fenerbahçe', home_score: 0, away_score: 1, outcome: 'half_won', points: 45 } },
      },
    ]);
    expect((await deliver()).sent).toEqual([]);
    expect(await db().select().from(betSettlements).where(eq(betSettlements.betId, parlay!))).toHaveLength(1);
  });

  it("keeps a staff void's reason in the leg's receipt and the settlement log", async () => {
    const matchId = await newMatch();
    const fan = await createBuyer(db(), 1000);
    const [betId] = await insertBetsForTest(db(), [{ userId: fan.id, stake: 100, legs: [{ matchId, market: 'handicap', pick: 'home', line: -0.5 }] }]);
    const logged: Record<string, unknown>[] = [];
    const log = { info: (data: Record<string, unknown>) => void logged.push(data), error: () => undefined };
    const popups = collectPopups();
    const result = await voidMarket({ db: db(), matchId, market: 'handicap', period: 'ft', reason: 'feed priced the wrong line', staffId: 7, now: new Date(T0), publisher: popups.publisher, log });
    expect(result).toEqual({ legs: 1, bets: 1 });
    const [leg] = await db().select().from(betLegs).where(eq(betLegs.betId, betId!));
    expect([leg!.outcome, leg!.receipt]).toEqual(['void', { key: 'guessing.receipt.void.staff', params: { reason: 'feed priced the wrong line' } }]);
    const [row] = await db().select().from(betSettlements).where(eq(betSettlements.betId, betId!));
    expect([row!.status, row!.payout, row!.cause]).toEqual(['void', 100, 'staff:7:feed priced the wrong line']);
    expect(logged).toContainEqual(expect.objectContaining({ matchId, staffId: 7, reason: 'feed priced the wrong line' }));
    expect(popups.sent.map((popup) => [popup.userId, popup.message.type === 'guess_result' && popup.message.data.outcome])).toEqual([[fan.id, 'void']]);
    expect(await balanceOf(db(), fan.id)).toBe(1000);
  });
});
