import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PublicConfig } from '../core/contracts/services';
import { buildApp } from './app';
import { parseEnv } from './env';
import { createMatchService } from './modules/matches/matches.service';
import { startTribun } from './start';
import { useTestDatabase } from './test-support/db';

/**
 * Issue 11, finding 7: Swagger UI and the OpenAPI JSON were served in production. API_DOCS
 * (on|off) decides; by default on outside production and off with NODE_ENV=production.
 */
const PUBLIC_CONFIG: PublicConfig = { brokerWsUrl: null, buildId: 'test', appStore: { enabled: false, iosUrl: '', androidUrl: '' } };
const DOCS = ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/index.html'];

describe('API_DOCS', () => {
  it('is on by default, off in production, and the operator decides either way', () => {
    expect(parseEnv({}).API_DOCS).toBe(true);
    expect(parseEnv({ NODE_ENV: 'test' }).API_DOCS).toBe(true);
    expect(parseEnv({ NODE_ENV: 'production' }).API_DOCS).toBe(false);
    expect(parseEnv({ NODE_ENV: 'production', API_DOCS: 'on' }).API_DOCS).toBe(true);
    expect(parseEnv({ NODE_ENV: 'development', API_DOCS: 'off' }).API_DOCS).toBe(false);
    expect(parseEnv({ NODE_ENV: 'production', API_DOCS: ' ' }).API_DOCS).toBe(false);
    expect(() => parseEnv({ API_DOCS: 'yes' })).toThrow('API_DOCS: must be on or off');
  });

  describe('in the app', () => {
    const database = useTestDatabase('pglite');

    it('serves Swagger UI and the OpenAPI document when on', async () => {
      const { db } = database.current;
      const app = await buildApp({ db, matches: createMatchService({ db }), publicConfig: PUBLIC_CONFIG, apiDocs: true });
      try {
        const ui = await app.inject({ method: 'GET', url: '/api/docs' });
        expect(ui.statusCode).toBe(200);
        expect(ui.body).toContain('swagger');
        const json = await app.inject({ method: 'GET', url: '/api/docs/json' });
        expect(json.statusCode).toBe(200);
        expect(json.json()).toMatchObject({ openapi: expect.stringMatching(/^3\./), info: { title: 'Tribün API' } });
      } finally {
        await app.close();
      }
    });

    it('answers 404 with the one error body for every docs address when off', async () => {
      const { db } = database.current;
      const app = await buildApp({ db, matches: createMatchService({ db }), publicConfig: PUBLIC_CONFIG, apiDocs: false });
      try {
        for (const url of DOCS) {
          const answer = await app.inject({ method: 'GET', url, headers: { language: 'en' } });
          expect(answer.statusCode, url).toBe(404);
          expect(answer.json(), url).toMatchObject({ code: 404, message: expect.any(String), data: { error: 'NOT_FOUND' } });
          expect(answer.body).not.toContain('openapi');
        }
        // the API itself is unaffected
        expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      } finally {
        await app.close();
      }
    });
  });

  it('a production server started from the environment serves neither the docs nor the outbox', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tribun-docs-'));
    const env = parseEnv({
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      SIM: 'off',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://127.0.0.1',
    });
    const tribun = await startTribun({ ...env, PORT: 0 }, { buildDir: path.join(dataDir, 'no-build') });
    try {
      for (const url of ['/api/docs', '/api/docs/json', '/api/staff/outbox', '/api/dev/outbox']) {
        const answer = await fetch(`${tribun.origin}${url}`, { headers: { language: 'en' } });
        expect(answer.status, url).toBe(404);
        expect(await answer.json(), url).toMatchObject({ code: 404, data: { error: 'NOT_FOUND' } });
      }
    } finally {
      await tribun.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
