import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema/verification-codes';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** smtp: sent through SMTP_URL; outbox: written to the development outbox (mail_outbox) */
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * The site's outgoing mail. With an SMTP URL (SMTP_URL, e.g. smtps://user:pass@mail.example.com)
 * mail goes out through nodemailer; without one it is stored in mail_outbox, the development
 * outbox read by `npm run mail:outbox` and, by staff, GET /api/staff/outbox (decision 070).
 */
export function createMailer(options: { db: Db; smtpUrl?: string; from: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl, { from: options.from });
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
      },
      close: () => transport.close(),
    };
  }
  const { db } = options;
  return {
    kind: 'outbox',
    async send(mail) {
      await db.insert(mailOutbox).values({ to: mail.to, subject: mail.subject, text: mail.text });
    },
    close: () => undefined,
  };
}

/** `smtps://host:port` of an SMTP URL, for logs: never its user name or password. */
export function smtpHostOf(smtpUrl: string | undefined): string {
  if (!smtpUrl) return '-';
  const url = new URL(smtpUrl);
  return `${url.protocol}//${url.host}`;
}
