import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { startTribun, type RunningTribun } from '../start';
import { isPgliteInUse, pgliteLockFile } from './pglite-lock';

/**
 * Issue 11, finding 3: two servers on one embedded database both started and lost acknowledged
 * writes. Now the second one refuses with a clear message while the first runs, and a new one
 * starts once the first has stopped — cleanly, or killed with SIGKILL (a stale lock).
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const HELD = /The embedded database in .+ is open in process \d+ \(a running Tribün server\?\)\. Stop that server first/;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function envFor(dataDir: string) {
  return { ...parseEnv({ DATA_DIR: dataDir, HOST: '127.0.0.1', SIM: 'off', LOG_LEVEL: 'silent', NODE_ENV: 'test' }), PORT: 0 };
}

/** `npm start` as a process on DATA_DIR; resolves once /api/health answers 200. */
async function startServerProcess(dataDir: string, port: number): Promise<{ child: ChildProcess; output: () => string }> {
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SIM: 'off', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${log}`);
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (healthy) return { child, output: () => log };
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not healthy in 90 s: ${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Runs `npm start` on DATA_DIR to its end (a refused start ends by itself). */
async function runServerProcess(dataDir: string, port: number): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SIM: 'off', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(timer);
  return { code, output };
}

describe('one server per embedded database directory', () => {
  let dataDir: string;
  const running: RunningTribun[] = [];

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'tribun-lock-'));
  });
  afterAll(async () => {
    await Promise.all(running.map((tribun) => tribun.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a second server on the same DATA_DIR while the first runs, and starts one after the first stopped', async () => {
    const first = await startTribun(envFor(dataDir), { buildDir: path.join(dataDir, 'no-build') });
    running.push(first);
    expect(isPgliteInUse(dataDir)).toBe(true);

    await expect(startTribun(envFor(dataDir), { buildDir: path.join(dataDir, 'no-build') })).rejects.toThrow(HELD);
    // the refused start left the first one's lock and service alone
    expect(isPgliteInUse(dataDir)).toBe(true);
    expect((await fetch(`${first.origin}/api/health`)).status).toBe(200);

    // another process (npm start) is refused the same way and exits
    const second = await runServerProcess(dataDir, await freePort());
    expect(second.code).toBe(1);
    expect(second.output).toMatch(HELD);
    expect(second.output).not.toMatch(/\n\s+at /); // a message, not a stack trace

    await first.stop();
    running.splice(0);
    expect(existsSync(pgliteLockFile(dataDir))).toBe(false);

    const again = await startTribun(envFor(dataDir), { buildDir: path.join(dataDir, 'no-build') });
    running.push(again);
    expect((await fetch(`${again.origin}/api/health`)).status).toBe(200);
    await again.stop();
    running.splice(0);
  }, 180_000);

  it('takes over the lock of a server killed with SIGKILL', async () => {
    const killed = await startServerProcess(dataDir, await freePort());
    expect(isPgliteInUse(dataDir)).toBe(true);
    await expect(startTribun(envFor(dataDir), { buildDir: path.join(dataDir, 'no-build') })).rejects.toThrow(HELD);

    const exited = new Promise((resolve) => killed.child.once('exit', resolve));
    killed.child.kill('SIGKILL');
    await exited;
    // the lock file stays behind, but names a process that is gone
    expect(existsSync(pgliteLockFile(dataDir))).toBe(true);
    expect(isPgliteInUse(dataDir)).toBe(false);

    const next = await startTribun(envFor(dataDir), { buildDir: path.join(dataDir, 'no-build') });
    running.push(next);
    expect((await fetch(`${next.origin}/api/health`)).status).toBe(200);
    expect(isPgliteInUse(dataDir)).toBe(true);
  }, 180_000);
});
