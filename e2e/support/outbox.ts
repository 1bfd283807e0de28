import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/**
 * The development outbox is for staff only (GET /api/staff/outbox, decision 070), so journeys
 * read mailed codes the way an operator would: an admin made with `npm run admin:create` in the
 * fresh data directory before the server opens it (PGlite allows one process at a time), then
 * signed in through the API.
 */
export interface StaffAccount {
  email: string;
  nickname: string;
  password: string;
}

const run = promisify(execFile);

/** `npm run admin:create` on DATA_DIR (no server may hold it yet); fails unless it created the admin. */
export async function createAdmin(dataDir: string, account: StaffAccount): Promise<void> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'scripts/create-admin.ts', '--email', account.email, '--nickname', account.nickname, '--password', account.password],
    { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' } },
  );
  const answer = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as { ok?: boolean; action?: string; role?: string };
  if (!(answer.ok && answer.action === 'created' && answer.role === 'admin')) throw new Error(`admin:create answered ${stdout}`);
}

const tokens = new Map<string, string>();

async function staffToken(origin: string, staff: StaffAccount): Promise<string> {
  const key = `${origin} ${staff.email}`;
  const known = tokens.get(key);
  if (known) return known;
  const response = await fetch(`${origin}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: staff.email, password: staff.password }),
  });
  if (response.status !== 200) throw new Error(`the staff account could not sign in: ${response.status} ${await response.text()}`);
  const token = ((await response.json()) as { data: { token: string } }).data.token;
  tokens.set(key, token);
  return token;
}

/** The 6-digit code of the newest mail to `email`, read from the staff outbox; waits up to 15 s for it. */
export async function codeFromOutbox(server: { origin: string; staff?: StaffAccount }, email: string): Promise<string> {
  if (!server.staff) throw new Error('start the server with a staff account (startServer(env, { staff })) to read the outbox');
  const token = await staffToken(server.origin, server.staff);
  const deadline = Date.now() + 15_000;
  for (;;) {
    const response = await fetch(`${server.origin}/api/staff/outbox?limit=1&to=${encodeURIComponent(email)}`, { headers: { token } });
    if (response.status !== 200) throw new Error(`the staff outbox answered ${response.status}`);
    const body = (await response.json()) as { data: { list: { text: string }[] } };
    const code = /\b(\d{6})\b/.exec(body.data.list[0]?.text ?? '')?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no code mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The staff account journeys use to read mail when they need no admin of their own. */
export const MAIL_READER: StaffAccount = { email: 'mail-reader@example.test', nickname: 'MailReader', password: 'mail-reader-2025' };
