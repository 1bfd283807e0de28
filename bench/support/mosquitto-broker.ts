// The fan-out benchmark's own Mosquitto: the machine's binary started with a temporary config
// (a WebSocket listener for the fans, a TCP listener for the publisher, both on loopback) in
// /tmp/fanout-*, and stopped — the process and its directory — however the run ends. The
// system Mosquitto (port 1883, /etc/mosquitto) is never touched.
//
// Bench-only differences from the production external broker (server/live/mosquitto.ts,
// decision 063): anonymous clients with no ACL plugin, so Mosquitto checks no dynsec rule per
// delivery. That flatters Mosquitto a little; the embedded broker runs its full ACL.
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, rmSync, constants as fsConstants } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

export interface BenchMosquitto {
  /** for the fans, e.g. ws://127.0.0.1:41235/mqtt */
  wsUrl: string;
  /** for the publisher, e.g. mqtt://127.0.0.1:41234 */
  tcpUrl: string;
  pid: number;
  /** e.g. "mosquitto version 2.0.11" */
  version: string;
  binary: string;
  /** the config file as written (for the results: what exactly was measured) */
  config: string[];
  /** the last lines Mosquitto wrote to stderr (errors and warnings only) */
  stderr(): string;
  stop(): Promise<void>;
}

const HOST = '127.0.0.1';
const READY_TIMEOUT_MS = 5000;
const STOP_GRACE_MS = 5000;
const START_ATTEMPTS = 3;

export function findMosquitto(): string | null {
  for (const candidate of ['/usr/sbin/mosquitto', '/usr/local/sbin/mosquitto', '/usr/bin/mosquitto', '/usr/local/bin/mosquitto']) {
    try {
      accessSync(candidate, fsConstants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/**
 * The config for `clients` fans. What matters at 10,000 connections:
 * - `max_connections -1`: no cap (the default, said out loud);
 * - `memory_limit 0`: no cap on the broker's heap (the default), RSS is measured instead;
 * - `max_queued_messages 1000`: per-client queue (the default; QoS 0 to an online clean-session
 *   client is not queued by it, said so the reader need not look it up);
 * - `set_tcp_nodelay true`: small score messages leave at once rather than waiting for Nagle;
 * - no persistence, errors and warnings only in the log;
 * - the open-files limit is the benchmark's (inherited), checked by the caller.
 */
function configLines(tcpPort: number, wsPort: number): string[] {
  return [
    '# written by bench/support/mosquitto-broker.ts for the fan-out benchmark (loopback only)',
    'per_listener_settings false',
    'allow_anonymous true',
    'persistence false',
    'memory_limit 0',
    'max_queued_messages 1000',
    'set_tcp_nodelay true',
    'log_dest stderr',
    'log_type error',
    'log_type warning',
    'websockets_log_level 0',
    // Only read when started as root: stay that user rather than switch to `mosquitto`.
    `user ${userInfo().username}`,
    `listener ${tcpPort} ${HOST}`,
    'protocol mqtt',
    'max_connections -1',
    `listener ${wsPort} ${HOST}`,
    'protocol websockets',
    'max_connections -1',
    '',
  ];
}

export async function startBenchMosquitto(): Promise<BenchMosquitto> {
  const binary = findMosquitto();
  if (!binary) throw new Error('mosquitto is not installed (looked in /usr/sbin, /usr/local/sbin, /usr/bin, /usr/local/bin)');
  const version = /mosquitto version [\w.]+/.exec(spawnSync(binary, ['-h'], { encoding: 'utf8' }).stdout ?? '')?.[0] ?? 'unknown version';
  let lastError: Error | null = null;
  // Free ports are found by binding and releasing them; another process may take one in between.
  for (let attempt = 0; attempt < START_ATTEMPTS; attempt++) {
    try {
      return await startOnce(binary, version);
    } catch (error) {
      lastError = error as Error;
      if (/websockets support not available/i.test(lastError.message)) throw lastError;
    }
  }
  throw lastError ?? new Error('mosquitto did not start');
}

async function startOnce(binary: string, version: string): Promise<BenchMosquitto> {
  const dir = await mkdtemp(join(tmpdir(), 'fanout-mosquitto-'));
  const tcpPort = await findFreePort();
  const wsPort = await findFreePort();
  const config = configLines(tcpPort, wsPort);
  const configPath = join(dir, 'mosquitto.conf');
  await writeFile(configPath, config.join('\n'));

  const child = spawn(binary, ['-c', configPath], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // If this process ends without stopping it (a crash, the hard time limit's process.exit),
  // Mosquitto and its directory must not outlive it.
  const onExit = () => {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', onExit);
  const spawnFailed = new Promise<never>((_resolve, reject) => {
    child.once('error', (error) => reject(new Error(`cannot run ${binary}: ${error.message}`)));
  });

  let stopping: Promise<void> | null = null;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      process.off('exit', onExit);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
        await exited;
        clearTimeout(killer);
      }
      await rm(dir, { recursive: true, force: true });
    })();
    return stopping;
  };

  try {
    await Promise.race([
      spawnFailed,
      exited.then(() => {
        throw new Error(`mosquitto exited during start-up: ${stderr.trim()}`);
      }),
      Promise.all([waitForPort(tcpPort), waitForPort(wsPort)]),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  if (child.pid === undefined) {
    await stop();
    throw new Error('mosquitto started without a pid');
  }
  return {
    wsUrl: `ws://${HOST}:${wsPort}/mqtt`,
    tcpUrl: `mqtt://${HOST}:${tcpPort}`,
    pid: child.pid,
    version,
    binary,
    config: config.filter((line) => line !== '' && !line.startsWith('#')),
    stderr: () => stderr,
    stop,
  };
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port assigned'))));
    });
  });
}

async function waitForPort(port: number): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: HOST, port });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nothing listens on ${HOST}:${port} after ${READY_TIMEOUT_MS} ms`);
}
