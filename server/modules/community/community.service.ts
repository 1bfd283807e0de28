import { and, asc, desc, eq, inArray, lt, gt, or, sql, type SQL } from 'drizzle-orm';
import {
  COMMENT_TEXT_MAX,
  POST_TEXT_MAX,
  type CommentListData,
  type CommentListQuery,
  type CommunityComment,
  type CommunityPost,
  type CreateCommentBody,
  type CreatePostBody,
  type EditPostBody,
  type FavouriteData,
  type FavouriteListQuery,
  type LikeData,
  type PostListData,
  type PostListQuery,
  type PostTag,
} from '../../../core/contracts/community';
import {
  communityPostLikedNotification,
  communityReplyNotification,
} from '../../../core/contracts/community-notifications';
import type { Db, DbTransaction } from '../../db/client';
import { competitions } from '../../db/schema/competitions';
import { matches } from '../../db/schema/matches';
import { storedFiles } from '../../db/schema/stored-files';
import { teams } from '../../db/schema/teams';
import { users } from '../../db/schema/users';
import { AppError, invalidFields } from '../../errors';
import { isNewAccount } from '../../lib/limits/limit-action';
import { claimStoredFiles } from '../../storage/stored-files';
import { notification, type Notices } from '../notifications/public';
import { submitForReview } from '../review/public';
import { isBlockedEitherWay, notBlockedWith } from '../social/public';
import { plainTextOf, sanitizeRichText } from './rich-text';
import {
  communityCommentLikes,
  communityComments,
  communityFavourites,
  communityPostFiles,
  communityPostLikes,
  communityPostWeekLikes,
  communityPosts,
  type CommunityPostStatus,
} from './schema';

/**
 * The community's verbs (docs/decisions/139). Each runs in the caller's transaction; the routes
 * count the action's limits before it. Every id is checked against the reader: a post the reader
 * may not see (another fan's pending, hidden or deleted one) is NOT_FOUND exactly like a missing
 * one, and one they see but do not own is FORBIDDEN for the owner's verbs.
 */

type Tx = Db | DbTransaction;
type PostRow = typeof communityPosts.$inferSelect;
type CommentRow = typeof communityComments.$inferSelect;

/** The review kind of posts waiting for staff. */
export const COMMUNITY_POST_REVIEW_KIND = 'community_post';
/** The hidden reason of a post staff asked changes of: its author may edit it, and it goes back to them. */
export const CHANGES_REQUESTED = 'changes_requested';

export interface Reader {
  id: number;
}

export interface CommunityConfig {
  reviewWords: readonly string[];
  editWindowMinutes: number;
  maxPictures: number;
  newAccountMaxPictures: number;
  /** the upload route's limits (docs/decisions/141) */
  pictureMaxMegabytes: number;
  videoMaxMegabytes: number;
  videoMaxSeconds: number;
}

export const postNotFound = () => new AppError('NOT_FOUND', { message: 'community.post.notFound' });
const commentNotFound = () => new AppError('NOT_FOUND', { message: 'community.comment.notFound' });

/** Whether a block stands between the reader and an author, either way: their content is missing to each other (docs/decisions/140). */
export async function isHiddenByBlock(tx: Tx, reader: Reader | null, authorId: number): Promise<boolean> {
  return reader !== null && (await isBlockedEitherWay(tx, reader.id, authorId));
}

/** Whether `reader` may see the post at all: published to everyone, pending or hidden to its author, deleted to nobody. */
function isReadable(post: PostRow, reader: Reader | null): boolean {
  if (post.status === 'published') return true;
  if (post.status === 'deleted') return false;
  return reader !== null && post.authorId === reader.id;
}

/** The first words of a text, cut at a character (never inside a surrogate pair). */
export function excerptOf(text: string, max = 100): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  return chars.length <= max ? flat : `${chars.slice(0, max - 1).join('')}…`;
}

/** The review words as the setting lists them: comma-separated, blanks dropped, lower case. */
export function parseReviewWords(setting: string): string[] {
  return setting
    .split(',')
    .map((word) => word.trim().toLocaleLowerCase('tr'))
    .filter((word) => word.length > 0);
}

function matchesReviewWord(text: string, words: readonly string[]): boolean {
  if (words.length === 0) return false;
  const lower = text.toLocaleLowerCase('tr');
  return words.some((word) => lower.includes(word));
}

export interface CleanBody {
  html: string;
  text: string;
}

/**
 * A post's words checked before anything is counted or written (the routes call it before the
 * action's limits, so a refused form does not use up the fan's allowance): sanitised HTML and its
 * text, or the field's 400 — empty without files to show, or over POST_TEXT_MAX characters.
 */
export function cleanPostBody(body: string, options: { hasFiles: boolean }): CleanBody {
  return cleanBody(body, { max: POST_TEXT_MAX, allowEmpty: options.hasFiles });
}

/** A comment's words, checked like a post's (COMMENT_TEXT_MAX, never empty). */
export function cleanCommentBody(body: string): CleanBody {
  return cleanBody(body, { max: COMMENT_TEXT_MAX, allowEmpty: false });
}

/** Sanitised HTML and its text, or the field's 400: empty (and nothing else to show) or over the limit. */
function cleanBody(body: string, options: { max: number; allowEmpty: boolean }): { html: string; text: string } {
  const html = sanitizeRichText(body);
  const text = plainTextOf(html);
  if (text.length === 0 && !options.allowEmpty) throw invalidFields([{ field: 'body', message: 'community.body.required' }]);
  if (Array.from(text).length > options.max) throw invalidFields([{ field: 'body', message: 'community.body.tooLong', params: { max: options.max } }]);
  return { html: text.length === 0 ? '' : html, text };
}

/** The tag must name a match, team or competition of the post's sport. */
async function checkTag(tx: Tx, tag: PostTag | null | undefined, sport: 'football' | 'basketball'): Promise<PostTag | null> {
  if (!tag) return null;
  const table = tag.type === 'match' ? matches : tag.type === 'team' ? teams : competitions;
  const [row] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, tag.id), eq(table.sport, sport)));
  if (!row) throw invalidFields([{ field: 'tag', message: 'community.tag.unknown' }]);
  return tag;
}

async function lockPost(tx: Tx, id: number): Promise<PostRow | null> {
  const [row] = await tx.select().from(communityPosts).where(eq(communityPosts.id, id)).for('update');
  return row ?? null;
}

async function findPost(tx: Tx, id: number): Promise<PostRow | null> {
  const [row] = await tx.select().from(communityPosts).where(eq(communityPosts.id, id));
  return row ?? null;
}

/** A post the reader can see and act on (published); anything else is missing to them. */
async function getPublishedPost(tx: Tx, id: number, reader: Reader): Promise<PostRow> {
  const post = await findPost(tx, id);
  if (!post || post.status !== 'published' || (await isHiddenByBlock(tx, reader, post.authorId))) throw postNotFound();
  return post;
}

/** A page of `size` from `size + 1` rows read, and the cursor of the next page (null on the last). */
export function pageOf<T>(rows: readonly T[], size: number, cursorOf: (last: T) => string): { page: T[]; next_cursor: string | null } {
  const page = rows.slice(0, size);
  return { page, next_cursor: rows.length > size ? cursorOf(page[page.length - 1]!) : null };
}

/* Answers. */

export async function postAnswers(tx: Tx, rows: readonly PostRow[], reader: Reader | null, options: { now: Date; config: CommunityConfig; staff?: boolean }): Promise<CommunityPost[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const authorIds = [...new Set(rows.map((row) => row.authorId))];
  const [authors, files, liked, saved] = await Promise.all([
    tx.select({ id: users.id, nickname: users.nickname }).from(users).where(inArray(users.id, authorIds)),
    tx.select().from(communityPostFiles).where(inArray(communityPostFiles.postId, ids)).orderBy(asc(communityPostFiles.postId), asc(communityPostFiles.position)),
    reader
      ? tx.select({ postId: communityPostLikes.postId }).from(communityPostLikes).where(and(eq(communityPostLikes.userId, reader.id), inArray(communityPostLikes.postId, ids)))
      : Promise.resolve([]),
    reader
      ? tx.select({ postId: communityFavourites.postId }).from(communityFavourites).where(and(eq(communityFavourites.userId, reader.id), inArray(communityFavourites.postId, ids)))
      : Promise.resolve([]),
  ]);
  const nicknames = new Map(authors.map((author) => [author.id, author.nickname]));
  const likedIds = new Set(liked.map((row) => row.postId));
  const savedIds = new Set(saved.map((row) => row.postId));
  return rows.map((row) => {
    const isOwn = reader !== null && row.authorId === reader.id;
    const favourited = savedIds.has(row.id);
    if (!options.staff && !isReadable(row, reader)) {
      // a placeholder where a post is listed that the reader may no longer read ("this post deleted")
      return {
        id: row.id, status: row.status, sport: row.sport, author: null, body_html: null, excerpt: null, tag: null, files: [],
        like_count: 0, comment_count: 0, liked: false, favourited, is_own: isOwn, hidden_reason: null,
        created_at: row.createdAt.toISOString(), edited_at: null, editable_until: null, plan_id: null,
      };
    }
    const editableUntil = new Date(row.createdAt.getTime() + options.config.editWindowMinutes * 60_000);
    const isEditable = row.status === 'published' || row.status === 'pending_review' || (row.status === 'hidden' && row.statusReason === CHANGES_REQUESTED);
    // a plan post's words are the plan's excerpt: they change only with the plan (docs/decisions/145)
    const canEdit = isOwn && isEditable && row.sourcePlanId === null && options.now < editableUntil;
    return {
      id: row.id,
      status: row.status,
      sport: row.sport,
      author: { id: row.authorId, nickname: nicknames.get(row.authorId) ?? '' },
      body_html: row.bodyHtml,
      excerpt: excerptOf(row.bodyText, 200),
      tag: row.tagType && row.tagId ? { type: row.tagType, id: row.tagId } : null,
      files: files.filter((file) => file.postId === row.id).map((file) => ({ kind: file.kind, keys: file.keys })),
      like_count: row.likeCount,
      comment_count: row.commentCount,
      liked: likedIds.has(row.id),
      favourited,
      is_own: isOwn,
      hidden_reason: (isOwn || options.staff) && row.status === 'hidden' ? row.statusReason : null,
      created_at: row.createdAt.toISOString(),
      edited_at: row.editedAt?.toISOString() ?? null,
      editable_until: canEdit ? editableUntil.toISOString() : null,
      plan_id: row.sourcePlanId,
    };
  });
}

async function commentAnswers(tx: Tx, rows: readonly CommentRow[], reader: Reader | null): Promise<CommunityComment[]> {
  if (rows.length === 0) return [];
  const authorIds = [...new Set(rows.map((row) => row.authorId))];
  const [authors, liked] = await Promise.all([
    tx.select({ id: users.id, nickname: users.nickname }).from(users).where(inArray(users.id, authorIds)),
    reader
      ? tx
          .select({ commentId: communityCommentLikes.commentId })
          .from(communityCommentLikes)
          .where(and(eq(communityCommentLikes.userId, reader.id), inArray(communityCommentLikes.commentId, rows.map((row) => row.id))))
      : Promise.resolve([]),
  ]);
  const nicknames = new Map(authors.map((author) => [author.id, author.nickname]));
  const likedIds = new Set(liked.map((row) => row.commentId));
  return rows.map((row) => {
    const isOwn = reader !== null && row.authorId === reader.id;
    // a comment hidden by staff or reports (docs/decisions/143) is a placeholder to everyone but its author
    const isDeleted = row.status === 'deleted' || (row.status === 'hidden' && !isOwn);
    return {
      id: row.id,
      post_id: row.postId,
      parent_id: row.parentId,
      status: isDeleted ? 'deleted' : row.status,
      author: isDeleted ? null : { id: row.authorId, nickname: nicknames.get(row.authorId) ?? '' },
      body_html: isDeleted ? null : row.bodyHtml,
      hidden_reason: !isDeleted && row.status === 'hidden' ? row.statusReason : null,
      like_count: isDeleted ? 0 : row.likeCount,
      liked: likedIds.has(row.id),
      is_own: isOwn,
      created_at: row.createdAt.toISOString(),
    };
  });
}

/* Posts. */

/**
 * Writes a post with its files. The files are the author's own unclaimed uploads, claimed here:
 * pictures up to the configured count (one for a new account) or one video. A post of a new
 * account, or one whose text holds a review word, waits for staff (`pending_review`, submitted to
 * the review queue in this transaction); any other is published at once.
 */
export async function createPost(
  tx: DbTransaction,
  options: { author: Reader & { createdAt: Date }; body: CreatePostBody; cleaned: CleanBody; now: Date; config: CommunityConfig },
): Promise<CommunityPost> {
  const { author, body, now, config } = options;
  const files = body.files;
  const { html, text } = options.cleaned;
  const isNew = isNewAccount(author.createdAt, now);
  const maxPictures = isNew ? Math.min(config.newAccountMaxPictures, config.maxPictures) : config.maxPictures;
  if (files.length > maxPictures) throw invalidFields([{ field: 'files', message: 'community.files.tooManyPictures', params: { max: maxPictures } }]);
  const tag = await checkTag(tx, body.tag, body.sport);

  const allKeys = files.flatMap((file) => file.keys);
  if (new Set(allKeys).size !== allKeys.length) throw invalidFields([{ field: 'files', message: 'community.files.unavailable' }]);
  const types = allKeys.length
    ? await tx.select({ key: storedFiles.key, contentType: storedFiles.contentType }).from(storedFiles).where(inArray(storedFiles.key, allKeys))
    : [];
  const typeOf = new Map(types.map((row) => [row.key, row.contentType]));
  const kinds = files.map((file) => (file.keys.some((key) => typeOf.get(key)?.startsWith('video/')) ? ('video' as const) : ('image' as const)));
  if (kinds.includes('video') && kinds.length > 1) throw invalidFields([{ field: 'files', message: 'community.files.oneVideo' }]);

  const status: CommunityPostStatus = isNew || matchesReviewWord(text, config.reviewWords) ? 'pending_review' : 'published';
  const [post] = await tx
    .insert(communityPosts)
    .values({ authorId: author.id, sport: body.sport, bodyHtml: html, bodyText: text, tagType: tag?.type ?? null, tagId: tag?.id ?? null, status, createdAt: now })
    .returning();
  if (!post) throw new Error('post insert returned nothing');
  if (files.length > 0) {
    // Only the author's own unclaimed uploads are taken; anything else refuses the whole post.
    const { missing } = await claimStoredFiles(tx, { keys: allKeys, ownerId: author.id, now });
    if (missing.length > 0) throw invalidFields([{ field: 'files', message: 'community.files.unavailable' }]);
    await tx.insert(communityPostFiles).values(files.map((file, position) => ({ postId: post.id, position, kind: kinds[position]!, keys: file.keys })));
  }
  if (status === 'pending_review') {
    await submitForReview(tx, { kind: COMMUNITY_POST_REVIEW_KIND, subjectId: post.id, subjectLabel: excerptOf(text, 200) || `#${post.id}`, submittedBy: author.id, now });
  }
  const [answer] = await postAnswers(tx, [post], author, { now, config });
  return answer!;
}

/** The reader's view of one post: NOT_FOUND unless they may read it. */
export async function getPost(tx: Tx, options: { id: number; reader: Reader | null; now: Date; config: CommunityConfig; staff?: boolean }): Promise<CommunityPost> {
  const post = await findPost(tx, options.id);
  if (!post || (!options.staff && (!isReadable(post, options.reader) || (await isHiddenByBlock(tx, options.reader, post.authorId))))) throw postNotFound();
  const [answer] = await postAnswers(tx, [post], options.reader, options);
  return answer!;
}

/** The owner's post, locked: NOT_FOUND when the reader cannot see it, FORBIDDEN when it is another's. */
async function ownPostForUpdate(tx: Tx, id: number, reader: Reader): Promise<PostRow> {
  const post = await lockPost(tx, id);
  if (!post || !isReadable(post, reader)) throw postNotFound();
  if (post.authorId !== reader.id) throw (await isHiddenByBlock(tx, reader, post.authorId)) ? postNotFound() : new AppError('FORBIDDEN');
  return post;
}

/**
 * Its author rewrites a post within the edit window. The rewrite meets review as a new post
 * does: a post of a still-new account, or whose new text holds a review word, goes back to
 * `pending_review` (submitted in this transaction) — unless staff approved it already, when the
 * edit is refused (409: staff do not re-read what they approved, so its words stay). A post
 * staff asked changes of is edited and goes back to them; one they rejected stays as it is.
 */
export async function editPost(
  tx: DbTransaction,
  options: { id: number; reader: Reader & { createdAt: Date }; body: EditPostBody; now: Date; config: CommunityConfig },
): Promise<CommunityPost> {
  const { reader, now, config } = options;
  const post = await ownPostForUpdate(tx, options.id, reader);
  const changesAsked = post.status === 'hidden' && post.statusReason === CHANGES_REQUESTED;
  if (post.status === 'hidden' && !changesAsked) throw new AppError('FORBIDDEN');
  if (post.sourcePlanId !== null) throw new AppError('FORBIDDEN');
  if (now.getTime() > post.createdAt.getTime() + config.editWindowMinutes * 60_000) {
    throw new AppError('COMMUNITY_EDIT_CLOSED', { message: 'community.editClosed', params: { minutes: config.editWindowMinutes } });
  }
  const [fileCount] = await tx.select({ n: sql<number>`count(*)::int` }).from(communityPostFiles).where(eq(communityPostFiles.postId, post.id));
  const { html, text } = cleanPostBody(options.body.body, { hasFiles: Number(fileCount?.n ?? 0) > 0 });
  const tag = options.body.tag === undefined ? (post.tagType && post.tagId ? { type: post.tagType, id: post.tagId } : null) : await checkTag(tx, options.body.tag, post.sport);
  const needsReview = changesAsked || post.status === 'pending_review' || isNewAccount(reader.createdAt, now) || matchesReviewWord(text, config.reviewWords);
  if (needsReview && post.status === 'published' && post.approvedAt !== null) {
    throw new AppError('COMMUNITY_EDIT_CLOSED', { message: 'community.editReviewed' });
  }
  const status: CommunityPostStatus = needsReview ? 'pending_review' : post.status;
  const [updated] = await tx
    .update(communityPosts)
    .set({ bodyHtml: html, bodyText: text, tagType: tag?.type ?? null, tagId: tag?.id ?? null, editedAt: now, status, statusReason: needsReview ? null : post.statusReason })
    .where(eq(communityPosts.id, post.id))
    .returning();
  if (needsReview && post.status !== 'pending_review') {
    // a post published without review enters the queue; one whose changes were asked goes back to it
    await submitForReview(tx, { kind: COMMUNITY_POST_REVIEW_KIND, subjectId: post.id, subjectLabel: excerptOf(text, 200) || `#${post.id}`, submittedBy: reader.id, now });
  }
  const [answer] = await postAnswers(tx, [updated!], reader, { now, config });
  return answer!;
}

/**
 * Its author deletes a post: the row stays for staff and for the lists that hold it (a
 * favourite answers "this post deleted"), its words are no longer sent, its detail is 404 to
 * everyone but staff. Its files stay claimed until staff purge it (a later step).
 */
export async function deletePost(tx: DbTransaction, options: { id: number; reader: Reader; now: Date; config: CommunityConfig }): Promise<CommunityPost> {
  const post = await ownPostForUpdate(tx, options.id, options.reader);
  const [updated] = await tx
    .update(communityPosts)
    .set({ status: 'deleted', statusReason: 'author', deletedAt: options.now })
    .where(eq(communityPosts.id, post.id))
    .returning();
  const [answer] = await postAnswers(tx, [updated!], options.reader, options);
  return answer!;
}

/** The latest published posts, newest first, a page after `cursor` (the last id of the page before); `feed=following` is listFollowingPosts (community-feeds.ts). */
export async function listPosts(tx: Tx, options: PostListQuery & { reader: Reader | null; now: Date; config: CommunityConfig }): Promise<PostListData> {
  const conditions: SQL[] = [eq(communityPosts.status, 'published')];
  if (options.sport) conditions.push(eq(communityPosts.sport, options.sport));
  if (options.cursor) conditions.push(lt(communityPosts.id, Number(options.cursor)));
  if (options.reader) conditions.push(notBlockedWith(options.reader.id, communityPosts.authorId));
  const rows = await tx.select().from(communityPosts).where(and(...conditions)).orderBy(desc(communityPosts.id)).limit(options.size + 1);
  const { page, next_cursor } = pageOf(rows, options.size, (last) => String(last.id));
  return { list: await postAnswers(tx, page, options.reader, options), next_cursor };
}

/* Comments. */

/** A post's comments and replies in the order written; a deleted one stays as a placeholder. */
export async function listComments(tx: Tx, options: CommentListQuery & { postId: number; reader: Reader | null }): Promise<CommentListData> {
  const post = await findPost(tx, options.postId);
  if (!post || !isReadable(post, options.reader) || (await isHiddenByBlock(tx, options.reader, post.authorId))) throw postNotFound();
  const conditions: SQL[] = [eq(communityComments.postId, post.id)];
  if (options.cursor) conditions.push(gt(communityComments.id, Number(options.cursor)));
  if (options.reader) conditions.push(notBlockedWith(options.reader.id, communityComments.authorId));
  const rows = await tx.select().from(communityComments).where(and(...conditions)).orderBy(asc(communityComments.id)).limit(options.size + 1);
  const { page, next_cursor } = pageOf(rows, options.size, (last) => String(last.id));
  return { list: await commentAnswers(tx, page, options.reader), next_cursor };
}

/**
 * A comment on a published post, or a reply to one of its comments (one level: a reply to a
 * reply joins the top-level comment). The post's author, or the replied comment's, is notified
 * in this transaction (not when replying to oneself).
 */
export async function createComment(
  tx: DbTransaction,
  options: { postId: number; author: Reader & { nickname: string }; body: CreateCommentBody; cleaned: CleanBody; now: Date; notices: Notices },
): Promise<CommunityComment> {
  const { author, now } = options;
  const { html, text } = options.cleaned;
  const post = await lockPost(tx, options.postId);
  // a block either way hides the post, and the comment replied to, as missing: no reply reaches, or notifies, a fan who blocked its writer
  if (!post || post.status !== 'published' || (await isHiddenByBlock(tx, author, post.authorId))) throw postNotFound();
  let parent: CommentRow | null = null;
  if (options.body.parent_id) {
    const [row] = await tx.select().from(communityComments).where(eq(communityComments.id, options.body.parent_id));
    if (!row || row.postId !== post.id || row.status !== 'published' || (await isHiddenByBlock(tx, author, row.authorId))) throw commentNotFound();
    parent = row;
  }
  const [comment] = await tx
    .insert(communityComments)
    .values({ postId: post.id, authorId: author.id, parentId: parent ? (parent.parentId ?? parent.id) : null, bodyHtml: html, bodyText: text, createdAt: now })
    .returning();
  if (!comment) throw new Error('comment insert returned nothing');
  await tx.update(communityPosts).set({ commentCount: sql`${communityPosts.commentCount} + 1` }).where(eq(communityPosts.id, post.id));
  const told = parent ? { userId: parent.authorId, to: 'comment' as const } : { userId: post.authorId, to: 'post' as const };
  if (told.userId !== author.id) {
    await options.notices.notify(
      notification(communityReplyNotification, {
        userId: told.userId,
        actorId: author.id,
        object: { type: 'community_post', id: post.id },
        dedupeKey: `community.reply:${comment.id}`,
        data: { post_id: post.id, comment_id: comment.id, to: told.to, nickname: author.nickname, excerpt: excerptOf(text) },
      }),
    );
  }
  const [answer] = await commentAnswers(tx, [comment], author);
  return answer!;
}

/** Its author deletes a comment: it stays in its thread as a placeholder, and the post counts one comment fewer. */
export async function deleteComment(tx: DbTransaction, options: { id: number; reader: Reader; now: Date }): Promise<CommunityComment> {
  const [comment] = await tx.select().from(communityComments).where(eq(communityComments.id, options.id)).for('update');
  const post = comment ? await lockPost(tx, comment.postId) : null;
  if (!comment || !post || !isReadable(post, options.reader) || comment.status === 'deleted') throw commentNotFound();
  if (comment.authorId !== options.reader.id) {
    // across a block the comment (or the post it is under) is missing to the reader, not forbidden
    const blocked = (await isHiddenByBlock(tx, options.reader, comment.authorId)) || (await isHiddenByBlock(tx, options.reader, post.authorId));
    throw blocked ? commentNotFound() : new AppError('FORBIDDEN');
  }
  const [updated] = await tx.update(communityComments).set({ status: 'deleted', deletedAt: options.now }).where(eq(communityComments.id, comment.id)).returning();
  // a hidden comment was counted off its post when it was hidden
  if (comment.status === 'published') await tx.update(communityPosts).set({ commentCount: sql`greatest(${communityPosts.commentCount} - 1, 0)` }).where(eq(communityPosts.id, post.id));
  const [answer] = await commentAnswers(tx, [updated!], options.reader);
  return answer!;
}

/* Likes: one row per fan; the count changes only when the row does, in the same transaction. */

/** How one kind of like is stored: its row added or removed (answering whether it changed), its count moved or read. */
interface LikeStore {
  add(): Promise<boolean>;
  remove(): Promise<boolean>;
  /** moves the kept count by +1 or -1 and answers it */
  move(delta: 1 | -1): Promise<number>;
  read(): Promise<number>;
}

/** Sets a fan's like; the count moves only when the like row did, so repeats and races keep it exact. */
async function applyLike(store: LikeStore, liked: boolean): Promise<{ changed: boolean; data: LikeData }> {
  const changed = liked ? await store.add() : await store.remove();
  const count = changed ? await store.move(liked ? 1 : -1) : await store.read();
  return { changed, data: { liked, like_count: count } };
}

/** The Monday (UTC) starting the ISO week of `at`, as `YYYY-MM-DD`. */
export function weekStartDay(at: Date): string {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * 86_400_000).toISOString().slice(0, 10);
}

/** Moves a post's like count of the week a like was given in (the weekly ranking, docs/decisions/141). */
async function countWeekLike(tx: DbTransaction, postId: number, givenAt: Date, delta: 1 | -1): Promise<void> {
  const weekStart = weekStartDay(givenAt);
  if (delta === 1) {
    await tx
      .insert(communityPostWeekLikes)
      .values({ weekStart, postId, likes: 1 })
      .onConflictDoUpdate({ target: [communityPostWeekLikes.weekStart, communityPostWeekLikes.postId], set: { likes: sql`${communityPostWeekLikes.likes} + 1` } });
  } else {
    await tx
      .update(communityPostWeekLikes)
      .set({ likes: sql`greatest(${communityPostWeekLikes.likes} - 1, 0)` })
      .where(and(eq(communityPostWeekLikes.weekStart, weekStart), eq(communityPostWeekLikes.postId, postId)));
  }
}

/** Likes (`liked`) or unlikes a published post; repeating either changes nothing. The author hears of a like once per liker. */
export async function setPostLike(
  tx: DbTransaction,
  options: { postId: number; reader: Reader & { nickname: string }; liked: boolean; now: Date; notices: Notices },
): Promise<LikeData> {
  const { reader, now } = options;
  const post = await getPublishedPost(tx, options.postId, reader);
  const mine = and(eq(communityPostLikes.postId, post.id), eq(communityPostLikes.userId, reader.id));
  const { changed, data } = await applyLike(
    {
      add: async () => {
        const added = (await tx.insert(communityPostLikes).values({ postId: post.id, userId: reader.id, createdAt: now }).onConflictDoNothing().returning()).length > 0;
        if (added) await countWeekLike(tx, post.id, now, 1);
        return added;
      },
      remove: async () => {
        const [removed] = await tx.delete(communityPostLikes).where(mine).returning({ createdAt: communityPostLikes.createdAt });
        if (removed) await countWeekLike(tx, post.id, removed.createdAt, -1);
        return removed !== undefined;
      },
      move: async (delta) =>
        (await tx.update(communityPosts).set({ likeCount: sql`${communityPosts.likeCount} + ${delta}` }).where(eq(communityPosts.id, post.id)).returning({ n: communityPosts.likeCount }))[0]?.n ?? 0,
      read: async () => (await findPost(tx, post.id))?.likeCount ?? 0,
    },
    options.liked,
  );
  if (changed && options.liked && post.authorId !== reader.id) {
    await options.notices.notify(
      notification(communityPostLikedNotification, {
        userId: post.authorId,
        actorId: reader.id,
        object: { type: 'community_post', id: post.id },
        dedupeKey: `community.post_liked:${post.id}:${reader.id}`,
        data: { post_id: post.id, nickname: reader.nickname, excerpt: excerptOf(post.bodyText) },
      }),
    );
  }
  return data;
}

/** Likes or unlikes a published comment of a published post. */
export async function setCommentLike(tx: DbTransaction, options: { commentId: number; reader: Reader; liked: boolean; now: Date }): Promise<LikeData> {
  const { reader } = options;
  const [comment] = await tx.select().from(communityComments).where(eq(communityComments.id, options.commentId));
  const post = comment ? await findPost(tx, comment.postId) : null;
  if (!comment || comment.status !== 'published' || !post || post.status !== 'published') throw commentNotFound();
  if ((await isHiddenByBlock(tx, reader, post.authorId)) || (await isHiddenByBlock(tx, reader, comment.authorId))) throw commentNotFound();
  const byId = eq(communityComments.id, comment.id);
  const { data } = await applyLike(
    {
      add: async () => (await tx.insert(communityCommentLikes).values({ commentId: comment.id, userId: reader.id, createdAt: options.now }).onConflictDoNothing().returning()).length > 0,
      remove: async () => (await tx.delete(communityCommentLikes).where(and(eq(communityCommentLikes.commentId, comment.id), eq(communityCommentLikes.userId, reader.id))).returning()).length > 0,
      move: async (delta) => (await tx.update(communityComments).set({ likeCount: sql`${communityComments.likeCount} + ${delta}` }).where(byId).returning({ n: communityComments.likeCount }))[0]?.n ?? 0,
      read: async () => (await tx.select({ n: communityComments.likeCount }).from(communityComments).where(byId))[0]?.n ?? 0,
    },
    options.liked,
  );
  return data;
}

/* Favourites. */

/**
 * Saves a published post, or takes a saved one off the list — whatever became of the post since,
 * so a fan can clear a deleted post away. Repeating either changes nothing.
 */
export async function setFavourite(tx: DbTransaction, options: { postId: number; reader: Reader; favourited: boolean; now: Date }): Promise<FavouriteData> {
  const { reader } = options;
  if (options.favourited) {
    const post = await getPublishedPost(tx, options.postId, reader);
    await tx.insert(communityFavourites).values({ userId: reader.id, postId: post.id, createdAt: options.now }).onConflictDoNothing();
    return { post_id: post.id, favourited: true };
  }
  const removed = await tx
    .delete(communityFavourites)
    .where(and(eq(communityFavourites.userId, reader.id), eq(communityFavourites.postId, options.postId)))
    .returning();
  if (removed.length === 0) {
    // nothing saved: the post must still be one the reader may see, else it is missing to them
    const post = await findPost(tx, options.postId);
    if (!post || !isReadable(post, reader) || (await isHiddenByBlock(tx, reader, post.authorId))) throw postNotFound();
  }
  return { post_id: options.postId, favourited: false };
}

/** The reader's own saved posts, last saved first; one the reader may no longer read answers as a placeholder. */
export async function listFavourites(
  tx: Tx,
  options: FavouriteListQuery & { ownerId: number; reader: Reader; now: Date; config: CommunityConfig },
): Promise<PostListData> {
  if (options.ownerId !== options.reader.id) throw new AppError('FORBIDDEN', { message: 'community.favourites.private' });
  const conditions: SQL[] = [eq(communityFavourites.userId, options.reader.id), notBlockedWith(options.reader.id, communityPosts.authorId)];
  if (options.cursor) {
    const [ms, postId] = options.cursor.split('.').map(Number) as [number, number];
    const at = new Date(ms);
    conditions.push(or(lt(communityFavourites.createdAt, at), and(eq(communityFavourites.createdAt, at), lt(communityFavourites.postId, postId)))!);
  }
  const rows = await tx
    .select({ post: communityPosts, savedAt: communityFavourites.createdAt })
    .from(communityFavourites)
    .innerJoin(communityPosts, eq(communityPosts.id, communityFavourites.postId))
    .where(and(...conditions))
    .orderBy(desc(communityFavourites.createdAt), desc(communityFavourites.postId))
    .limit(options.size + 1);
  const { page, next_cursor } = pageOf(rows, options.size, (last) => `${last.savedAt.getTime()}.${last.post.id}`);
  return { list: await postAnswers(tx, page.map((row) => row.post), options.reader, options), next_cursor };
}

/** Locks a post for the review's decision (the subscriber). */
export { lockPost as lockPostForReview };
