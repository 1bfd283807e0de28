import { z } from 'zod';
import { EmailSchema } from './account';
import { PageQuerySchema } from './points';
import { multiLineText, singleLineText } from './text';
import { defineEndpoint } from './endpoints';

/**
 * Shapes of the contact form (POST /api/contact, the /contact page's action) and of the staff
 * inbox (/api/staff/contact…), docs/api/contact.md and docs/decisions/127.
 */

/** What a message is about: a short fixed list, so staff can sort the inbox at a glance. */
export const CONTACT_TOPICS = ['general', 'account', 'points', 'problem', 'press'] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

export const CONTACT_STATUSES = ['open', 'answered', 'closed'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export const CONTACT_NAME_MAX = 100;
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;
export const CONTACT_ANSWER_MIN = 2;
export const CONTACT_ANSWER_MAX = 5000;

/** A message of the form: one-line name and address, multi-line message (tab and line breaks only). */
export const ContactBodySchema = z.object({
  name: singleLineText({ error: 'contact.name.required' })
    .trim()
    .min(1, { error: 'contact.name.required' })
    .max(CONTACT_NAME_MAX, { error: 'contact.name.tooLong' }),
  email: EmailSchema,
  topic: z.enum(CONTACT_TOPICS, { error: 'contact.topic.invalid' }),
  message: multiLineText({ error: 'contact.message.length' })
    .trim()
    .min(CONTACT_MESSAGE_MIN, { error: 'contact.message.length' })
    .max(CONTACT_MESSAGE_MAX, { error: 'contact.message.length' }),
});
export type ContactBody = z.infer<typeof ContactBodySchema>;

/** The answer to a sent message: its number, for the confirmation and any later mail. */
export const ContactSentSchema = z.object({ id: z.number().int() });
export type ContactSent = z.infer<typeof ContactSentSchema>;

/** A message as staff see it in the inbox. */
export const StaffContactMessageSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  name: z.string(),
  email: z.string(),
  topic: z.enum(CONTACT_TOPICS),
  body: z.string(),
  locale: z.string(),
  status: z.enum(CONTACT_STATUSES),
  created_at: z.string(),
  answered_at: z.string().nullable(),
  answered_by: z.number().int().nullable(),
  answer: z.string().nullable(),
  closed_at: z.string().nullable(),
});
export type StaffContactMessage = z.infer<typeof StaffContactMessageSchema>;

export const StaffContactListQuerySchema = PageQuerySchema(20).extend({
  /** which messages: open (the default, what needs an answer), answered, closed */
  status: z.enum(CONTACT_STATUSES).optional().default('open'),
});

export const StaffContactListDataSchema = z.object({
  list: z.array(StaffContactMessageSchema),
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
});
export type StaffContactListData = z.infer<typeof StaffContactListDataSchema>;

export const StaffContactParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
});

/** The staff member's answer, mailed to the writer's address. */
export const StaffContactAnswerBodySchema = z.object({
  answer: multiLineText({ error: 'contact.answer.length' })
    .trim()
    .min(CONTACT_ANSWER_MIN, { error: 'contact.answer.length' })
    .max(CONTACT_ANSWER_MAX, { error: 'contact.answer.length' }),
});
export type StaffContactAnswerBody = z.infer<typeof StaffContactAnswerBodySchema>;

/** The contact form's endpoint and the staff inbox's (core/contracts/endpoints.ts). */
export const contactEndpoints = {
  send: defineEndpoint({ method: 'POST', path: '/api/contact', body: ContactBodySchema, data: ContactSentSchema }),
  staffList: defineEndpoint({ method: 'GET', path: '/api/staff/contact', query: StaffContactListQuerySchema, data: StaffContactListDataSchema }),
  staffMessage: defineEndpoint({ method: 'GET', path: '/api/staff/contact/:id', data: StaffContactMessageSchema }),
  staffAnswer: defineEndpoint({ method: 'POST', path: '/api/staff/contact/:id/answer', body: StaffContactAnswerBodySchema, data: StaffContactMessageSchema }),
  staffClose: defineEndpoint({ method: 'POST', path: '/api/staff/contact/:id/close', data: StaffContactMessageSchema }),
};

/** A contact message (and its answer) is deleted this many days after it was answered or closed. */
export const CONTACT_RECORD_DAYS = 180;
