import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { apiSuccessSchema, ErrorBodySchema } from '../../../core/contracts/api';
import { CommentIdParamsSchema, communityEndpoints, PostIdParamsSchema, UserIdParamsSchema } from '../../../core/contracts/community';
import type { Endpoint } from '../../../core/contracts/endpoints';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';
import { AppError, isAppError } from '../../errors';
import { requireRole, requireUser } from '../../http/current-user';
import { limitAction, type ActionLimits } from '../../lib/limits/limit-action';
import { createRateLimiter, type RateLimiter } from '../../lib/limits/rate-limiter';
import { assertMayWrite, staffReviewWords } from '../moderation/public';
import { readUploads, registerUploads, uploadKeys, type UploadPipeline } from '../../http/uploads';
import { withNotifications, type NoticeLog, type NoticePublisher } from '../notifications/public';
import { listFollowingPosts, listHotPosts, listUserPosts, listWeekly } from './community-feeds';
import {
  cleanCommentBody,
  cleanPostBody,
  createComment,
  createPost,
  deleteComment,
  deletePost,
  editPost,
  getPost,
  listComments,
  listFavourites,
  listPosts,
  setCommentLike,
  setFavourite,
  setPostLike,
  type CommunityConfig,
} from './community.service';
import { COMMENT_LIMITS, DELETE_LIMITS, EDIT_LIMITS, FAVOURITE_LIMITS, LIKE_LIMITS, NEW_ACCOUNT_REPLIES_PER_POST, POST_LIMITS, UPLOAD_LIMITS } from './community.settings';

export interface CommunityRouteOptions {
  db: Db;
  config: CommunityConfig;
  publisher?: NoticePublisher;
  log?: NoticeLog;
  limiter?: RateLimiter;
  now?: () => Date;
  /** the upload pipeline (AppOptions.files); without it the upload route answers UPLOAD_FAILED */
  uploads?: UploadPipeline;
}

const STAFF_ROLES = ['staff', 'admin'] as const;
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema, 413: ErrorBodySchema, 415: ErrorBodySchema, 422: ErrorBodySchema, 429: ErrorBodySchema, 503: ErrorBodySchema };
const ok = <T>(data: T) => ({ code: 0 as const, msg: 'success', data });

/** The route's schema from its endpoint's definition: the same query, body and answer the browser checks. */
function schemaOf<Q extends z.ZodType | undefined, B extends z.ZodType | undefined, D extends z.ZodType, P extends z.ZodType | undefined = undefined>(
  endpoint: Endpoint<Q, B, D>,
  extra: { summary: string; params?: P; tags?: string[] },
) {
  const schema = {
    tags: extra.tags ?? ['community'],
    summary: extra.summary,
    params: extra.params as P,
    querystring: endpoint.query as Q,
    body: endpoint.body as B,
    response: { 200: apiSuccessSchema(endpoint.data), ...errors },
  };
  // a part the endpoint does not have is left out, not given as undefined (Fastify warns of those)
  for (const part of ['params', 'querystring', 'body'] as const) if (schema[part] === undefined) delete schema[part];
  return schema;
}

/**
 * The community's API (docs/decisions/139). Reads are open to everyone (a signed-in reader sees
 * their likes, favourites and own waiting posts); every write needs an account and is counted
 * by limitAction before its transaction, refused with 429, Retry-After and the community's
 * message.
 */
export const communityRoutes: FastifyPluginAsyncZod<CommunityRouteOptions> = async (app, options) => {
  const { db, config } = options;
  const limiter = options.limiter ?? createRateLimiter({ db });
  const now = () => options.now?.() ?? new Date();
  const notices = { db, publisher: options.publisher, log: options.log };

  /** The signed-in author with their account's age and nickname, after one hit of the action's limits. */
  async function limited(request: Parameters<typeof requireUser>[0], action: string, rules: ActionLimits, at: Date) {
    const user = requireUser(request);
    const [account] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, user.id));
    if (!account) throw new AppError('UNAUTHENTICATED');
    await assertMayWrite(db, { userId: user.id, action, now: at }); // a suspended or banned fan: 403 before anything is counted (decision 143)
    try {
      await limitAction({ limiter, action, accountId: user.id, accountCreatedAt: account.createdAt, address: request.ip, now: at, rules });
    } catch (error) {
      if (isAppError(error) && error.code === 'RATE_LIMITED') {
        throw new AppError('RATE_LIMITED', { message: 'community.rateLimited', params: error.params, retryAfterSec: error.retryAfterSec });
      }
      throw error;
    }
    return { id: user.id, nickname: user.nickname, createdAt: account.createdAt };
  }

  const e = communityEndpoints;
  /** the settings' review words and those staff added, read per post (decision 143) */
  const withStaffWords = async () => ({ ...config, reviewWords: [...config.reviewWords, ...(await staffReviewWords(db))] });

  app.get(
    e.listPosts.path,
    { schema: schemaOf(e.listPosts, { summary: 'The latest published posts, or (`feed=following`, signed in) those of the fans the reader follows, newest first; `cursor` is the last id of the page before' }) },
    async (request) => {
      const read = request.query.feed === 'following' ? listFollowingPosts : listPosts;
      return ok(await read(db, { ...request.query, reader: request.user, now: now(), config }));
    },
  );

  app.get(
    e.listHotPosts.path,
    { schema: schemaOf(e.listHotPosts, { summary: 'The hot list: published posts of the last week by Lemmy’s time-decayed rank of their likes (docs/decisions/141)' }) },
    async (request) => ok(await listHotPosts(db, { ...request.query, reader: request.user, now: now(), config })),
  );

  app.get(
    e.listWeekly.path,
    { schema: schemaOf(e.listWeekly, { summary: 'The most liked posts of an ISO week (Monday 00:00 UTC); without `week`, the current week so far' }) },
    async (request) => ok(await listWeekly(db, { ...request.query, reader: request.user, now: now(), config })),
  );

  app.get(
    e.listUserPosts.path,
    { schema: schemaOf(e.listUserPosts, { summary: 'A fan’s posts, newest first (their own waiting and hidden ones too, for themselves); a closed or blocked fan: 404', params: UserIdParamsSchema }) },
    async (request) => ok(await listUserPosts(db, { ...request.query, userId: request.params.id, reader: request.user, now: now(), config })),
  );

  // One picture or video a request (multipart, field `file`), public: a post names its keys.
  await registerUploads(app);
  app.post(
    e.upload.path,
    { schema: schemaOf(e.upload, { summary: 'Upload one picture or video for a post (multipart, field `file`); 60 an hour, 10 for a new account' }) },
    async (request) => {
      requireUser(request);
      const at = now();
      await limited(request, 'community.upload', UPLOAD_LIMITS, at);
      if (!options.uploads) throw new AppError('UPLOAD_FAILED');
      const { files } = await readUploads(request, options.uploads, {
        maxFiles: 1,
        maxMegabytes: Math.max(config.pictureMaxMegabytes, config.videoMaxMegabytes),
        maxImageMegabytes: config.pictureMaxMegabytes,
        maxVideoSeconds: config.videoMaxSeconds,
        kinds: ['image', 'video'],
        visibility: 'public',
      });
      const file = files[0];
      if (!file) throw new AppError('UPLOAD_EMPTY');
      const poster = file.variants.find((variant) => variant.name === 'poster');
      return ok({
        kind: file.kind,
        keys: [file.key, ...uploadKeys([file]).filter((key) => key !== file.key)],
        preview_key: file.kind === 'video' && poster ? poster.key : file.key,
        width: file.width,
        height: file.height,
        duration_sec: file.durationSec ?? null,
      });
    },
  );

  app.post(
    e.createPost.path,
    { schema: schemaOf(e.createPost, { summary: 'Write a post with uploaded files (pictures or one video); a new account’s post, or one with a review word, waits for staff (20 a day, 1 per 15 s)' }) },
    async (request) => {
      requireUser(request);
      const at = now();
      const cleaned = cleanPostBody(request.body.body, { hasFiles: request.body.files.length > 0 });
      const author = await limited(request, 'community.post', POST_LIMITS, at);
      const words = await withStaffWords();
      return ok(await db.transaction((tx) => createPost(tx, { author, body: request.body, cleaned, now: at, config: words })));
    },
  );

  app.get(e.getPost.path, { schema: schemaOf(e.getPost, { summary: 'One post as the reader may see it (another’s waiting, hidden or deleted post: 404)', params: PostIdParamsSchema }) }, async (request) =>
    ok(await getPost(db, { id: request.params.id, reader: request.user, now: now(), config })),
  );

  app.put(e.editPost.path, { schema: schemaOf(e.editPost, { summary: 'Its author edits a post within the edit window', params: PostIdParamsSchema }) }, async (request) => {
    const at = now();
    const reader = await limited(request, 'community.edit', EDIT_LIMITS, at);
    const words = await withStaffWords();
    return ok(await db.transaction((tx) => editPost(tx, { id: request.params.id, reader, body: request.body, now: at, config: words })));
  });

  app.delete(e.deletePost.path, { schema: schemaOf(e.deletePost, { summary: 'Its author deletes a post; it answers as "this post deleted" where listed', params: PostIdParamsSchema }) }, async (request) => {
    const at = now();
    const reader = await limited(request, 'community.delete', DELETE_LIMITS, at);
    return ok(await db.transaction((tx) => deletePost(tx, { id: request.params.id, reader, now: at, config })));
  });

  app.get(e.listComments.path, { schema: schemaOf(e.listComments, { summary: 'A post’s comments and replies in the order written', params: PostIdParamsSchema }) }, async (request) =>
    ok(await listComments(db, { ...request.query, postId: request.params.id, reader: request.user })),
  );

  app.post(e.createComment.path, { schema: schemaOf(e.createComment, { summary: 'Comment on a post, or reply to a comment (one level)', params: PostIdParamsSchema }) }, async (request) => {
    requireUser(request);
    const at = now();
    const cleaned = cleanCommentBody(request.body.body);
    const author = await limited(request, 'community.comment', COMMENT_LIMITS, at);
    await limitAction({ limiter, action: `community.comment.post${request.params.id}`, accountId: author.id, accountCreatedAt: author.createdAt, now: at, rules: NEW_ACCOUNT_REPLIES_PER_POST }).catch((error: unknown) => {
      if (isAppError(error) && error.code === 'RATE_LIMITED') throw new AppError('RATE_LIMITED', { message: 'community.rateLimited', params: error.params, retryAfterSec: error.retryAfterSec });
      throw error;
    });
    return ok(await withNotifications(notices, (tx, told) => createComment(tx, { postId: request.params.id, author, body: request.body, cleaned, now: at, notices: told })));
  });

  app.delete(e.deleteComment.path, { schema: schemaOf(e.deleteComment, { summary: 'Its author deletes a comment; it stays in its thread as a placeholder', params: CommentIdParamsSchema }) }, async (request) => {
    const at = now();
    const reader = await limited(request, 'community.delete', DELETE_LIMITS, at);
    return ok(await db.transaction((tx) => deleteComment(tx, { id: request.params.id, reader, now: at })));
  });

  // The toggles: PUT sets, DELETE takes back, each idempotent; a like is counted against the
  // like limits (taking one back is not), saving and unsaving against the favourite limits.
  const toggles = [
    { endpoint: e.likePost, params: PostIdParamsSchema, summary: 'Like a post (again: nothing changes)', limit: ['community.like', LIKE_LIMITS] },
    { endpoint: e.unlikePost, params: PostIdParamsSchema, summary: 'Take back a like of a post', limit: null },
    { endpoint: e.likeComment, params: CommentIdParamsSchema, summary: 'Like a comment (again: nothing changes)', limit: ['community.like', LIKE_LIMITS] },
    { endpoint: e.unlikeComment, params: CommentIdParamsSchema, summary: 'Take back a like of a comment', limit: null },
    { endpoint: e.favourite, params: PostIdParamsSchema, summary: 'Save a post', limit: ['community.favourite', FAVOURITE_LIMITS] },
    { endpoint: e.unfavourite, params: PostIdParamsSchema, summary: 'Take a post off the saved list', limit: ['community.favourite', FAVOURITE_LIMITS] },
  ] as const;
  for (const toggle of toggles) {
    app.route({
      method: toggle.endpoint.method,
      url: toggle.endpoint.path,
      schema: schemaOf(toggle.endpoint as Endpoint<undefined, undefined, z.ZodType>, { summary: toggle.summary, params: toggle.params }),
      handler: async (request) => {
        const at = now();
        const reader = toggle.limit ? await limited(request, toggle.limit[0], toggle.limit[1], at) : requireUser(request);
        const { id } = request.params as { id: number };
        const on = toggle.endpoint.method === 'PUT';
        switch (toggle.endpoint) {
          case e.likePost:
          case e.unlikePost:
            return ok(await withNotifications(notices, (tx, told) => setPostLike(tx, { postId: id, reader, liked: on, now: at, notices: told })));
          case e.likeComment:
          case e.unlikeComment:
            return ok(await db.transaction((tx) => setCommentLike(tx, { commentId: id, reader, liked: on, now: at })));
          default:
            return ok(await db.transaction((tx) => setFavourite(tx, { postId: id, reader, favourited: on, now: at })));
        }
      },
    });
  }

  app.get(e.listFavourites.path, { schema: schemaOf(e.listFavourites, { summary: 'A fan’s saved posts, last saved first: their owner only (another’s: 403)', params: UserIdParamsSchema }) }, async (request) => {
    const reader = requireUser(request);
    return ok(await listFavourites(db, { ...request.query, ownerId: request.params.id, reader, now: now(), config }));
  });

  app.get(
    e.staffGetPost.path,
    { schema: schemaOf(e.staffGetPost, { summary: 'Staff read any post with its words, waiting, hidden and deleted ones too', params: PostIdParamsSchema, tags: ['staff'] }) },
    async (request, reply) => {
      const staff = requireRole(request, STAFF_ROLES);
      void reply.header('cache-control', 'private, no-store');
      return ok(await getPost(db, { id: request.params.id, reader: staff, now: now(), config, staff: true }));
    },
  );
};
