// A private copy of the web build for one benchmark run. build/ is shared: a `npm run build`
// elsewhere replaces it while a server still names its old scripts (404s in the middle of a
// measurement). The copy lives in /tmp/benchpages-build-*, with a node_modules link back to the
// project so that the server build's bare imports (react, react-router…) resolve as they do from
// build/. A copy is taken only when it is whole: every script the server build names is in its
// client folder; a build under way is waited for.
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface BuildSnapshot {
  /** the copied build directory (its server/ and client/) */
  dir: string;
  remove(): Promise<void>;
}

async function missingScripts(buildDir: string): Promise<string[]> {
  const serverAssets = path.join(buildDir, 'server', 'assets');
  const files = [path.join(buildDir, 'server', 'index.js'), ...(await readdir(serverAssets)).map((name) => path.join(serverAssets, name))];
  const named = new Set<string>();
  for (const file of files.filter((name) => name.endsWith('.js'))) {
    for (const [, asset] of (await readFile(file, 'utf8')).matchAll(/["'](\/assets\/[\w.-]+\.(?:js|css))["']/g)) if (asset) named.add(asset);
  }
  if (named.size === 0) return ['(the server build names no script)'];
  return [...named].filter((asset) => !existsSync(path.join(buildDir, 'client', asset)));
}

export async function snapshotBuild(options: { source?: string; waitMs?: number } = {}): Promise<BuildSnapshot> {
  const source = path.resolve(options.source ?? 'build');
  const deadline = Date.now() + (options.waitMs ?? 180_000);
  let problem = '';
  for (;;) {
    if (existsSync(path.join(source, 'server', 'index.js')) && existsSync(path.join(source, 'client'))) {
      const root = await mkdtemp(path.join(tmpdir(), 'benchpages-build-'));
      const remove = () => rm(root, { recursive: true, force: true });
      try {
        const dir = path.join(root, 'build');
        await cp(source, dir, { recursive: true });
        await symlink(path.resolve('node_modules'), path.join(root, 'node_modules'), 'dir');
        const missing = await missingScripts(dir);
        if (missing.length === 0) return { dir, remove };
        problem = `the build names scripts its client folder lacks: ${missing.slice(0, 3).join(', ')}`;
      } catch (error) {
        problem = error instanceof Error ? error.message : String(error);
      }
      await remove();
    } else {
      problem = `no web build in ${source}: run \`npm run build\``;
    }
    if (Date.now() > deadline) throw new Error(`no whole web build to benchmark (${problem})`);
    // A build is being written: try again shortly.
    await new Promise((resolve) => setTimeout(resolve, 5000));
  }
}
