import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The feature boundaries are only as good as the lint rule behind them
 * (docs/decisions/064-feature-boundaries.md). These planted files are linted with the project's
 * own config under a path inside the zone they test; ESLint reads them from memory, so nothing
 * is written to app/ and a concurrent `npm run lint` never sees them.
 */
const root = path.resolve(import.meta.dirname, '..');

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({
    cwd: root,
    overrideConfigFile: path.join(root, 'eslint.config.js'),
    // no-cycle walks the whole import graph behind each planted import (all of server/ for the
    // server case); it is not what these tests are about and would only make them slow.
    overrideConfig: { rules: { 'import-x/no-cycle': 'off' } },
  });
});

async function restrictedPathErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

const plantedImport = (from: string) => `import { pickerDays } from '${from}';\n\nexport const days = pickerDays(0);\n`;

describe('feature boundaries (import-x/no-restricted-paths)', { timeout: 30_000 }, () => {
  it('fails a feature that imports another feature', async () => {
    const errors = await restrictedPathErrors('app/features/match-centre/planted-cross-feature.ts', plantedImport('../matches/day'));
    expect(errors).toEqual([
      'Unexpected path "../matches/day" imported in restricted zone. app/features/match-centre may not import another feature; ' +
        'move what both need to app/components, app/lib or app/live',
    ]);
  });

  it('fails shared code that imports a feature', async () => {
    for (const folder of ['components', 'lib', 'live', 'i18n', 'test-support']) {
      const errors = await restrictedPathErrors(`app/${folder}/planted-shared.ts`, plantedImport('../features/matches/day'));
      expect(errors, folder).toHaveLength(1);
      expect(errors[0], folder).toContain('shared app code does not depend on a feature');
    }
  });

  it('fails the web app importing server code', async () => {
    const errors = await restrictedPathErrors('app/lib/planted-server.ts', "export { buildApp } from '../../server/app';\n");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('the web talks to the server over HTTP/MQTT or the load context');
  });

  it('fails a server module that imports the feed, and lets its tests drive it with feed data', async () => {
    const code = "import type { FeedSink } from '../../feed/provider';\n\nexport type Sink = FeedSink;\n";
    const errors = await restrictedPathErrors('server/modules/matches/planted-feed.ts', code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('server modules do not import the feed');
    expect(await restrictedPathErrors('server/modules/matches/planted-feed.test.ts', code)).toEqual([]);
  });

  it('fails the upload pipeline or the storage importing a feature (decision 132)', async () => {
    const code = "import type { AccountRoutesOptions } from '../modules/account/account.routes';\n\nexport type Options = AccountRoutesOptions;\n";
    for (const file of ['server/http/planted-feature.ts', 'server/storage/planted-feature.ts']) {
      const errors = await restrictedPathErrors(file, code);
      expect(errors, file).toHaveLength(1);
      expect(errors[0], file).toContain('server/http and server/storage are beneath every feature');
    }
  });

  it('lets a feature import its own files and the app layer wire features in', async () => {
    expect(await restrictedPathErrors('app/features/matches/planted-own.ts', plantedImport('./day'))).toEqual([]);
    expect(await restrictedPathErrors('app/planted-app-layer.ts', plantedImport('./features/matches/day'))).toEqual([]);
  });
});
