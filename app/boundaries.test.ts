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

  it('fails a server feature that imports another feature\'s internals, naming where a shared piece goes (decision 138)', async () => {
    const code = "import { findMatchState } from '../markets/match-markets';\n\nexport const find = findMatchState;\n";
    const errors = await restrictedPathErrors('server/modules/guessing/planted-cross-module.ts', code);
    expect(errors).toEqual([
      'Unexpected path "../markets/match-markets" imported in restricted zone. server/modules/guessing may only import server/modules/markets/public.ts; ' +
        'import ../markets/public.ts, or move what both need to server/lib, server/http or core',
    ]);
  });

  it('fails a server feature that imports another feature\'s definition: only server/modules/index.ts lists them', async () => {
    const code = "import { marketsModule } from '../markets/markets.module';\n\nexport const markets = marketsModule;\n";
    const errors = await restrictedPathErrors('server/modules/forecast/planted-definition.ts', code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('server/modules/forecast may only import server/modules/markets/public.ts');
    const root = await restrictedPathErrors('server/planted-root.ts', code.replace('../markets/', './modules/markets/'));
    expect(root).toHaveLength(1);
    expect(root[0]).toContain('listed in server/modules/index.ts only');
  });

  it('lets a server feature import another\'s public file, its own files and the shared seam, and its tests reach internals', async () => {
    const publicImport = "import { findMatchState } from '../markets/public';\n\nexport const find = findMatchState;\n";
    expect(await restrictedPathErrors('server/modules/guessing/planted-public.ts', publicImport)).toEqual([]);
    const own = "import { placeBet } from './place-bet';\nimport { need } from '../definition';\n\nexport const both = [placeBet, need];\n";
    expect(await restrictedPathErrors('server/modules/guessing/planted-own.ts', own)).toEqual([]);
    const internal = "import { findMatchState } from '../markets/match-markets';\n\nexport const find = findMatchState;\n";
    expect(await restrictedPathErrors('server/modules/guessing/planted-internal.test.ts', internal)).toEqual([]);
  });

  it('fails every lower server layer that imports a feature, even through its public file', async () => {
    const code = "import { getUserInfo } from '../modules/account/public';\n\nexport const read = getUserInfo;\n";
    for (const layer of ['jobs', 'live', 'web', 'db', 'http', 'storage', 'lib', 'settings']) {
      const errors = await restrictedPathErrors(`server/${layer}/planted-feature.ts`, code);
      expect(errors, layer).toHaveLength(1);
      expect(errors[0], layer).toContain(`server/${layer}`);
      expect(errors[0], layer).toContain('are beneath every feature and import none');
    }
    const jobs = await restrictedPathErrors('server/jobs/planted-feature.ts', code);
    expect(jobs[0]).toContain('a feature registers its jobs in its definition, and what these need of a feature is handed in by server/app.ts or server/start.ts');
  });

  it('lets a feature import its own files and the app layer wire features in', async () => {
    expect(await restrictedPathErrors('app/features/matches/planted-own.ts', plantedImport('./day'))).toEqual([]);
    expect(await restrictedPathErrors('app/planted-app-layer.ts', plantedImport('./features/matches/day'))).toEqual([]);
  });
});

async function apiPathErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('API addresses are named once (no-restricted-syntax, decision 137)', { timeout: 30_000 }, () => {
  it('fails a hand-written /api/ path in app code, as a string, a template or a link, pointing at the contracts', async () => {
    const code = [
      "export const info = () => fetch('/api/user/info');",
      'export const match = (id: number) => fetch(`/api/match/football/${id}`);',
      'export const Start = () => <a href="/api/oauth/google/start">Google</a>;',
      '',
    ].join('\n');
    const errors = await apiPathErrors('app/features/account/planted-api-path.tsx', code);
    expect(errors).toHaveLength(3);
    for (const error of errors) {
      expect(error).toContain('No hand-written /api/ path in the app');
      expect(error).toContain('core/contracts/<feature>.ts (defineEndpoint)');
      expect(error).toContain('callEndpoint');
    }
    expect(await apiPathErrors('app/lib/planted-api-path.ts', "export const path = '/api/points/records';\n")).toHaveLength(1);
  });

  it('lets tests write the addresses they check, and app code name paths that only look alike', async () => {
    expect(await apiPathErrors('app/lib/planted-api-path.test.ts', "export const path = '/api/points/records';\n")).toEqual([]);
    expect(await apiPathErrors('app/lib/planted-page-path.ts', "export const paths = ['/apiary', '/staff/api-keys', 'docs/api/guessing.md'];\n")).toEqual([]);
  });
});
