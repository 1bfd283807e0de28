// End-to-end journeys drive Debian's Chromium. Install it when it is missing and we can;
// otherwise fail loudly with the command to run — never skip silently.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(chromium)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
if (isRoot && hasApt) {
  console.log('Chromium is missing: installing Debian\'s chromium package…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install = update.status === 0
    ? spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env })
    : update;
  if (install.status === 0 && existsSync(chromium)) process.exit(0);
}
console.error(
  `End-to-end tests need Chromium at ${chromium}.\n` +
    'Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n' +
    '(or set CHROMIUM_PATH to a Chromium binary).',
);
process.exit(1);
