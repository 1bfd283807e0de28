import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccessSchema, ErrorBodySchema } from '../../../core/contracts/api';
import {
  MarkAllReadBodySchema,
  MarkReadBodySchema,
  NotificationListDataSchema,
  NotificationListQuerySchema,
  NotificationParamsSchema,
  NotificationSwitchesSchema,
  UnreadCountsSchema,
  UpdateNotificationSwitchesSchema,
  notificationsEndpoints,
} from '../../../core/contracts/notifications';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';
import { AppError } from '../../errors';
import { limitAction, type ActionLimits } from '../../lib/limits/limit-action';
import { createRateLimiter, type RateLimiter } from '../../lib/limits/rate-limiter';
import { INBOX_WRITE_LIMITS } from '../../settings/limits';
import { requireUser } from '../../http/current-user';
import {
  countUnread,
  deleteNotification,
  getNotificationSwitches,
  listNotifications,
  markAllNotificationsRead,
  markNotificationsRead,
  updateNotificationSwitches,
} from './inbox';
import type { NoticeLog, NoticePublisher } from './notify';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 429: ErrorBodySchema };
const ok = <T>(data: T) => ({ code: 0 as const, msg: 'success', data });

export interface NotificationsRoutesOptions {
  db: Db;
  /** the kinds the site sends (every module's `notificationKinds`): one switch each */
  kinds: readonly string[];
  /** counts the inbox's writes (decision 134); one on the database unless given */
  limiter?: RateLimiter;
  /** the inbox writes' limits; INBOX_WRITE_LIMITS unless given (tests) */
  writeLimits?: ActionLimits;
  /** pushes the new counts to the reader's other pages after a change; none without it */
  publisher?: NoticePublisher;
  log?: NoticeLog;
  now?: () => Date;
}

/**
 * The inbox API (docs/decisions/133-notifications.md): the signed-in reader's own notifications
 * only (401 signed out; someone else's id answers 404 like a missing one). Never cached.
 */
export const notificationsRoutes: FastifyPluginAsyncZod<NotificationsRoutesOptions> = async (app, options) => {
  const deps = { db: options.db, publisher: options.publisher, log: options.log };
  const now = () => options.now?.() ?? new Date();
  const limiter = options.limiter ?? createRateLimiter({ db: options.db });

  /** The signed-in reader, once this write is within the inbox's limits (429 otherwise). */
  async function limited(request: FastifyRequest): Promise<{ id: number }> {
    const user = requireUser(request);
    const [account] = await options.db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, user.id));
    if (!account) throw new AppError('UNAUTHENTICATED');
    await limitAction({ limiter, action: 'notifications.write', accountId: user.id, accountCreatedAt: account.createdAt, address: request.ip, now: now(), rules: options.writeLimits ?? INBOX_WRITE_LIMITS });
    return user;
  }

  app.addHook('onRequest', async (_request, reply) => {
    void reply.header('cache-control', 'private, no-store');
  });

  app.get(
    notificationsEndpoints.list.path,
    {
      schema: {
        tags: ['notifications'],
        summary: "The reader's notifications of one group (interaction or system), newest first; `cursor` is the last id of the page before",
        querystring: NotificationListQuerySchema,
        response: { 200: apiSuccessSchema(NotificationListDataSchema), ...errors },
      },
    },
    async (request) => ok(await listNotifications(options.db, { userId: requireUser(request).id, ...request.query })),
  );

  app.get(
    notificationsEndpoints.unread.path,
    {
      schema: {
        tags: ['notifications'],
        summary: "The reader's unread notifications: all and per group",
        response: { 200: apiSuccessSchema(UnreadCountsSchema), ...errors },
      },
    },
    async (request) => ok(await countUnread(options.db, { userId: requireUser(request).id })),
  );

  app.post(
    notificationsEndpoints.markRead.path,
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark notifications read (all must be the reader’s, or 404 and nothing changes); answers the unread counts',
        body: MarkReadBodySchema,
        response: { 200: apiSuccessSchema(UnreadCountsSchema), ...errors, 404: ErrorBodySchema },
      },
    },
    async (request) => ok(await markNotificationsRead(deps, { userId: (await limited(request)).id, ids: request.body.ids, now: now() })),
  );

  app.post(
    notificationsEndpoints.markAllRead.path,
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark every notification of one group read; answers the unread counts',
        body: MarkAllReadBodySchema,
        response: { 200: apiSuccessSchema(UnreadCountsSchema), ...errors },
      },
    },
    async (request) => ok(await markAllNotificationsRead(deps, { userId: (await limited(request)).id, group: request.body.group, now: now() })),
  );

  app.delete(
    notificationsEndpoints.remove.path,
    {
      schema: {
        tags: ['notifications'],
        summary: 'Delete one of the reader’s notifications; answers the unread counts',
        params: NotificationParamsSchema,
        response: { 200: apiSuccessSchema(UnreadCountsSchema), ...errors, 404: ErrorBodySchema },
      },
    },
    async (request) => ok(await deleteNotification(deps, { userId: (await limited(request)).id, id: request.params.id })),
  );

  app.get(
    notificationsEndpoints.switches.path,
    {
      schema: {
        tags: ['notifications'],
        summary: 'Which kinds of notification the reader gets (every kind on until switched off)',
        response: { 200: apiSuccessSchema(NotificationSwitchesSchema), ...errors },
      },
    },
    async (request) => ok(await getNotificationSwitches(options.db, { userId: requireUser(request).id, kinds: options.kinds })),
  );

  app.put(
    notificationsEndpoints.updateSwitches.path,
    {
      schema: {
        tags: ['notifications'],
        summary: 'Switch kinds of notification on or off; the kinds not sent keep their value',
        body: UpdateNotificationSwitchesSchema,
        response: { 200: apiSuccessSchema(NotificationSwitchesSchema), ...errors },
      },
    },
    async (request) =>
      ok(await updateNotificationSwitches(options.db, { userId: (await limited(request)).id, kinds: options.kinds, changes: request.body, now: now() })),
  );
};
