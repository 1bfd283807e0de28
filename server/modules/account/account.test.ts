import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INVITE_CODE_ALPHABET,
  SignInResultSchema,
  UserInfoSchema,
  DEFAULT_EVENT_MSG_STATUS,
} from '../../../core/contracts/account';
import type { PublicConfig } from '../../../core/contracts/services';
import { buildApp } from '../../app';
import { pointsLedger } from '../../db/schema/points';
import { users } from '../../db/schema/users';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { createMatchService } from '../matches/matches.service';
import { createAccountClient, setCookies } from './account-test-client';
import { createOrPromoteAdmin } from './create-admin';

const PUBLIC_CONFIG: PublicConfig = { brokerWsUrl: null, buildId: 'test', appStore: { enabled: false, iosUrl: '', androidUrl: '' } };
const WELCOME = 100;
const PASSWORD = 'goal2025goal';

describe.each(TEST_DATABASE_KINDS)('accounts API on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: FastifyInstance;
  let client: ReturnType<typeof createAccountClient>;
  // Sessions expire against the real clock, so the test clock starts now and only moves on.
  let clock = new Date();
  const advance = (seconds: number) => {
    clock = new Date(clock.getTime() + seconds * 1000);
  };
  let serial = 0;
  /** a fresh client address per test: the per-address limits of one test never touch another */
  const nextIp = () => `10.${kind === 'pglite' ? 1 : 2}.${Math.floor(++serial / 250)}.${serial % 250}`;
  const uniqueName = (prefix: string) => `${prefix}${++serial}`;

  beforeAll(async () => {
    const { db } = database.current;
    app = await buildApp({
      db,
      matches: createMatchService({ db }),
      publicConfig: PUBLIC_CONFIG,
      account: { welcomePoints: WELCOME, devOutbox: true, secureCookies: false, now: () => clock },
    });
    client = createAccountClient(app, { db });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('registers with a mailed code, signs out and in again, and answers the own account each time', async () => {
    const { post, get, mailedCode } = client;
    const ip = nextIp();
    const email = `${uniqueName('ayse')}@example.test`;
    const nickname = uniqueName('Ayşe_');

    const codeAnswer = await post('/api/user/code', { email: email.toUpperCase(), purpose: 'register' }, { ip, language: 'en' });
    expect(codeAnswer.status).toBe(200);
    expect(codeAnswer.body).toEqual({ code: 0, msg: 'success', data: { expiresInSec: 600, resendAfterSec: 60 } });
    const mail = { list: await client.mailsTo(email) };
    expect(mail.list[0]?.to).toBe(email);
    expect(mail.list[0]?.subject).toMatch(/^Your Tribün verification code: \d{6}$/);
    expect(mail.list[0]?.text).toContain('valid for 10 minutes');
    const code = await mailedCode(email);

    expect((await post('/api/user/regBefore', { email, code }, { ip })).body).toEqual({ code: 0, msg: 'success', data: { ok: true } });
    const reg = await post(
      '/api/user/reg',
      { email, code, password: PASSWORD, confirmPassword: PASSWORD, nickname, inviteCode: '' },
      { ip, headers: { 'user-agent': 'vitest' } },
    );
    expect(reg.status).toBe(200);
    const registered = SignInResultSchema.parse(reg.body.data);
    expect(registered.user).toMatchObject({
      email,
      nickname,
      role: 'user',
      status: 'active',
      points: WELCOME,
      avatar: 'a01',
      fans_count: 0,
      following_count: 0,
      event_msg_status: DEFAULT_EVENT_MSG_STATUS,
      checkin: { streak: 0, last_day: null, checked_in_today: false },
      cancellation: null,
    });
    expect(registered.user.invite_code).toMatch(new RegExp(`^[${INVITE_CODE_ALPHABET}]{8}$`));
    const cookie = setCookies(reg.response).find((c) => c.startsWith('tribun_session='));
    expect(cookie).toBe(`tribun_session=${registered.token}; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax`);

    // the welcome points are one ledger row, as every change of points is
    const ledger = await database.current.db.select().from(pointsLedger).where(eq(pointsLedger.userId, registered.user.id));
    expect(ledger).toMatchObject([{ amount: WELCOME, balanceAfter: WELCOME, reason: 'welcome' }]);

    // the app's Token header and the browser's cookie both sign in
    const byToken = await get('/api/user/info', { token: registered.token });
    expect(byToken.status).toBe(200);
    expect(UserInfoSchema.parse(byToken.body.data)).toEqual(registered.user);
    expect(byToken.response.headers['cache-control']).toBe('private, no-store');
    const browserCookie = `tribun_session=${registered.token}`;
    expect((await get('/api/user/info', { cookie: browserCookie })).body.data).toEqual(registered.user);

    const logout = await post('/api/user/logout', undefined, { cookie: browserCookie, headers: { origin: 'http://localhost' } });
    expect(logout.status).toBe(200);
    expect(logout.body).toEqual({ code: 0, msg: 'success', data: null });
    expect(setCookies(logout.response)).toContain('tribun_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax');

    const afterLogout = await get('/api/user/info', { token: registered.token, language: 'en' });
    expect(afterLogout.status).toBe(401);
    expect(afterLogout.body).toEqual({ code: 401, message: 'Please log in first', data: { error: 'UNAUTHENTICATED' } });
    expect(setCookies(afterLogout.response)).toContain('tribun_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax');

    // sign in again by nickname in another letter case, and by email in capitals
    const login = await post('/api/user/login', { account: nickname.toUpperCase(), password: PASSWORD }, { ip });
    expect(login.status).toBe(200);
    const signedIn = SignInResultSchema.parse(login.body.data);
    expect(signedIn.token).not.toBe(registered.token);
    expect(setCookies(login.response)[0]).toMatch(/^tribun_session=[\w-]{43}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/);
    expect((await get('/api/user/info', { token: signedIn.token })).body.data).toEqual(registered.user);
    const byEmail = await post('/api/user/login', { account: ` ${email.toUpperCase()} `, password: PASSWORD }, { ip });
    expect(byEmail.status).toBe(200);
  });

  it('checks the code at regBefore without using it up, uses it at reg, and refuses it afterwards', async () => {
    const { post, mailedCode } = client;
    const ip = nextIp();
    const email = `${uniqueName('once')}@example.test`;
    await post('/api/user/code', { email, purpose: 'register' }, { ip });
    const code = await mailedCode(email);
    expect((await post('/api/user/regBefore', { email, code }, { ip })).status).toBe(200);
    expect((await post('/api/user/regBefore', { email, code }, { ip })).status).toBe(200);
    const body = { email, code, password: PASSWORD, confirmPassword: PASSWORD, nickname: uniqueName('once') };
    expect((await post('/api/user/reg', body, { ip })).status).toBe(200);
    // the code is used up: the same CODE_INVALID as for any wrong code
    const again = await post('/api/user/reg', { ...body, nickname: uniqueName('twice') }, { ip, language: 'en' });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 400, data: { error: 'CODE_INVALID' } });
    const regBefore = await post('/api/user/regBefore', { email, code }, { ip });
    expect(regBefore.status).toBe(400);
  });

  it('mails no registration code to an address that has an account, and refuses a nickname taken in any letter case', async () => {
    const { post, mailedCode, register } = client;
    const ip = nextIp();
    const first = { email: `${uniqueName('taken')}@example.test`, nickname: uniqueName('Taken') };
    await register({ ...first, ip });
    advance(60);

    // The answer is a sent code's; the mail tells the owner to sign in instead (decision 106).
    const taken = await post('/api/user/code', { email: first.email, purpose: 'register' }, { ip, language: 'en' });
    expect(taken.status).toBe(200);
    expect(taken.body).toEqual({ code: 0, msg: 'success', data: { expiresInSec: 600, resendAfterSec: 60 } });
    const [note] = await client.mailsTo(first.email);
    expect(note?.subject).toBe('You already have a Tribün account');
    expect(note?.text).toContain('you already have one');
    expect(note?.text).toContain('Forgot password');
    expect(note?.text).not.toMatch(/\b\d{6}\b/);

    const email = `${uniqueName('other')}@example.test`;
    await post('/api/user/code', { email, purpose: 'register' }, { ip });
    const code = await mailedCode(email);
    const clash = await post(
      '/api/user/reg',
      { email, code, password: PASSWORD, confirmPassword: PASSWORD, nickname: first.nickname.toLowerCase() },
      { ip, language: 'tr' },
    );
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ message: 'Bu takma ad kullanılıyor', data: { error: 'NICKNAME_TAKEN' } });
    // the refused registration did not use the code up
    const fine = await post('/api/user/reg', { email, code, password: PASSWORD, confirmPassword: PASSWORD, nickname: uniqueName('free') }, { ip });
    expect(fine.status).toBe(200);
  });

  it('links an invited user to the inviter and refuses an unknown invitation code', async () => {
    const { post, mailedCode, register } = client;
    const ip = nextIp();
    const inviter = await register({ email: `${uniqueName('host')}@example.test`, nickname: uniqueName('host'), ip });
    const guest = await register({
      email: `${uniqueName('guest')}@example.test`,
      nickname: uniqueName('guest'),
      inviteCode: ` ${inviter.user.invite_code.toLowerCase()} `,
      ip,
    });
    const [row] = await database.current.db.select().from(users).where(eq(users.id, guest.user.id));
    expect(row?.invitedByUserId).toBe(inviter.user.id);
    expect(guest.user.invite_code).not.toBe(inviter.user.invite_code);

    const email = `${uniqueName('stray')}@example.test`;
    await post('/api/user/code', { email, purpose: 'register' }, { ip });
    const code = await mailedCode(email);
    const unknown = await post(
      '/api/user/reg',
      { email, code, password: PASSWORD, confirmPassword: PASSWORD, nickname: uniqueName('stray'), inviteCode: 'ZZZZZZZZ' },
      { ip, language: 'en' },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      code: 400,
      data: { error: 'VALIDATION', fields: [{ field: 'inviteCode', message: 'This invitation code does not exist' }] },
    });
  });

  describe('field messages of section 5, in the Language header\'s language', () => {
    const fieldsOf = (body: { data: unknown }) =>
      Object.fromEntries(((body.data as { fields: { field: string; message: string }[] }).fields).map((f) => [f.field, f.message]));

    it('names every missing field of the registration form (Turkish, English, Chinese)', async () => {
      const tr = await client.post('/api/user/reg', {}, { language: 'tr' });
      expect(tr.status).toBe(400);
      expect(tr.body).toMatchObject({ code: 400, message: 'İstek geçersiz', data: { error: 'VALIDATION' } });
      expect(fieldsOf(tr.body)).toEqual({
        email: 'Lütfen e-posta adresinizi girin',
        code: 'Lütfen doğrulama kodunu girin',
        password: 'Lütfen şifrenizi girin',
        confirmPassword: 'Lütfen şifrenizi tekrar girin',
        nickname: 'Lütfen bir takma ad girin',
      });
      const en = await client.post('/api/user/reg', { email: ' ', code: '', password: '', confirmPassword: '', nickname: '  ' }, { language: 'en' });
      expect(fieldsOf(en.body)).toEqual({
        email: 'Please enter your email',
        code: 'Please enter the verification code',
        password: 'Please enter your password',
        confirmPassword: 'Please enter the password again',
        nickname: 'Please enter a nickname',
      });
      const zh = await client.post('/api/user/regBefore', {}, { language: 'zh' });
      expect(fieldsOf(zh.body)).toEqual({ email: '请输入邮箱', code: '请输入验证码' });
    });

    it('checks format and rules: email, code, password rule, nickname length and letters, the two passwords', async () => {
      const base = { email: 'fan@example.test', code: '123456', password: PASSWORD, confirmPassword: PASSWORD, nickname: 'Fan' };
      const cases: [Record<string, unknown>, string, string, string][] = [
        [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address', 'Lütfen geçerli bir e-posta adresi girin'],
        [{ code: '12a456' }, 'code', 'The verification code has 6 digits', 'Doğrulama kodu 6 rakamdan oluşur'],
        [{ password: 'short1', confirmPassword: 'short1' }, 'password', 'The password must be 8–72 characters long and contain letters and digits', 'Şifre 8–72 karakter olmalı ve harf ile rakam içermeli'],
        [{ password: 'onlyletters', confirmPassword: 'onlyletters' }, 'password', 'The password must be 8–72 characters long and contain letters and digits', 'Şifre 8–72 karakter olmalı ve harf ile rakam içermeli'],
        [{ password: '1234567890', confirmPassword: '1234567890' }, 'password', 'The password must be 8–72 characters long and contain letters and digits', 'Şifre 8–72 karakter olmalı ve harf ile rakam içermeli'],
        [{ password: `a1${'x'.repeat(71)}`, confirmPassword: `a1${'x'.repeat(71)}` }, 'password', 'The password must be 8–72 characters long and contain letters and digits', 'Şifre 8–72 karakter olmalı ve harf ile rakam içermeli'],
        [{ confirmPassword: 'goal2025gol' }, 'confirmPassword', 'The password is inconsistent twice', 'Girilen iki şifre aynı değil'],
        [{ nickname: 'F' }, 'nickname', 'The nickname must be 2–20 characters long', 'Takma ad 2–20 karakter olmalı'],
        [{ nickname: 'F'.repeat(21) }, 'nickname', 'The nickname must be 2–20 characters long', 'Takma ad 2–20 karakter olmalı'],
        [{ nickname: 'fan@home' }, 'nickname', 'The nickname may contain only letters, digits, spaces, dots, underscores and hyphens', 'Takma ad yalnızca harf, rakam, boşluk, nokta, alt çizgi ve tire içerebilir'],
      ];
      for (const [change, field, english, turkish] of cases) {
        const en = await client.post('/api/user/reg', { ...base, ...change }, { language: 'en' });
        expect(en.status, JSON.stringify(change)).toBe(400);
        expect(fieldsOf(en.body), JSON.stringify(change)).toEqual({ [field]: english });
        const tr = await client.post('/api/user/reg', { ...base, ...change }, { language: 'tr' });
        expect(fieldsOf(tr.body), JSON.stringify(change)).toEqual({ [field]: turkish });
      }
    });

    it('answers the messages of sign-in, codes and password changes', async () => {
      expect(fieldsOf((await client.post('/api/user/login', {}, { language: 'en' })).body)).toEqual({
        account: 'Please enter your email or nickname',
        password: 'Please enter your password',
      });
      expect(fieldsOf((await client.post('/api/user/code', { purpose: 'register' }, { language: 'en' })).body)).toEqual({
        email: 'Please enter your email',
      });
      expect(fieldsOf((await client.post('/api/user/code', { email: 'a@b.test', purpose: 'spam' }, { language: 'en' })).body)).toEqual({
        purpose: 'Must be one of the allowed values',
      });
      const mismatch = await client.post(
        '/api/user/changePassword',
        { email: 'a@b.test', code: '123456', password: PASSWORD, confirmPassword: 'different1' },
        { language: 'en' },
      );
      expect(fieldsOf(mismatch.body)).toEqual({ confirmPassword: 'The password is inconsistent twice' });
      const signedOutReset = await client.post(
        '/api/user/changePassword',
        { code: '123456', password: PASSWORD, confirmPassword: PASSWORD },
        { language: 'en' },
      );
      expect(fieldsOf(signedOutReset.body)).toEqual({ email: 'Please enter your email' });
      const { token } = await client.register({ email: `${uniqueName('msg')}@example.test`, nickname: uniqueName('msg'), ip: nextIp() });
      const update = await client.post('/api/user/updatePassword', { password: PASSWORD, confirmPassword: PASSWORD }, { token, language: 'zh' });
      expect(fieldsOf(update.body)).toEqual({ oldPassword: '请输入当前密码' });
    });
  });

  describe('emailed codes', () => {
    it('kills a code after 5 wrong tries, even for the right code afterwards', async () => {
      const { post, mailedCode } = client;
      const ip = nextIp();
      const email = `${uniqueName('guess')}@example.test`;
      await post('/api/user/code', { email, purpose: 'register' }, { ip });
      const code = await mailedCode(email);
      const wrong = code === '000000' ? '000001' : '000000';
      for (let i = 0; i < 5; i++) {
        const answer = await post('/api/user/regBefore', { email, code: wrong }, { ip, language: 'en' });
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual({
          code: 400,
          message: 'The verification code is wrong or has expired',
          data: { error: 'CODE_INVALID', fields: [{ field: 'code', message: 'The verification code is wrong or has expired' }] },
        });
      }
      expect((await post('/api/user/regBefore', { email, code }, { ip })).status).toBe(400);
    });

    it('lets the right code through after a few wrong ones (right tries do not count)', async () => {
      const { post, mailedCode } = client;
      const ip = nextIp();
      const email = `${uniqueName('typo')}@example.test`;
      await post('/api/user/code', { email, purpose: 'register' }, { ip });
      const code = await mailedCode(email);
      const wrong = code === '000000' ? '000001' : '000000';
      for (let i = 0; i < 4; i++) expect((await post('/api/user/regBefore', { email, code: wrong }, { ip })).status).toBe(400);
      for (let i = 0; i < 3; i++) expect((await post('/api/user/regBefore', { email, code }, { ip })).status).toBe(200);
    });

    it('expires a code after 10 minutes, by the clock the test controls', async () => {
      const { post, mailedCode } = client;
      const ip = nextIp();
      const email = `${uniqueName('late')}@example.test`;
      await post('/api/user/code', { email, purpose: 'register' }, { ip });
      const code = await mailedCode(email);
      advance(599);
      expect((await post('/api/user/regBefore', { email, code }, { ip })).status).toBe(200);
      advance(1);
      expect((await post('/api/user/regBefore', { email, code }, { ip })).status).toBe(400);
    });

    it('answers 429 with Retry-After to a second code within 60 s; a newer code supersedes the older one', async () => {
      const { post, mailedCode } = client;
      const ip = nextIp();
      const email = `${uniqueName('again')}@example.test`;
      await post('/api/user/code', { email, purpose: 'register' }, { ip });
      const first = await mailedCode(email);
      advance(20);
      const tooSoon = await post('/api/user/code', { email, purpose: 'register' }, { ip, language: 'en' });
      expect(tooSoon.status).toBe(429);
      expect(tooSoon.response.headers['retry-after']).toBe('40');
      expect(tooSoon.body).toEqual({
        code: 429,
        message: 'Too many attempts, please try again in 40 seconds',
        data: { error: 'RATE_LIMITED' },
      });
      advance(40);
      expect((await post('/api/user/code', { email, purpose: 'register' }, { ip })).status).toBe(200);
      const second = await mailedCode(email);
      if (second !== first) expect((await post('/api/user/regBefore', { email, code: first }, { ip })).status).toBe(400);
      expect((await post('/api/user/regBefore', { email, code: second }, { ip })).status).toBe(200);
    });

    it('sends a changeEmail code to the new address of a signed-in user, never to a taken one', async () => {
      const ip = nextIp();
      const owner = await client.register({ email: `${uniqueName('mover')}@example.test`, nickname: uniqueName('mover'), ip });
      const other = `${uniqueName('occupied')}@example.test`;
      await client.register({ email: other, nickname: uniqueName('occupied'), ip });
      const target = `${uniqueName('newhome')}@example.test`;
      expect((await client.post('/api/user/code', { email: target, purpose: 'changeEmail' }, { ip })).status).toBe(401);
      const taken = await client.post('/api/user/code', { email: other, purpose: 'changeEmail' }, { ip, token: owner.token, language: 'tr' });
      expect(taken.status).toBe(200);
      const [note] = await client.mailsTo(other);
      expect(note?.subject).toBe('Zaten bir Tribün hesabınız var');
      expect(note?.text).toContain('Şifremi unuttum');
      expect(note?.text).not.toMatch(/\b\d{6}\b/);
      const sent = await client.post('/api/user/code', { email: target, purpose: 'changeEmail' }, { ip, token: owner.token, language: 'zh' });
      expect(sent.status).toBe(200);
      const mails = { list: await client.mailsTo(target) };
      expect(mails.list[0]?.subject).toMatch(/^您的 Tribün 验证码：\d{6}$/);
    });

    it('limits codes per client address: 20 an hour', async () => {
      const ip = nextIp();
      for (let i = 0; i < 20; i++) {
        expect((await client.post('/api/user/code', { email: `${uniqueName('many')}@example.test`, purpose: 'register' }, { ip })).status).toBe(200);
      }
      const refused = await client.post('/api/user/code', { email: `${uniqueName('many')}@example.test`, purpose: 'register' }, { ip });
      expect(refused.status).toBe(429);
      expect(Number(refused.response.headers['retry-after'])).toBeGreaterThan(3000);
    });
  });

  describe('passwords', () => {
    it('resets a forgotten password by code: every old session ends; the old password stops working', async () => {
      const { post, get, mailedCode, register } = client;
      const ip = nextIp();
      const email = `${uniqueName('forgot')}@example.test`;
      const account = await register({ email, nickname: uniqueName('forgot'), ip });
      const second = SignInResultSchema.parse((await post('/api/user/login', { account: email, password: PASSWORD }, { ip })).body.data);

      const answer = await post('/api/user/code', { email, purpose: 'reset' }, { ip, language: 'tr' });
      expect(answer.status).toBe(200);
      const code = await mailedCode(email);
      const newPassword = 'new-pass-2026';
      const reset = await post('/api/user/changePassword', { email, code, password: newPassword, confirmPassword: newPassword }, { ip });
      expect(reset.status).toBe(200);
      expect(reset.body).toEqual({ code: 0, msg: 'success', data: null });

      expect((await get('/api/user/info', { token: account.token })).status).toBe(401);
      expect((await get('/api/user/info', { token: second.token })).status).toBe(401);
      expect((await post('/api/user/login', { account: email, password: PASSWORD }, { ip })).status).toBe(400);
      expect((await post('/api/user/login', { account: email, password: newPassword }, { ip })).status).toBe(200);
      // the code is used up
      const replay = await post('/api/user/changePassword', { email, code, password: PASSWORD, confirmPassword: PASSWORD }, { ip });
      expect(replay.status).toBe(400);
    });

    it('answers a reset for an address without an account exactly like one with an account', async () => {
      const { post, register } = client;
      const ip = nextIp();
      const known = `${uniqueName('known')}@example.test`;
      await register({ email: known, nickname: uniqueName('known'), ip });
      const unknown = `${uniqueName('nobody')}@example.test`;
      const a = await post('/api/user/code', { email: known, purpose: 'reset' }, { ip, language: 'en' });
      const b = await post('/api/user/code', { email: unknown, purpose: 'reset' }, { ip, language: 'en' });
      expect(b.status).toBe(a.status);
      expect(b.body).toEqual(a.body);
      const mails = { list: await client.mailsTo(unknown) };
      expect(mails.list[0]?.subject).toBe('Tribün password reset');
      expect(mails.list[0]?.text).not.toMatch(/\d{6}/);
      const attempt = await post('/api/user/changePassword', { email: unknown, code: '123456', password: PASSWORD, confirmPassword: PASSWORD }, { ip });
      expect(attempt.status).toBe(400);
      expect(attempt.body).toMatchObject({ data: { error: 'CODE_INVALID' } });
    });

    it('changes the password of the signed-in account by code sent to its own address; other sessions end', async () => {
      const { post, get, mailedCode, register } = client;
      const ip = nextIp();
      const email = `${uniqueName('change')}@example.test`;
      const account = await register({ email, nickname: uniqueName('change'), ip });
      const other = SignInResultSchema.parse((await post('/api/user/login', { account: email, password: PASSWORD }, { ip })).body.data);

      expect((await post('/api/user/code', { purpose: 'changePassword' }, { ip })).status).toBe(401);
      // an address in the body is not where the code goes: the account's own address is
      const asked = await post('/api/user/code', { purpose: 'changePassword', email: 'someone@else.test' }, { ip, token: account.token });
      expect(asked.status).toBe(200);
      const code = await mailedCode(email);
      const newPassword = 'changed-2026';
      const changed = await post(
        '/api/user/changePassword',
        { code, password: newPassword, confirmPassword: newPassword },
        { ip, token: account.token },
      );
      expect(changed.status).toBe(200);
      expect((await get('/api/user/info', { token: account.token })).status).toBe(200);
      expect((await get('/api/user/info', { token: other.token })).status).toBe(401);
      expect((await post('/api/user/login', { account: email, password: newPassword }, { ip })).status).toBe(200);
    });

    it('updates the password knowing the old one; a wrong old password is refused on its field', async () => {
      const { post, get, register } = client;
      const ip = nextIp();
      const email = `${uniqueName('update')}@example.test`;
      const account = await register({ email, nickname: uniqueName('update'), ip });
      const other = SignInResultSchema.parse((await post('/api/user/login', { account: email, password: PASSWORD }, { ip })).body.data);
      const newPassword = 'updated-2026';

      const signedOut = await post('/api/user/updatePassword', {}, { ip });
      expect(signedOut.status).toBe(401);
      const wrong = await post(
        '/api/user/updatePassword',
        { oldPassword: 'not-it-2025', password: newPassword, confirmPassword: newPassword },
        { ip, token: account.token, language: 'en' },
      );
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ data: { error: 'PASSWORD_WRONG', fields: [{ field: 'oldPassword', message: 'The current password is wrong' }] } });

      const updated = await post(
        '/api/user/updatePassword',
        { oldPassword: PASSWORD, password: newPassword, confirmPassword: newPassword },
        { ip, token: account.token },
      );
      expect(updated.status).toBe(200);
      expect((await get('/api/user/info', { token: account.token })).status).toBe(200);
      expect((await get('/api/user/info', { token: other.token })).status).toBe(401);
      expect((await post('/api/user/login', { account: email, password: PASSWORD }, { ip })).status).toBe(400);
      expect((await post('/api/user/login', { account: email, password: newPassword }, { ip })).status).toBe(200);
    });
  });

  describe('sign-in', () => {
    it('answers the same "Login failed" for a wrong password, an unknown account and a closed account', async () => {
      const { post, register } = client;
      const ip = nextIp();
      const email = `${uniqueName('closed')}@example.test`;
      const account = await register({ email, nickname: uniqueName('closed'), ip });
      const failed = { code: 400, message: 'Login failed', data: { error: 'LOGIN_FAILED' } };
      expect((await post('/api/user/login', { account: email, password: 'wrong-2025' }, { ip, language: 'en' })).body).toEqual(failed);
      expect((await post('/api/user/login', { account: 'nobody-here', password: PASSWORD }, { ip, language: 'en' })).body).toEqual(failed);
      await database.current.db.update(users).set({ status: 'closed' }).where(eq(users.id, account.user.id));
      expect((await post('/api/user/login', { account: email, password: PASSWORD }, { ip, language: 'en' })).body).toEqual(failed);
      expect((await client.get('/api/user/info', { token: account.token })).status).toBe(401);
    });

    it('slows brute force: the 11th failure on one account is 429 with Retry-After, even with the right password', async () => {
      const { post, register } = client;
      const email = `${uniqueName('target')}@example.test`;
      await register({ email, nickname: uniqueName('target'), ip: nextIp() });
      for (let i = 0; i < 10; i++) {
        // from many addresses: the per-account limit holds regardless
        const answer = await post('/api/user/login', { account: email, password: `guess-${i}-2025` }, { ip: nextIp() });
        expect(answer.status).toBe(400);
      }
      const eleventh = await post('/api/user/login', { account: email.toUpperCase(), password: 'guess-11-2025' }, { ip: nextIp(), language: 'en' });
      expect(eleventh.status).toBe(429);
      expect(eleventh.body).toMatchObject({ code: 429, data: { error: 'RATE_LIMITED' } });
      expect(eleventh.body.message).toMatch(/^Too many attempts, please try again in \d+ seconds$/);
      const retryAfter = Number(eleventh.response.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(900);
      expect((await post('/api/user/login', { account: email, password: PASSWORD }, { ip: nextIp() })).status).toBe(429);
      advance(retryAfter);
      expect((await post('/api/user/login', { account: email, password: PASSWORD }, { ip: nextIp() })).status).toBe(200);
    });

    it('limits failures per client address: 30 in 15 minutes, across accounts', async () => {
      const ip = nextIp();
      for (let i = 0; i < 30; i++) {
        expect((await client.post('/api/user/login', { account: `nobody${i}`, password: 'guess-2025' }, { ip })).status).toBe(400);
      }
      expect((await client.post('/api/user/login', { account: 'nobody-more', password: 'guess-2025' }, { ip })).status).toBe(429);
    });

    it('does not count successful sign-ins against the limits', async () => {
      const ip = nextIp();
      const email = `${uniqueName('often')}@example.test`;
      await client.register({ email, nickname: uniqueName('often'), ip });
      for (let i = 0; i < 12; i++) {
        expect((await client.post('/api/user/login', { account: email, password: PASSWORD }, { ip })).status).toBe(200);
      }
    });
  });

  describe('sessions and privacy', () => {
    it('answers 401 "Please log in first" without a token or with a dead one, and clears the cookie', async () => {
      const none = await client.get('/api/user/info', { language: 'en' });
      expect(none.status).toBe(401);
      expect(none.body).toEqual({ code: 401, message: 'Please log in first', data: { error: 'UNAUTHENTICATED' } });
      expect(setCookies(none.response)).toContain('tribun_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax');
      const tr = await client.get('/api/user/info', { cookie: 'tribun_session=abc' });
      expect(tr.body.message).toBe('Lütfen önce giriş yapın');
      expect(setCookies(tr.response)).toContain('tribun_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax');
    });

    it("never answers another user's account: there is no user id to ask with", async () => {
      const ip = nextIp();
      const a = await client.register({ email: `${uniqueName('alice')}@example.test`, nickname: uniqueName('alice'), ip });
      const b = await client.register({ email: `${uniqueName('bob')}@example.test`, nickname: uniqueName('bob'), ip });
      for (const url of [`/api/user/info?id=${b.user.id}`, `/api/user/info?userId=${b.user.id}&user_id=${b.user.id}`]) {
        const answer = await client.get(url, { token: a.token });
        expect(answer.status).toBe(200);
        expect((answer.body.data as { id: number }).id).toBe(a.user.id);
      }
      expect((await client.get(`/api/user/info/${b.user.id}`, { token: a.token })).status).toBe(404);
      // a cookie of one user and the token of another: the Token header decides, never a mix
      const both = await client.get('/api/user/info', { token: a.token, cookie: `tribun_session=${b.token}` });
      expect((both.body.data as { id: number }).id).toBe(a.user.id);
      // the OpenAPI document shows no parameter on /api/user/info
      const docs = (await client.get('/api/docs/json')).body as unknown as { paths: Record<string, { get?: { parameters?: unknown[] } }> };
      expect(docs.paths['/api/user/info']?.get?.parameters ?? []).toEqual([]);
    });

    it('answers malformed, non-object and oversized bodies with 400 and 413, never 500', async () => {
      const send = (payload: string, contentType = 'application/json') =>
        app.inject({ method: 'POST', url: '/api/user/login', payload, headers: { 'content-type': contentType } });
      const broken = await send('{"account": "x", ');
      expect(broken.statusCode).toBe(400);
      expect(broken.json()).toMatchObject({ code: 400 });
      for (const payload of ['"text"', '[1,2]', 'null', '42']) expect((await send(payload)).statusCode).toBe(400);
      expect((await send('')).statusCode).toBe(400);
      expect((await send(JSON.stringify({ account: 'x', password: 'y'.repeat(70 * 1024) }))).statusCode).toBe(413);
      expect((await send('account=x', 'text/plain')).statusCode).toBe(400);
      expect((await send('account=x', 'application/x-www-form-urlencoded')).statusCode).toBe(415);
      const wrongTypes = await client.post('/api/user/login', { account: 42, password: { a: 1 } }, { language: 'en' });
      expect(wrongTypes.status).toBe(400);
      const reg = await client.post('/api/user/reg', { email: ['a'], code: 123456, password: null, confirmPassword: true, nickname: {} });
      expect(reg.status).toBe(400);
    });
  });
});

describe.each(TEST_DATABASE_KINDS)('the development outbox route on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: FastifyInstance;
  let client: ReturnType<typeof createAccountClient>;

  beforeAll(async () => {
    const { db } = database.current;
    app = await buildApp({ db, matches: createMatchService({ db }), publicConfig: PUBLIC_CONFIG, account: { devOutbox: true } });
    client = createAccountClient(app, { db });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('gives the mailed codes to a staff session only: never to a signed-out or ordinary reader', async () => {
    const { db } = database.current;
    const victim = `victim-${kind}@example.test`;
    await client.register({ email: victim, nickname: `victim${kind}`, ip: '10.9.0.1' });
    const fan = await client.register({ email: `reader-${kind}@example.test`, nickname: `reader${kind}`, ip: '10.9.0.2' });
    // An attacker asks for a reset code of the victim's account and tries to read it.
    expect((await client.post('/api/user/code', { email: victim, purpose: 'reset' }, { ip: '10.9.0.3' })).status).toBe(200);
    const resetCode = await client.mailedCode(victim);

    for (const path of ['/api/dev/outbox', '/api/staff/outbox']) {
      for (const options of [{}, { token: fan.token }, { cookie: `tribun_session=${fan.token}` }]) {
        const answer = await client.get(`${path}?to=${encodeURIComponent(victim)}`, { ...options, language: 'en' });
        expect(answer.status).not.toBe(200);
        expect(answer.response.body).not.toContain(resetCode);
        expect(answer.response.body).not.toContain(victim);
      }
    }
    const anonymous = await client.get(`/api/staff/outbox?to=${encodeURIComponent(victim)}`, { language: 'en' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ code: 401, data: { error: 'UNAUTHENTICATED' } });
    const ordinary = await client.get(`/api/staff/outbox?to=${encodeURIComponent(victim)}`, { token: fan.token, language: 'en' });
    expect(ordinary.status).toBe(403);
    expect(ordinary.body).toMatchObject({ code: 403, data: { error: 'FORBIDDEN' } });
    // refused before the query is read
    expect((await client.get('/api/staff/outbox?limit=nope', { token: fan.token })).status).toBe(403);

    await createOrPromoteAdmin(db, { email: `chief-${kind}@example.test`, nickname: `chief${kind}`, password: 'chief-2025' });
    const staff = SignInResultSchema.parse(
      (await client.post('/api/user/login', { account: `chief-${kind}@example.test`, password: 'chief-2025' }, { ip: '10.9.0.4' })).body.data,
    );
    const read = await client.get(`/api/staff/outbox?to=${encodeURIComponent(victim)}&limit=1`, { token: staff.token });
    expect(read.status).toBe(200);
    expect(read.response.headers['cache-control']).toBe('no-store');
    expect((read.body.data as { list: { to: string; text: string }[] }).list).toEqual([
      expect.objectContaining({ to: victim, text: expect.stringContaining(resetCode) }),
    ]);
  });

  it('is absent unless switched on (production never switches it on)', async () => {
    const { db } = database.current;
    const bare = await buildApp({ db, matches: createMatchService({ db }), publicConfig: PUBLIC_CONFIG });
    try {
      expect((await bare.inject({ method: 'GET', url: '/api/dev/outbox?to=a@b.test' })).statusCode).toBe(404);
      expect((await bare.inject({ method: 'GET', url: '/api/staff/outbox?to=a@b.test' })).statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
