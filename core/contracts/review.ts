import { z } from 'zod';
import { REVIEW_DECISIONS, REVIEW_STATUSES } from '../review/transitions';
import { multiLineText, singleLineText } from './text';
import { defineEndpoint } from './endpoints';

/**
 * Shapes of the staff review queue (/api/staff/reviews, docs/decisions/134): one queue for
 * everything a feature asks staff to look at — reports, posts waiting for review, activity
 * evidence, orders. A feature registers its kind (a short name and its rejection reasons); the
 * queue knows nothing else of the feature.
 */

/** A kind's name as features register it: `community_post`, `report`, `evidence`, `order`. */
export const ReviewKindNameSchema = z.string().regex(/^[a-z][a-z0-9_]{0,31}$/);

/** The kinds the site's coming features will register; the staff page names them while none is. */
export const PLANNED_REVIEW_KINDS = ['community_post', 'report', 'evidence', 'order'] as const;

export const ReviewStatusSchema = z.enum(REVIEW_STATUSES);
export type { ReviewStatus } from '../review/transitions';
export const ReviewDecisionSchema = z.enum(REVIEW_DECISIONS);

const PersonSchema = z.object({ id: z.number().int(), nickname: z.string() });

export const ReviewItemSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  subject_type: z.string(),
  subject_id: z.number().int(),
  /** what the feature called the subject when it was submitted (a post's first words, an order number) */
  subject_label: z.string(),
  submitted_by: PersonSchema,
  status: ReviewStatusSchema,
  /** the rejection's reason code (one of the kind's), else null */
  reason: z.string().nullable(),
  /** the reason in the reader's language */
  reason_label: z.string().nullable(),
  note: z.string().nullable(),
  decided_by: PersonSchema.nullable(),
  decided_at: z.string().nullable(),
  appealed_at: z.string().nullable(),
  /** when it last entered the queue (submitted, appealed or sent again): the queue's order */
  queued_at: z.string(),
  created_at: z.string(),
});
export type ReviewItem = z.infer<typeof ReviewItemSchema>;

/** An opaque position in the queue: `<queued_at ms>.<id>` of the last item of the page before. */
export const ReviewCursorSchema = z.string().regex(/^\d{1,15}\.\d{1,10}$/, { error: 'review.cursorInvalid' });

export const ReviewQueueQuerySchema = z.object({
  kind: ReviewKindNameSchema.optional(),
  status: ReviewStatusSchema.optional().default('pending'),
  cursor: ReviewCursorSchema.optional(),
  size: z.coerce.number().int().min(1).max(50).optional().default(20),
});
export type ReviewQueueQuery = z.infer<typeof ReviewQueueQuerySchema>;

export const ReviewQueueDataSchema = z.object({
  list: z.array(ReviewItemSchema),
  /** the next page's cursor; null on the last page */
  next_cursor: z.string().nullable(),
});
export type ReviewQueueData = z.infer<typeof ReviewQueueDataSchema>;

export const ReviewKindSchema = z.object({
  kind: z.string(),
  reasons: z.array(z.object({ code: z.string(), label: z.string() })),
});
export type ReviewKind = z.infer<typeof ReviewKindSchema>;

export const ReviewKindsDataSchema = z.object({
  /** the kinds features have registered, with their rejection reasons in the reader's language */
  kinds: z.array(ReviewKindSchema),
  /** the kinds coming features will register (the page names them while nothing is registered) */
  planned: z.array(z.string()),
});
export type ReviewKindsData = z.infer<typeof ReviewKindsDataSchema>;

export const ReviewIdParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
});

/** A staff decision: a rejection names one of the kind's reason codes; the note is for the record. */
export const ReviewDecisionBodySchema = z.object({
  decision: ReviewDecisionSchema,
  reason: singleLineText().trim().max(40).optional(),
  note: multiLineText().trim().max(1000, { error: 'review.noteTooLong' }).optional(),
});
export type ReviewDecisionBody = z.infer<typeof ReviewDecisionBodySchema>;

export const ReviewItemDataSchema = z.object({ item: ReviewItemSchema });

/** The review queue's endpoints (core/contracts/endpoints.ts): a submitter's appeal and the staff queue. */
export const reviewEndpoints = {
  appeal: defineEndpoint({ method: 'POST', path: '/api/reviews/:id/appeal', data: ReviewItemDataSchema }),
  kinds: defineEndpoint({ method: 'GET', path: '/api/staff/reviews/kinds', data: ReviewKindsDataSchema }),
  queue: defineEndpoint({ method: 'GET', path: '/api/staff/reviews', query: ReviewQueueQuerySchema, data: ReviewQueueDataSchema }),
  decide: defineEndpoint({ method: 'POST', path: '/api/staff/reviews/:id/decision', body: ReviewDecisionBodySchema, data: ReviewItemDataSchema }),
};
