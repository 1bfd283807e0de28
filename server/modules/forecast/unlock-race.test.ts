import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plan } from '../../../core/contracts/forecast';
import type { Db } from '../../db/client';
import { forecastPlans, forecastUnlocks } from '../../db/schema/forecast';
import { houseLedger, pointsLedger } from '../../db/schema/points';
import { users } from '../../db/schema/users';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { balanceOf } from '../points/points-test-support';
import { DEFAULT_FORECAST_CONFIG, sellerShareOf } from './forecast-config';
import {
  buildForecastTestApp,
  callApi,
  createFan,
  createForecastMatch,
  prepareForecastWorld,
  publishTestPlan,
  testClock,
  type Fan,
} from './forecast-test-support';

const PRICE = 120;
const SHARE = sellerShareOf(PRICE, DEFAULT_FORECAST_CONFIG.sellerSharePercent);

/**
 * The books after a burst of concurrent unlocks. On PostgreSQL the requests really run at once
 * over the connection pool; PGlite serialises them, and the same rules must still hold:
 * - Σ ledger rows = balance, for every account (`SELECT user_id, sum(amount) … GROUP BY user_id`);
 * - each unlock row is exactly one debit of its price, one tipster credit of its share and one
 *   house row of the rest, and the plan's sell_count and sell_income count them.
 */
async function expectBooksBalanced(db: Db): Promise<void> {
  const sums = await db
    .select({ userId: pointsLedger.userId, total: sql<string>`sum(${pointsLedger.amount})::text` })
    .from(pointsLedger)
    .groupBy(pointsLedger.userId);
  const ledgerOf = new Map(sums.map((row) => [row.userId, Number(row.total)]));
  for (const user of await db.select({ id: users.id, balance: users.pointsBalance }).from(users)) {
    expect(ledgerOf.get(user.id) ?? 0, `ledger of user ${user.id}`).toBe(user.balance);
  }

  const unlocks = await db.select().from(forecastUnlocks);
  const debits = await db.select().from(pointsLedger).where(eq(pointsLedger.reason, 'plan_unlock'));
  const credits = await db.select().from(pointsLedger).where(eq(pointsLedger.reason, 'plan_sale'));
  const house = await db.select().from(houseLedger).where(eq(houseLedger.reason, 'plan_unlock'));
  expect(debits).toHaveLength(unlocks.length);
  expect(house).toHaveLength(unlocks.filter((unlock) => unlock.houseShare > 0).length);
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  expect(-sum(debits.map((row) => row.amount))).toBe(sum(unlocks.map((unlock) => unlock.price)));
  expect(sum(credits.map((row) => row.amount))).toBe(sum(unlocks.map((unlock) => unlock.sellerShare)));
  expect(sum(house.map((row) => row.amount))).toBe(sum(unlocks.map((unlock) => unlock.houseShare)));
  for (const unlock of unlocks) expect(unlock.sellerShare + unlock.houseShare).toBe(unlock.price);

  const plans = await db.select().from(forecastPlans);
  for (const plan of plans) {
    const sold = unlocks.filter((unlock) => unlock.planId === plan.id);
    expect([plan.sellCount, plan.sellIncome], `plan ${plan.id}`).toEqual([sold.length, sum(sold.map((unlock) => unlock.sellerShare))]);
  }
}

describe.each(TEST_DATABASE_KINDS)('concurrent unlocks on %s', (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.current.db;
  const clock = testClock();
  let app: FastifyInstance;

  beforeAll(async () => {
    await prepareForecastWorld(db());
    app = await buildForecastTestApp({ db: db(), now: clock });
  });
  afterAll(async () => {
    await app?.close();
  });

  const unlock = (fan: Fan, planId: number) =>
    callApi(app, { method: 'POST', url: `/api/forecast/plans/${planId}/unlock`, token: fan.token, body: {} });

  it('lets a buyer whose balance covers k plans unlock exactly k of k + 3 at once', async () => {
    const k = 5;
    const tipsters = [await createFan(db()), await createFan(db()), await createFan(db())];
    const buyer = await createFan(db(), { points: k * PRICE });
    const matchId = await createForecastMatch(db());
    const plans: Plan[] = [];
    for (let index = 0; index < k + 3; index += 1) {
      plans.push(await publishTestPlan(db(), { tipsterId: tipsters[index % tipsters.length]!.id, matchId, price: PRICE }));
    }

    const answers = await Promise.all(plans.map((plan) => unlock(buyer, plan.id)));
    const won = answers.filter((answer) => answer.status === 200);
    expect(won).toHaveLength(k);
    expect(answers.filter((answer) => answer.status === 409).map((answer) => answer.body.data.error)).toEqual([
      'POINTS_INSUFFICIENT',
      'POINTS_INSUFFICIENT',
      'POINTS_INSUFFICIENT',
    ]);
    expect(won.every((answer) => answer.body.data.unlocked === true && answer.body.data.content !== null)).toBe(true);
    expect(await balanceOf(db(), buyer.id)).toBe(0);

    const unlocked = await db().select().from(forecastUnlocks).where(eq(forecastUnlocks.buyerId, buyer.id));
    expect(unlocked).toHaveLength(k);
    const credited = await db()
      .select({ total: sql<string>`sum(${pointsLedger.amount})::text` })
      .from(pointsLedger)
      .where(inArray(pointsLedger.userId, tipsters.map((tipster) => tipster.id)));
    expect(Number(credited[0]?.total)).toBe(k * SHARE);
    await expectBooksBalanced(db());
  });

  it('charges each of many buyers of one hot plan once, however often each of them asks', async () => {
    const tipster = await createFan(db());
    const buyers: Fan[] = [];
    for (let index = 0; index < 12; index += 1) buyers.push(await createFan(db(), { points: 1000 }));
    const plan = await publishTestPlan(db(), { tipsterId: tipster.id, matchId: await createForecastMatch(db()), price: PRICE });
    const houseBefore = (await db().select().from(houseLedger)).length;

    // every buyer sends the unlock three times at once (a double click and a retry)
    const answers = await Promise.all(buyers.flatMap((buyer) => [unlock(buyer, plan.id), unlock(buyer, plan.id), unlock(buyer, plan.id)]));
    expect(answers.map((answer) => answer.status)).toEqual(Array<number>(answers.length).fill(200));
    for (const buyer of buyers) expect(await balanceOf(db(), buyer.id)).toBe(1000 - PRICE);
    expect(await balanceOf(db(), tipster.id)).toBe(buyers.length * SHARE);
    const [row] = await db().select().from(forecastPlans).where(eq(forecastPlans.id, plan.id));
    expect([row?.sellCount, row?.sellIncome]).toEqual([buyers.length, buyers.length * SHARE]);
    const house = (await db().select().from(houseLedger)).slice(houseBefore);
    expect(house.map((entry) => entry.amount)).toEqual(Array<number>(buyers.length).fill(PRICE - SHARE));
    await expectBooksBalanced(db());
  });

  it('never deadlocks two tipsters buying each other’s plans at once', async () => {
    const a = await createFan(db(), { points: 2000 });
    const b = await createFan(db(), { points: 2000 });
    const matchId = await createForecastMatch(db());
    const plansOfA: Plan[] = [];
    const plansOfB: Plan[] = [];
    for (let index = 0; index < 6; index += 1) {
      plansOfA.push(await publishTestPlan(db(), { tipsterId: a.id, matchId, price: PRICE }));
      plansOfB.push(await publishTestPlan(db(), { tipsterId: b.id, matchId, price: PRICE }));
    }
    const answers = await Promise.all(plansOfA.flatMap((planOfA, index) => [unlock(b, planOfA.id), unlock(a, plansOfB[index]!.id)]));
    expect(answers.map((answer) => answer.status)).toEqual(Array<number>(answers.length).fill(200));
    expect(await balanceOf(db(), a.id)).toBe(2000 - 6 * PRICE + 6 * SHARE);
    expect(await balanceOf(db(), b.id)).toBe(2000 - 6 * PRICE + 6 * SHARE);
    await expectBooksBalanced(db());
  });
});
