/**
 * `npm run mail:outbox [-- --to address --limit 10]`: prints the latest mails of the development
 * outbox (mail sent while SMTP_URL is not set) of the database the environment names. While a
 * server holds the embedded PGlite directory the database cannot be opened a second time, so
 * the mails are asked of that server instead (GET /api/dev/outbox on PORT).
 */
import { parseArgs } from 'node:util';
import type { OutboxMail } from '../core/contracts/mail';
import { loadEnv, type Env } from '../server/env';
import { listOutboxMails } from '../server/modules/mail/outbox';
import { isPgliteInUse, openScriptDatabase } from '../server/modules/account/script-database';

async function fromRunningServer(env: Env, options: { to?: string; limit: number }): Promise<OutboxMail[]> {
  const query = new URLSearchParams({ limit: String(options.limit), ...(options.to ? { to: options.to } : {}) });
  const url = `http://127.0.0.1:${env.PORT}/api/dev/outbox?${query}`;
  const response = await fetch(url).catch((error: unknown) => {
    throw new Error(`the database is held by another process and no server answers at ${url} (${String(error)})`);
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status} (the outbox route exists outside production only)`);
  return ((await response.json()) as { data: { list: OutboxMail[] } }).data.list;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { to: { type: 'string' }, limit: { type: 'string', default: '10' } },
    strict: true,
  });
  const limit = Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 200) throw new Error('--limit must be an integer from 1 to 200');
  const env = loadEnv();

  let mails: OutboxMail[];
  if (!env.DATABASE_URL && isPgliteInUse(env.DATA_DIR)) {
    mails = await fromRunningServer(env, { to: values.to, limit });
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
