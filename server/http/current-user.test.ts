import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicConfig } from '../../core/contracts/services';
import { buildApp } from '../app';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../test-support/db';
import { createTestUser } from '../test-support/users';
import { createMatchService } from '../modules/matches/matches.service';
import { SESSION_COOKIE, clearedSessionCookie, sessionCookie } from './current-user';

const PUBLIC_CONFIG: PublicConfig = { brokerWsUrl: null, buildId: 'test', appStore: { enabled: false, iosUrl: '', androidUrl: '' } };

describe('session cookies', () => {
  it('are HttpOnly, SameSite=Lax, for the whole site, 30 days, Secure only when asked', () => {
    expect(sessionCookie('tok', { secure: false })).toBe('tribun_session=tok; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax');
    expect(sessionCookie('tok', { secure: true })).toBe('tribun_session=tok; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax; Secure');
    expect(clearedSessionCookie({ secure: false })).toBe('tribun_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax');
  });
});

describe.each(TEST_DATABASE_KINDS)('cross-site protection of cookie sessions on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: FastifyInstance;

  beforeAll(async () => {
    const { db } = database.current;
    // tribun.example behind a proxy on 127.0.0.1 (where app.inject connects from)
    app = await buildApp({
      db,
      matches: createMatchService({ db }),
      publicConfig: PUBLIC_CONFIG,
      allowedHosts: ['tribun.example'],
      trustProxy: ['127.0.0.1'],
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  const logout = (headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: '/api/user/logout', headers: { host: 'tribun.example', ...headers } });
  const isSignedIn = async (token: string) =>
    (await app.inject({ method: 'GET', url: '/api/user/info', headers: { token } })).statusCode === 200;

  it('refuses a cookie-borne state change from another site with 403 CROSS_SITE, in the reader\'s language', async () => {
    const user = await createTestUser(database.current.db);
    const cookie = `${SESSION_COOKIE}=${user.token}`;
    const refused = await logout({ cookie, origin: 'https://evil.example', language: 'en' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 403,
      message: 'This request came from another site and was refused',
      data: { error: 'CROSS_SITE' },
    });
    expect((await logout({ cookie, origin: 'https://evil.example' })).json()).toMatchObject({
      message: 'Bu istek başka bir siteden geldiği için reddedildi',
    });
    // Referer when a browser sends no Origin; `Origin: null` (sandboxed frame) is foreign too
    expect((await logout({ cookie, referer: 'https://evil.example/page' })).statusCode).toBe(403);
    expect((await logout({ cookie, origin: 'null' })).statusCode).toBe(403);
    // a look-alike host is another site
    expect((await logout({ cookie, origin: 'https://tribun.example.evil.example' })).statusCode).toBe(403);
    expect(await isSignedIn(user.token)).toBe(true);
  });

  it('lets the site itself, reads, and Token-header requests through', async () => {
    const user = await createTestUser(database.current.db);
    const cookie = `${SESSION_COOKIE}=${user.token}`;
    // reads are not judged
    const read = await app.inject({
      method: 'GET',
      url: '/api/user/info',
      headers: { host: 'tribun.example', cookie, origin: 'https://evil.example' },
    });
    expect(read.statusCode).toBe(200);
    // an app's Token header is never sent by a browser on its own
    const other = await createTestUser(database.current.db);
    expect((await logout({ token: other.token, origin: 'https://evil.example' })).statusCode).toBe(200);
    expect(await isSignedIn(other.token)).toBe(false);
    // requests without Origin or Referer are not from a browser page
    const third = await createTestUser(database.current.db);
    expect((await logout({ cookie: `${SESSION_COOKIE}=${third.token}` })).statusCode).toBe(200);
    // the site's own page, over https behind a proxy that terminates TLS (Host without a port)
    expect((await logout({ cookie, origin: 'https://tribun.example', 'x-forwarded-proto': 'https' })).statusCode).toBe(200);
    expect(await isSignedIn(user.token)).toBe(false);
  });

  it('compares the port when the Host header names one', async () => {
    const user = await createTestUser(database.current.db);
    const cookie = `${SESSION_COOKIE}=${user.token}`;
    const at = (host: string, origin: string) =>
      app.inject({ method: 'POST', url: '/api/user/logout', headers: { host, origin, cookie } });
    expect((await at('127.0.0.1:3000', 'http://127.0.0.1:4000')).statusCode).toBe(403);
    expect((await at('127.0.0.1:3000', 'http://127.0.0.1:3000')).statusCode).toBe(200);
  });

  it('compares the scheme: an http page may not write to an https site', async () => {
    const { db } = database.current;
    const publicApp = await buildApp({ db, matches: createMatchService({ db }), publicConfig: PUBLIC_CONFIG, publicUrl: 'https://tribun.example' });
    try {
      const user = await createTestUser(db);
      const cookie = `${SESSION_COOKIE}=${user.token}`;
      const at = (origin: string, host = 'tribun.example') =>
        publicApp.inject({ method: 'POST', url: '/api/user/logout', headers: { host, origin, cookie } });
      expect((await at('http://tribun.example')).json()).toMatchObject({ code: 403, data: { error: 'CROSS_SITE' } });
      expect((await at('https://tribun.example:8443')).statusCode).toBe(403);
      // PUBLIC_URL is the site: a Host the request makes up changes nothing
      expect((await at('https://evil.example', 'evil.example')).statusCode).toBe(403);
      expect(await isSignedIn(user.token)).toBe(true);
      expect((await at('https://tribun.example')).statusCode).toBe(200);
      expect(await isSignedIn(user.token)).toBe(false);
    } finally {
      await publicApp.close();
    }
    // Without PUBLIC_URL the scheme is the request's: the forwarded one only from the proxy.
    const user = await createTestUser(db);
    const cookie = `${SESSION_COOKIE}=${user.token}`;
    const behindProxy = (origin: string, headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
      app.inject({ method: 'POST', url: '/api/user/logout', remoteAddress, headers: { host: 'tribun.example', origin, cookie, ...headers } });
    expect((await behindProxy('http://tribun.example', { 'x-forwarded-proto': 'https' })).statusCode).toBe(403);
    expect((await behindProxy('https://tribun.example', { 'x-forwarded-proto': 'https' }, '10.9.9.9')).statusCode).toBe(403);
    expect((await behindProxy('https://tribun.example', {})).statusCode).toBe(403);
    expect(await isSignedIn(user.token)).toBe(true);
    expect((await behindProxy('https://tribun.example', { 'x-forwarded-proto': 'https' })).statusCode).toBe(200);
  });
});
