import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * For tests: the real server started as an operator starts it, `npm start`, in a process group
 * of its own (as systemd runs it), on a free port and a fresh embedded database. The web build
 * must exist (`npm test` builds it first); npm's prestart hook is skipped so that a test never
 * rebuilds it.
 */
export interface SpawnedServer {
  process: ChildProcess;
  origin: string;
  dataDir: string;
  /** everything the process group wrote to stdout and stderr so far */
  output(): string;
  /** the exit code and signal of npm, once it has exited */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** sends a signal to the whole process group */
  signalGroup(signal: NodeJS.Signals): void;
  /** stops it if still running and removes its data directory */
  dispose(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export async function spawnServer(options: { env?: Record<string, string>; readyTimeoutMs?: number } = {}): Promise<SpawnedServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tribun-spawned-'));
  const port = await freePort();
  const child = spawn('npm', ['run', 'start', '--ignore-scripts', '--silent'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SIM: 'off',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      BROKER_URL: '',
      PUBLIC_URL: '',
      ...options.env,
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const signalGroup = (signal: NodeJS.Signals) => {
    if (child.pid !== undefined) process.kill(-child.pid, signal);
  };

  const deadline = Date.now() + (options.readyTimeoutMs ?? 90_000);
  let hasExited = false;
  void exited.then(() => (hasExited = true));
  while (!output.includes('Tribün is ready')) {
    if (hasExited || Date.now() > deadline) {
      if (!hasExited) signalGroup('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`the server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    process: child,
    origin: `http://127.0.0.1:${port}`,
    dataDir,
    output: () => output,
    exited,
    signalGroup,
    async dispose() {
      if (!hasExited) {
        signalGroup('SIGKILL');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
