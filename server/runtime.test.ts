import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The project runs and tests on the Node.js LTS its own package installs (decision 136):
 * `npm ci` puts the release's binary in node_modules/.bin, which npm's scripts find first.
 */
describe('runtime', () => {
  it("runs on the Node.js release package.json pins for this platform", () => {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      optionalDependencies?: Record<string, string>;
    };
    const pinned = manifest.optionalDependencies?.[`node-${process.platform}-${process.arch}`];
    // Platforms without a registry build of Node run on the machine's own Node (20.19 or later).
    if (pinned === undefined) {
      expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(20);
      return;
    }
    expect(process.versions.node).toBe(pinned);
  });
});
