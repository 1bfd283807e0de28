import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/verification-codes';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { createMailer } from './mailer';
import { listOutboxMails } from './outbox';

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

describe('mail through SMTP (a real local SMTP server)', () => {
  const database = useTestDatabase('pglite');
  const received: Received[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers the mail with our sender, and writes nothing to the outbox', async () => {
    const mailer = createMailer({
      db: database.current.db,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Tribün <no-reply@tribun.test>',
    });
    expect(mailer.kind).toBe('smtp');
    await mailer.send({ to: 'fan@example.test', subject: 'Kodunuz: 123456', text: 'Doğrulama kodunuz: 123456' });
    mailer.close();

    expect(received).toHaveLength(1);
    expect(received[0]?.from).toBe('no-reply@tribun.test');
    expect(received[0]?.to).toEqual(['fan@example.test']);
    expect(received[0]?.raw).toMatch(/^From: =\?UTF-8\?.+<no-reply@tribun\.test>$/m);
    expect(received[0]?.raw).toMatch(/^Subject: .+$/m);
    // the body is the text, in UTF-8 (quoted-printable for the Turkish letters)
    expect(received[0]?.raw).toContain('123456');
    expect(await database.current.db.select().from(mailOutbox)).toEqual([]);
  });

  it('fails loudly when the SMTP server cannot be reached', async () => {
    const mailer = createMailer({ db: database.current.db, smtpUrl: 'smtp://127.0.0.1:1', from: 'no-reply@tribun.test' });
    await expect(mailer.send({ to: 'fan@example.test', subject: 's', text: 't' })).rejects.toThrow();
    mailer.close();
  });
});

describe.each(TEST_DATABASE_KINDS)('the development outbox on %s', (kind) => {
  const database = useTestDatabase(kind);

  it('stores mail without SMTP and lists the latest first, per address', async () => {
    const mailer = createMailer({ db: database.current.db, from: 'no-reply@tribun.test' });
    expect(mailer.kind).toBe('outbox');
    await mailer.send({ to: 'a@example.test', subject: 'first', text: 'one' });
    await mailer.send({ to: 'b@example.test', subject: 'other', text: 'two' });
    await mailer.send({ to: 'a@example.test', subject: 'second', text: 'three 进球' });

    const forA = await listOutboxMails(database.current.db, { to: 'A@example.test' });
    expect(forA.map((m) => [m.to, m.subject, m.text])).toEqual([
      ['a@example.test', 'second', 'three 进球'],
      ['a@example.test', 'first', 'one'],
    ]);
    expect(forA[0]?.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await listOutboxMails(database.current.db, { limit: 2 })).map((m) => m.subject)).toEqual(['second', 'other']);
  });
});
