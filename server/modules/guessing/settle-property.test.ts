import { asc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Selection } from '../../../core/contracts/odds';
import { betPayout } from '../../../core/guessing/bets';
import { gradeSelection } from '../../../core/odds/grade';
import type { Db } from '../../db/client';
import { betLegs, betSettlements, bets } from '../../db/schema/guessing';
import { houseLedger, pointsLedger } from '../../db/schema/points';
import { useTestDatabase } from '../../test-support/db';
import { createBuyer, createMatch, finishFootball, matchWritesFor, prepareForecastDatabase } from '../forecast/settlement-test-support';
import { expectLedgerBalanced } from '../points/points-test-support';
import { expectBetBooksBalanced, insertBetsForTest, type TestBetInput } from './guessing-test-support';
import { settleBetsForMatch } from './settle-bets';

const MATCHES = 10;
const BETS = 10_000;
const FIRST_MATCH = 7_500_001;

/** Every line the model offers, quarter lines included, on both periods. */
const SELECTIONS: Selection[] = [];
for (const period of ['ft', 'ht'] as const) {
  for (const pick of ['home', 'draw', 'away'] as const) SELECTIONS.push({ market: '1x2', period, pick, line: null });
  for (const line of [-1.5, -1.25, -1, -0.75, -0.5, -0.25, 0, 0.25, 0.5, 0.75]) {
    SELECTIONS.push({ market: 'handicap', period, pick: 'home', line }, { market: 'handicap', period, pick: 'away', line });
  }
  for (const line of [0.5, 0.75, 1, 1.5, 2, 2.25, 2.5, 2.75, 3, 3.5]) {
    SELECTIONS.push({ market: 'over_under', period, pick: 'over', line }, { market: 'over_under', period, pick: 'under', line });
  }
}

const slipArbitrary = fc.record({
  bettor: fc.nat(49),
  stake: fc.integer({ min: 1, max: 1000 }),
  legs: fc.uniqueArray(fc.record({ match: fc.nat(MATCHES - 1), selection: fc.nat(SELECTIONS.length - 1), oddsMilli: fc.integer({ min: 1010, max: 9000 }) }), {
    minLength: 1,
    maxLength: 4,
    selector: (leg) => leg.match,
  }),
});
const scoreArbitrary = fc.tuple(fc.nat(5), fc.nat(5), fc.nat(5), fc.nat(5)).map(([home, away, htHome, htAway]) => ({
  score: [home, away] as [number, number],
  ht: [Math.min(home, htHome), Math.min(away, htAway)] as [number, number],
}));

describe('bet settlement of 10,000 random singles and parlays on pglite (property)', () => {
  const database = useTestDatabase('pglite');
  const db = (): Db => database.current.db;

  it('pays every bet exactly what its graded legs say, once, keeps the books exact, and corrects a changed result by the difference', async () => {
    await prepareForecastDatabase(db());
    const matchIds = Array.from({ length: MATCHES }, (_, index) => FIRST_MATCH + index);
    for (const matchId of matchIds) await createMatch(db(), { matchId });
    const bettors: number[] = [];
    for (let index = 0; index < 50; index++) bettors.push((await createBuyer(db(), 10_000_000)).id);
    const seed = 78;
    const slips = fc.sample(slipArbitrary, { numRuns: BETS, seed });
    const results = fc.sample(scoreArbitrary, { numRuns: MATCHES, seed });
    const inputs: TestBetInput[] = slips.map((slip) => ({
      userId: bettors[slip.bettor]!,
      stake: slip.stake,
      legs: slip.legs.map((leg) => ({ matchId: matchIds[leg.match]!, ...SELECTIONS[leg.selection]!, oddsMilli: leg.oddsMilli })),
    }));
    const ids = await insertBetsForTest(db(), inputs);

    /** The oracle: each leg graded on its match's result alone, the bet paid by the exact-integer rule. */
    const expectedPayouts = (byMatch: { score: [number, number]; ht: [number, number] }[]) =>
      slips.map((slip) =>
        betPayout(
          slip.stake,
          slip.legs.map((leg) => {
            const { score, ht } = byMatch[leg.match]!;
            const grade = gradeSelection('football', SELECTIONS[leg.selection]!, { home: score[0], away: score[1], htHome: ht[0], htAway: ht[1] });
            return { oddsMilli: leg.oddsMilli, outcome: grade.outcome };
          }),
        ),
      );
    const settleAll = async (cause: string) => {
      let written = 0;
      for (const matchId of matchIds) written += (await db().transaction((tx) => settleBetsForMatch(tx, { matchId, cause, now: new Date() }))).length;
      return written;
    };
    const stored = async () => db().select({ id: bets.id, payout: bets.payout, status: bets.status, version: bets.settlementVersion }).from(bets).orderBy(asc(bets.id));
    const houseOfBets = async () =>
      Number((await db().select({ total: sql<string>`coalesce(sum(${houseLedger.amount}), 0)::text` }).from(houseLedger).where(sql`${houseLedger.reason} like 'bet_%'`))[0]!.total);
    const stakes = inputs.reduce((sum, input) => sum + input.stake, 0);

    for (const [index, matchId] of matchIds.entries()) await finishFootball(db(), { matchId, ...results[index]! });
    expect(await settleAll('round')).toBe(BETS);
    expect(await settleAll('again')).toBe(0);
    const expected = expectedPayouts(results);
    const first = await stored();
    expect(first.map((bet) => bet.id)).toEqual(ids);
    expect(first.map((bet) => bet.payout)).toEqual(expected);
    expect(first.every((bet) => bet.version === 1 && bet.status === 'settled')).toBe(true);
    const payouts = await db().select({ key: pointsLedger.idempotencyKey, amount: pointsLedger.amount }).from(pointsLedger).where(eq(pointsLedger.reason, 'bet_payout'));
    expect(new Map(payouts.map((row) => [row.key, row.amount]))).toEqual(
      new Map(ids.flatMap((id, index) => (expected[index]! > 0 ? [[`bet_payout:${id}:v1`, expected[index]!] as const] : []))),
    );
    const paid = expected.reduce((sum, payout) => sum + payout, 0);
    expect(await houseOfBets()).toBe(stakes - paid);
    await expectLedgerBalanced(db());
    await expectBetBooksBalanced(db(), expect);

    // Two results are corrected: every bet on them is re-graded, and only a changed payout writes version 2.
    const corrected = [...results];
    for (const index of [0, 3]) {
      const { score, ht } = results[index]!;
      corrected[index] = { score: [score[0] + 1, score[1]], ht };
      await matchWritesFor(db()).correctResult({ matchId: matchIds[index]!, sport: 'football', homeScore: score[0] + 1, awayScore: score[1], reason: 'property test' });
    }
    const changed = expectedPayouts(corrected);
    const moved = changed.filter((payout, index) => payout !== expected[index]).length;
    expect(moved).toBeGreaterThan(0);
    expect(await settleAll('correction')).toBe(moved);
    const second = await stored();
    expect(second.map((bet) => bet.payout)).toEqual(changed);
    expect(second.map((bet) => bet.version)).toEqual(changed.map((payout, index) => (payout === expected[index] ? 1 : 2)));
    const deltas = await db()
      .select({ betId: betSettlements.betId, total: sql<string>`sum(${betSettlements.delta})::text` })
      .from(betSettlements)
      .groupBy(betSettlements.betId);
    // Every bettor holds millions: no correction is clamped, so Σ delta is the payout.
    expect(new Map(deltas.map((row) => [row.betId, Number(row.total)]))).toEqual(new Map(ids.map((id, index) => [id, changed[index]!])));
    expect(await houseOfBets()).toBe(stakes - changed.reduce((sum, payout) => sum + payout, 0));
    const [open] = await db().select({ n: sql<string>`count(*)::text` }).from(betLegs).where(sql`${betLegs.outcome} is null`);
    expect(Number(open!.n)).toBe(0);
    await expectLedgerBalanced(db());
    await expectBetBooksBalanced(db(), expect);
  }, 180_000);
});
