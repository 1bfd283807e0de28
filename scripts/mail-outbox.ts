/**
 * `npm run mail:outbox [-- --to address --limit 10]`: prints the latest mails of the development
 * outbox (mail sent while SMTP_URL is not set) of the database the environment names. While a
 * server holds the embedded PGlite directory the database cannot be opened a second time, so
 * the mails are asked of that server instead (GET /api/staff/outbox on PORT, or --server), with
 * a staff session: TRIBUN_STAFF_TOKEN, or TRIBUN_STAFF_EMAIL and TRIBUN_STAFF_PASSWORD (as
 * `npm run data:replay`). The outbox holds sign-up and reset codes: only staff read it.
 */
import { parseArgs } from 'node:util';
import type { OutboxMail } from '../core/contracts/mail';
import { loadEnv } from '../server/env';
import { logInForReplay } from '../server/feed/replay/replay-client';
import { listOutboxMails } from '../server/modules/mail/outbox';
import { isPgliteInUse, openScriptDatabase } from '../server/modules/account/script-database';

async function staffToken(server: string): Promise<string> {
  const token = process.env.TRIBUN_STAFF_TOKEN;
  if (token) return token;
  const email = process.env.TRIBUN_STAFF_EMAIL;
  const password = process.env.TRIBUN_STAFF_PASSWORD;
  if (!email || !password) {
    throw new Error(
      'a server holds the database, and its outbox is for staff only: set TRIBUN_STAFF_TOKEN, or TRIBUN_STAFF_EMAIL and ' +
        'TRIBUN_STAFF_PASSWORD (an account made with npm run admin:create), or stop the server',
    );
  }
  return logInForReplay({ server, account: email, password });
}

async function fromRunningServer(server: string, options: { to?: string; limit: number }): Promise<OutboxMail[]> {
  const query = new URLSearchParams({ limit: String(options.limit), ...(options.to ? { to: options.to } : {}) });
  const url = `${server.replace(/\/+$/, '')}/api/staff/outbox?${query}`;
  const token = await staffToken(server).catch((error: unknown) => {
    throw new Error(`the database is held by another process and signing in at ${server} failed: ${error instanceof Error ? error.message : String(error)}`);
  });
  const response = await fetch(url, { headers: { token, language: 'en' } }).catch((error: unknown) => {
    throw new Error(`the database is held by another process and no server answers at ${url} (${String(error)})`);
  });
  if (response.status === 401 || response.status === 403) {
    throw new Error(`${url} answered ${response.status}: the staff session is missing, ended or not staff`);
  }
  if (!response.ok) throw new Error(`${url} answered ${response.status} (the outbox route exists outside production only)`);
  return ((await response.json()) as { data: { list: OutboxMail[] } }).data.list;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { to: { type: 'string' }, limit: { type: 'string', default: '10' }, server: { type: 'string' } },
    strict: true,
  });
  const limit = Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 200) throw new Error('--limit must be an integer from 1 to 200');
  const env = loadEnv();

  let mails: OutboxMail[];
  if (!env.DATABASE_URL && isPgliteInUse(env.DATA_DIR)) {
    mails = await fromRunningServer(values.server ?? `http://127.0.0.1:${env.PORT}`, { to: values.to, limit });
  } else {
    const database = await openScriptDatabase(env);
    try {
      mails = await listOutboxMails(database.db, { to: values.to, limit });
    } finally {
      await database.close();
    }
  }

  if (mails.length === 0) {
    console.log(values.to ? `No mail to ${values.to} in the outbox.` : 'The outbox is empty.');
    return;
  }
  for (const mail of mails) {
    console.log(`#${mail.id}  ${mail.created_at}  to ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n${'─'.repeat(60)}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
