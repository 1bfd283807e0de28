import { and, inArray, isNotNull, isNull, lte, or } from 'drizzle-orm';
import { CODE_RECORD_DAYS, SIGN_IN_RECORD_DAYS } from '../../core/contracts/account';
import { CONTACT_RECORD_DAYS } from '../../core/contracts/contact';
import type { Db } from '../db/client';
import { contactMessages } from '../db/schema/contact-messages';
import { sessions } from '../db/schema/sessions';
import { mailOutbox, verificationCodes } from '../db/schema/verification-codes';
import type { JobDefinition } from './runner';

const DAY_MS = 86_400_000;
/** How often the leading process deletes what it no longer needs to keep. */
export const DATA_RETENTION_INTERVAL_MS = 60 * 60 * 1000;
/** Mail kept in the outbox (only when no SMTP server is configured) for this many days. */
export const OUTBOX_RECORD_DAYS = 7;
/** At most this many rows per statement, so one run never holds many rows at once. */
const BATCH = 500;

export interface RetentionCounts {
  signIns: number;
  codes: number;
  mails: number;
  /** contact messages (decision 127) */
  contactMessages: number;
}

/** Deletes, a batch at a time, the rows `pick` names, until it names none. */
async function deleteInBatches(pick: () => Promise<number[]>, remove: (ids: number[]) => Promise<unknown>): Promise<number> {
  let deleted = 0;
  for (;;) {
    const ids = await pick();
    if (ids.length === 0) return deleted;
    await remove(ids);
    deleted += ids.length;
    if (ids.length < BATCH) return deleted;
  }
}

/**
 * Personal data the site no longer needs is deleted (docs/decisions/098, the Privacy page):
 * - sign-in records (browser and IP address) SIGN_IN_RECORD_DAYS after the sign-in ended —
 *   revoked (logout, password change, account closure) or run out; a live sign-in is kept;
 * - e-mailed codes CODE_RECORD_DAYS after they expired, used or not;
 * - the development outbox's mail after OUTBOX_RECORD_DAYS;
 * - contact messages CONTACT_RECORD_DAYS after they were answered or closed (decision 127).
 * Idempotent: a second run at the same moment deletes nothing. Returns what it deleted.
 */
export async function deleteExpiredRecords(options: { db: Db; now?: Date }): Promise<RetentionCounts> {
  const { db } = options;
  const now = options.now ?? new Date();
  const signInCutoff = new Date(now.getTime() - SIGN_IN_RECORD_DAYS * DAY_MS);
  const codeCutoff = new Date(now.getTime() - CODE_RECORD_DAYS * DAY_MS);
  const mailCutoff = new Date(now.getTime() - OUTBOX_RECORD_DAYS * DAY_MS);

  const endedLongAgo = or(
    and(isNotNull(sessions.revokedAt), lte(sessions.revokedAt, signInCutoff)),
    and(isNull(sessions.revokedAt), lte(sessions.expiresAt, signInCutoff)),
  );
  const signIns = await deleteInBatches(
    async () => (await db.select({ id: sessions.id }).from(sessions).where(endedLongAgo).limit(BATCH)).map((row) => row.id),
    (ids) => db.delete(sessions).where(and(inArray(sessions.id, ids), endedLongAgo)),
  );
  const codes = await deleteInBatches(
    async () =>
      (await db.select({ id: verificationCodes.id }).from(verificationCodes).where(lte(verificationCodes.expiresAt, codeCutoff)).limit(BATCH)).map(
        (row) => row.id,
      ),
    (ids) => db.delete(verificationCodes).where(inArray(verificationCodes.id, ids)),
  );
  const mails = await deleteInBatches(
    async () => (await db.select({ id: mailOutbox.id }).from(mailOutbox).where(lte(mailOutbox.createdAt, mailCutoff)).limit(BATCH)).map((row) => row.id),
    (ids) => db.delete(mailOutbox).where(inArray(mailOutbox.id, ids)),
  );
  const contactCutoff = new Date(now.getTime() - CONTACT_RECORD_DAYS * DAY_MS);
  // Answered or closed, and neither of them within the keeping time.
  const handledLongAgo = and(
    or(isNotNull(contactMessages.closedAt), isNotNull(contactMessages.answeredAt)),
    or(isNull(contactMessages.closedAt), lte(contactMessages.closedAt, contactCutoff)),
    or(isNull(contactMessages.answeredAt), lte(contactMessages.answeredAt, contactCutoff)),
  );
  const contact = await deleteInBatches(
    async () => (await db.select({ id: contactMessages.id }).from(contactMessages).where(handledLongAgo).limit(BATCH)).map((row) => row.id),
    (ids) => db.delete(contactMessages).where(and(inArray(contactMessages.id, ids), handledLongAgo)),
  );
  return { signIns, codes, mails, contactMessages: contact };
}

/** deleteExpiredRecords as a job of the runner: on the leading process, at once and then hourly. */
export function dataRetentionJob(options: { db: Db; everyMs?: number; onDeleted?: (counts: RetentionCounts) => void }): JobDefinition {
  return {
    name: 'data-retention',
    everyMs: options.everyMs ?? DATA_RETENTION_INTERVAL_MS,
    async run({ now }) {
      const counts = await deleteExpiredRecords({ db: options.db, now });
      if (counts.signIns + counts.codes + counts.mails + counts.contactMessages > 0) options.onDeleted?.(counts);
    },
  };
}
