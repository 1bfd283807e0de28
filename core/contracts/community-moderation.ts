import { z } from 'zod';
import { defineEndpoint } from './endpoints';
import { REPORT_REASONS, REPORT_TARGET_TYPES } from './community-reports';
import type { FormInput, FormResult } from './services';
import { singleLineText } from './text';

/**
 * The community's staff moderation (issue 25, docs/decisions/143): hide, restore and delete posts
 * and comments with a reason their author is told; suspensions (read-only for N days) and bans;
 * the review words staff edit; the audit log of every staff action. Every route needs the staff
 * or admin role and answers `cache-control: private, no-store`.
 */

/** Why staff hid or deleted something: the report reasons, so a report upheld keeps its words. */
export const MODERATION_REASONS = REPORT_REASONS;
export type ModerationReason = (typeof MODERATION_REASONS)[number];
export const MODERATION_ACTIONS = ['hide', 'restore', 'delete'] as const;
export const SANCTION_KINDS = ['suspension', 'ban'] as const;
export type SanctionKind = (typeof SANCTION_KINDS)[number];
export const MODERATION_NOTE_MAX = 500;
export const SUSPENSION_DAYS_MAX = 365;
export const REVIEW_WORD_MAX = 60;

export const AUDIT_ACTIONS = [
  'post_hidden',
  'post_restored',
  'post_deleted',
  'comment_hidden',
  'comment_restored',
  'comment_deleted',
  'user_suspended',
  'user_banned',
  'sanction_lifted',
  'word_added',
  'word_removed',
  'report_decided',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_TARGET_TYPES = ['post', 'comment', 'user', 'word', 'report'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

const note = singleLineText().trim().max(MODERATION_NOTE_MAX, { error: 'community.moderation.noteTooLong' }).optional();
const id = z.coerce.number({ error: 'community.moderation.idInvalid' }).int({ error: 'community.moderation.idInvalid' }).min(1, { error: 'community.moderation.idInvalid' }).max(2_147_483_647, { error: 'community.moderation.idInvalid' });

export const ModerationIdParamsSchema = z.object({ id });

/** hide and delete take a reason; restore does not (its author is told it is back). */
export const ModerateBodySchema = z.object({
  action: z.enum(MODERATION_ACTIONS, { error: 'community.moderation.actionInvalid' }),
  reason: z.enum(MODERATION_REASONS, { error: 'community.moderation.reasonRequired' }).optional(),
  note,
});
export type ModerateBody = z.infer<typeof ModerateBodySchema>;

/** The reports page's form: which post or comment, and the change (an empty reason is none). */
export const ModerateFormSchema = z.object({
  target: z.enum(['post', 'comment'], { error: 'community.moderation.targetInvalid' }),
  id,
  action: ModerateBodySchema.shape.action,
  reason: z.preprocess((value) => (value === '' ? undefined : value), ModerateBodySchema.shape.reason),
});

export const ModeratedDataSchema = z.object({
  target_type: z.enum(['post', 'comment']),
  target_id: z.number().int(),
  status: z.enum(['published', 'hidden', 'deleted', 'pending_review']),
  reason: z.string().nullable(),
});
export type ModeratedData = z.infer<typeof ModeratedDataSchema>;

export const SanctionBodySchema = z.object({
  kind: z.enum(SANCTION_KINDS, { error: 'community.moderation.sanctionInvalid' }),
  /** days of a suspension (1–365); a ban has none */
  days: z.number({ error: 'community.moderation.daysInvalid' }).int({ error: 'community.moderation.daysInvalid' }).min(1, { error: 'community.moderation.daysInvalid' }).max(SUSPENSION_DAYS_MAX, { error: 'community.moderation.daysInvalid' }).optional(),
  reason: z.enum(MODERATION_REASONS, { error: 'community.moderation.reasonRequired' }),
  note,
});
export type SanctionBody = z.infer<typeof SanctionBodySchema>;
export const LiftBodySchema = z.object({ note });

export const SanctionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(SANCTION_KINDS),
  reason: z.string(),
  note: z.string().nullable(),
  starts_at: z.string(),
  /** null for a ban */
  ends_at: z.string().nullable(),
  lifted_at: z.string().nullable(),
  created_by: z.object({ id: z.number().int(), nickname: z.string() }),
  /** whether it holds now */
  active: z.boolean(),
});
export type Sanction = z.infer<typeof SanctionSchema>;

export const FanModerationDataSchema = z.object({
  user: z.object({ id: z.number().int(), nickname: z.string(), role: z.string(), status: z.string() }),
  active: SanctionSchema.nullable(),
  history: z.array(SanctionSchema),
  /** reports about this fan and their content, newest first (at most 50) */
  reports: z.array(
    z.object({
      id: z.number().int(),
      target_type: z.enum(REPORT_TARGET_TYPES),
      target_id: z.number().int(),
      reason: z.string(),
      note: z.string().nullable(),
      reporter: z.object({ id: z.number().int(), nickname: z.string() }),
      created_at: z.string(),
    }),
  ),
});
export type FanModerationData = z.infer<typeof FanModerationDataSchema>;

export const ReviewWordBodySchema = z.object({
  word: singleLineText()
    .trim()
    .min(2, { error: 'community.moderation.wordInvalid' })
    .max(REVIEW_WORD_MAX, { error: 'community.moderation.wordInvalid' })
    .refine((value) => !value.includes(','), { error: 'community.moderation.wordInvalid' }),
});
export type ReviewWordBody = z.infer<typeof ReviewWordBodySchema>;

export const ReviewWordsDataSchema = z.object({
  words: z.array(
    z.object({
      word: z.string(),
      /** `setting`: from COMMUNITY_REVIEW_WORDS (changed only there); `staff`: added on the page */
      source: z.enum(['setting', 'staff']),
      added_by: z.object({ id: z.number().int(), nickname: z.string() }).nullable(),
      added_at: z.string().nullable(),
    }),
  ),
});
export type ReviewWordsData = z.infer<typeof ReviewWordsDataSchema>;

export const AuditQuerySchema = z.object({
  staff_id: id.optional(),
  target_type: z.enum(AUDIT_TARGET_TYPES, { error: 'community.moderation.targetInvalid' }).optional(),
  target_id: id.optional(),
  /** the last id of the page before */
  cursor: id.optional(),
  size: z.coerce.number({ error: 'community.moderation.sizeInvalid' }).int({ error: 'community.moderation.sizeInvalid' }).min(1, { error: 'community.moderation.sizeInvalid' }).max(100, { error: 'community.moderation.sizeInvalid' }).default(50),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  staff: z.object({ id: z.number().int(), nickname: z.string() }),
  action: z.enum(AUDIT_ACTIONS),
  target_type: z.enum(AUDIT_TARGET_TYPES),
  target_id: z.number().int().nullable(),
  /** what the target was at the time (a word, an excerpt, a nickname) */
  target_label: z.string(),
  reason: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditDataSchema = z.object({ list: z.array(AuditEntrySchema), next_cursor: z.string().nullable() });
export type AuditData = z.infer<typeof AuditDataSchema>;

/** A target's open case: its reports gathered, waiting for staff (newest first). */
export const ReportCaseSchema = z.object({
  id: z.number().int(),
  target_type: z.enum(REPORT_TARGET_TYPES),
  target_id: z.number().int(),
  /** the post's or comment's first words, or the fan's nickname */
  label: z.string(),
  /** the post a comment belongs to (a post: itself; a fan: null) */
  post_id: z.number().int().nullable(),
  /** the target's status now: published, hidden, deleted, pending_review, or `user` */
  status: z.string(),
  target_user: z.object({ id: z.number().int(), nickname: z.string() }),
  reporters: z.number().int(),
  /** how many reporters gave each reason */
  reasons: z.record(z.string(), z.number().int()),
  hidden_at: z.string().nullable(),
  opened_at: z.string(),
});
export type ReportCase = z.infer<typeof ReportCaseSchema>;
export const ReportCasesDataSchema = z.object({ list: z.array(ReportCaseSchema) });
export type ReportCasesData = z.infer<typeof ReportCasesDataSchema>;

export const communityModerationEndpoints = {
  /** the open report cases, newest first (at most 100); each is also an item of the review queue */
  reports: defineEndpoint({ method: 'GET', path: '/api/staff/community/reports', data: ReportCasesDataSchema }),
  moderatePost: defineEndpoint({ method: 'POST', path: '/api/staff/community/posts/:id/moderation', body: ModerateBodySchema, data: ModeratedDataSchema }),
  moderateComment: defineEndpoint({ method: 'POST', path: '/api/staff/community/comments/:id/moderation', body: ModerateBodySchema, data: ModeratedDataSchema }),
  fan: defineEndpoint({ method: 'GET', path: '/api/staff/community/users/:id', data: FanModerationDataSchema }),
  sanction: defineEndpoint({ method: 'POST', path: '/api/staff/community/users/:id/sanctions', body: SanctionBodySchema, data: FanModerationDataSchema }),
  lift: defineEndpoint({ method: 'POST', path: '/api/staff/community/users/:id/sanctions/lift', body: LiftBodySchema, data: FanModerationDataSchema }),
  reviewWords: defineEndpoint({ method: 'GET', path: '/api/staff/community/review-words', data: ReviewWordsDataSchema }),
  addReviewWord: defineEndpoint({ method: 'POST', path: '/api/staff/community/review-words', body: ReviewWordBodySchema, data: ReviewWordsDataSchema }),
  removeReviewWord: defineEndpoint({ method: 'POST', path: '/api/staff/community/review-words/remove', body: ReviewWordBodySchema, data: ReviewWordsDataSchema }),
  audit: defineEndpoint({ method: 'GET', path: '/api/staff/community/audit', query: AuditQuerySchema, data: AuditDataSchema }),
};

/**
 * What the staff moderation pages read on the server (decision 143), through the load context;
 * their loaders check the staff role before they read.
 */
export interface CommunityModerationReads {
  reports(): Promise<ReportCasesData>;
  /** null when there is no such user */
  fan(userId: number): Promise<FanModerationData | null>;
  reviewWords(): Promise<ReviewWordsData>;
  audit(query: AuditQuery): Promise<AuditData>;
}

/**
 * The reports page's hide / restore / delete posted as a form, before or without the page's
 * scripts (decision 100): the staff endpoint's service with the request's user; refused for
 * anyone but staff. Bound to one request.
 */
export interface CommunityModerationFormServices {
  /** fields: `target` (post | comment), `id`, `action`, `reason` */
  moderate(input: FormInput): Promise<FormResult<ModeratedData>>;
}

declare module './services' {
  interface ServerLoadContext {
    /** the community moderation's staff pages (absent in loader tests without them) */
    communityModeration?: CommunityModerationReads;
    /** the reports page's form (a POST only) */
    communityModerationForms?: CommunityModerationFormServices;
  }
}
