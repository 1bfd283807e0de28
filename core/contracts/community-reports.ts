import { z } from 'zod';
import { defineEndpoint } from './endpoints';
import { singleLineText } from './text';

/**
 * Reports (issue 25): a fan reports a post, a comment or another fan with a reason; reports go to
 * the staff review queue, and a configured number of distinct reporters hides the content until
 * staff decide. One reporter's repeated reports of one target count once.
 */
export const REPORT_TARGET_TYPES = ['post', 'comment', 'user'] as const;
export const REPORT_REASONS = ['spam', 'abuse', 'personal_data', 'off_topic', 'illegal', 'other'] as const;
export const REPORT_NOTE_MAX = 500;

export const ReportBodySchema = z.object({
  target_type: z.enum(REPORT_TARGET_TYPES, { error: 'community.report.targetInvalid' }),
  target_id: z.number({ error: 'community.report.targetInvalid' }).int({ error: 'community.report.targetInvalid' }).min(1, { error: 'community.report.targetInvalid' }).max(2_147_483_647, { error: 'community.report.targetInvalid' }),
  reason: z.enum(REPORT_REASONS, { error: 'community.report.reasonInvalid' }),
  /** what the reporter adds in their words (required for `other`) */
  note: singleLineText().max(REPORT_NOTE_MAX, { error: 'community.report.noteTooLong' }).optional(),
});
export type ReportBody = z.infer<typeof ReportBodySchema>;

export const ReportDataSchema = z.object({
  target_type: z.enum(REPORT_TARGET_TYPES),
  target_id: z.number().int(),
  /** true the first time this reporter reports this target; false for a repeat (counted once) */
  counted: z.boolean(),
});
export type ReportData = z.infer<typeof ReportDataSchema>;

export const communityReportEndpoints = {
  report: defineEndpoint({ method: 'POST', path: '/api/community/reports', body: ReportBodySchema, data: ReportDataSchema }),
};
