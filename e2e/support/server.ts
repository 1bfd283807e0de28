import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedPgliteDataDir } from '../../server/test-support/databases';
import { createAdmin, type StaffAccount } from './outbox';

export interface RunningServer {
  origin: string;
  port: number;
  output: () => string;
  stop: () => Promise<void>;
  /** the admin made in the data directory before the start (reads the outbox: e2e/support/outbox.ts) */
  staff?: StaffAccount;
}

export interface StartServerOptions {
  /** an admin to make with `npm run admin:create` in the data directory before the server opens it */
  staff?: StaffAccount;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the real server (`tsx server/main.ts`, the same entry as `npm start`) on a free port
 * with its own data directory, and waits until /api/health answers 200.
 */
export async function startServer(env: Record<string, string> = {}, options: StartServerOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'tribun-e2e-'));
  // A migrated empty database, as a first start would leave it (saves its initdb and migrations).
  if (env.DATA_DIR === undefined) await seedPgliteDataDir(dataDir);
  if (options.staff) {
    try {
      await createAdmin(env.DATA_DIR ?? dataDir, options.staff);
    } catch (error) {
      rmSync(dataDir, { recursive: true, force: true });
      throw error;
    }
  }
  let log = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Journeys need live matches (and a Premier League match) whatever the hour and weekday
      // they run: the dense test calendar, not the believable one (decision 091).
      SIM_CALENDAR: 'dense',
      // Journeys replay the same matches every run: a public seed, as tests may use (decision 099);
      // a default start draws them from its secret instead.
      SIM_SEED: '1905',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));

  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`server exited early (${child.exitCode}):\n${log}`);
    }
    try {
      const response = await fetch(`${origin}/api/health`);
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`server did not become healthy in 90 s:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    origin,
    port,
    staff: options.staff,
    output: () => log,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
