import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createMatchService } from '../modules/matches/matches.service';
import { useTestDatabase } from '../test-support/db';
import { loadWebBuild } from '../test-support/web-build';

/**
 * Requests no route of their method takes (issue 11, finding 5): an API address asked with
 * another method answers 405 in the one error body with `Allow`, an unknown API address 404 in
 * JSON — never the HTML not-found page — and a page asked with TRACE, PUT, OPTIONS… 405, so odd
 * methods never reach the page renderer. With and without the web build (`npm test` builds it).
 */

describe.each([
  ['API only', false],
  ['with the web app', true],
] as const)('unmatched requests (%s)', (_name, withWeb) => {
  const database = useTestDatabase('pglite');
  let app: FastifyInstance;

  beforeAll(async () => {
    const { db } = database.current;
    app = await buildApp({
      db,
      matches: createMatchService({ db }),
      publicConfig: { brokerWsUrl: null, buildId: 'test', appStore: { enabled: false, iosUrl: '', androidUrl: '' } },
      web: withWeb ? await loadWebBuild() : undefined,
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers an API address asked with another method 405 with Allow, in the request language', async () => {
    const login = await app.inject({ method: 'GET', url: '/api/user/login', headers: { language: 'en' } });
    expect(login.statusCode).toBe(405);
    expect(login.headers['allow']).toBe('POST');
    expect(login.headers['content-type']).toMatch(/application\/json/);
    expect(login.json()).toEqual({
      code: 405,
      message: 'This address does not take this kind of request',
      data: { error: 'METHOD_NOT_ALLOWED' },
    });

    const overview = await app.inject({ method: 'DELETE', url: '/api/match/football/123/overview', headers: { language: 'tr' } });
    expect(overview.statusCode).toBe(405);
    expect(overview.headers['allow']).toBe('GET, HEAD');
    expect(overview.json()).toMatchObject({ message: 'Bu adres bu tür bir isteği kabul etmiyor' });

    const trace = await app.inject({ method: 'TRACE', url: '/api/health' });
    expect(trace.statusCode).toBe(405);
    expect(trace.json()).toMatchObject({ code: 405, data: { error: 'METHOD_NOT_ALLOWED' } });
  });

  it('answers an unknown API address 404 in JSON, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'TRACE'] as const) {
      const response = await app.inject({ method, url: '/api/no-such-thing?x=1', headers: { language: 'zh' } });
      expect(response.statusCode, method).toBe(404);
      expect(response.headers['content-type'], method).toMatch(/application\/json/);
      expect(response.json(), method).toMatchObject({ code: 404, data: { error: 'NOT_FOUND' } });
    }
  });

  it('keeps the methods a route takes working', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'HEAD', url: '/api/health' })).statusCode).toBe(200);
  });

});

describe('pages asked with other methods', () => {
  const database = useTestDatabase('pglite');
  let app: FastifyInstance;

  beforeAll(async () => {
    const { db } = database.current;
    app = await buildApp({
      db,
      matches: createMatchService({ db }),
      publicConfig: { brokerWsUrl: null, buildId: 'test', appStore: { enabled: false, iosUrl: '', androidUrl: '' } },
      web: await loadWebBuild(),
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers a page asked with a method pages do not take 405, and serves GET and HEAD', async () => {
    for (const method of ['TRACE', 'PUT', 'OPTIONS', 'POST', 'DELETE'] as const) {
      const response = await app.inject({ method, url: '/en/football' });
      expect(response.statusCode, method).toBe(405);
      expect(response.headers['allow'], method).toBe('GET, HEAD');
      expect(response.json(), method).toMatchObject({ code: 405, data: { error: 'METHOD_NOT_ALLOWED' } });
    }
    const page = await app.inject({ method: 'GET', url: '/en/football' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect((await app.inject({ method: 'HEAD', url: '/en/football' })).statusCode).toBe(200);
  });
});

