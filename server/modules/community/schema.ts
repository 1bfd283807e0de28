import { sql } from 'drizzle-orm';
import { check, date, doublePrecision, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { forecastPlans } from '../../db/schema/forecast';
import { users } from '../../db/schema/users';

/**
 * The community's tables (docs/decisions/139). Counts of likes and comments are kept on the row
 * they count, changed in the same transaction as the like or comment row, so a list never counts
 * rows to show them and 50 fans liking at once still end exactly 50 (the row lock orders them).
 */

/** pending_review (waiting for staff) → published | hidden (rejected); deleted by the author, kept for staff. */
export const COMMUNITY_POST_STATUSES = ['pending_review', 'published', 'hidden', 'deleted'] as const;
export type CommunityPostStatus = (typeof COMMUNITY_POST_STATUSES)[number];
/** published → hidden by staff or by reports (its author still sees it) → published again, or deleted by its author or staff. */
export const COMMUNITY_COMMENT_STATUSES = ['published', 'hidden', 'deleted'] as const;
export type CommunityCommentStatus = (typeof COMMUNITY_COMMENT_STATUSES)[number];

export const communityPosts = pgTable(
  'community_posts',
  {
    id: serial('id').primaryKey(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    sport: text('sport').$type<'football' | 'basketball'>().notNull(),
    /** sanitised HTML (server/modules/community/rich-text.ts): the only form ever sent to a browser */
    bodyHtml: text('body_html').notNull(),
    /** the same text without markup, for search and excerpts */
    bodyText: text('body_text').notNull(),
    /** what the post is about: a match, a team or a competition of its sport; null for none */
    tagType: text('tag_type').$type<'match' | 'team' | 'competition'>(),
    tagId: integer('tag_id'),
    status: text('status').$type<CommunityPostStatus>().notNull(),
    /** why it is hidden (the review's rejection reason code) or deleted (`author`) */
    statusReason: text('status_reason'),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** when staff approved it (a reviewed post's words are not rewritten without staff again) */
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** the plan this post shows the excerpt of (docs/decisions/145); unique, so a plan is posted once whatever retries */
    sourcePlanId: integer('source_plan_id').references(() => forecastPlans.id),
  },
  (table) => [
    uniqueIndex('community_posts_source_plan_idx').on(table.sourcePlanId),
    index('community_posts_status_id_idx').on(table.status, table.id),
    index('community_posts_author_idx').on(table.authorId, table.id),
    /** the hot-rank job's window: the posts of the last week (docs/decisions/141) */
    index('community_posts_created_idx').on(table.createdAt),
    check('community_posts_sport_check', sql`${table.sport} in ('football', 'basketball')`),
    check('community_posts_status_check', sql`${table.status} in ('pending_review', 'published', 'hidden', 'deleted')`),
    check('community_posts_tag_check', sql`(${table.tagType} is null) = (${table.tagId} is null)`),
    check('community_posts_counts_check', sql`${table.likeCount} >= 0 and ${table.commentCount} >= 0`),
  ],
);

/** The stored files of a post, in the order the author gave them: pictures, or one video. */
export const communityPostFiles = pgTable(
  'community_post_files',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => communityPosts.id),
    position: integer('position').notNull(),
    kind: text('kind').$type<'image' | 'video'>().notNull(),
    /** the upload's variant keys (stored_files), the one to show first */
    keys: text('keys').array().notNull(),
  },
  (table) => [primaryKey({ columns: [table.postId, table.position] })],
);

export const communityComments = pgTable(
  'community_comments',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => communityPosts.id),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    /** the top-level comment this one replies to (one level of replies); null for a top-level comment */
    parentId: integer('parent_id').references((): AnyPgColumn => communityComments.id),
    bodyHtml: text('body_html').notNull(),
    bodyText: text('body_text').notNull(),
    status: text('status').$type<CommunityCommentStatus>().notNull().default('published'),
    /** why staff or reports hid or deleted it (docs/decisions/143); null when published or deleted by its author */
    statusReason: text('status_reason'),
    likeCount: integer('like_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('community_comments_post_idx').on(table.postId, table.id),
    check('community_comments_status_check', sql`${table.status} in ('published', 'hidden', 'deleted')`),
    check('community_comments_like_count_check', sql`${table.likeCount} >= 0`),
  ],
);

/** One like per fan and post. */
export const communityPostLikes = pgTable(
  'community_post_likes',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => communityPosts.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.userId] }),
    /** the weekly ranking counts a week's likes (docs/decisions/141) */
    index('community_post_likes_created_idx').on(table.createdAt, table.postId),
  ],
);

/**
 * The likes each post got in each ISO week (Monday 00:00 UTC), counted in the like's own
 * transaction: +1 in the week of a new like, −1 in the week a like taken back was given. The
 * weekly ranking reads it instead of counting a week's like rows (docs/decisions/141).
 */
export const communityPostWeekLikes = pgTable(
  'community_post_week_likes',
  {
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    postId: integer('post_id')
      .notNull()
      .references(() => communityPosts.id),
    likes: integer('likes').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.weekStart, table.postId] }),
    // the ranking's order exactly: most likes first, then the earlier post (lower id)
    index('community_post_week_likes_rank_idx').on(table.weekStart, table.likes.desc().nullsFirst(), table.postId),
    check('community_post_week_likes_check', sql`${table.likes} >= 0`),
  ],
);

/** One like per fan and comment. */
export const communityCommentLikes = pgTable(
  'community_comment_likes',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => communityComments.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.commentId, table.userId] })],
);

/** Posts a fan saved; only that fan reads them. */
export const communityFavourites = pgTable(
  'community_favourites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    postId: integer('post_id')
      .notNull()
      .references(() => communityPosts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.postId] }), index('community_favourites_user_created_idx').on(table.userId, table.createdAt, table.postId)],
);

/**
 * The hot list's rank generations (docs/decisions/141): one row per refresh of the
 * `community-hot-ranks` job, with the time its ranks were computed at.
 */
export const communityHotGenerations = pgTable('community_hot_generations', {
  generation: integer('generation').primaryKey(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
});

/**
 * The hot list's ranks, one generation at a time: every published post of the last week with its
 * Lemmy rank at the generation's time. Pages read one generation, so a refresh between two pages
 * neither repeats nor skips a post; the job keeps older generations a while for the pages still
 * reading them.
 */
export const communityHotRanks = pgTable(
  'community_hot_ranks',
  {
    generation: integer('generation')
      .notNull()
      .references(() => communityHotGenerations.generation, { onDelete: 'cascade' }),
    postId: integer('post_id')
      .notNull()
      .references(() => communityPosts.id),
    rank: doublePrecision('rank').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.generation, table.postId] }),
    // read backwards: rank desc, post_id desc (PostgreSQL's default null order for desc matches a backward scan)
    index('community_hot_ranks_order_idx').on(table.generation, table.rank, table.postId),
    check('community_hot_ranks_rank_check', sql`${table.rank} > 0`),
  ],
);
