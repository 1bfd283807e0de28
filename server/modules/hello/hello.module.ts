import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccessSchema, ErrorBodySchema } from '../../../core/contracts/api';
import { HelloBodySchema, helloEndpoints, helloHeardNotification, type Hello } from '../../../core/contracts/hello';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';
import { requireUser } from '../../http/current-user';
import { recordDomainEvents } from '../../jobs/outbox';
import { limitAction } from '../../lib/limits/limit-action';
import { createRateLimiter } from '../../lib/limits/rate-limiter';
import type { TribunModule } from '../definition';
import { notify, publishNotifications } from '../notifications/public';
import { helloGreetings } from './schema';

declare module '../../jobs/domain-events' {
  interface DomainEventMap {
    'hello.said': { helloId: number; userId: number };
  }
}

async function latest(db: Db): Promise<Hello[]> {
  const rows = await db
    .select({ id: helloGreetings.id, nickname: users.nickname, message: helloGreetings.message, createdAt: helloGreetings.createdAt })
    .from(helloGreetings)
    .innerJoin(users, eq(users.id, helloGreetings.userId))
    .orderBy(desc(helloGreetings.id))
    .limit(20);
  return rows.map((row) => ({ id: row.id, nickname: row.nickname, message: row.message, created_at: row.createdAt.toISOString() }));
}

const helloRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const limiter = createRateLimiter({ db });
  app.post(
    helloEndpoints.say.path,
    {
      schema: {
        tags: ['hello'],
        summary: 'Say hello (10 an hour per account)',
        body: HelloBodySchema,
        response: { 200: apiSuccessSchema(helloEndpoints.say.data), 400: ErrorBodySchema, 401: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const now = new Date();
      await limitAction({ limiter, action: 'hello.say', address: request.ip, now, rules: { standard: { perAddress: [{ limit: 10, window: 3600 }] } } });
      const id = await db.transaction(async (tx) => {
        const [row] = await tx.insert(helloGreetings).values({ userId: user.id, message: request.body.message, createdAt: now }).returning();
        await recordDomainEvents(tx, [{ type: 'hello.said', payload: { helloId: row!.id, userId: user.id } }], now);
        return row!.id;
      });
      return { code: 0 as const, msg: 'success', data: (await latest(db)).find((hello) => hello.id === id)! };
    },
  );
};

/** The worked example of docs/architecture.md: one table, one route, one event, one notification, one page. */
export const helloModule: TribunModule = {
  name: 'hello',
  notificationKinds: [helloHeardNotification],
  async routes(app, { db }) {
    await app.register(helloRoutes, { db });
  },
  pageReads: ({ db }) => ({ reads: { hello: { latest: () => latest(db) } } }),
  jobs(runner, { db, publisher, log }) {
    // In the delivery's own transaction: the notification is written once with the delivery, and pushed after it commits.
    runner.subscribe('hello-heard', ['hello.said'], async (event, context) => {
      const [hello] = await context.tx.select().from(helloGreetings).where(eq(helloGreetings.id, event.payload.helloId));
      if (!hello) return;
      const told = await notify(context.tx, { userId: hello.userId, kind: helloHeardNotification, dedupeKey: `hello:${hello.id}`, data: { message: hello.message } });
      context.afterCommit(() => publishNotifications({ db, publisher, log }, told));
    });
  },
};
