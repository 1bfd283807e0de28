import { z } from 'zod';
import { defineEndpoint } from './endpoints';
import { SportSchema } from './matches';
import { multiLineText, singleLineText } from './text';

/**
 * The community's HTTP contract (issue 25, docs/decisions/139): posts with rich text and files,
 * comments with one level of replies, likes, favourites. Bodies are the editor's HTML; the server
 * sanitises it to an allow-list and answers only the sanitised form. Every id is checked against
 * the reader: a post the reader may not see answers 404 exactly as a missing one.
 */

/** The most characters a post's and a comment's words may have (counted without markup). */
export const POST_TEXT_MAX = 5000;
export const COMMENT_TEXT_MAX = 1000;
/** The most HTML a body may arrive as: markup around the longest text, with room to spare. */
export const POST_HTML_MAX = 20_000;
export const COMMENT_HTML_MAX = 4000;
/** Variant keys of one upload a post may name (a picture's two widths, a video and its poster). */
export const FILE_KEYS_MAX = 4;
/** Files one post may name at most, whatever the configured picture count. */
export const POST_FILES_MAX = 20;

const id = (message: string) => z.coerce.number({ error: message }).int({ error: message }).min(1, { error: message }).max(2_147_483_647, { error: message });

export const PostIdParamsSchema = z.object({ id: id('community.postId.invalid') });
export const CommentIdParamsSchema = z.object({ id: id('community.commentId.invalid') });
export const UserIdParamsSchema = z.object({ id: id('community.userId.invalid') });

export const PostTagSchema = z.object({
  type: z.enum(['match', 'team', 'competition'], { error: 'community.tag.invalid' }),
  id: z.number({ error: 'community.tag.invalid' }).int({ error: 'community.tag.invalid' }).min(1, { error: 'community.tag.invalid' }).max(2_147_483_647, { error: 'community.tag.invalid' }),
});
export type PostTag = z.infer<typeof PostTagSchema>;

/** A stored file's key as the upload pipeline names it: `public|private/<id>/<variant>.<ext>`. */
const FileKeySchema = singleLineText().regex(/^(public|private)\/[A-Za-z0-9_-]{1,64}\/[A-Za-z0-9_.-]{1,64}$/, { error: 'community.files.unavailable' });

/** One upload of the pipeline: the keys of its variants (uploadKeys of one file), the first one shown. */
export const PostFileInputSchema = z.object({ keys: z.array(FileKeySchema).min(1).max(FILE_KEYS_MAX) });

const postBody = multiLineText().max(POST_HTML_MAX, { error: 'community.body.tooLarge' });
const commentBody = multiLineText().max(COMMENT_HTML_MAX, { error: 'community.body.tooLarge' });

export const CreatePostBodySchema = z.object({
  sport: SportSchema,
  body: postBody,
  tag: PostTagSchema.nullable().optional(),
  files: z.array(PostFileInputSchema).max(POST_FILES_MAX).optional().default([]),
});
export type CreatePostBody = z.infer<typeof CreatePostBodySchema>;

/** An edit changes the words and the tag; the files stay as posted. */
export const EditPostBodySchema = z.object({ body: postBody, tag: PostTagSchema.nullable().optional() });
export type EditPostBody = z.infer<typeof EditPostBodySchema>;

export const CreateCommentBodySchema = z.object({
  body: commentBody,
  /** the comment replied to; a reply to a reply joins its top-level comment */
  parent_id: z.number({ error: 'community.commentId.invalid' }).int({ error: 'community.commentId.invalid' }).min(1, { error: 'community.commentId.invalid' }).max(2_147_483_647, { error: 'community.commentId.invalid' }).nullable().optional(),
});
export type CreateCommentBody = z.infer<typeof CreateCommentBodySchema>;

/** An opaque position in a list: the last id of the page before. */
const INT_MAX = 2_147_483_647;
const CursorSchema = z
  .string()
  .regex(/^\d{1,10}$/, { error: 'community.cursorInvalid' })
  .refine((value) => Number(value) <= INT_MAX, { error: 'community.cursorInvalid' });
/** The favourites' position: `<saved_at ms>.<post id>` of the last of the page before. */
const FavouriteCursorSchema = z
  .string()
  .regex(/^\d{1,15}\.\d{1,10}$/, { error: 'community.cursorInvalid' })
  .refine((value) => Number(value.split('.')[1]) <= INT_MAX, { error: 'community.cursorInvalid' });
const size = z.coerce.number().int().min(1).max(50).optional().default(20);

/**
 * `latest`: every published post, newest first (open to everyone); `following`: the posts of the
 * fans the reader follows, newest first (sign-in needed: 401 without). Blocked fans are left out
 * both ways.
 */
export const PostFeedSchema = z.enum(['latest', 'following'], { error: 'community.feed.invalid' });
export const PostListQuerySchema = z.object({ sport: SportSchema.optional(), feed: PostFeedSchema.optional().default('latest'), cursor: CursorSchema.optional(), size });
export type PostListQuery = z.infer<typeof PostListQuerySchema>;
export const CommentListQuerySchema = z.object({ cursor: CursorSchema.optional(), size: z.coerce.number().int().min(1).max(100).optional().default(50) });
export type CommentListQuery = z.infer<typeof CommentListQuerySchema>;
export const FavouriteListQuerySchema = z.object({ cursor: FavouriteCursorSchema.optional(), size });
export type FavouriteListQuery = z.infer<typeof FavouriteListQuerySchema>;

/** The hot list's position: opaque to the browser (the server encodes the last rank and id of the page before). */
const HotCursorSchema = z.string().regex(/^[A-Za-z0-9._-]{1,80}$/, { error: 'community.cursorInvalid' });
export const HotListQuerySchema = z.object({ sport: SportSchema.optional(), cursor: HotCursorSchema.optional(), size });
export type HotListQuery = z.infer<typeof HotListQuerySchema>;
/** The week's most liked posts (pageLayout/hotList's weekly ranking): the current ISO week (Monday 00:00 UTC) so far, or the week holding the day asked for (docs/decisions/141). */
export const WeeklyQuerySchema = z.object({
  sport: SportSchema.optional(),
  week: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'community.week.invalid' }).optional(),
  size: z.coerce.number().int().min(1).max(50).optional().default(10),
});
export type WeeklyQuery = z.infer<typeof WeeklyQuerySchema>;

export const CommunityPostStatusSchema = z.enum(['pending_review', 'published', 'hidden', 'deleted']);
const PersonSchema = z.object({ id: z.number().int(), nickname: z.string() });

/**
 * A post as one reader sees it. A deleted post answers as a placeholder ("this post deleted",
 * specification section 8) where it is listed for someone who had it (their favourites): no
 * author, words, tag or files.
 */
export const CommunityPostSchema = z.object({
  id: z.number().int(),
  status: CommunityPostStatusSchema,
  sport: SportSchema,
  author: PersonSchema.nullable(),
  /** sanitised HTML; null for a deleted post */
  body_html: z.string().nullable(),
  /** the first words without markup (lists, previews); null for a deleted post */
  excerpt: z.string().nullable(),
  tag: PostTagSchema.nullable(),
  files: z.array(z.object({ kind: z.enum(['image', 'video']), keys: z.array(z.string()) })),
  like_count: z.number().int(),
  comment_count: z.number().int(),
  liked: z.boolean(),
  favourited: z.boolean(),
  is_own: z.boolean(),
  /** why staff hid it (a review reason code): told to its author and staff only */
  hidden_reason: z.string().nullable(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  /** until when its author may edit it; null for anyone else, or once the window closed */
  editable_until: z.string().nullable(),
  /**
   * A plan post (docs/decisions/145): the prediction-centre plan whose description's first 30%
   * this post shows — its card links "read the plan". Absent or null for a fan's own post.
   */
  plan_id: z.number().int().nullable().optional(),
});
export type CommunityPost = z.infer<typeof CommunityPostSchema>;

export const PostListDataSchema = z.object({ list: z.array(CommunityPostSchema), next_cursor: z.string().nullable() });
export type PostListData = z.infer<typeof PostListDataSchema>;

/** A comment; a deleted one stays in its place (its replies keep their thread) without author or words. */
export const CommunityCommentSchema = z.object({
  id: z.number().int(),
  post_id: z.number().int(),
  parent_id: z.number().int().nullable(),
  /** `hidden` only to its author (to anyone else a hidden comment answers as a deleted one) */
  status: z.enum(['published', 'hidden', 'deleted']),
  author: PersonSchema.nullable(),
  body_html: z.string().nullable(),
  /** why staff or reports hid it (docs/decisions/143): told to its author only */
  hidden_reason: z.string().nullable().optional(),
  like_count: z.number().int(),
  liked: z.boolean(),
  is_own: z.boolean(),
  created_at: z.string(),
});
export type CommunityComment = z.infer<typeof CommunityCommentSchema>;

export const CommentListDataSchema = z.object({ list: z.array(CommunityCommentSchema), next_cursor: z.string().nullable() });
export type CommentListData = z.infer<typeof CommentListDataSchema>;

export const LikeDataSchema = z.object({ liked: z.boolean(), like_count: z.number().int() });
export type LikeData = z.infer<typeof LikeDataSchema>;
export const FavouriteDataSchema = z.object({ post_id: z.number().int(), favourited: z.boolean() });
export type FavouriteData = z.infer<typeof FavouriteDataSchema>;

export const WeeklyDataSchema = z.object({
  /** the Monday (UTC) the ranked week starts */
  week_start: z.string(),
  list: z.array(z.object({ rank: z.number().int(), likes_in_week: z.number().int(), post: CommunityPostSchema })),
});
export type WeeklyData = z.infer<typeof WeeklyDataSchema>;

/**
 * What the community's upload route stored (multipart, field `file`, one request per file):
 * the keys a post then names, and what the editor previews.
 */
export const CommunityUploadDataSchema = z.object({
  kind: z.enum(['image', 'video']),
  /** every variant's key, the one to show first: what `files[].keys` of a post takes */
  keys: z.array(z.string()),
  /** a picture to preview: the picture itself, or a video's poster */
  preview_key: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  duration_sec: z.number().nullable(),
});
export type CommunityUploadData = z.infer<typeof CommunityUploadDataSchema>;

export const communityEndpoints = {
  listPosts: defineEndpoint({ method: 'GET', path: '/api/community/posts', query: PostListQuerySchema, data: PostListDataSchema }),
  createPost: defineEndpoint({ method: 'POST', path: '/api/community/posts', body: CreatePostBodySchema, data: CommunityPostSchema }),
  getPost: defineEndpoint({ method: 'GET', path: '/api/community/posts/:id', data: CommunityPostSchema }),
  editPost: defineEndpoint({ method: 'PUT', path: '/api/community/posts/:id', body: EditPostBodySchema, data: CommunityPostSchema }),
  deletePost: defineEndpoint({ method: 'DELETE', path: '/api/community/posts/:id', data: CommunityPostSchema }),
  listComments: defineEndpoint({ method: 'GET', path: '/api/community/posts/:id/comments', query: CommentListQuerySchema, data: CommentListDataSchema }),
  createComment: defineEndpoint({ method: 'POST', path: '/api/community/posts/:id/comments', body: CreateCommentBodySchema, data: CommunityCommentSchema }),
  deleteComment: defineEndpoint({ method: 'DELETE', path: '/api/community/comments/:id', data: CommunityCommentSchema }),
  likePost: defineEndpoint({ method: 'PUT', path: '/api/community/posts/:id/like', data: LikeDataSchema }),
  unlikePost: defineEndpoint({ method: 'DELETE', path: '/api/community/posts/:id/like', data: LikeDataSchema }),
  likeComment: defineEndpoint({ method: 'PUT', path: '/api/community/comments/:id/like', data: LikeDataSchema }),
  unlikeComment: defineEndpoint({ method: 'DELETE', path: '/api/community/comments/:id/like', data: LikeDataSchema }),
  favourite: defineEndpoint({ method: 'PUT', path: '/api/community/posts/:id/favourite', data: FavouriteDataSchema }),
  unfavourite: defineEndpoint({ method: 'DELETE', path: '/api/community/posts/:id/favourite', data: FavouriteDataSchema }),
  /** the hot list (pageLayout/hotList): published posts by a time-decayed score (docs/decisions) */
  listHotPosts: defineEndpoint({ method: 'GET', path: '/api/community/hot', query: HotListQuerySchema, data: PostListDataSchema }),
  /** the weekly popular-post ranking */
  listWeekly: defineEndpoint({ method: 'GET', path: '/api/community/weekly', query: WeeklyQuerySchema, data: WeeklyDataSchema }),
  /** a fan's published posts, newest first (their own waiting and hidden ones too, for themselves); a blocked or closed fan: 404 */
  listUserPosts: defineEndpoint({ method: 'GET', path: '/api/community/users/:id/posts', query: PostListQuerySchema.omit({ feed: true }), data: PostListDataSchema }),
  /** one picture or video for a post (multipart, field `file`); the post then names its keys */
  upload: defineEndpoint({ method: 'POST', path: '/api/community/uploads', data: CommunityUploadDataSchema }),
  /** a fan's saved posts: their owner only (another's: 403) */
  listFavourites: defineEndpoint({ method: 'GET', path: '/api/community/users/:id/favourites', query: FavouriteListQuerySchema, data: PostListDataSchema }),
  /** staff read any post, hidden and deleted ones included, with its words */
  staffGetPost: defineEndpoint({ method: 'GET', path: '/api/staff/community/posts/:id', data: CommunityPostSchema }),
};
