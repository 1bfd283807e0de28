import { z } from 'zod';

/** A mail of the development outbox (GET /api/staff/outbox, staff only, outside production). */
export const OutboxMailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  created_at: z.string(),
});
export type OutboxMail = z.infer<typeof OutboxMailSchema>;
