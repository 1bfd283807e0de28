import { and, desc, eq, gt, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  AuditAction,
  AuditData,
  AuditQuery,
  AuditTargetType,
  FanModerationData,
  ModerateBody,
  ModeratedData,
  ReportCasesData,
  ReviewWordsData,
  Sanction,
  SanctionBody,
} from '../../../core/contracts/community-moderation';
import {
  communityContentRemovedNotification,
  communityContentRestoredNotification,
  communityRestrictionNotification,
} from '../../../core/contracts/community-notifications';
import type { ReportBody, ReportData } from '../../../core/contracts/community-reports';
import type { Db, DbTransaction } from '../../db/client';
import { users } from '../../db/schema/users';
import { AppError } from '../../errors';
import { CHANGES_REQUESTED, communityComments, communityPosts, excerptOf, parseReviewWords } from '../community/public';
import { notification, type Notices } from '../notifications/public';
import { submitForReview, type ReviewDecidedEvent } from '../review/public';
import { isBlockedEitherWay } from '../social/public';
import { WRITES_REFUSED_WHEN_RESTRICTED } from './moderation.settings';
import { communityAuditLog, communityReportCases, communityReports, communityReviewWords, communitySanctions, type ReportTargetType } from './schema';

/**
 * The community's moderation (docs/decisions/143): fans' reports gathered into one open case per
 * target, hidden at a threshold of distinct reporters; staff hiding, restoring and deleting with
 * a reason the author is told; suspensions and bans; the review words; and the audit log, one row
 * per staff action in that action's transaction.
 */

type Tx = Db | DbTransaction;
type PostRow = typeof communityPosts.$inferSelect;
type CommentRow = typeof communityComments.$inferSelect;

/** The review kind of a target's reports: approve = uphold (delete), request changes = hide, reject = dismiss (restore). */
export const COMMUNITY_REPORT_REVIEW_KIND = 'community_report';
/** The hidden reason of content that enough distinct fans reported: "hidden pending review" to its author. */
export const REPORTED = 'reported';

export interface Person {
  id: number;
}

const postNotFound = () => new AppError('NOT_FOUND', { message: 'community.post.notFound' });
const commentNotFound = () => new AppError('NOT_FOUND', { message: 'community.comment.notFound' });
const userNotFound = () => new AppError('NOT_FOUND', { message: 'social.user.notFound' });
const refused = (message: 'community.report.own' | 'community.report.self' | 'community.report.noteRequired') => new AppError('BAD_REQUEST', { message });

/* Audit. */

/** One row of the audit log, in the caller's (the action's) transaction. */
export async function writeAudit(
  tx: Tx,
  entry: { staffId: number; action: AuditAction; targetType: AuditTargetType; targetId: number | null; targetLabel: string; reason?: string | null; note?: string | null; now: Date },
): Promise<void> {
  await tx.insert(communityAuditLog).values({
    staffId: entry.staffId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    targetLabel: entry.targetLabel.slice(0, 200),
    reason: entry.reason ?? null,
    note: entry.note || null,
    createdAt: entry.now,
  });
}

/** The audit log newest first, by staff member and by target, paged by id. */
export async function listAudit(db: Tx, query: AuditQuery): Promise<AuditData> {
  const conditions: SQL[] = [];
  if (query.staff_id) conditions.push(eq(communityAuditLog.staffId, query.staff_id));
  if (query.target_type) conditions.push(eq(communityAuditLog.targetType, query.target_type));
  if (query.target_id) conditions.push(eq(communityAuditLog.targetId, query.target_id));
  if (query.cursor) conditions.push(lt(communityAuditLog.id, query.cursor));
  const rows = await db
    .select({ entry: communityAuditLog, staff: { id: users.id, nickname: users.nickname } })
    .from(communityAuditLog)
    .innerJoin(users, eq(users.id, communityAuditLog.staffId))
    .where(and(...conditions))
    .orderBy(desc(communityAuditLog.id))
    .limit(query.size + 1);
  const page = rows.slice(0, query.size);
  return {
    list: page.map(({ entry, staff }) => ({
      id: entry.id,
      staff,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      target_label: entry.targetLabel,
      reason: entry.reason,
      note: entry.note,
      created_at: entry.createdAt.toISOString(),
    })),
    next_cursor: rows.length > query.size ? String(page[page.length - 1]!.entry.id) : null,
  };
}

/* Sanctions. */

function isActive(row: typeof communitySanctions.$inferSelect, now: Date): boolean {
  return row.liftedAt === null && (row.endsAt === null || row.endsAt > now);
}

async function findActiveSanction(tx: Tx, userId: number, now: Date) {
  const [row] = await tx
    .select()
    .from(communitySanctions)
    .where(and(eq(communitySanctions.userId, userId), isNull(communitySanctions.liftedAt), or(isNull(communitySanctions.endsAt), gt(communitySanctions.endsAt, now))))
    .orderBy(desc(communitySanctions.id))
    .limit(1);
  return row ?? null;
}

/** A date as every language reads it in a message: `2026-12-03 14:00 UTC`. */
export function untilLabel(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * The rule of suspensions and bans: a restricted fan's community writes (WRITES_REFUSED_WHEN_RESTRICTED)
 * answer 403 with the message and its end; reads and the other writes go on. Called by the
 * community's routes before an action is counted.
 */
export async function assertMayWrite(db: Tx, options: { userId: number; action: string; now: Date }): Promise<void> {
  if (!WRITES_REFUSED_WHEN_RESTRICTED.has(options.action)) return;
  const active = await findActiveSanction(db, options.userId, options.now);
  if (!active) return;
  if (active.kind === 'ban' || active.endsAt === null) throw new AppError('FORBIDDEN', { message: 'community.moderation.banned' });
  throw new AppError('FORBIDDEN', { message: 'community.moderation.suspended', params: { until: untilLabel(active.endsAt) } });
}

const creators = alias(users, 'creators');

async function fanModeration(tx: Tx, userId: number, now: Date): Promise<FanModerationData> {
  const [user] = await tx.select({ id: users.id, nickname: users.nickname, role: users.role, status: users.status }).from(users).where(eq(users.id, userId));
  if (!user) throw userNotFound();
  const rows = await tx
    .select({ sanction: communitySanctions, creator: { id: creators.id, nickname: creators.nickname } })
    .from(communitySanctions)
    .innerJoin(creators, eq(creators.id, communitySanctions.createdBy))
    .where(eq(communitySanctions.userId, userId))
    .orderBy(desc(communitySanctions.id))
    .limit(50);
  const history: Sanction[] = rows.map(({ sanction, creator }) => ({
    id: sanction.id,
    kind: sanction.kind,
    reason: sanction.reason,
    note: sanction.note,
    starts_at: sanction.startsAt.toISOString(),
    ends_at: sanction.endsAt?.toISOString() ?? null,
    lifted_at: sanction.liftedAt?.toISOString() ?? null,
    created_by: creator,
    active: isActive(sanction, now),
  }));
  const reporters = alias(users, 'reporters');
  const reports = await tx
    .select({ report: communityReports, reporter: { id: reporters.id, nickname: reporters.nickname } })
    .from(communityReports)
    .innerJoin(communityReportCases, eq(communityReportCases.id, communityReports.caseId))
    .innerJoin(reporters, eq(reporters.id, communityReports.reporterId))
    .where(eq(communityReportCases.targetUserId, userId))
    .orderBy(desc(communityReports.id))
    .limit(50);
  return {
    user,
    active: history.find((entry) => entry.active) ?? null,
    history,
    reports: reports.map(({ report, reporter }) => ({
      id: report.id,
      target_type: report.targetType,
      target_id: report.targetId,
      reason: report.reason,
      note: report.note,
      reporter,
      created_at: report.createdAt.toISOString(),
    })),
  };
}

/** What staff read of a fan: their sanctions, the one holding now, and the reports about them. */
export async function getFanModeration(db: Tx, options: { userId: number; now: Date }): Promise<FanModerationData> {
  return fanModeration(db, options.userId, options.now);
}

/** Only a fan is restricted (not staff, not a closed account): anything else is 400, a missing one 404. */
async function lockFan(tx: DbTransaction, userId: number) {
  const [user] = await tx.select({ id: users.id, nickname: users.nickname, role: users.role, status: users.status }).from(users).where(eq(users.id, userId)).for('update');
  if (!user) throw userNotFound();
  if (user.role !== 'user' || user.status === 'closed') throw new AppError('BAD_REQUEST', { message: 'community.moderation.notAFan' });
  return user;
}

/**
 * Suspends a fan for `days` or bans them, with a reason they are told; one that held is lifted
 * by it (one restriction at a time). The fan's user row is locked, so two staff acting at once
 * leave one restriction.
 */
export async function restrictFan(
  tx: DbTransaction,
  options: { staff: Person; userId: number; body: SanctionBody; now: Date; notices: Notices },
): Promise<FanModerationData> {
  const { staff, body, now } = options;
  const fan = await lockFan(tx, options.userId);
  if (body.kind === 'suspension' && !body.days) throw new AppError('VALIDATION', { fields: [{ field: 'days', message: 'community.moderation.daysInvalid' }] });
  const endsAt = body.kind === 'suspension' ? new Date(now.getTime() + body.days! * 86_400_000) : null;
  await tx
    .update(communitySanctions)
    .set({ liftedAt: now, liftedBy: staff.id })
    .where(and(eq(communitySanctions.userId, fan.id), isNull(communitySanctions.liftedAt), or(isNull(communitySanctions.endsAt), gt(communitySanctions.endsAt, now))));
  await tx.insert(communitySanctions).values({ userId: fan.id, kind: body.kind, reason: body.reason, note: body.note || null, startsAt: now, endsAt, createdBy: staff.id });
  await writeAudit(tx, {
    staffId: staff.id,
    action: body.kind === 'ban' ? 'user_banned' : 'user_suspended',
    targetType: 'user',
    targetId: fan.id,
    targetLabel: endsAt ? `${fan.nickname} → ${untilLabel(endsAt)}` : fan.nickname,
    reason: body.reason,
    note: body.note,
    now,
  });
  await options.notices.notify(
    notification(communityRestrictionNotification, {
      userId: fan.id,
      dedupeKey: `community.restriction:${fan.id}:${now.getTime()}`,
      data: { kind: body.kind, until: endsAt ? untilLabel(endsAt) : null, reason: body.reason },
    }),
  );
  return fanModeration(tx, fan.id, now);
}

/** Lifts the restriction holding now (none: 400). */
export async function liftRestriction(tx: DbTransaction, options: { staff: Person; userId: number; note?: string; now: Date; notices: Notices }): Promise<FanModerationData> {
  const { staff, now } = options;
  const fan = await lockFan(tx, options.userId);
  const active = await findActiveSanction(tx, fan.id, now);
  if (!active) throw new AppError('BAD_REQUEST', { message: 'community.moderation.noSanction' });
  await tx.update(communitySanctions).set({ liftedAt: now, liftedBy: staff.id }).where(eq(communitySanctions.id, active.id));
  await writeAudit(tx, { staffId: staff.id, action: 'sanction_lifted', targetType: 'user', targetId: fan.id, targetLabel: fan.nickname, reason: active.reason, note: options.note, now });
  await options.notices.notify(
    notification(communityRestrictionNotification, { userId: fan.id, dedupeKey: `community.restriction:${fan.id}:lifted:${active.id}`, data: { kind: 'lifted', until: null, reason: null } }),
  );
  return fanModeration(tx, fan.id, now);
}

/* Review words. */

/** The words staff added, lower case (read per post: one primary-key scan of a short table, always current). */
export async function staffReviewWords(db: Tx): Promise<string[]> {
  const rows = await db.select({ word: communityReviewWords.word }).from(communityReviewWords);
  return rows.map((row) => row.word);
}

export async function listReviewWords(db: Tx, settingWords: readonly string[]): Promise<ReviewWordsData> {
  const rows = await db
    .select({ word: communityReviewWords.word, addedAt: communityReviewWords.addedAt, by: { id: users.id, nickname: users.nickname } })
    .from(communityReviewWords)
    .innerJoin(users, eq(users.id, communityReviewWords.addedBy))
    .orderBy(communityReviewWords.word);
  const fromSettings = settingWords.filter((word) => !rows.some((row) => row.word === word));
  return {
    words: [
      ...fromSettings.map((word) => ({ word, source: 'setting' as const, added_by: null, added_at: null })),
      ...rows.map((row) => ({ word: row.word, source: 'staff' as const, added_by: row.by, added_at: row.addedAt.toISOString() })),
    ],
  };
}

/** The word as it is matched: lower case the Turkish way (İ → i), like the settings' words. */
export function normalizeReviewWord(word: string): string {
  return parseReviewWords(word)[0] ?? '';
}

/** Adds a review word (again: nothing changes, nothing is logged). */
export async function addReviewWord(tx: DbTransaction, options: { staff: Person; word: string; settingWords: readonly string[]; now: Date }): Promise<ReviewWordsData> {
  const word = normalizeReviewWord(options.word);
  if (!options.settingWords.includes(word)) {
    const added = await tx.insert(communityReviewWords).values({ word, addedBy: options.staff.id, addedAt: options.now }).onConflictDoNothing().returning();
    if (added.length > 0) await writeAudit(tx, { staffId: options.staff.id, action: 'word_added', targetType: 'word', targetId: null, targetLabel: word, now: options.now });
  }
  return listReviewWords(tx, options.settingWords);
}

/** Removes a word staff added; one of the settings stays (400: it is changed where it is set). */
export async function removeReviewWord(tx: DbTransaction, options: { staff: Person; word: string; settingWords: readonly string[]; now: Date }): Promise<ReviewWordsData> {
  const word = normalizeReviewWord(options.word);
  const removed = await tx.delete(communityReviewWords).where(eq(communityReviewWords.word, word)).returning();
  if (removed.length > 0) {
    await writeAudit(tx, { staffId: options.staff.id, action: 'word_removed', targetType: 'word', targetId: null, targetLabel: word, now: options.now });
  } else if (options.settingWords.includes(word)) {
    throw new AppError('BAD_REQUEST', { message: 'community.moderation.wordFromSettings' });
  }
  return listReviewWords(tx, options.settingWords);
}

/* Hiding, restoring and deleting. */

async function lockPost(tx: Tx, id: number): Promise<PostRow | null> {
  const [row] = await tx.select().from(communityPosts).where(eq(communityPosts.id, id)).for('update');
  return row ?? null;
}

async function lockComment(tx: Tx, id: number): Promise<CommentRow | null> {
  const [row] = await tx.select().from(communityComments).where(eq(communityComments.id, id)).for('update');
  return row ?? null;
}

type Change = 'hide' | 'restore' | 'delete';

/** A post's status after a change, or the refusal: hide a published one, restore a hidden one, delete any not deleted. */
function postAfter(post: PostRow, change: Change, reason: string, now: Date): Partial<PostRow> {
  if (change === 'hide') {
    if (post.status !== 'published') throw new AppError('BAD_REQUEST', { message: 'community.moderation.notPublished' });
    return { status: 'hidden', statusReason: reason };
  }
  if (change === 'restore') {
    if (post.status !== 'hidden') throw new AppError('BAD_REQUEST', { message: 'community.moderation.notHidden' });
    return { status: 'published', statusReason: null };
  }
  if (post.status === 'deleted') throw new AppError('BAD_REQUEST', { message: 'community.moderation.alreadyDeleted' });
  return { status: 'deleted', statusReason: reason, deletedAt: now };
}

function commentAfter(comment: CommentRow, change: Change, reason: string, now: Date): Partial<CommentRow> {
  if (change === 'hide') {
    if (comment.status !== 'published') throw new AppError('BAD_REQUEST', { message: 'community.moderation.notPublished' });
    return { status: 'hidden', statusReason: reason };
  }
  if (change === 'restore') {
    if (comment.status !== 'hidden') throw new AppError('BAD_REQUEST', { message: 'community.moderation.notHidden' });
    return { status: 'published', statusReason: null };
  }
  if (comment.status === 'deleted') throw new AppError('BAD_REQUEST', { message: 'community.moderation.alreadyDeleted' });
  return { status: 'deleted', statusReason: reason, deletedAt: now };
}

/** A published comment counts on its post; the count follows it in and out of sight. */
async function moveCommentCount(tx: Tx, postId: number, before: string, after: string): Promise<void> {
  const delta = (after === 'published' ? 1 : 0) - (before === 'published' ? 1 : 0);
  if (delta !== 0) await tx.update(communityPosts).set({ commentCount: sql`greatest(${communityPosts.commentCount} + ${delta}, 0)` }).where(eq(communityPosts.id, postId));
}

const AUDIT_OF: Record<'post' | 'comment', Record<Change, AuditAction>> = {
  post: { hide: 'post_hidden', restore: 'post_restored', delete: 'post_deleted' },
  comment: { hide: 'comment_hidden', restore: 'comment_restored', delete: 'comment_deleted' },
};

/** Applies one change to a post or comment and tells its author; `staff` null for the reports' own hiding (no audit, no notification). */
async function changeContent(
  tx: Tx,
  options: { targetType: 'post' | 'comment'; id: number; change: Change; reason: string; note?: string | null; staff: Person | null; now: Date; notify: Notices['notify'] | null; dedupe: string },
): Promise<ModeratedData> {
  const { targetType, change, reason, now } = options;
  let authorId: number;
  let postId: number;
  let text: string;
  let status: ModeratedData['status'];
  let statusReason: string | null;
  if (targetType === 'post') {
    const post = await lockPost(tx, options.id);
    if (!post) throw postNotFound();
    const next = postAfter(post, change, reason, now);
    await tx.update(communityPosts).set(next).where(eq(communityPosts.id, post.id));
    [authorId, postId, text, status, statusReason] = [post.authorId, post.id, post.bodyText, next.status!, next.statusReason ?? null];
  } else {
    const comment = await lockComment(tx, options.id);
    if (!comment) throw commentNotFound();
    const next = commentAfter(comment, change, reason, now);
    await tx.update(communityComments).set(next).where(eq(communityComments.id, comment.id));
    await moveCommentCount(tx, comment.postId, comment.status, next.status!);
    [authorId, postId, text, status, statusReason] = [comment.authorId, comment.postId, comment.bodyText, next.status!, next.statusReason ?? null];
  }
  const excerpt = excerptOf(text);
  if (options.staff) {
    await writeAudit(tx, {
      staffId: options.staff.id,
      action: AUDIT_OF[targetType][change],
      targetType,
      targetId: options.id,
      targetLabel: excerpt,
      reason: change === 'restore' ? null : reason,
      note: options.note,
      now,
    });
  }
  if (options.notify) {
    const object = { type: 'community_post', id: postId };
    await options.notify(
      change === 'restore'
        ? notification(communityContentRestoredNotification, { userId: authorId, object, dedupeKey: `community.moderation:${targetType}:${options.id}:${options.dedupe}`, data: { target_type: targetType, post_id: postId, excerpt } })
        : notification(communityContentRemovedNotification, {
            userId: authorId,
            object,
            dedupeKey: `community.moderation:${targetType}:${options.id}:${options.dedupe}`,
            data: { target_type: targetType, post_id: postId, action: change === 'hide' ? 'hidden' : 'deleted', excerpt, reason },
          }),
    );
  }
  return { target_type: targetType, target_id: options.id, status, reason: statusReason };
}

/** Staff hide, restore or delete a post or comment; hide and delete need a reason, which its author is told. */
export async function moderateContent(
  tx: DbTransaction,
  options: { staff: Person; targetType: 'post' | 'comment'; id: number; body: ModerateBody; now: Date; notices: Notices },
): Promise<ModeratedData> {
  const { body } = options;
  if (body.action !== 'restore' && !body.reason) throw new AppError('VALIDATION', { fields: [{ field: 'reason', message: 'community.moderation.reasonRequired' }] });
  return changeContent(tx, {
    targetType: options.targetType,
    id: options.id,
    change: body.action,
    reason: body.reason ?? 'reviewed',
    note: body.note,
    staff: options.staff,
    now: options.now,
    notify: (input) => options.notices.notify(input),
    dedupe: String(options.now.getTime()),
  });
}

/* Reports. */

/** Whether a block stands between two fans either way. */
const blocked = (tx: Tx, a: number, b: number) => isBlockedEitherWay(tx, a, b);

/**
 * The target as the reporter may see it, with the fan it is about: a post or comment they cannot
 * see (another's waiting, hidden or deleted one, one across a block) or a closed or blocked fan
 * answers 404 like a missing one; their own post, comment or self 400.
 */
async function reportTarget(tx: Tx, reporter: Person, type: ReportTargetType, id: number): Promise<{ userId: number; label: string }> {
  if (type === 'user') {
    const [user] = await tx.select({ id: users.id, nickname: users.nickname, status: users.status }).from(users).where(eq(users.id, id));
    if (user && user.id === reporter.id) throw refused('community.report.self');
    if (!user || user.status === 'closed' || (await blocked(tx, reporter.id, user.id))) throw userNotFound();
    return { userId: user.id, label: user.nickname };
  }
  if (type === 'post') {
    const [post] = await tx.select().from(communityPosts).where(eq(communityPosts.id, id));
    if (post && post.authorId === reporter.id) throw refused('community.report.own');
    if (!post || post.status !== 'published' || (await blocked(tx, reporter.id, post.authorId))) throw postNotFound();
    return { userId: post.authorId, label: excerptOf(post.bodyText, 150) };
  }
  const [comment] = await tx.select().from(communityComments).where(eq(communityComments.id, id));
  if (comment && comment.authorId === reporter.id) throw refused('community.report.own');
  const [post] = comment ? await tx.select().from(communityPosts).where(eq(communityPosts.id, comment.postId)) : [];
  const postReadable = post && (post.status === 'published' || (post.authorId === reporter.id && post.status !== 'deleted'));
  if (!comment || !post || comment.status !== 'published' || !postReadable || (await blocked(tx, reporter.id, comment.authorId)) || (await blocked(tx, reporter.id, post.authorId))) {
    throw commentNotFound();
  }
  return { userId: comment.authorId, label: excerptOf(comment.bodyText, 150) };
}

/**
 * A fan reports a post, a comment or a fan. The target's open case gathers its reports (one
 * `community_report` review item per case); one reporter's repeat is not counted again. When
 * `hideAt` distinct fans reported a published post or comment, it is hidden (`reported`) until
 * staff decide. Races of one fan's reports end in one report: the unique index decides.
 */
export async function reportContent(tx: DbTransaction, options: { reporter: Person; body: ReportBody; hideAt: number; now: Date }): Promise<ReportData> {
  const { reporter, body, now } = options;
  if (body.reason === 'other' && !body.note?.trim()) throw new AppError('VALIDATION', { fields: [{ field: 'note', message: 'community.report.noteRequired' }] });
  const type = body.target_type;
  const target = await reportTarget(tx, reporter, type, body.target_id);
  await tx.insert(communityReportCases).values({ targetType: type, targetId: body.target_id, targetUserId: target.userId, openedAt: now }).onConflictDoNothing();
  const [openCase] = await tx
    .select()
    .from(communityReportCases)
    .where(and(eq(communityReportCases.targetType, type), eq(communityReportCases.targetId, body.target_id), eq(communityReportCases.status, 'open')))
    .for('update');
  if (!openCase) throw new Error('report case vanished while it was opened');
  const inserted = await tx
    .insert(communityReports)
    .values({ caseId: openCase.id, reporterId: reporter.id, targetType: type, targetId: body.target_id, reason: body.reason, note: body.note?.trim() || null, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: communityReports.id });
  const counted = inserted.length > 0;
  if (counted) {
    const [count] = await tx.select({ n: sql<number>`count(distinct ${communityReports.reporterId})::int` }).from(communityReports).where(eq(communityReports.caseId, openCase.id));
    const reporters = Number(count?.n ?? 0);
    await submitForReview(tx, {
      kind: COMMUNITY_REPORT_REVIEW_KIND,
      subjectId: openCase.id,
      subjectLabel: `${type} #${body.target_id}: ${target.label}`,
      submittedBy: reporter.id,
      now,
    });
    if (type !== 'user' && reporters >= options.hideAt && openCase.hiddenAt === null) {
      const hidden = await hideReported(tx, type, body.target_id, now);
      if (hidden) await tx.update(communityReportCases).set({ hiddenAt: now }).where(eq(communityReportCases.id, openCase.id));
    }
  }
  return { target_type: type, target_id: body.target_id, counted };
}

/** Hides a still published post or comment for its reports; anything else stays as it is. */
async function hideReported(tx: Tx, type: 'post' | 'comment', id: number, now: Date): Promise<boolean> {
  const row = type === 'post' ? await lockPost(tx, id) : await lockComment(tx, id);
  if (!row || row.status !== 'published') return false;
  await changeContent(tx, { targetType: type, id, change: 'hide', reason: REPORTED, staff: null, now, notify: null, dedupe: 'reported' });
  return true;
}

/** The reason most reporters of a case gave (the earliest among equals): the reason of an upheld report. */
async function leadingReason(tx: Tx, caseId: number): Promise<string> {
  const rows = await tx
    .select({ reason: communityReports.reason, n: sql<number>`count(*)::int`, first: sql<number>`min(${communityReports.id})` })
    .from(communityReports)
    .where(eq(communityReports.caseId, caseId))
    .groupBy(communityReports.reason)
    .orderBy(desc(sql`count(*)`), sql`min(${communityReports.id})`);
  return rows[0]?.reason ?? 'other';
}

/**
 * Acts on a staff decision of a report case (the `review.decided` subscriber, in its delivery
 * transaction): approved upholds the reports (the post or comment is deleted with the reporters'
 * leading reason), changes requested hides it (a post's author may then edit it), rejected
 * dismisses them (content the reports hid is restored). Its author is told; the decision is a
 * row of the audit log. A second delivery of one event changes nothing.
 */
export async function applyReportDecision(tx: DbTransaction, options: { event: ReviewDecidedEvent; eventId: number; now: Date; notices: Notices }): Promise<void> {
  const { event, now } = options;
  const [reportCase] = await tx.select().from(communityReportCases).where(eq(communityReportCases.id, event.subjectId)).for('update');
  if (!reportCase) return;
  const [logged] = await tx
    .select({ id: communityAuditLog.id })
    .from(communityAuditLog)
    .where(and(eq(communityAuditLog.action, 'report_decided'), eq(communityAuditLog.targetType, 'report'), eq(communityAuditLog.targetId, reportCase.id), eq(communityAuditLog.note, `event:${options.eventId}`)));
  if (logged) return;
  await tx.update(communityReportCases).set({ status: 'decided', decidedAt: now }).where(eq(communityReportCases.id, reportCase.id));
  const type = reportCase.targetType;
  const reason = event.status === 'approved' ? await leadingReason(tx, reportCase.id) : event.status === 'changes_requested' ? CHANGES_REQUESTED : (event.reason ?? 'dismissed');
  await writeAudit(tx, {
    staffId: event.decidedBy,
    action: 'report_decided',
    targetType: 'report',
    targetId: reportCase.id,
    targetLabel: `${type} #${reportCase.targetId}: ${event.status}`,
    reason,
    note: `event:${options.eventId}`,
    now,
  });
  if (type === 'user') return;
  const row = type === 'post' ? await lockPost(tx, reportCase.targetId) : await lockComment(tx, reportCase.targetId);
  if (!row || row.status === 'deleted') return;
  const change: Change | null =
    event.status === 'approved' ? 'delete' : event.status === 'changes_requested' ? (row.status === 'published' ? 'hide' : null) : row.status === 'hidden' && row.statusReason === REPORTED ? 'restore' : null;
  if (!change) return;
  await changeContent(tx, {
    targetType: type,
    id: reportCase.targetId,
    change,
    // a comment cannot be edited: hidden, it carries the reporters' reason rather than changes asked
    reason: change === 'hide' && type === 'comment' ? await leadingReason(tx, reportCase.id) : reason,
    staff: null,
    now,
    notify: (input) => options.notices.notify(input),
    dedupe: `review:${options.eventId}`,
  });
}

/** The open report cases, newest first, each with its target as staff read it and its reporters' reasons. */
export async function listOpenReportCases(db: Tx): Promise<ReportCasesData> {
  const cases = await db
    .select({ reportCase: communityReportCases, user: { id: users.id, nickname: users.nickname } })
    .from(communityReportCases)
    .innerJoin(users, eq(users.id, communityReportCases.targetUserId))
    .where(eq(communityReportCases.status, 'open'))
    .orderBy(desc(communityReportCases.id))
    .limit(100);
  if (cases.length === 0) return { list: [] };
  const idsOf = (type: ReportTargetType) => cases.filter((row) => row.reportCase.targetType === type).map((row) => row.reportCase.targetId);
  const [posts, comments, reasons] = await Promise.all([
    idsOf('post').length ? db.select({ id: communityPosts.id, text: communityPosts.bodyText, status: communityPosts.status }).from(communityPosts).where(inArray(communityPosts.id, idsOf('post'))) : [],
    idsOf('comment').length
      ? db.select({ id: communityComments.id, postId: communityComments.postId, text: communityComments.bodyText, status: communityComments.status }).from(communityComments).where(inArray(communityComments.id, idsOf('comment')))
      : [],
    db
      .select({ caseId: communityReports.caseId, reason: communityReports.reason, n: sql<number>`count(*)::int` })
      .from(communityReports)
      .where(inArray(communityReports.caseId, cases.map((row) => row.reportCase.id)))
      .groupBy(communityReports.caseId, communityReports.reason),
  ]);
  return {
    list: cases.map(({ reportCase, user }) => {
      const post = reportCase.targetType === 'post' ? posts.find((row) => row.id === reportCase.targetId) : undefined;
      const comment = reportCase.targetType === 'comment' ? comments.find((row) => row.id === reportCase.targetId) : undefined;
      const counts = reasons.filter((row) => row.caseId === reportCase.id);
      return {
        id: reportCase.id,
        target_type: reportCase.targetType,
        target_id: reportCase.targetId,
        label: post ? excerptOf(post.text, 150) : comment ? excerptOf(comment.text, 150) : user.nickname,
        post_id: post ? post.id : comment ? comment.postId : null,
        status: post?.status ?? comment?.status ?? 'user',
        target_user: user,
        reporters: counts.reduce((sum, row) => sum + Number(row.n), 0),
        reasons: Object.fromEntries(counts.map((row) => [row.reason, Number(row.n)])),
        hidden_at: reportCase.hiddenAt?.toISOString() ?? null,
        opened_at: reportCase.openedAt.toISOString(),
      };
    }),
  };
}
