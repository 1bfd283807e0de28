import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicConfig } from '../../../core/contracts/services';
import { buildApp } from '../../app';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { createTestUser } from '../../test-support/users';
import { createMatchService } from '../matches/matches.service';
import { createAccountClient, type Answer } from './account-test-client';

/**
 * Security review: no account endpoint tells a stranger whether an email address has an
 * account, and none lets a client ask about address after address (decision 106). Before,
 * regBefore answered EMAIL_TAKEN for a registered address and CODE_INVALID otherwise, 150
 * times in a row from one address, and changeEmail the same for any signed-in user.
 */
const PUBLIC_CONFIG: PublicConfig = { brokerWsUrl: null, buildId: 'test', appStore: { enabled: false, iosUrl: '', androidUrl: '' } };
const PASSWORD = 'goal2025goal';

/** What a client can compare between two answers: status, body and the Retry-After. */
function seen(answer: Answer) {
  return { status: answer.status, body: answer.body, retryAfter: answer.response.headers['retry-after'] };
}

describe.each(TEST_DATABASE_KINDS)('account answers that reveal no address on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: FastifyInstance;
  let client: ReturnType<typeof createAccountClient>;
  // The test's clock: a registration's own code must not hold back the next code (1 a minute).
  let clock = new Date();
  let serial = 0;
  const nextIp = () => `10.${kind === 'pglite' ? 7 : 8}.${Math.floor(++serial / 250)}.${serial % 250}`;
  const freeAddress = () => `free${++serial}@example.test`;
  /** An address with an account, registered through the real endpoints. */
  const takenAddress = async () => {
    const email = `taken${++serial}@example.test`;
    await client.register({ email, nickname: `taken${serial}`, ip: nextIp() });
    clock = new Date(clock.getTime() + 61_000);
    return email;
  };

  beforeAll(async () => {
    const { db } = database.current;
    app = await buildApp({
      db,
      matches: createMatchService({ db }),
      publicConfig: PUBLIC_CONFIG,
      account: { welcomePoints: 0, devOutbox: true, secureCookies: false, now: () => clock },
    });
    client = createAccountClient(app, { db });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers a registration or changeEmail code request for a taken address as for a free one', async () => {
    const taken = await takenAddress();
    const free = freeAddress();
    const fan = await createTestUser(database.current.db);
    for (const purpose of ['register', 'changeEmail'] as const) {
      const token = purpose === 'changeEmail' ? fan.token : undefined;
      const forTaken = await client.post('/api/user/code', { email: taken, purpose }, { ip: nextIp(), token, language: 'en' });
      const forFree = await client.post('/api/user/code', { email: free, purpose }, { ip: nextIp(), token, language: 'en' });
      expect(seen(forTaken), purpose).toEqual(seen(forFree));
      expect(forTaken.status, purpose).toBe(200);
    }
    // The owner of the taken address learns why no code came: sign in, or reset the password.
    const notes = await client.mailsTo(taken);
    expect(notes.filter((mail) => mail.subject === 'You already have a Tribün account')).toHaveLength(2);
    // The free address got its codes.
    expect((await client.mailsTo(free)).every((mail) => /^Your Tribün verification code: \d{6}$/.test(mail.subject))).toBe(true);
  });

  it('answers regBefore alike for a taken and a free address, and stops 150 probes from one address with 429', async () => {
    const taken = await takenAddress();
    const ip = nextIp();
    const answers: Answer[] = [];
    for (let i = 0; i < 150; i++) {
      // The taken address among free ones, fewer times than its own per-address limit allows.
      const email = i % 4 === 0 && i < 36 ? taken : freeAddress();
      answers.push(await client.post('/api/user/regBefore', { email, code: '123456' }, { ip, language: 'en' }));
    }
    const firstRefused = answers.findIndex((answer) => answer.status === 429);
    expect(firstRefused).toBe(30);
    // Before the limit: one and the same answer, whether the address has an account or not.
    for (const answer of answers.slice(0, firstRefused)) {
      expect(seen(answer)).toEqual({
        status: 400,
        body: {
          code: 400,
          message: 'The verification code is wrong or has expired',
          data: { error: 'CODE_INVALID', fields: [{ field: 'code', message: 'The verification code is wrong or has expired' }] },
        },
        retryAfter: undefined,
      });
    }
    // From then on: 429 with the seconds to wait, for every address.
    for (const answer of answers.slice(firstRefused)) {
      expect(answer.status).toBe(429);
      expect(answer.body.data).toEqual({ error: 'RATE_LIMITED' });
      expect(Number(answer.response.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('limits wrong codes per email address even from ever new client addresses, and a right code still passes the per-address limit', async () => {
    const email = freeAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await client.post('/api/user/regBefore', { email, code: '000000' }, { ip: nextIp() })).status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);

    // A real new fan: right codes give their hits back, so registering never adds up.
    const ip = nextIp();
    for (let round = 0; round < 3; round++) {
      const fan = freeAddress();
      expect((await client.post('/api/user/code', { email: fan, purpose: 'register' }, { ip })).status).toBe(200);
      const code = await client.mailedCode(fan);
      for (let i = 0; i < 12; i++) expect((await client.post('/api/user/regBefore', { email: fan, code }, { ip })).status).toBe(200);
      const body = { email: fan, code, password: PASSWORD, confirmPassword: PASSWORD, nickname: `fan${++serial}` };
      expect((await client.post('/api/user/reg', body, { ip })).status).toBe(200);
    }
  });

  it('answers changeEmail alike for a taken and a free address and limits it per account and per client address', async () => {
    const taken = await takenAddress();
    const fan = await createTestUser(database.current.db);
    const answers: Answer[] = [];
    // A new client address each time: the account's own limit stops it.
    for (let i = 0; i < 12; i++) {
      const email = i % 2 === 0 ? taken : freeAddress();
      answers.push(await client.post('/api/user/changeEmail', { email, code: '123456' }, { ip: nextIp(), token: fan.token, language: 'en' }));
    }
    for (const answer of answers.slice(0, 10)) {
      expect([answer.status, answer.body.data]).toEqual([
        400,
        { error: 'CODE_INVALID', fields: [{ field: 'code', message: 'The verification code is wrong or has expired' }] },
      ]);
    }
    expect(answers.slice(10).map((answer) => answer.status)).toEqual([429, 429]);

    // Many accounts from one client address: the address's limit stops it.
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const other = await createTestUser(database.current.db);
      for (let j = 0; j < 9; j++) {
        statuses.push((await client.post('/api/user/changeEmail', { email: taken, code: '123456' }, { ip, token: other.token })).status);
      }
    }
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(30).every((status) => status === 429)).toBe(true);
  });

  it('limits wrong codes at reg and at the password reset per client address', async () => {
    for (const [url, body] of [
      ['/api/user/reg', (email: string) => ({ email, code: '123456', password: PASSWORD, confirmPassword: PASSWORD, nickname: `probe${++serial}` })],
      ['/api/user/changePassword', (email: string) => ({ email, code: '123456', password: PASSWORD, confirmPassword: PASSWORD })],
    ] as const) {
      const taken = await takenAddress();
      const ip = nextIp();
      const answers: Answer[] = [];
      for (let i = 0; i < 32; i++) answers.push(await client.post(url, body(i % 4 === 0 ? taken : freeAddress()), { ip }));
      expect(answers.slice(0, 30).map((answer) => answer.body.data), url).toEqual(
        Array.from({ length: 30 }, () => ({ error: 'CODE_INVALID', fields: [{ field: 'code', message: 'Doğrulama kodu yanlış veya süresi dolmuş' }] })),
      );
      expect(answers.slice(30).map((answer) => answer.status), url).toEqual([429, 429]);
    }
  });

  it('answers a sign-in alike for a known and an unknown address', async () => {
    const taken = await takenAddress();
    const ip = nextIp();
    const known = await client.post('/api/user/login', { account: taken, password: 'wrong-password-1' }, { ip, language: 'en' });
    const unknown = await client.post('/api/user/login', { account: freeAddress(), password: 'wrong-password-1' }, { ip, language: 'en' });
    expect(seen(known)).toEqual(seen(unknown));
    expect(known.body.data).toEqual({ error: 'LOGIN_FAILED' });
  });
});
