import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { PublicConfig } from '../../core/contracts/services';
import { buildApp } from '../app';
import { users } from '../db/schema/users';
import { hashPassword } from '../modules/account/passwords';
import { createMatchService } from '../modules/matches/matches.service';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../test-support/db';
import { createTestUser } from '../test-support/users';

const PUBLIC_CONFIG: PublicConfig = { brokerWsUrl: null, buildId: 'test', appStore: { enabled: false, iosUrl: '', androidUrl: '' } };
const PASSWORD = 'goal2025goal';

/**
 * Per-address limits count the address the connection comes from; X-Forwarded-For counts only
 * from a proxy TRUST_PROXY names (decision 071). Here the test connects from 127.0.0.1, which
 * plays the proxy when TRUST_PROXY names it.
 */
describe.each(TEST_DATABASE_KINDS)('client addresses behind proxies on %s', (kind) => {
  const database = useTestDatabase(kind);
  const apps: FastifyInstance[] = [];
  let serial = 0;
  const unique = (prefix: string) => `${prefix}${kind}${++serial}`;
  /** a fresh connecting address per test: the limits of one test never touch another */
  const nextPeer = () => `10.${kind === 'pglite' ? 11 : 12}.${Math.floor(++serial / 250)}.${serial % 250}`;
  const forwarded = () => `203.0.${Math.floor(++serial / 250)}.${serial % 250}`;

  async function build(trustProxy?: readonly string[]): Promise<FastifyInstance> {
    const { db } = database.current;
    const app = await buildApp({
      db,
      matches: createMatchService({ db }),
      publicConfig: PUBLIC_CONFIG,
      trustProxy,
      account: { welcomePoints: 0, secureCookies: false },
    });
    apps.push(app);
    return app;
  }

  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  function logIn(app: FastifyInstance, options: { account: string; password: string; peer: string; forwardedFor?: string }) {
    return app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { account: options.account, password: options.password },
      remoteAddress: options.peer,
      headers: options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {},
    });
  }

  function requestResetCode(app: FastifyInstance, options: { email: string; peer: string; forwardedFor?: string }) {
    return app.inject({
      method: 'POST',
      url: '/api/user/code',
      payload: { email: options.email, purpose: 'reset' },
      remoteAddress: options.peer,
      headers: options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {},
    });
  }

  it('by default ignores X-Forwarded-For: 60 wrong sign-ins with a new header each meet the per-address limit', async () => {
    const app = await build();
    const peer = nextPeer();
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      const answer = await logIn(app, { account: unique('nobody'), password: 'guess-2025', peer, forwardedFor: forwarded() });
      statuses.push(answer.statusCode);
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(400));
    expect(statuses.slice(30)).toEqual(Array(30).fill(429));
  });

  it('by default ignores X-Forwarded-For: reset codes stop at 20 an hour per connecting address', async () => {
    const app = await build();
    const peer = nextPeer();
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const answer = await requestResetCode(app, { email: `${unique('victim')}@example.test`, peer, forwardedFor: forwarded() });
      statuses.push(answer.statusCode);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses.slice(20)).toEqual(Array(20).fill(429));
  });

  it('with TRUST_PROXY naming the proxy, the forwarded address is the one counted', async () => {
    const app = await build(['127.0.0.1']);
    // Different clients behind the one proxy each have their own allowance…
    for (let i = 0; i < 25; i++) {
      const answer = await requestResetCode(app, { email: `${unique('victim')}@example.test`, peer: '127.0.0.1', forwardedFor: forwarded() });
      expect(answer.statusCode).toBe(200);
    }
    const signIn = await logIn(app, { account: unique('nobody'), password: 'guess-2025', peer: '127.0.0.1', forwardedFor: forwarded() });
    expect(signIn.statusCode).toBe(400);
    // …and one client is held to its limit, whatever it writes in front of the proxy's entry.
    const client = forwarded();
    for (let i = 0; i < 20; i++) {
      const answer = await requestResetCode(app, {
        email: `${unique('victim')}@example.test`,
        peer: '127.0.0.1',
        forwardedFor: `${forwarded()}, ${client}`,
      });
      expect(answer.statusCode).toBe(200);
    }
    const refused = await requestResetCode(app, { email: `${unique('victim')}@example.test`, peer: '127.0.0.1', forwardedFor: client });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 429, data: { error: 'RATE_LIMITED' } });
  });

  it('with TRUST_PROXY, a client that is not the proxy still cannot pick its address', async () => {
    const app = await build(['127.0.0.1']);
    const peer = nextPeer();
    for (let i = 0; i < 20; i++) {
      expect((await requestResetCode(app, { email: `${unique('victim')}@example.test`, peer, forwardedFor: forwarded() })).statusCode).toBe(200);
    }
    expect((await requestResetCode(app, { email: `${unique('victim')}@example.test`, peer, forwardedFor: forwarded() })).statusCode).toBe(429);
  });

  it('counts sign-in failures per account, whether its email or its nickname is typed', async () => {
    const app = await build();
    const { db } = database.current;
    const user = await createTestUser(db, { nickname: unique('Target_') });
    await db.update(users).set({ passwordHash: await hashPassword(PASSWORD) }).where(eq(users.id, user.id));
    for (let i = 0; i < 10; i++) {
      // alternately the email (in another letter case now and then) and the nickname, from many addresses
      const account = i % 2 === 0 ? (i % 4 === 0 ? user.email.toUpperCase() : user.email) : user.nickname.toLowerCase();
      expect((await logIn(app, { account, password: `guess-${i}-2025`, peer: nextPeer() })).statusCode).toBe(400);
    }
    const eleventh = await logIn(app, { account: user.nickname, password: 'guess-11-2025', peer: nextPeer() });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toMatchObject({ code: 429, data: { error: 'RATE_LIMITED' } });
    // even the right password waits, by either name
    expect((await logIn(app, { account: user.email, password: PASSWORD, peer: nextPeer() })).statusCode).toBe(429);
  });

  it('makes an identifier of no account cost the same: the 11th failure is 429 too', async () => {
    const app = await build();
    const account = `${unique('ghost')}@example.test`;
    for (let i = 0; i < 10; i++) {
      expect((await logIn(app, { account, password: `guess-${i}-2025`, peer: nextPeer() })).statusCode).toBe(400);
    }
    const eleventh = await logIn(app, { account, password: 'guess-11-2025', peer: nextPeer() });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toMatchObject({ code: 429, data: { error: 'RATE_LIMITED' } });
  });
});
