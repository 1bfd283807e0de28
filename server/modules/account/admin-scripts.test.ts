import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicConfig } from '../../../core/contracts/services';
import { buildApp } from '../../app';
import { openDatabase, type Database } from '../../db/client';
import { users } from '../../db/schema/users';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { createMailer } from '../mail/mailer';
import { createMatchService } from '../matches/matches.service';
import { createOrPromoteAdmin } from './create-admin';
import { verifyPassword } from './passwords';
import { isPgliteInUse } from './script-database';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../..');
const PUBLIC_CONFIG: PublicConfig = { brokerWsUrl: null, buildId: 'test', appStore: { enabled: false, iosUrl: '', androidUrl: '' } };

/** Runs a script as `npm run` does (tsx), with only the given environment on top of PATH. */
async function runScript(script: string, args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', script), ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

describe.each(TEST_DATABASE_KINDS)('createOrPromoteAdmin on %s', (kind) => {
  const database = useTestDatabase(kind);

  it('creates an admin who can sign in with the password, then promotes an existing account', async () => {
    const { db } = database.current;
    const created = await createOrPromoteAdmin(db, { email: ' Boss@Example.TEST ', nickname: 'Boss', password: 'admin-2025' });
    expect(created).toMatchObject({ action: 'created', email: 'boss@example.test', nickname: 'Boss', role: 'admin' });
    const [row] = await db.select().from(users).where(eq(users.id, created.id));
    expect(row).toMatchObject({ role: 'admin', nicknameKey: 'boss', status: 'active' });
    expect(await verifyPassword(row?.passwordHash ?? null, 'admin-2025')).toBe(true);

    const [fan] = await db
      .insert(users)
      .values({ email: 'fan@example.test', nickname: 'fan', nicknameKey: 'fan', inviteCode: 'FANFAN22', eventMsgStatus: row!.eventMsgStatus })
      .returning();
    const promoted = await createOrPromoteAdmin(db, { email: 'fan@example.test' });
    expect(promoted).toMatchObject({ action: 'promoted', id: fan!.id, role: 'admin', passwordChanged: false });
  });

  it('refuses what registration refuses, with a message for the operator', async () => {
    const { db } = database.current;
    await expect(createOrPromoteAdmin(db, { email: 'nope', nickname: 'x1', password: 'admin-2025' })).rejects.toThrow(
      '--email: Please enter a valid email address',
    );
    await expect(createOrPromoteAdmin(db, { email: 'new@example.test', nickname: 'new', password: 'short' })).rejects.toThrow(
      /--password: The password must be 8–72 characters/,
    );
    await expect(createOrPromoteAdmin(db, { email: 'new@example.test', nickname: 'BOSS', password: 'admin-2025' })).rejects.toThrow(
      '--nickname: This nickname is taken',
    );
    await expect(createOrPromoteAdmin(db, { email: 'new@example.test', nickname: 'newbie' })).rejects.toThrow(/a password is needed/);
  });
});

describe('npm run admin:create and npm run mail:outbox against a PGlite directory', () => {
  let dataDir: string;

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'tribun-scripts-'));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates an admin and prints one JSON line; reads the password from ADMIN_PASSWORD', async () => {
    const result = await runScript('create-admin.ts', ['--email', 'chief@example.test', '--nickname', 'Chief'], {
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'chief-2025',
    });
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ ok: true, action: 'created', email: 'chief@example.test', role: 'admin', database: 'pglite' });
    expect(isPgliteInUse(dataDir)).toBe(false);
  });

  describe('while a server holds the directory', () => {
    let held: Database;
    let port: string;
    let close: () => Promise<void>;

    beforeAll(async () => {
      held = await openDatabase({ dataDir });
      const mailer = createMailer({ db: held.db, from: 'no-reply@tribun.test' });
      await mailer.send({ to: 'fan@example.test', subject: 'Your code: 123456', text: 'Code 123456' });
      const app = await buildApp({ db: held.db, matches: createMatchService({ db: held.db }), publicConfig: PUBLIC_CONFIG, account: { devOutbox: true } });
      await app.listen({ port: 0, host: '127.0.0.1' });
      port = String((app.server.address() as AddressInfo).port);
      close = async () => {
        await app.close();
        await held.close();
      };
    });
    afterAll(async () => {
      await close?.();
    });

    it('admin:create refuses to open it and says why', async () => {
      expect(isPgliteInUse(dataDir)).toBe(true);
      const result = await runScript('create-admin.ts', ['--email', 'x@example.test', '--nickname', 'xx', '--password', 'x-2025-x'], {
        DATA_DIR: dataDir,
      });
      expect(result.code).toBe(1);
      const answer = JSON.parse(result.stdout.trim()) as { ok: boolean; error: string };
      expect(answer.ok).toBe(false);
      expect(answer.error).toMatch(new RegExp(`is open in process ${process.pid} \\(a running Tribün server\\?\\)\\. Stop that server first`));
    });

    it('mail:outbox asks the running server instead, with the staff session of the environment', async () => {
      const result = await runScript('mail-outbox.ts', ['--to', 'fan@example.test'], {
        DATA_DIR: dataDir,
        PORT: port,
        TRIBUN_STAFF_EMAIL: 'chief@example.test',
        TRIBUN_STAFF_PASSWORD: 'chief-2025',
      });
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain('to fan@example.test');
      expect(result.stdout).toContain('Subject: Your code: 123456');
    });

    it('mail:outbox without a staff session says what it needs and prints no mail', async () => {
      const result = await runScript('mail-outbox.ts', ['--to', 'fan@example.test'], { DATA_DIR: dataDir, PORT: port });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/outbox is for staff only: set TRIBUN_STAFF_TOKEN, or TRIBUN_STAFF_EMAIL and TRIBUN_STAFF_PASSWORD/);
      expect(result.stdout).not.toContain('123456');
    });
  });

  it('mail:outbox reads the directory itself once it is free', async () => {
    const result = await runScript('mail-outbox.ts', ['--limit', '5'], { DATA_DIR: dataDir });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('Subject: Your code: 123456');
  });
});
