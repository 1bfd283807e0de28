import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Tribün's Mosquitto plugin (`broker-plugin/tribun_client_ids.c`, decision 109): every client
 * id names its owner, so no identity can take over another's connection. Built here with the
 * machine's C compiler against Mosquitto 2.0's plugin headers (Debian: mosquitto-dev and
 * libmosquitto-dev, installed when missing and allowed). The library is kept under
 * `.cache/broker/`, named by the hash of its source, and rebuilt only when the source changes.
 */

const SOURCE = fileURLToPath(new URL('./broker-plugin/tribun_client_ids.c', import.meta.url));
const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const HEADERS = ['/usr/include/mosquitto_plugin.h', '/usr/include/mosquitto_broker.h', '/usr/include/mosquitto.h'];
const PACKAGES = ['mosquitto-dev', 'libmosquitto-dev'];

/** The built plugin's path; builds it first when needed. Throws with the command to run when it cannot. */
export function clientIdPluginPath(options: { outputDir?: string } = {}): string {
  const outputDir = options.outputDir ?? path.join(PROJECT_ROOT, '.cache', 'broker');
  const source = readFileSync(SOURCE);
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 12);
  const target = path.join(outputDir, `tribun_client_ids-${hash}.so`);
  if (existsSync(target) && statSync(target).size > 0) return target;
  ensureHeaders();
  mkdirSync(outputDir, { recursive: true });
  const scratch = `${target}.${process.pid}.tmp`;
  const compiler = process.env.CC ?? 'cc';
  const result = spawnSync(compiler, ['-shared', '-fPIC', '-O2', '-Wall', '-Wextra', '-Werror', '-o', scratch, SOURCE], { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`building the broker plugin failed (${compiler}): ${result.error?.message ?? result.stderr.trim()}`);
  }
  // Renamed into place whole: a broker started at the same moment never loads half a file.
  renameSync(scratch, target);
  return target;
}

function ensureHeaders(): void {
  if (HEADERS.every((header) => existsSync(header))) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    let result = spawnSync('apt-get', ['install', '-y', '-qq', ...PACKAGES], { stdio: 'ignore', env });
    if (result.status !== 0) {
      spawnSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env });
      result = spawnSync('apt-get', ['install', '-y', '-qq', ...PACKAGES], { stdio: 'ignore', env });
    }
    if (HEADERS.every((header) => existsSync(header))) return;
  }
  throw new Error(
    `the broker plugin needs Mosquitto's plugin headers (${HEADERS.join(', ')}).\n` +
      `Install them with:  sudo apt-get install -y ${PACKAGES.join(' ')}`,
  );
}
