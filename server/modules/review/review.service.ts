import { and, asc, eq, gt, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ReviewDecisionBody, ReviewItem, ReviewKindsData, ReviewQueueData, ReviewQueueQuery } from '../../../core/contracts/review';
import { PLANNED_REVIEW_KINDS } from '../../../core/contracts/review';
import type { Locale } from '../../../core/locale';
import { applyReviewMove, decisionTakesReason, type ReviewMove, type ReviewState } from '../../../core/review/transitions';
import type { Db, DbTransaction } from '../../db/client';
import { reviewItems } from '../../db/schema/review';
import { users } from '../../db/schema/users';
import { AppError } from '../../errors';
import { recordDomainEvents } from '../../jobs/outbox';
import { findReviewKind, listReviewKinds } from './review-kinds';

/**
 * The staff review queue (docs/decisions/134). Every write runs in the caller's transaction, so a
 * feature submits its subject in the transaction that creates it, and a decision commits with its
 * `review.decided` outbox event or not at all.
 */

type Tx = Db | DbTransaction;
type ReviewRow = typeof reviewItems.$inferSelect;

const submitters = alias(users, 'submitters');
const deciders = alias(users, 'deciders');

/** The row locked for this transaction: two staff deciding at once are served one after the other. */
async function lockItem(tx: Tx, id: number): Promise<ReviewRow | null> {
  const [row] = await tx.select().from(reviewItems).where(eq(reviewItems.id, id)).for('update');
  return row ?? null;
}

function stateOf(row: ReviewRow): ReviewState {
  return { status: row.status, appealed: row.appealedAt !== null };
}

/** The move, or the refusal as the client's error (409). */
function move(row: ReviewRow, reviewMove: ReviewMove) {
  const result = applyReviewMove(stateOf(row), reviewMove);
  if (!result.ok) throw new AppError(result.refusal);
  return result;
}

/**
 * Puts a feature's subject in the queue (pending), in the feature's own transaction. Submitting
 * a subject that is already waiting returns its item unchanged; one whose changes were asked for
 * goes back in the queue (the submitter's changed version); an approved or rejected one is
 * refused 409 REVIEW_RESUBMIT_REFUSED. An unregistered kind is a wiring mistake, not a client's.
 */
export async function submitForReview(
  tx: Tx,
  options: { kind: string; subjectId: number; subjectLabel: string; submittedBy: number; now: Date },
): Promise<ReviewRow> {
  const { kind, subjectId, submittedBy, now } = options;
  const definition = findReviewKind(kind);
  if (!definition) throw new Error(`review kind "${kind}" is not registered`);
  const subjectLabel = options.subjectLabel.slice(0, 200);
  const [inserted] = await tx
    .insert(reviewItems)
    .values({ kind, subjectType: definition.subjectType, subjectId, subjectLabel, submittedBy, status: 'pending', queuedAt: now, createdAt: now })
    .onConflictDoNothing()
    .returning();
  if (inserted) return inserted;
  const [existing] = await tx
    .select()
    .from(reviewItems)
    .where(and(eq(reviewItems.kind, kind), eq(reviewItems.subjectType, definition.subjectType), eq(reviewItems.subjectId, subjectId)))
    .for('update');
  if (!existing) throw new Error('review item vanished while it was submitted');
  if (existing.status === 'pending') return existing;
  const next = move(existing, { type: 'resubmit' });
  const [updated] = await tx
    .update(reviewItems)
    .set({ status: next.status, subjectLabel, queuedAt: now, reason: null, note: null, decidedBy: null, decidedAt: null })
    .where(eq(reviewItems.id, existing.id))
    .returning();
  return updated ?? existing;
}

/**
 * A staff decision on a waiting item: approve, reject with one of the kind's reasons, or ask for
 * changes. Only a pending item is decided: of two staff deciding at once exactly one wins, the
 * other gets 409 REVIEW_ALREADY_DECIDED (the row lock orders them). The `review.decided` event
 * is recorded in the same transaction, so it exists exactly when the decision does.
 */
export async function decideReview(
  tx: Tx,
  options: { id: number; staffId: number; now: Date } & ReviewDecisionBody,
): Promise<ReviewRow> {
  const { id, staffId, now, decision } = options;
  const row = await lockItem(tx, id);
  if (!row) throw new AppError('NOT_FOUND');
  const next = move(row, { type: 'decide', decision });
  const reason = options.reason || undefined;
  if (decisionTakesReason(decision)) {
    const reasons = findReviewKind(row.kind)?.reasons ?? [];
    if (!reason || !reasons.some((known) => known.code === reason)) {
      throw new AppError('VALIDATION', { fields: [{ field: 'reason', message: 'review.reasonRequired' }] });
    }
  } else if (reason) {
    throw new AppError('VALIDATION', { fields: [{ field: 'reason', message: 'review.reasonOnlyForRejection' }] });
  }
  const [updated] = await tx
    .update(reviewItems)
    .set({ status: next.status, reason: reason ?? null, note: options.note || null, decidedBy: staffId, decidedAt: now })
    .where(eq(reviewItems.id, id))
    .returning();
  if (!updated) throw new Error('review item vanished while it was decided');
  if (updated.status === 'pending') throw new Error('a decision left the item pending');
  await recordDomainEvents(
    tx,
    [
      {
        type: 'review.decided',
        payload: {
          reviewId: updated.id,
          kind: updated.kind,
          subjectType: updated.subjectType,
          subjectId: updated.subjectId,
          submittedBy: updated.submittedBy,
          status: updated.status,
          reason: updated.reason,
          decidedBy: staffId,
        },
      },
    ],
    now,
  );
  return updated;
}

/**
 * The submitter's one appeal of a rejection: the item goes back in the queue with `appealed_at`.
 * Someone else's item, or one that does not exist, is 404; a second appeal, or an appeal of
 * anything but a rejection, 409 REVIEW_APPEAL_REFUSED.
 */
export async function appealReview(tx: Tx, options: { id: number; userId: number; now: Date }): Promise<ReviewRow> {
  const { id, userId, now } = options;
  const row = await lockItem(tx, id);
  if (!row || row.submittedBy !== userId) throw new AppError('NOT_FOUND');
  const next = move(row, { type: 'appeal' });
  const [updated] = await tx
    .update(reviewItems)
    .set({ status: next.status, appealedAt: now, queuedAt: now })
    .where(eq(reviewItems.id, id))
    .returning();
  if (!updated) throw new Error('review item vanished while it was appealed');
  return updated;
}

/** `<queued_at ms>.<id>`: the position after which the next page starts. */
function toCursor(row: { queuedAt: Date; id: number }): string {
  return `${row.queuedAt.getTime()}.${row.id}`;
}

function fromCursor(cursor: string): { queuedAt: Date; id: number } {
  const [ms, id] = cursor.split('.').map(Number);
  const queuedAt = new Date(ms ?? Number.NaN);
  if (Number.isNaN(queuedAt.getTime()) || !Number.isSafeInteger(id)) throw new AppError('VALIDATION', { fields: [{ field: 'cursor', message: 'review.cursorInvalid' }] });
  return { queuedAt, id: id as number };
}

/**
 * One page of the queue: items of one status (pending unless asked), of one kind or all, oldest
 * in the queue first. Paged by cursor, so an item decided while staff page on neither repeats
 * nor pushes another out of sight.
 */
export async function listReviewQueue(db: Db, options: ReviewQueueQuery & { locale: Locale }): Promise<ReviewQueueData> {
  const { kind, status, size, locale } = options;
  const conditions: (SQL | undefined)[] = [eq(reviewItems.status, status), kind ? eq(reviewItems.kind, kind) : undefined];
  if (options.cursor) {
    const after = fromCursor(options.cursor);
    // queued_at is always written from the server's clock in whole milliseconds, as the cursor keeps it
    conditions.push(or(gt(reviewItems.queuedAt, after.queuedAt), and(eq(reviewItems.queuedAt, after.queuedAt), gt(reviewItems.id, after.id))));
  }
  const rows = await db
    .select({
      item: reviewItems,
      submitter: { id: submitters.id, nickname: submitters.nickname },
      decider: { id: deciders.id, nickname: deciders.nickname },
    })
    .from(reviewItems)
    .innerJoin(submitters, eq(submitters.id, reviewItems.submittedBy))
    .leftJoin(deciders, eq(deciders.id, reviewItems.decidedBy))
    .where(and(...conditions))
    .orderBy(asc(reviewItems.queuedAt), asc(reviewItems.id))
    .limit(size + 1);
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return {
    list: page.map((row) => toReviewItem(row.item, row.submitter, row.decider, locale)),
    next_cursor: rows.length > size && last ? toCursor(last.item) : null,
  };
}

/** One item as staff read it, by id (404 when there is none). */
export async function getReviewItem(db: Db, options: { id: number; locale: Locale }): Promise<ReviewItem> {
  const [row] = await db
    .select({
      item: reviewItems,
      submitter: { id: submitters.id, nickname: submitters.nickname },
      decider: { id: deciders.id, nickname: deciders.nickname },
    })
    .from(reviewItems)
    .innerJoin(submitters, eq(submitters.id, reviewItems.submittedBy))
    .leftJoin(deciders, eq(deciders.id, reviewItems.decidedBy))
    .where(eq(reviewItems.id, options.id));
  if (!row) throw new AppError('NOT_FOUND');
  return toReviewItem(row.item, row.submitter, row.decider, options.locale);
}

/** The registered kinds with their reasons in the reader's language, and the kinds still to come. */
export function listReviewKindsFor(locale: Locale): ReviewKindsData {
  const kinds = listReviewKinds().map((definition) => ({
    kind: definition.kind,
    reasons: definition.reasons.map((reason) => ({ code: reason.code, label: reason.label[locale] })),
  }));
  return { kinds, planned: PLANNED_REVIEW_KINDS.filter((planned) => !kinds.some((known) => known.kind === planned)) };
}

function toReviewItem(
  row: ReviewRow,
  submitter: { id: number; nickname: string },
  decider: { id: number; nickname: string } | null,
  locale: Locale,
): ReviewItem {
  const reason = row.reason ? findReviewKind(row.kind)?.reasons.find((known) => known.code === row.reason) : undefined;
  return {
    id: row.id,
    kind: row.kind,
    subject_type: row.subjectType,
    subject_id: row.subjectId,
    subject_label: row.subjectLabel,
    submitted_by: submitter,
    status: row.status,
    reason: row.reason,
    reason_label: reason ? reason.label[locale] : row.reason,
    note: row.note,
    decided_by: decider,
    decided_at: row.decidedAt?.toISOString() ?? null,
    appealed_at: row.appealedAt?.toISOString() ?? null,
    queued_at: row.queuedAt.toISOString(),
    created_at: row.createdAt.toISOString(),
  };
}
