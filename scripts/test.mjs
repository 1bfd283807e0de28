// `npm test`: every suite — unit rules, server integration (PGlite and PostgreSQL, embedded and
// external broker), and end-to-end journeys in real Chromium against a built server.
import { spawn, spawnSync } from 'node:child_process';

function run(command, args) {
  console.log(`\n> ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run('node', ['scripts/ensure-chromium.mjs']);
run('node', ['scripts/ensure-ffmpeg.mjs']);
run('node', ['scripts/ensure-build.mjs']);

// Two runs side by side: the journeys (one browser and server at a time) beside the unit and
// server suites (one file at a time). Each is mostly one core's work waiting on the other
// processes it drives, so together they finish in about the time of the longer one instead of
// the sum. The journeys' lines are prefixed; each run prints its own summary.
function runPrefixed(label, command, args) {
  return new Promise((resolve) => {
    console.log(`\n> [${label}] ${command} ${args.join(' ')}`);
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) process.stdout.write(`[${label}] ${line}\n`);
      });
      stream.on('end', () => {
        if (rest) process.stdout.write(`[${label}] ${rest}\n`);
      });
    }
    child.on('close', (code) => resolve(code ?? 1));
  });
}

const [journeys, suites] = await Promise.all([
  runPrefixed('e2e', 'npx', ['vitest', 'run', '--project', 'e2e']),
  new Promise((resolve) => {
    console.log('\n> npx vitest run --project unit --project integration');
    spawn('npx', ['vitest', 'run', '--project', 'unit', '--project', 'integration'], { stdio: 'inherit' }).on('close', (code) => resolve(code ?? 1));
  }),
]);
console.log(`\nunit and server suites: ${suites === 0 ? 'passed' : 'FAILED'}; end-to-end journeys: ${journeys === 0 ? 'passed' : 'FAILED'}`);
process.exit(suites === 0 && journeys === 0 ? 0 : 1);
