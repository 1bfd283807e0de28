// `npm test`: every suite — unit rules, server integration (PGlite and PostgreSQL, embedded and
// external broker), and end-to-end journeys in real Chromium against a built server.
import { spawnSync } from 'node:child_process';

function run(command, args) {
  console.log(`\n> ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run('node', ['scripts/ensure-chromium.mjs']);
run('node', ['scripts/ensure-build.mjs']);
run('npx', ['vitest', 'run', '--project', 'unit', '--project', 'integration', '--project', 'e2e']);
