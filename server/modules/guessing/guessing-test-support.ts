import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { houseLedger, pointsLedger } from '../../db/schema/points';
import { users } from '../../db/schema/users';
import { setErrorHandling } from '../../http/error-handler';
import { createSiteOrigin } from '../../http/site-origin';
import { currentUserPlugin } from '../auth/current-user';
import type { OddsService } from '../odds/odds.service';
import { testOddsService } from '../forecast/forecast-test-support';
import { DEFAULT_GUESSING_CONFIG, type GuessingConfig } from './guessing-config';
import { guessingRoutes } from './guessing.routes';

/** The guessing routes on a Fastify instance compiled like the real app, on the test clock. */
export async function buildGuessingTestApp(options: { db: Db; now?: () => Date; config?: GuessingConfig; odds?: OddsService }): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  setErrorHandling(app);
  await app.register(currentUserPlugin, { db: options.db, siteOrigin: createSiteOrigin({ allowLoopback: true }) });
  await app.register(guessingRoutes, {
    db: options.db,
    odds: options.odds ?? testOddsService(options.db, { now: options.now }),
    config: options.config ?? DEFAULT_GUESSING_CONFIG,
    now: options.now,
  });
  await app.ready();
  return app;
}

/** Σ ledger rows = balance for every account, and Σ house rows of bets = −Σ user rows of bets. */
export async function expectBetBooksBalanced(db: Db, expect: (value: unknown, message?: string) => { toBe(value: unknown): void }): Promise<void> {
  const sums = await db.select({ userId: pointsLedger.userId, total: sql<string>`sum(${pointsLedger.amount})::text` }).from(pointsLedger).groupBy(pointsLedger.userId);
  const ledgerOf = new Map(sums.map((row) => [row.userId, Number(row.total)]));
  for (const user of await db.select({ id: users.id, balance: users.pointsBalance }).from(users)) {
    expect(ledgerOf.get(user.id) ?? 0, `ledger of user ${user.id}`).toBe(user.balance);
  }
  const [userSide] = await db
    .select({ total: sql<string>`coalesce(sum(${pointsLedger.amount}), 0)::text` })
    .from(pointsLedger)
    .where(sql`${pointsLedger.reason} like 'bet_%'`);
  const [houseSide] = await db
    .select({ total: sql<string>`coalesce(sum(${houseLedger.amount}), 0)::text` })
    .from(houseLedger)
    .where(sql`${houseLedger.reason} like 'bet_%'`);
  expect(Number(houseSide?.total ?? 0) + 0, 'house result of bets').toBe(0 - Number(userSide?.total ?? 0) + 0);
}
