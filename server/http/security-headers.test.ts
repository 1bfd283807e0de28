import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicConfig } from '../../core/contracts/services';
import { buildApp } from '../app';
import { createMatchService } from '../modules/matches/matches.service';
import { useTestDatabase } from '../test-support/db';
import { loadWebBuild } from '../test-support/web-build';

/**
 * The security headers a client receives (issue 11, finding 6; docs/decisions/072): a Content
 * Security Policy whose scripts need this response's nonce, nosniff, a referrer policy, no
 * framing, and HSTS only when the public address is https. Pages are rendered from the web
 * build (`npm test` builds it first).
 */
const EXTERNAL_BROKER = 'wss://live.example.net:8443/mqtt';


function config(brokerWsUrl: string | null): PublicConfig {
  return { brokerWsUrl, buildId: 'test', appStore: { enabled: false, iosUrl: '', androidUrl: '' } };
}

/** The policy as directive name → its sources. */
function parsePolicy(header: unknown): Map<string, string[]> {
  expect(typeof header).toBe('string');
  const directives = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name, sources);
  }
  return directives;
}

describe('security headers', () => {
  const database = useTestDatabase('pglite');
  const apps: FastifyInstance[] = [];

  async function makeApp(options: { publicUrl?: string; brokerWsUrl?: string | null; web?: boolean }): Promise<FastifyInstance> {
    const { db } = database.current;
    const app = await buildApp({
      db,
      matches: createMatchService({ db }),
      publicConfig: config(options.brokerWsUrl ?? null),
      publicUrl: options.publicUrl,
      web: options.web ? await loadWebBuild() : undefined,
    });
    apps.push(app);
    return app;
  }

  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  describe('a page over plain http, with an external broker', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await makeApp({ brokerWsUrl: EXTERNAL_BROKER, web: true });
    });

    it('sends a policy whose scripts need a fresh nonce, which every script of the page carries', async () => {
      const nonces: string[] = [];
      for (let i = 0; i < 2; i += 1) {
        const response = await app.inject({ method: 'GET', url: '/login' });
        expect(response.statusCode).toBe(200);
        const policy = parsePolicy(response.headers['content-security-policy']);
        const scriptSrc = policy.get('script-src') ?? [];
        expect(scriptSrc).not.toContain("'unsafe-inline'");
        expect(scriptSrc).not.toContain("'unsafe-eval'");
        const nonce = scriptSrc.map((source) => /^'nonce-([^']+)'$/.exec(source)?.[1]).find(Boolean);
        expect(nonce, `script-src ${scriptSrc.join(' ')}`).toBeDefined();
        nonces.push(nonce!);

        // Every script element of the page (not JSON data blocks) is ours by file or by nonce.
        const scripts = [...response.body.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1] ?? '');
        const executable = scripts.filter((attributes) => !/type="application\/(ld\+)?json"/.test(attributes));
        expect(executable.length).toBeGreaterThan(0);
        for (const attributes of executable) expect(attributes).toContain(`nonce="${nonce}"`);

        expect(policy.get('script-src-attr')).toEqual(["'none'"]);
        expect(policy.get('object-src')).toEqual(["'none'"]);
        expect(policy.get('base-uri')).toEqual(["'self'"]);
        expect(policy.get('form-action')).toEqual(["'self'"]);
        expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
        expect(policy.get('connect-src')).toEqual(["'self'", 'wss://live.example.net:8443']);
        expect(policy.get('img-src')).toEqual(["'self'", 'data:']);
        // Plain http: nothing to upgrade to, and no HSTS.
        expect(policy.has('upgrade-insecure-requests')).toBe(false);
        expect(response.headers['strict-transport-security']).toBeUndefined();

        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(response.headers['x-frame-options']).toBe('DENY');
      }
      expect(nonces[0]).not.toBe(nonces[1]);
    });

    it('sends the same headers with API answers, errors and redirects', async () => {
      for (const url of ['/api/health', '/api/no-such-thing', '/tr/']) {
        const response = await app.inject({ method: 'GET', url });
        const policy = parsePolicy(response.headers['content-security-policy']);
        expect(policy.get('frame-ancestors'), url).toEqual(["'none'"]);
        expect(policy.get('script-src')?.includes("'unsafe-inline'"), url).toBe(false);
        expect(response.headers['x-content-type-options'], url).toBe('nosniff');
        expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      }
    });
  });

  it('denies the browser features the site does not use on every answer, and keeps its sound, fullscreen and copy', async () => {
    const app = await makeApp({});
    for (const request of [
      { method: 'GET' as const, url: '/' },
      { method: 'GET' as const, url: '/api/health' },
      { method: 'GET' as const, url: '/api/no-such-thing' },
      { method: 'POST' as const, url: '/api/user/login', payload: '{', headers: { 'content-type': 'application/json' } },
      { method: 'GET' as const, url: '/tr/' },
    ]) {
      const response = await app.inject(request);
      const header = response.headers['permissions-policy'];
      expect(typeof header, request.url).toBe('string');
      const features = new Map(
        String(header)
          .split(',')
          .map((part) => part.trim().split('=') as [string, string]),
      );
      for (const denied of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'serial', 'hid', 'midi', 'display-capture']) {
        expect(features.get(denied), `${request.url} ${denied}`).toBe('()');
      }
      // The goal sound starts an AudioContext; the site's own pages keep fullscreen and copying.
      expect(features.get('autoplay'), request.url).toBe('(self)');
      expect(features.get('fullscreen'), request.url).toBe('(self)');
      expect(features.get('clipboard-write'), request.url).toBe('(self)');
    }
  });

  it('gives the API documentation the same policy, with inline styles for Swagger UI', async () => {
    const app = await makeApp({});
    const response = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('swagger-ui');
    const policy = parsePolicy(response.headers['content-security-policy']);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('sends HSTS and upgrades requests when the public address is https', async () => {
    const app = await makeApp({ publicUrl: 'https://tribun.example' });
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
    const policy = parsePolicy(response.headers['content-security-policy']);
    expect(policy.has('upgrade-insecure-requests')).toBe(true);
    expect(policy.get('connect-src')).toEqual(["'self'", 'wss://tribun.example']);
  });

  it('sends no HSTS when the public address is plain http', async () => {
    const app = await makeApp({ publicUrl: 'http://tribun.local:3000' });
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(parsePolicy(response.headers['content-security-policy']).get('connect-src')).toEqual(["'self'", 'ws://tribun.local:3000']);
  });
});
