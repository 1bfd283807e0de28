import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { ContactBody, ContactSent, ContactStatus, StaffContactListData, StaffContactMessage } from '../../../core/contracts/contact';
import type { Locale } from '../../../core/locale';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema/contact-messages';
import { AppError } from '../../errors';
import { translate } from '../../i18n/translate';
import type { Mailer } from '../mail/public';
import { withNotifications, type NoticeLog, type NoticePublisher } from '../notifications/public';
import type { RateLimiter, RateLimitRule } from '../../lib/limits/rate-limiter';
import { CONTACT_ANSWERS_PER_STAFF, CONTACT_PER_ACCOUNT, CONTACT_PER_ADDRESS } from '../../settings/limits';
import { contactAnsweredNotification } from '../../../core/contracts/contact-notifications';

/** What the contact services work with; one object for the API and the page's form. */
export interface ContactDeps {
  db: Db;
  mailer: Mailer;
  limiter: RateLimiter;
  /** pushes a writer's notification of an answer after commit (decision 133) */
  publisher?: NoticePublisher;
  log?: NoticeLog;
}

type Row = typeof contactMessages.$inferSelect;

function toStaffMessage(row: Row): StaffContactMessage {
  return {
    id: row.id,
    user_id: row.userId,
    name: row.name,
    email: row.email,
    topic: row.topic,
    body: row.body,
    locale: row.locale,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    answered_at: row.answeredAt?.toISOString() ?? null,
    answered_by: row.answeredBy,
    answer: row.answer,
    closed_at: row.closedAt?.toISOString() ?? null,
  };
}

/** Line breaks as \n: a form posts them as \r\n (HTML), the API may send either. */
function oneLineBreak(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/** The first `max` characters (code points) of a text, cut at a word where one is near, with an ellipsis. */
export function excerptOf(text: string, max: number): string {
  const chars = Array.from(text.trim());
  if (chars.length <= max) return chars.join('');
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.6 ? cut.slice(0, space) : cut}…`;
}

/** Counts one hit of each rule in order; the first over its limit answers 429 with the seconds to wait. */
async function enforce(limiter: RateLimiter, rules: RateLimitRule[], now: Date): Promise<void> {
  for (const rule of rules) {
    const result = await limiter.hit({ ...rule, now });
    if (!result.allowed) {
      throw new AppError('RATE_LIMITED', {
        message: 'contact.rateLimited',
        params: { seconds: result.retryAfterSec },
        retryAfterSec: result.retryAfterSec,
      });
    }
  }
}

/**
 * Stores a message of the contact form for staff (the inbox). Limited per client address
 * (CONTACT_PER_ADDRESS) and, signed in, per account (CONTACT_PER_ACCOUNT); a signed-in writer's
 * message is linked to the account, whatever name and address were typed.
 */
export async function sendContactMessage(
  deps: ContactDeps,
  options: { body: ContactBody; userId: number | null; ip: string; locale: Locale; now: Date },
): Promise<ContactSent> {
  const { body, userId, ip, locale, now } = options;
  const rules: RateLimitRule[] = [{ key: `contact:address:${ip}`, ...CONTACT_PER_ADDRESS }];
  if (userId !== null) rules.push({ key: `contact:account:${userId}`, ...CONTACT_PER_ACCOUNT });
  await enforce(deps.limiter, rules, now);
  const [row] = await deps.db
    .insert(contactMessages)
    .values({ userId, name: body.name, email: body.email, topic: body.topic, body: oneLineBreak(body.message), locale, ip, createdAt: now })
    .returning({ id: contactMessages.id });
  if (!row) throw new Error('contact message insert returned nothing');
  return { id: row.id };
}

/** The inbox: messages of one status, newest first. */
export async function listContactMessages(
  db: Db,
  options: { status: ContactStatus; page: number; size: number },
): Promise<StaffContactListData> {
  const where = eq(contactMessages.status, options.status);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(options.size)
      .offset((options.page - 1) * options.size),
    db.select({ total: count() }).from(contactMessages).where(where),
  ]);
  return { list: rows.map(toStaffMessage), page: options.page, size: options.size, total: total?.total ?? 0 };
}

/** One message of the inbox; 404 when there is none. */
export async function getContactMessage(db: Db, options: { id: number }): Promise<StaffContactMessage> {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, options.id));
  if (!row) throw new AppError('NOT_FOUND', { message: 'contact.notFound' });
  return toStaffMessage(row);
}

/**
 * Answers an open message by mail, in the language it was written in, and marks it answered.
 * Only an open message is answered (409 CONTACT_CLOSED otherwise), once: the conditional
 * update claims it before the mail leaves, so two staff members answering at once send one
 * mail; when the mail cannot be sent, the claim is given back and the message stays open.
 * A writer with an account also finds the answer in the inbox (contact_answered, system), once
 * the mail has left.
 */
export async function answerContactMessage(
  deps: ContactDeps,
  options: { id: number; staffId: number; answer: string; now: Date },
): Promise<StaffContactMessage> {
  const { db } = deps;
  const { id, staffId, now } = options;
  const answer = oneLineBreak(options.answer);
  await getContactMessage(db, { id });
  await enforce(deps.limiter, [{ key: `contact:answers:${staffId}`, ...CONTACT_ANSWERS_PER_STAFF }], now);
  const [claimed] = await db
    .update(contactMessages)
    .set({ status: 'answered', answeredBy: staffId, answeredAt: now, answer })
    .where(and(eq(contactMessages.id, id), eq(contactMessages.status, 'open')))
    .returning();
  if (!claimed) throw new AppError('CONTACT_CLOSED');
  try {
    const locale = claimed.locale;
    await deps.mailer.send({
      to: claimed.email,
      subject: translate(locale, 'contact.mail.answer.subject', { id: claimed.id }),
      text: translate(locale, 'contact.mail.answer.text', {
        name: claimed.name,
        answer,
        topic: translate(locale, `contact.topic.${claimed.topic}`),
        message: claimed.body,
      }),
    });
  } catch (error) {
    await db
      .update(contactMessages)
      .set({ status: 'open', answeredBy: null, answeredAt: null, answer: null })
      .where(and(eq(contactMessages.id, id), eq(contactMessages.status, 'answered'), eq(contactMessages.answeredAt, now)));
    throw error;
  }
  const writerId = claimed.userId;
  if (writerId !== null) {
    await withNotifications(deps, (_tx, notices) =>
      notices.notify({
        userId: writerId,
        kind: contactAnsweredNotification,
        object: { type: 'contact_message', id: claimed.id },
        dedupeKey: `contact:${claimed.id}:answered`,
        data: { topic: claimed.topic, excerpt: excerptOf(answer, 280) },
      }),
    );
  }
  return toStaffMessage(claimed);
}

/** Closes a message (answered or not): it leaves the open list. Closing twice changes nothing. */
export async function closeContactMessage(db: Db, options: { id: number; now: Date }): Promise<StaffContactMessage> {
  await getContactMessage(db, { id: options.id });
  await db
    .update(contactMessages)
    .set({ status: 'closed', closedAt: options.now })
    .where(and(eq(contactMessages.id, options.id), isNull(contactMessages.closedAt)));
  return getContactMessage(db, { id: options.id });
}
