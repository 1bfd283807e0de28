import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { exportPKCS8, generateKeyPair, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicConfig } from '../../../core/contracts/services';
import { buildApp } from '../../app';
import { oauthAccounts } from '../../db/schema/sessions';
import { users } from '../../db/schema/users';
import { startOAuthStandin, type OAuthStandin } from '../../test-support/oauth-standin';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { createTestUser } from '../../test-support/users';
import { findSessionUser } from '../auth/sessions';
import { createMatchService } from '../matches/matches.service';
import { nicknameFromName } from './oauth-account';
import { createAppleClientSecret, type OAuthProvider } from './providers';

/**
 * Sign-in with Google, Apple and Facebook, played against local stand-in providers (real HTTP
 * servers speaking OpenID Connect, or Facebook's OAuth 2 with /me): the browser's trip is
 * followed hop by hop — our start, the provider's authorize, our callback.
 */
const PUBLIC_URL = 'http://tribun.test';
const PUBLIC_CONFIG: PublicConfig = { brokerWsUrl: null, buildId: 'test', appStore: { enabled: false, iosUrl: '', androidUrl: '' } };
const WELCOME = 100;

interface Trip {
  /** where our callback finally sends the browser */
  location: string;
  sessionToken: string | null;
}

function setCookies(headers: Record<string, unknown>): string[] {
  const raw = headers['set-cookie'];
  return Array.isArray(raw) ? (raw as string[]) : typeof raw === 'string' ? [raw] : [];
}

function cookieFrom(cookies: string[], name: string): string | null {
  for (const cookie of cookies) {
    const [pair] = cookie.split(';');
    const [key, ...rest] = (pair ?? '').split('=');
    if (key === name) return rest.join('=');
  }
  return null;
}

describe('nicknameFromName', () => {
  it('keeps letters of any script, digits and a few marks, 2–20 characters', () => {
    expect(nicknameFromName('Arda Güler', null)).toBe('Arda Güler');
    expect(nicknameFromName('  王 小明 ', null)).toBe('王 小明');
    expect(nicknameFromName('<script>alert(1)</script>', null)).toBe('scriptalert1script');
    expect(nicknameFromName('A very long name that goes on and on', null)).toBe('A very long name tha');
    expect(nicknameFromName(null, 'kartal.1903@example.com')).toBe('kartal.1903');
    expect(nicknameFromName('!', null)).toBe('Tribün fan');
  });
});

describe('Apple client secret', () => {
  it('is an ES256 JWT from the team to Apple, signed with the key, valid for an hour', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    const pem = await exportPKCS8(privateKey);
    const nowSec = Math.floor(Date.now() / 1000);
    const secret = await createAppleClientSecret({
      teamId: 'TEAM123456',
      clientId: 'com.tribun.web',
      keyId: 'KEY1234567',
      privateKeyPem: pem.replace(/\n/g, '\\n'),
      audience: 'https://appleid.apple.com',
      nowSec,
    });
    const { payload, protectedHeader } = await jwtVerify(secret, publicKey, { issuer: 'TEAM123456', audience: 'https://appleid.apple.com' });
    expect(protectedHeader).toMatchObject({ alg: 'ES256', kid: 'KEY1234567' });
    expect(payload.sub).toBe('com.tribun.web');
    expect(payload.exp! - payload.iat!).toBe(3600);
  });
});

describe.each(TEST_DATABASE_KINDS)('sign-in with a provider on %s', (kind) => {
  const database = useTestDatabase(kind);
  let google: OAuthStandin;
  let facebook: OAuthStandin;
  let apple: OAuthStandin;
  let app: FastifyInstance;

  beforeAll(async () => {
    [google, facebook, apple] = await Promise.all([
      startOAuthStandin({ mode: 'oidc', clientId: 'google-client' }),
      startOAuthStandin({ mode: 'graph', clientId: 'facebook-client' }),
      startOAuthStandin({ mode: 'oidc', clientId: 'apple-client' }),
    ]);
    const providers: OAuthProvider[] = [
      { id: 'google', kind: 'oidc', issuer: google.issuer, clientId: google.clientId, clientSecret: async () => google.clientSecret, scope: 'openid email profile', responseMode: 'query' },
      { id: 'apple', kind: 'oidc', issuer: apple.issuer, clientId: apple.clientId, clientSecret: async () => apple.clientSecret, scope: 'openid name email', responseMode: 'form_post' },
      {
        id: 'facebook',
        kind: 'graph',
        authorizationUrl: `${facebook.issuer}/authorize`,
        tokenUrl: `${facebook.issuer}/token`,
        userinfoUrl: `${facebook.issuer}/me`,
        clientId: facebook.clientId,
        clientSecret: async () => facebook.clientSecret,
        scope: 'email public_profile',
        responseMode: 'query',
      },
    ];
    const { db } = database.current;
    app = await buildApp({
      db,
      matches: createMatchService({ db }),
      publicConfig: PUBLIC_CONFIG,
      oauth: { providers, welcomePoints: WELCOME, publicUrl: PUBLIC_URL, secureCookies: false },
    });
  });

  afterAll(async () => {
    await app?.close();
    await Promise.all([google?.close(), facebook?.close(), apple?.close()]);
  });

  /** Start → provider → callback, as a browser would, carrying our flow cookie. */
  async function signIn(provider: 'google' | 'apple' | 'facebook', options: { redirect?: string; tamper?: (url: URL) => void } = {}): Promise<Trip> {
    const query = options.redirect === undefined ? '' : `?redirect=${encodeURIComponent(options.redirect)}`;
    const start = await app.inject({ method: 'GET', url: `/api/oauth/${provider}/start${query}` });
    expect(start.statusCode).toBe(302);
    const flowCookie = cookieFrom(setCookies(start.headers), 'tribun_oauth');
    expect(flowCookie).not.toBeNull();
    const authorize = new URL(String(start.headers.location));
    options.tamper?.(authorize);

    const atProvider = await fetch(authorize, { redirect: 'manual' });
    let callback: { method: 'GET' | 'POST'; url: string; payload?: string };
    if (atProvider.status === 302) {
      const back = new URL(atProvider.headers.get('location')!);
      expect(back.origin).toBe(PUBLIC_URL);
      callback = { method: 'GET', url: back.pathname + back.search };
    } else {
      // form_post: the provider's page posts hidden fields back to us.
      const html = await atProvider.text();
      const action = /action="([^"]+)"/.exec(html)?.[1] ?? '';
      const fields = [...html.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map(([, name, value]) => [name!, value!]);
      callback = { method: 'POST', url: new URL(action).pathname, payload: new URLSearchParams(fields).toString() };
    }
    const answer = await app.inject({
      method: callback.method,
      url: callback.url,
      headers: {
        cookie: `tribun_oauth=${flowCookie}`,
        ...(callback.payload ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      payload: callback.payload,
    });
    expect(answer.statusCode).toBe(302);
    return { location: String(answer.headers.location), sessionToken: cookieFrom(setCookies(answer.headers), 'tribun_session') };
  }

  async function ledgerOf(userId: number) {
    const { db } = database.current;
    const [row] = await db.select({ points: users.pointsBalance, email: users.email, nickname: users.nickname }).from(users).where(eq(users.id, userId));
    return row;
  }

  it('lists the switched-on providers', async () => {
    const answer = await app.inject({ method: 'GET', url: '/api/oauth/providers' });
    expect(answer.json()).toEqual({ code: 0, msg: 'success', data: { providers: ['google', 'apple', 'facebook'] } });
  });

  it('Google: a new fan gets an account with the verified email, welcome points and a session, and lands where they started', async () => {
    google.identity = { sub: 'g-1001', email: 'Deniz.Yilmaz@Example.test', email_verified: true, name: 'Deniz Yılmaz' };
    const trip = await signIn('google', { redirect: '/en/football' });
    expect(trip.location).toBe('/en/football');
    expect(trip.sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const user = await findSessionUser(database.current.db, { token: trip.sessionToken! });
    expect(user?.nickname).toBe('Deniz Yılmaz');
    expect(await ledgerOf(user!.id)).toEqual({ points: WELCOME, email: 'deniz.yilmaz@example.test', nickname: 'Deniz Yılmaz' });
    // the code was exchanged with our client credentials
    expect(google.tokenRequests.at(-1)).toEqual({ clientId: 'google-client', grantType: 'authorization_code' });

    // Signing in again is the same account, with no second welcome.
    const again = await signIn('google');
    expect(again.location).toBe('/personal-center/personal-center');
    const same = await findSessionUser(database.current.db, { token: again.sessionToken! });
    expect(same?.id).toBe(user!.id);
    expect((await ledgerOf(user!.id))?.points).toBe(WELCOME);
  });

  it('Google: an existing account with that verified email is the one signed in, and gets tied to the provider', async () => {
    const { db } = database.current;
    const existing = await createTestUser(db, { nickname: 'EmreFan', email: 'emre@example.test' });
    google.identity = { sub: 'g-2002', email: 'emre@example.test', email_verified: true, name: 'Emre' };
    const trip = await signIn('google');
    expect((await findSessionUser(db, { token: trip.sessionToken! }))?.id).toBe(existing.id);
    const links = await db.select().from(oauthAccounts).where(eq(oauthAccounts.subject, 'g-2002'));
    expect(links.map((link) => link.userId)).toEqual([existing.id]);
  });

  it('Google: an unverified email never takes over an account; the fan gets a new one without that email', async () => {
    const { db } = database.current;
    const existing = await createTestUser(db, { nickname: 'Selin', email: 'selin@example.test' });
    google.identity = { sub: 'g-3003', email: 'selin@example.test', email_verified: false, name: 'Selin' };
    const trip = await signIn('google');
    const user = await findSessionUser(db, { token: trip.sessionToken! });
    expect(user?.id).not.toBe(existing.id);
    // the nickname was taken, so a number was added
    expect(user?.nickname).toMatch(/^Selin\d{4}$/);
    expect((await ledgerOf(user!.id))?.email).toBeNull();
  });

  it('Facebook: OAuth 2 with the Graph profile makes an account', async () => {
    facebook.identity = { sub: '10220001', email: 'mert@example.test', name: 'Mert Kaya' };
    const trip = await signIn('facebook', { redirect: '/zh/basketball' });
    expect(trip.location).toBe('/zh/basketball');
    const user = await findSessionUser(database.current.db, { token: trip.sessionToken! });
    expect(user?.nickname).toBe('Mert Kaya');
  });

  it('Apple: the answer comes back as a posted form, with the name only in the first answer', async () => {
    apple.identity = { sub: 'apple.000123', email: 'hidden@privaterelay.example.test', email_verified: true };
    const trip = await signIn('apple');
    const user = await findSessionUser(database.current.db, { token: trip.sessionToken! });
    expect(user).not.toBeNull();
    expect(await ledgerOf(user!.id)).toMatchObject({ email: 'hidden@privaterelay.example.test', points: WELCOME });
  });

  it('a refusal at the provider, a forged state or a broken PKCE check ends on the login page, signed out', async () => {
    google.identity = null;
    const refused = await signIn('google', { redirect: '/en/football' });
    expect(refused).toEqual({ location: '/en/login?oauth=failed&provider=google', sessionToken: null });

    google.identity = { sub: 'g-4004', email: 'x@example.test', email_verified: true, name: 'X' };
    const forged = await signIn('google', { tamper: (url) => url.searchParams.set('state', 'forged-state') });
    expect(forged).toEqual({ location: '/login?oauth=failed&provider=google', sessionToken: null });

    const pkce = await signIn('google', { tamper: (url) => url.searchParams.set('code_challenge', 'A'.repeat(43)) });
    expect(pkce).toEqual({ location: '/login?oauth=failed&provider=google', sessionToken: null });
    const [made] = await database.current.db.select().from(oauthAccounts).where(eq(oauthAccounts.subject, 'g-4004'));
    expect(made).toBeUndefined();
  });

  it('a callback without the flow cookie of its start is refused', async () => {
    const answer = await app.inject({ method: 'GET', url: '/api/oauth/google/callback?code=abc&state=def' });
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe('/login?oauth=failed&provider=google');
    expect(cookieFrom(setCookies(answer.headers), 'tribun_session')).toBeNull();
  });

  it('never sends the browser off the site after sign-in', async () => {
    google.identity = { sub: 'g-5005', email: 'y@example.test', email_verified: true, name: 'Yusuf' };
    for (const redirect of ['//evil.example/steal', 'https://evil.example/', '/\\evil.example']) {
      const trip = await signIn('google', { redirect });
      expect(trip.location).toBe('/personal-center/personal-center');
    }
  });

  it('a closed account cannot come back through its provider', async () => {
    const { db } = database.current;
    google.identity = { sub: 'g-6006', email: 'z@example.test', email_verified: true, name: 'Zeynep' };
    const first = await signIn('google');
    const user = await findSessionUser(db, { token: first.sessionToken! });
    await db.update(users).set({ status: 'closed', email: null, nicknameKey: null }).where(eq(users.id, user!.id));
    const again = await signIn('google');
    expect(again).toEqual({ location: '/login?oauth=failed&provider=google', sessionToken: null });
  });

  it('answers 404 for a provider that is not switched on or does not exist', async () => {
    for (const url of ['/api/oauth/github/start', '/api/oauth/github/callback?code=1']) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.statusCode).toBe(404);
    }
  });
});
