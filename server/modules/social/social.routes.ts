import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { apiSuccessSchema, ErrorBodySchema } from '../../../core/contracts/api';
import type { Endpoint } from '../../../core/contracts/endpoints';
import { SocialUserParamsSchema, socialEndpoints } from '../../../core/contracts/social';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';
import { AppError, isAppError } from '../../errors';
import { requireUser } from '../../http/current-user';
import { limitAction, type ActionLimits } from '../../lib/limits/limit-action';
import { createRateLimiter, type RateLimiter } from '../../lib/limits/rate-limiter';
import { withNotifications, type NoticeLog, type NoticePublisher } from '../notifications/public';
import { blockUser, followUser, listBlocks, listFollows, unblockUser, unfollowUser } from './social.service';
import { BLOCK_LIMITS, FOLLOW_LIMITS } from './social.settings';

export interface SocialRouteOptions {
  db: Db;
  publisher?: NoticePublisher;
  log?: NoticeLog;
  limiter?: RateLimiter;
  now?: () => Date;
}

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  429: ErrorBodySchema,
};
const ok = <T>(data: T) => ({ code: 0 as const, msg: 'success', data });

function schemaOf<Q extends z.ZodType | undefined, D extends z.ZodType>(endpoint: Endpoint<Q, undefined, D>, summary: string) {
  const schema = {
    tags: ['social'],
    summary,
    params: SocialUserParamsSchema,
    querystring: endpoint.query as Q,
    response: { 200: apiSuccessSchema(endpoint.data), ...errors },
  };
  if (schema.querystring === undefined) delete (schema as { querystring?: unknown }).querystring;
  return schema;
}

/**
 * The social graph's API (docs/decisions/140). Following and blocking need an account and are
 * counted by limitAction before their transaction (429 with Retry-After and the social message);
 * the follow lists are open to everyone, the block list to its owner.
 */
export const socialRoutes: FastifyPluginAsyncZod<SocialRouteOptions> = async (app, options) => {
  const { db } = options;
  const limiter = options.limiter ?? createRateLimiter({ db });
  const now = () => options.now?.() ?? new Date();
  const notices = { db, publisher: options.publisher, log: options.log };
  const e = socialEndpoints;

  async function limited(request: Parameters<typeof requireUser>[0], action: string, rules: ActionLimits, at: Date) {
    const user = requireUser(request);
    const [account] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, user.id));
    if (!account) throw new AppError('UNAUTHENTICATED');
    try {
      await limitAction({
        limiter,
        action,
        accountId: user.id,
        accountCreatedAt: account.createdAt,
        address: request.ip,
        now: at,
        rules,
      });
    } catch (error) {
      if (isAppError(error) && error.code === 'RATE_LIMITED')
        throw new AppError('RATE_LIMITED', {
          message: 'social.rateLimited',
          params: error.params,
          retryAfterSec: error.retryAfterSec,
        });
      throw error;
    }
    return { id: user.id, nickname: user.nickname };
  }

  app.put(
    e.follow.path,
    {
      schema: schemaOf(e.follow, 'Follow a fan or tipster (again: nothing changes; yourself 409; blocked either way 403; closed 404)'),
    },
    async (request) => {
      const at = now();
      const follower = await limited(request, 'social.follow', FOLLOW_LIMITS, at);
      return ok(
        await withNotifications(notices, (tx, told) =>
          followUser(tx, {
            follower,
            followeeId: request.params.id,
            now: at,
            notices: told,
          }),
        ),
      );
    },
  );

  app.delete(
    e.unfollow.path,
    {
      schema: schemaOf(e.unfollow, 'Stop following (not following: nothing changes)'),
    },
    async (request) => {
      const at = now();
      const follower = await limited(request, 'social.follow', FOLLOW_LIMITS, at);
      return ok(
        await db.transaction((tx) =>
          unfollowUser(tx, {
            followerId: follower.id,
            followeeId: request.params.id,
          }),
        ),
      );
    },
  );

  app.get(
    e.listFollowers.path,
    {
      schema: schemaOf(e.listFollowers, 'A fan’s followers, newest first; `cursor` is the last row’s `<ms>.<id>`'),
    },
    async (request) =>
      ok(
        await listFollows(db, {
          ...request.query,
          userId: request.params.id,
          side: 'followers',
          readerId: request.user?.id ?? null,
        }),
      ),
  );

  app.get(
    e.listFollowing.path,
    {
      schema: schemaOf(e.listFollowing, 'The fans and tipsters a fan follows, newest first'),
    },
    async (request) =>
      ok(
        await listFollows(db, {
          ...request.query,
          userId: request.params.id,
          side: 'following',
          readerId: request.user?.id ?? null,
        }),
      ),
  );

  app.put(
    e.block.path,
    {
      schema: schemaOf(e.block, 'Block a fan: the follows between you go both ways; their content is hidden from you and yours from them'),
    },
    async (request) => {
      const at = now();
      const blocker = await limited(request, 'social.block', BLOCK_LIMITS, at);
      return ok(
        await db.transaction((tx) =>
          blockUser(tx, {
            blockerId: blocker.id,
            blockedId: request.params.id,
            now: at,
          }),
        ),
      );
    },
  );

  app.delete(
    e.unblock.path,
    {
      schema: schemaOf(e.unblock, 'Lift a block (not blocked: nothing changes)'),
    },
    async (request) => {
      const at = now();
      const blocker = await limited(request, 'social.block', BLOCK_LIMITS, at);
      return ok(
        await db.transaction((tx) =>
          unblockUser(tx, {
            blockerId: blocker.id,
            blockedId: request.params.id,
          }),
        ),
      );
    },
  );

  app.get(
    e.listBlocks.path,
    {
      schema: schemaOf(e.listBlocks, 'The fans the reader blocked, last blocked first: their owner only (another’s: 403)'),
    },
    async (request) => {
      const reader = requireUser(request);
      return ok(
        await listBlocks(db, {
          ...request.query,
          ownerId: request.params.id,
          readerId: reader.id,
        }),
      );
    },
  );
};
