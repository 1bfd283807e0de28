import { existsSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { pgliteLockFile } from './db/pglite-lock';
import { spawnServer, type SpawnedServer } from './http/spawned-server';

/**
 * Security review: stopping the process group (`kill -TERM -- -PGID`, as systemd does) killed
 * the server in the middle of its stop — a further SIGTERM met no handler — and left the
 * embedded database's lock file behind. A second signal now waits for the clean stop; a third
 * cuts it short after saying so (decision 108).
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(condition: () => boolean, what: string, output: () => string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${output()}`);
    await sleep(50);
  }
}

/** The log's messages, each line parsed as the JSON line it must be. */
function messages(output: string): string[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => (JSON.parse(line) as { msg: string }).msg);
}

describe('npm start stopped by its process group', () => {
  let server: SpawnedServer | undefined;
  let socket: Socket | undefined;
  afterEach(async () => {
    socket?.destroy();
    await server?.dispose();
    server = undefined;
  });

  it('stops cleanly on SIGTERM to the group: exit 0, the lock file gone, the log says so', async () => {
    server = await spawnServer();
    expect(existsSync(pgliteLockFile(server.dataDir))).toBe(true);
    expect((await fetch(`${server.origin}/api/health`)).status).toBe(200);

    server.signalGroup('SIGTERM');
    const { code, signal } = await server.exited;
    expect({ code, signal }, server.output()).toEqual({ code: 0, signal: null });
    expect(existsSync(pgliteLockFile(server.dataDir))).toBe(false);
    const said = messages(server.output());
    expect(said).toContain('shutting down');
    expect(said.at(-1), server.output()).toBe('stopped cleanly');
  }, 180_000);

  it('finishes a clean stop that a second group SIGTERM arrives in the middle of', async () => {
    server = await spawnServer();
    const { port } = new URL(server.origin);
    // A request whose body is still on its way holds the stop open: the server waits for it.
    const body = JSON.stringify({ account: 'nobody@example.test', password: 'not-the-password' });
    socket = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket!.once('connect', resolve));
    socket.write(
      `POST /api/user/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 5)}`,
    );
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    await sleep(300);

    server.signalGroup('SIGTERM');
    await waitFor(() => server!.output().includes('shutting down'), 'the stop to begin', server.output);
    await sleep(1500);
    server.signalGroup('SIGTERM');
    await waitFor(() => server!.output().includes('still stopping cleanly'), 'the second signal to be noted', server.output);

    socket.write(body.slice(5));
    const { code, signal } = await server.exited;
    expect({ code, signal }, server.output()).toEqual({ code: 0, signal: null });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(existsSync(pgliteLockFile(server.dataDir))).toBe(false);
    expect(messages(server.output()).at(-1)).toBe('stopped cleanly');
  }, 180_000);
});
