import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicConfig } from '../../core/contracts/services';
import { MESSAGES } from '../../core/messages/messages';
import { buildApp } from '../app';
import { users } from '../db/schema/users';
import { mailOutbox } from '../db/schema/verification-codes';
import { LOGIN_FAILURES_PER_ACCOUNT } from '../settings/limits';
import { hashPassword } from '../modules/account/passwords';
import { SESSION_COOKIE } from '../http/current-user';
import { createMatchService } from '../modules/matches/matches.service';
import { useTestDatabase } from '../test-support/db';
import { createTestUser } from '../test-support/users';
import { loadWebBuild } from '../test-support/web-build';

const PUBLIC_CONFIG: PublicConfig = { brokerWsUrl: null, buildId: 'test', appStore: { enabled: false, iosUrl: '', androidUrl: '' } };
const SITE = 'http://localhost';
const FORM = 'application/x-www-form-urlencoded';

/** The page's text as a reader sees it: entities decoded. */
function text(html: string): string {
  return html
    .replaceAll('&#x27;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

function sessionFrom(response: LightMyRequestResponse): string | null {
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  const session = cookies.find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`) && !cookie.startsWith(`${SESSION_COOKIE}=;`));
  return session ? (session.split(';')[0] ?? null) : null;
}

/**
 * The pages' forms before (or without) their scripts (docs/decisions/100): a POST to a page
 * with an action runs the API's own service with its limits and answers the page with the
 * translated message (or 303 with the session cookie); bad input changes nothing, and a page
 * without a form keeps answering 405. Rendered by the real web build against real PGlite.
 */
describe('page forms without scripts', () => {
  const database = useTestDatabase('pglite');
  let web: { build: ServerBuild; clientDir: string };
  let app: FastifyInstance;

  beforeAll(async () => {
    web = await loadWebBuild();
    const { db } = database.current;
    app = await buildApp({ db, matches: createMatchService({ db }), publicConfig: PUBLIC_CONFIG, web, account: { devOutbox: false } });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function fanWithPassword(password: string) {
    const { db } = database.current;
    const fan = await createTestUser(db);
    await db.update(users).set({ passwordHash: await hashPassword(password) }).where(eq(users.id, fan.id));
    return fan;
  }

  function post(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    return app.inject({ method: 'POST', url, headers: { 'content-type': FORM, origin: SITE, ...headers }, payload: form(fields) });
  }

  it('signs in: 303 to where the fan was going, with the HttpOnly session cookie', async () => {
    const fan = await fanWithPassword('right-password-1');
    const response = await post('/login?redirect=%2Ffootball', { account: fan.email, password: 'right-password-1' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/football');
    const cookie = ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const info = await app.inject({ method: 'GET', url: '/api/user/info', headers: { cookie: sessionFrom(response) ?? '' } });
    expect(info.statusCode).toBe(200);
    expect(info.json<{ data: { nickname: string } }>().data.nickname).toBe(fan.nickname);
  });

  it('refuses a wrong password with the translated message, keeps the account and never the password', async () => {
    const fan = await fanWithPassword('right-password-2');
    const tr = await post('/login', { account: fan.nickname, password: 'wrong-password-2' });
    expect(tr.statusCode).toBe(400);
    expect(sessionFrom(tr)).toBeNull();
    expect(text(tr.body)).toContain(MESSAGES.tr['account.loginFailed']);
    expect(tr.body).toContain(`value="${fan.nickname}"`);
    expect(tr.body).not.toContain('wrong-password-2');
    expect(tr.headers['cache-control']).toBe('private, no-store');

    const en = await post('/en/login', { account: fan.nickname, password: 'wrong-password-2' });
    expect(en.statusCode).toBe(400);
    expect(text(en.body)).toContain(MESSAGES.en['account.loginFailed']);

    const empty = await post('/zh/login', { account: '', password: '' });
    expect(empty.statusCode).toBe(400);
    expect(text(empty.body)).toContain(MESSAGES.zh['account.account.required']);
  });

  it('counts the form against the same per-account limit as the API', async () => {
    const fan = await fanWithPassword('right-password-3');
    for (let attempt = 0; attempt < LOGIN_FAILURES_PER_ACCOUNT.limit; attempt += 1) {
      // half through the API, half through the page: one counter
      const response =
        attempt % 2 === 0
          ? await app.inject({ method: 'POST', url: '/api/user/login', payload: { account: fan.email, password: `guess-${attempt}` } })
          : await post('/login', { account: fan.email, password: `guess-${attempt}` });
      expect(response.statusCode).toBe(400);
    }
    const limited = await post('/login', { account: fan.email, password: 'right-password-3' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(text(limited.body)).toContain(MESSAGES.tr['account.rateLimited'].split('{{')[0] ?? '');
    expect(sessionFrom(limited)).toBeNull();
    const api = await app.inject({ method: 'POST', url: '/api/user/login', payload: { account: fan.email, password: 'right-password-3' } });
    expect(api.statusCode).toBe(429);
  });

  it('changes the password signed in, and a wrong old password changes nothing', async () => {
    const fan = await fanWithPassword('old-password-4');
    const cookie = `${SESSION_COOKIE}=${fan.token}`;
    const wrong = await post(
      '/personal-center/personal-center/updatePassword',
      { oldPassword: 'not-it-4', password: 'new-password-4', confirmPassword: 'new-password-4' },
      { cookie },
    );
    expect(wrong.statusCode).toBe(400);
    expect(text(wrong.body)).toContain(MESSAGES.tr['account.oldPassword.wrong']);
    expect(wrong.body).not.toContain('new-password-4');
    expect((await post('/login', { account: fan.email, password: 'old-password-4' })).statusCode).toBe(303);

    const mismatch = await post(
      '/personal-center/personal-center/updatePassword',
      { oldPassword: 'old-password-4', password: 'new-password-4', confirmPassword: 'other-password-4' },
      { cookie },
    );
    expect(mismatch.statusCode).toBe(400);
    expect((await post('/login', { account: fan.email, password: 'old-password-4' })).statusCode).toBe(303);

    const changed = await post(
      '/personal-center/personal-center/updatePassword',
      { oldPassword: 'old-password-4', password: 'new-password-4', confirmPassword: 'new-password-4' },
      { cookie },
    );
    expect(changed.statusCode).toBe(200);
    // the page says it is saved (a status note, no error)
    expect(changed.body).toContain('role="status"');
    expect(changed.body).not.toContain('role="alert"');
    expect((await post('/login', { account: fan.email, password: 'old-password-4' })).statusCode).toBe(400);
    expect((await post('/login', { account: fan.email, password: 'new-password-4' })).statusCode).toBe(303);
  });

  it('registers in two steps and refuses bad input without writing anything', async () => {
    const { db } = database.current;
    const email = `form-fan-${Date.now().toString(36)}@example.test`;
    const sent = await post('/register', { intent: 'sendCode', email, code: '' });
    expect(sent.statusCode).toBe(200);
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);

    const wrongCode = await post('/register', { intent: 'next', email, code: code === '000000' ? '111111' : '000000' });
    expect(wrongCode.statusCode).toBe(400);
    expect(text(wrongCode.body)).toContain(MESSAGES.tr['account.code.invalid']);

    const stepTwo = await post('/register', { intent: 'next', email, code });
    expect(stepTwo.statusCode).toBe(200);
    // step two: nickname and passwords, with the checked address and code carried on
    expect(stepTwo.body).toContain('name="nickname"');
    expect(stepTwo.body).toContain(`type="hidden" name="email" value="${email}"`);

    const badNickname = await post('/register', {
      intent: 'register',
      email,
      code,
      nickname: 'Fan\u0007Bell',
      password: 'form-password-5',
      confirmPassword: 'form-password-5',
    });
    expect(badNickname.statusCode).toBe(400);
    expect(badNickname.body).not.toContain('form-password-5');
    expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(0);

    const nickname = `Form${Date.now().toString(36).slice(-6)}`;
    const done = await post('/register', { intent: 'register', email, code, nickname, password: 'form-password-5', confirmPassword: 'form-password-5' });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/personal-center/personal-center');
    expect(sessionFrom(done)).not.toBeNull();
    expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('resets a password by code, and a wrong code changes nothing', async () => {
    const { db } = database.current;
    const fan = await fanWithPassword('before-reset-6');
    expect((await post('/forgot-password', { intent: 'sendCode', email: fan.email })).statusCode).toBe(200);
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, fan.email));
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';

    const wrong = await post('/forgot-password', {
      intent: 'reset',
      email: fan.email,
      code: code === '000000' ? '111111' : '000000',
      password: 'after-reset-6',
      confirmPassword: 'after-reset-6',
    });
    expect(wrong.statusCode).toBe(400);
    expect(text(wrong.body)).toContain(MESSAGES.tr['account.code.invalid']);
    expect(wrong.body).toContain(`value="${fan.email}"`);
    expect((await post('/login', { account: fan.email, password: 'before-reset-6' })).statusCode).toBe(303);

    const reset = await post('/forgot-password', { intent: 'reset', email: fan.email, code, password: 'after-reset-6', confirmPassword: 'after-reset-6' });
    expect(reset.statusCode).toBe(200);
    // the form gave way to the note that it is done
    expect(reset.body).toContain('role="status"');
    expect(reset.body).not.toContain('name="code"');
    expect((await post('/login', { account: fan.email, password: 'after-reset-6' })).statusCode).toBe(303);
  });

  it('changes the nickname signed in and refuses control characters', async () => {
    const fan = await fanWithPassword('nickname-7');
    const cookie = `${SESSION_COOKIE}=${fan.token}`;
    const bad = await post('/personal-center/personal-center/changeNickname', { nickname: 'a\u0000b' }, { cookie });
    expect(bad.statusCode).toBe(400);
    const info = await app.inject({ method: 'GET', url: '/api/user/info', headers: { cookie } });
    expect(info.json<{ data: { nickname: string } }>().data.nickname).toBe(fan.nickname);
    const renamed = `R${fan.nickname.slice(0, 12)}`;
    expect((await post('/personal-center/personal-center/changeNickname', { nickname: renamed }, { cookie })).statusCode).toBe(200);
    const after = await app.inject({ method: 'GET', url: '/api/user/info', headers: { cookie } });
    expect(after.json<{ data: { nickname: string } }>().data.nickname).toBe(renamed);
  });

  it('takes POST only on pages with a form; other pages and odd bodies keep their 4xx', async () => {
    const about = await post('/about', { a: 'b' });
    expect(about.statusCode).toBe(405);
    expect(about.headers.allow).toBe('GET, HEAD');
    const options = await app.inject({ method: 'OPTIONS', url: '/login' });
    expect(options.statusCode).toBe(405);
    expect(options.headers.allow).toBe('GET, HEAD, POST');
    // the overview is the personal centre's index: its layout has no action
    expect((await post('/personal-center/personal-center', { a: 'b' })).statusCode).toBe(405);

    const json = await app.inject({ method: 'POST', url: '/login', headers: { 'content-type': 'application/json', origin: SITE }, payload: '{}' });
    expect(json.statusCode).toBe(415);
    const huge = await post('/login', { account: 'x'.repeat(70 * 1024), password: 'y' });
    expect(huge.statusCode).toBe(413);
  });

  it('refuses a form of another site, signed in or not (403 CROSS_SITE)', async () => {
    const fan = await fanWithPassword('cross-site-8');
    const signedOut = await post('/login', { account: fan.email, password: 'cross-site-8' }, { origin: 'https://evil.example' });
    expect(signedOut.statusCode).toBe(403);
    expect(signedOut.json<{ data: { error: string } }>().data.error).toBe('CROSS_SITE');
    expect(sessionFrom(signedOut)).toBeNull();
    const signedIn = await post(
      '/personal-center/personal-center/changeNickname',
      { nickname: 'Hijacked' },
      { origin: 'https://evil.example', cookie: `${SESSION_COOKIE}=${fan.token}` },
    );
    expect(signedIn.statusCode).toBe(403);
  });

  it('lets a page post only to itself (Content Security Policy form-action)', async () => {
    const page = await app.inject({ method: 'GET', url: '/login' });
    expect(page.headers['content-security-policy']).toMatch(/form-action 'self'/);
    expect(page.body).toMatch(/<form [^>]*method="post"/);
  });
});
