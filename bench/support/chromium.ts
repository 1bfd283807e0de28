// Debian's Chromium, started headless with a DevTools port for Lighthouse. Never a downloaded
// browser: the binary is CHROMIUM_PATH or /usr/bin/chromium, and the run fails when it is absent.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface RunningChromium {
  /** the DevTools port Lighthouse connects to */
  port: number;
  version: string;
  close(): Promise<void>;
}

export async function launchChromium(): Promise<RunningChromium> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`no Chromium at ${CHROMIUM_PATH}: install Debian's (apt-get install -y chromium) or set CHROMIUM_PATH`);
  }
  const profile = await mkdtemp(path.join(tmpdir(), 'benchpages-chromium-'));
  const child: ChildProcess = spawn(
    CHROMIUM_PATH,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-default-apps',
      '--disable-extensions',
      '--no-first-run',
      '--no-default-browser-check',
      '--mute-audio',
      `--user-data-dir=${profile}`,
      '--remote-debugging-address=127.0.0.1',
      '--remote-debugging-port=0',
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(killer);
    }
    await rm(profile, { recursive: true, force: true }).catch(() => undefined);
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`Chromium did not open its DevTools port within 30 s:\n${output}`)), 30_000);
      child.stderr?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`Chromium exited (code ${code}, signal ${signal}):\n${output}`));
      });
    });
    const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { Browser?: string };
    return { port, version: version.Browser ?? 'unknown', close };
  } catch (error) {
    await close();
    throw error;
  }
}
