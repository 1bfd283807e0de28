import { desc, eq } from 'drizzle-orm';
import type { OutboxMail } from '../../../core/contracts/mail';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema/verification-codes';

/** The latest mails of the development outbox, newest first; only those to `to` when given. */
export async function listOutboxMails(db: Db, options: { to?: string; limit?: number } = {}): Promise<OutboxMail[]> {
  const limit = Math.min(Math.max(options.limit ?? 20, 1), 200);
  const to = options.to?.trim().toLowerCase();
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(to ? eq(mailOutbox.to, to) : undefined)
    .orderBy(desc(mailOutbox.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    created_at: row.createdAt.toISOString(),
  }));
}
