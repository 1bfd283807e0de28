// Video uploads are probed with ffprobe and the upload tests make their clips with ffmpeg, both
// from Debian's ffmpeg package. Install it when it is missing and we can; otherwise fail loudly
// with the command to run — never skip silently.
import { spawnSync } from 'node:child_process';

function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

if (hasCommand('ffprobe') && hasCommand('ffmpeg')) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (isRoot && hasCommand('apt-get')) {
  console.log("ffmpeg is missing: installing Debian's ffmpeg package…");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install = update.status === 0
    ? spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'ffmpeg'], { stdio: 'inherit', env })
    : update;
  if (install.status === 0 && hasCommand('ffprobe') && hasCommand('ffmpeg')) process.exit(0);
}
console.error(
  'Video uploads and their tests need ffprobe and ffmpeg.\n' +
    'Install them with:  sudo apt-get update && sudo apt-get install -y ffmpeg',
);
process.exit(1);
