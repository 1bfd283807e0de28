import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';

const BUILD_DIR = path.resolve('build');

/** The built web app (`npm test` builds it first), for tests that render real pages. */
export async function loadWebBuild(): Promise<{ build: ServerBuild; clientDir: string }> {
  const entry = path.join(BUILD_DIR, 'server', 'index.js');
  if (!existsSync(entry)) throw new Error('no web build: run `npm run build` first (npm test does)');
  const build = (await import(pathToFileURL(entry).href)) as ServerBuild;
  return { build, clientDir: path.join(BUILD_DIR, 'client') };
}
