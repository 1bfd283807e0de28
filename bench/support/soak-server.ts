// The soak benchmark's server: the production server started the way `npm start` starts it —
// NODE_ENV=production, server/main.ts under tsx (`node --import tsx`, so the process measured is
// the server itself, not tsx's launcher) with the environment and node flags package.json's
// start script gives it, the simulator on, the built web app — on a fresh
// PGlite directory in /tmp/soak-*, with a few fan accounts made first by soak-seed.ts (a
// production server has no development outbox to register them with a mailed code). The web build is a private copy (build-snapshot.ts)
// and the server runs from the copy's folder, which is where server/start.ts looks for build/.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { snapshotBuild, type BuildSnapshot } from './build-snapshot';
import type { SeededFan } from './soak-seed';

const run = promisify(execFile);
const PROJECT = path.resolve(new URL('../..', import.meta.url).pathname);

export interface SoakServer {
  origin: string;
  pid: number;
  child: ChildProcess;
  /** fan accounts that may sign in (soak-seed.ts) */
  fans: SeededFan[];
  /** the served build's client folder (its /assets/ files) */
  clientDir: string;
  /** the probe's JSON lines (--soak-probe), else null */
  probeFile: string | null;
  /** the start script the server was started as, and the flags and environment taken from it */
  start: { script: string; env: Record<string, string>; nodeArgs: string[] };
  /** seconds from spawning to /api/health answering 200 */
  startSeconds: number;
  /** what the server wrote to stderr, last 4 KB (for failures) */
  stderrTail(): string;
  stop(): Promise<void>;
}

export interface SoakServerOptions {
  /** preload bench/support/soak-probe.ts (V8 heap, external, WebAssembly memory every 5 s) */
  probe: boolean;
  /** node flags for the server beyond the start script's (experiments: e.g. --max-old-space-size=256) */
  nodeArgs: string[];
  /** extra environment for the server (e.g. SIM=off) */
  env: Record<string, string>;
  /** fan accounts to create before the server starts */
  fans: number;
  healthTimeoutMs: number;
}

function freePort(): Promise<number> {
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

async function seedFans(dataDir: string, count: number): Promise<SeededFan[]> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'bench/support/soak-seed.ts', String(count)], {
    cwd: PROJECT,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  const answer = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as { ok?: boolean; fans?: SeededFan[]; error?: string };
  if (!answer.ok || !answer.fans) throw new Error(`creating the fans failed: ${answer.error ?? stdout}`);
  return answer.fans;
}

/**
 * The environment and node flags of package.json's `start` script (`VAR=value … [exec] node --flag …
 * --import tsx server/main.ts`, or `tsx server/main.ts`): the soak starts the server with
 * exactly those, whatever the script says today.
 */
export function readStartScript(): { env: Record<string, string>; nodeArgs: string[]; script: string } {
  const script = (JSON.parse(readFileSync(path.join(PROJECT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.start ?? '';
  const tokens = script.trim().split(/\s+/);
  const env: Record<string, string> = {};
  while (tokens[0] !== undefined && /^[A-Z_][A-Z0-9_]*=/.test(tokens[0])) {
    const [name, ...value] = (tokens.shift() ?? '').split('=');
    if (name) env[name] = value.join('=');
  }
  // `exec` hands the shell's process to node, so npm's signals reach the server.
  if (tokens[0] === 'exec') tokens.shift();
  const command = tokens.shift();
  if (!tokens.includes('server/main.ts') || (command !== 'node' && command !== 'tsx')) {
    throw new Error(`the start script is not [VAR=value…] [exec] node|tsx […] server/main.ts: ${script}`);
  }
  const nodeArgs: string[] = [];
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index] ?? '';
    if (token === '--import' && tokens[index + 1] === 'tsx') index += 1;
    else if (token.startsWith('--')) nodeArgs.push(token);
  }
  return { env, nodeArgs, script };
}

async function waitForHealth(origin: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited (code ${child.exitCode}, signal ${child.signalCode}) before it was ready`);
    try {
      const response = await fetch(`${origin}/api/health`);
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`/api/health did not answer 200 within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export async function startSoakServer(options: SoakServerOptions): Promise<SoakServer> {
  const cleanups: Array<() => Promise<void>> = [];
  const cleanup = async () => {
    for (const step of cleanups.reverse()) await step().catch(() => undefined);
  };
  try {
    const build: BuildSnapshot = await snapshotBuild();
    cleanups.push(() => build.remove());
    const root = path.dirname(build.dir);
    await symlink(path.join(PROJECT, 'tsconfig.json'), path.join(root, 'tsconfig.json'));

    const dataDir = await mkdtemp(path.join(tmpdir(), 'soak-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const fans = await seedFans(dataDir, options.fans);

    const start = readStartScript();
    const probeFile = options.probe ? path.join(dataDir, 'probe.jsonl') : null;
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const startedAt = Date.now();
    const child = spawn(
      process.execPath,
      [
        ...start.nodeArgs,
        ...options.nodeArgs,
        '--import',
        'tsx',
        ...(probeFile ? ['--import', path.join(PROJECT, 'bench/support/soak-probe.ts')] : []),
        path.join(PROJECT, 'server/main.ts'),
      ],
      {
        cwd: root,
        env: {
          ...process.env,
          ...start.env,
          NODE_ENV: 'production',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          PUBLIC_URL: origin,
          LOG_LEVEL: 'warn',
          SIM: 'on',
          // A busy day whatever the weekday and hour the benchmark runs: every competition
          // plays, the longest lists, as a Saturday's goal spike would bring, and a day of the
          // same size every run (decision 091).
          SIM_CALENDAR: 'dense',
          ...(probeFile ? { SOAK_PROBE_FILE: probeFile } : {}),
          ...options.env,
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    // Whatever ends this process (the bench's hard time limit calls process.exit), the server goes too.
    const killOnExit = () => {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(root, { recursive: true, force: true });
    };
    process.once('exit', killOnExit);
    cleanups.push(async () => {
      process.off('exit', killOnExit);
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4096);
    });
    const stop = async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(killer);
      }
    };
    cleanups.push(stop);
    if (child.pid === undefined) throw new Error('the server process did not start');
    await waitForHealth(origin, child, options.healthTimeoutMs).catch((error: unknown) => {
      throw new Error(`${error instanceof Error ? error.message : String(error)}\n${stderr}`);
    });
    return {
      origin,
      pid: child.pid,
      child,
      fans,
      start,
      clientDir: path.join(build.dir, 'client'),
      probeFile,
      startSeconds: (Date.now() - startedAt) / 1000,
      stderrTail: () => stderr,
      stop: cleanup,
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

export interface ProcessMemory {
  rssMb: number;
  /** the peak resident size so far (VmHWM) */
  hwmMb: number;
  /** user + system CPU seconds so far */
  cpuSeconds: number;
}

const TICKS_PER_SECOND = 100;

/** The process's resident memory from /proc/<pid>/status (VmRSS, VmHWM) and CPU time from /proc/<pid>/stat; null once it is gone. */
export function readProcessMemory(pid: number): ProcessMemory | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return { rssMb: Math.round(kb('VmRSS') / 1024), hwmMb: Math.round(kb('VmHWM') / 1024), cpuSeconds: Math.round((ticks / TICKS_PER_SECOND) * 10) / 10 };
  } catch {
    return null;
  }
}
