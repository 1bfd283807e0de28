import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSuccessSchema } from '../../../core/contracts/api';
import { UserInfoSchema } from '../../../core/contracts/account';
import { users } from '../../db/schema/users';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { createTestUser } from '../../test-support/users';
import { issueCode } from '../account/codes';
import { buildTestApp } from '../points/points-test-support';

type TestUser = Awaited<ReturnType<typeof createTestUser>>;

describe.each(TEST_DATABASE_KINDS)('personal data API on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp(database.current.db);
  });
  afterAll(async () => {
    await app?.close();
  });

  async function post(url: string, user: TestUser | null, body?: unknown, language = 'en') {
    const response = await app.inject({
      method: 'POST',
      url,
      headers: { language, ...(user ? { token: user.token } : {}) },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: response.statusCode, body: response.json() };
  }

  async function info(user: TestUser) {
    const response = await app.inject({ method: 'GET', url: '/api/user/info', headers: { token: user.token } });
    return apiSuccessSchema(UserInfoSchema).parse(response.json()).data;
  }

  const newUser = () => createTestUser(database.current.db);

  describe('POST /api/user/updateInfo', () => {
    it('saves gender and contacts, trimmed, and answers UserInfo', async () => {
      const user = await newUser();
      const { status, body } = await post('/api/user/updateInfo', user, {
        gender: 'female',
        phone: ' +90 555-123 45 67 ',
        address: 'Bağdat Cad. 12\nKadıköy, İstanbul',
        telegram: '@tribun_fan',
        whatsapp: 'https://wa.me/905551234567',
        instagram: 'https://www.instagram.com/tribun.fan/',
        facebook: 'tribun.fan',
        role: 'admin', // unknown to this endpoint: ignored
      });
      expect(status).toBe(200);
      const data = apiSuccessSchema(UserInfoSchema).parse(body).data;
      expect(data).toMatchObject({
        id: user.id,
        gender: 'female',
        phone: '+90 555-123 45 67',
        address: 'Bağdat Cad. 12\nKadıköy, İstanbul',
        telegram: '@tribun_fan',
        whatsapp: 'https://wa.me/905551234567',
        instagram: 'https://www.instagram.com/tribun.fan/',
        facebook: 'tribun.fan',
        role: 'user',
      });
    });

    it('keeps the fields left out and clears a contact sent as "" or null', async () => {
      const user = await newUser();
      await post('/api/user/updateInfo', user, { phone: '05551234567', telegram: 'https://t.me/tribun_fan', address: 'Ankara' });
      const { body } = await post('/api/user/updateInfo', user, { phone: '', telegram: null, gender: 'male' });
      expect(body.data).toMatchObject({ phone: null, telegram: null, address: 'Ankara', gender: 'male' });
      const unchanged = await post('/api/user/updateInfo', user, {});
      expect(unchanged.body.data).toMatchObject({ address: 'Ankara', gender: 'male' });
    });

    it.each([
      ['gender', 'other', 'Please select gender'],
      ['gender', '', 'Please select gender'],
      ['phone', '12345', 'A phone number has 6–20 characters: digits, spaces, + and - only'],
      ['phone', '555-CALL-NOW', 'A phone number has 6–20 characters: digits, spaces, + and - only'],
      ['phone', '1'.repeat(21), 'A phone number has 6–20 characters: digits, spaces, + and - only'],
      ['phone', '5551234+67', 'A phone number has 6–20 characters: digits, spaces, + and - only'],
      ['phone', 5551234567, 'A phone number has 6–20 characters: digits, spaces, + and - only'],
      ['address', 'x'.repeat(201), 'The address can be at most 200 characters long'],
      ['telegram', 'ab', 'Please enter a valid Telegram username or t.me link'],
      ['telegram', 'https://evil.example/tribun_fan', 'Please enter a valid Telegram username or t.me link'],
      ['telegram', 'https://t.me/', 'Please enter a valid Telegram username or t.me link'],
      ['whatsapp', 'call me', 'Please enter a valid WhatsApp number or wa.me link'],
      ['instagram', 'bad name!', 'Please enter a valid Instagram username or instagram.com link'],
      ['instagram', `https://instagram.com/${'a'.repeat(90)}`, 'Please enter a valid Instagram username or instagram.com link'],
      ['facebook', 'fb', 'Please enter a valid Facebook username or facebook.com link'],
      ['facebook', 'javascript:alert(1)', 'Please enter a valid Facebook username or facebook.com link'],
      ['facebook', 'tribun\u200bfan', 'Please enter a valid Facebook username or facebook.com link'],
    ])('refuses %s = %j with its own message', async (field, value, message) => {
      const user = await newUser();
      const { status, body } = await post('/api/user/updateInfo', user, { [field]: value });
      expect(status).toBe(400);
      expect(body).toEqual({ code: 400, message: 'The request is not valid', data: { error: 'VALIDATION', fields: [{ field, message }] } });
      expect((await info(user))[field as 'phone']).toBeNull();
    });

    it('answers every bad field at once, in the reader language', async () => {
      const user = await newUser();
      const { body } = await post('/api/user/updateInfo', user, { gender: 'x', phone: 'x', facebook: 'x' }, 'tr');
      expect(body.message).toBe('İstek geçersiz');
      expect(body.data.fields).toEqual([
        { field: 'gender', message: 'Lütfen cinsiyet seçin' },
        { field: 'phone', message: 'Telefon numarası 6–20 karakter olmalı; yalnızca rakam, boşluk, + ve - içerebilir' },
        { field: 'facebook', message: 'Geçerli bir Facebook kullanıcı adı veya facebook.com bağlantısı girin' },
      ]);
    });

    it('accepts the handles and links of the decision record', async () => {
      const user = await newUser();
      const { status, body } = await post('/api/user/updateInfo', user, {
        telegram: 'https://telegram.me/Tribun_Fan',
        whatsapp: '+90 555 123 45 67',
        instagram: '@tribun_fan',
        facebook: 'https://www.facebook.com/profile.php?id=100012345678',
      });
      expect(status).toBe(200);
      expect(body.data.facebook).toBe('https://www.facebook.com/profile.php?id=100012345678');
    });
  });

  describe('POST /api/user/changeNickname', () => {
    it('changes the nickname; a case-only change of the own nickname is fine', async () => {
      const user = await newUser();
      const { status, body } = await post('/api/user/changeNickname', user, { nickname: '  Kartal 1903 ' });
      expect(status).toBe(200);
      expect(body.data.nickname).toBe('Kartal 1903');
      expect((await post('/api/user/changeNickname', user, { nickname: 'KARTAL 1903' })).body.data.nickname).toBe('KARTAL 1903');
    });

    it('answers 409 NICKNAME_TAKEN when someone else has it in any letter case', async () => {
      const taken = await createTestUser(database.current.db, { nickname: 'Cimbom' });
      const user = await newUser();
      const { status, body } = await post('/api/user/changeNickname', user, { nickname: 'CIMBOM' });
      expect(status).toBe(409);
      expect(body).toEqual({
        code: 409,
        message: 'This nickname is taken',
        data: { error: 'NICKNAME_TAKEN', fields: [{ field: 'nickname', message: 'This nickname is taken' }] },
      });
      expect((await info(user)).nickname).not.toBe('CIMBOM');
      expect((await info(taken)).nickname).toBe('Cimbom');
    });

    it.each([
      [{ nickname: '' }, 'Please enter a nickname'],
      [{ nickname: '   ' }, 'Please enter a nickname'],
      [{}, 'Please enter a nickname'],
      [{ nickname: 'a' }, 'The nickname must be 2–20 characters long'],
      [{ nickname: 'a'.repeat(21) }, 'The nickname must be 2–20 characters long'],
      [{ nickname: 'fan@site' }, 'The nickname may contain only letters, digits, spaces, dots, underscores and hyphens'],
    ])('refuses %j', async (payload, message) => {
      const user = await newUser();
      const { status, body } = await post('/api/user/changeNickname', user, payload);
      expect(status).toBe(400);
      expect(body.data.fields).toEqual([{ field: 'nickname', message }]);
    });
  });

  describe('POST /api/user/changeEmail', () => {
    it('changes the address with the code mailed to the new one, and uses the code up', async () => {
      const user = await newUser();
      const email = `new-${user.id}@example.test`;
      const { code } = await issueCode(database.current.db, { email, purpose: 'changeEmail' });
      const { status, body } = await post('/api/user/changeEmail', user, { email: ` ${email.toUpperCase()} `, code });
      expect(status).toBe(200);
      expect(body.data.email).toBe(email);
      const again = await post('/api/user/changeEmail', user, { email: `other-${user.id}@example.test`, code });
      expect(again.status).toBe(400);
      expect(again.body.data.error).toBe('CODE_INVALID');
    });

    it('refuses a wrong code, a code of another purpose, a taken address and the current address', async () => {
      const user = await newUser();
      const other = await newUser();
      const email = `fresh-${user.id}@example.test`;
      const { code: registerCode } = await issueCode(database.current.db, { email, purpose: 'register' });
      const wrongPurpose = await post('/api/user/changeEmail', user, { email, code: registerCode });
      expect([wrongPurpose.status, wrongPurpose.body.data]).toEqual([
        400,
        { error: 'CODE_INVALID', fields: [{ field: 'code', message: 'The verification code is wrong or has expired' }] },
      ]);
      const { code } = await issueCode(database.current.db, { email, purpose: 'changeEmail' });
      const wrong = await post('/api/user/changeEmail', user, { email, code: code === '000000' ? '111111' : '000000' });
      expect(wrong.body.data.error).toBe('CODE_INVALID');

      // A taken address answers as a free one without its own code (decision 106); only a code
      // of that very address (mailed before it was taken) reaches the 409.
      const taken = await post('/api/user/changeEmail', user, { email: other.email, code });
      expect([taken.status, taken.body.data.error]).toEqual([400, 'CODE_INVALID']);
      const { code: takenCode } = await issueCode(database.current.db, { email: other.email, purpose: 'changeEmail' });
      const raced = await post('/api/user/changeEmail', user, { email: other.email, code: takenCode });
      expect([raced.status, raced.body.data.error]).toEqual([409, 'EMAIL_TAKEN']);
      const same = await post('/api/user/changeEmail', user, { email: user.email, code });
      expect([same.status, same.body.data.fields]).toEqual([
        400,
        [{ field: 'email', message: 'This is already the email address of your account' }],
      ]);
      expect((await info(user)).email).toBe(user.email);
    });

    it.each([
      [{ email: '', code: '123456' }, 'email', 'Please enter your email'],
      [{ email: 'not-an-address', code: '123456' }, 'email', 'Please enter a valid email address'],
      [{ email: 'a@example.test', code: '' }, 'code', 'Please enter the verification code'],
      [{ email: 'a@example.test', code: '12ab' }, 'code', 'The verification code has 6 digits'],
    ])('refuses %j', async (payload, field, message) => {
      const user = await newUser();
      const { status, body } = await post('/api/user/changeEmail', user, payload);
      expect(status).toBe(400);
      expect(body.data.fields).toEqual([{ field, message }]);
    });
  });

  describe('POST /api/user/avatar', () => {
    it('takes one of the avatar ids and refuses anything else', async () => {
      const user = await newUser();
      expect((await post('/api/user/avatar', user, { avatar: 'a07' })).body.data.avatar).toBe('a07');
      for (const avatar of ['a99', '', '../a01', 7]) {
        const { status, body } = await post('/api/user/avatar', user, { avatar });
        expect(status).toBe(400);
        expect(body.data.fields).toEqual([{ field: 'avatar', message: 'Please choose one of the listed avatars' }]);
      }
      expect((await info(user)).avatar).toBe('a07');
    });
  });

  describe('POST /api/user/settings', () => {
    it('merges the notification switches sent into the stored ones, and sets language and theme', async () => {
      const user = await newUser();
      await post('/api/user/settings', user, { event_msg_status: { all_comp: false } });
      const { status, body } = await post('/api/user/settings', user, {
        event_msg_status: { voice_stauts: false, unknown_switch: true },
        locale: 'zh',
        theme: 'dark',
      });
      expect(status).toBe(200);
      expect(body.data).toMatchObject({
        event_msg_status: {
          all_comp: false,
          game_collect: true,
          voice_stauts: false,
          guess_result: true,
          pre_result: true,
          activity_result: true,
        },
        locale: 'zh',
        theme: 'dark',
      });
      const reset = await post('/api/user/settings', user, { theme: null });
      expect(reset.body.data).toMatchObject({ theme: null, locale: 'zh' });
    });

    it('stores the odds format, answers it in the user info, and clears it with null', async () => {
      const user = await newUser();
      expect((await info(user)).odds_format).toBeNull();
      const { status, body } = await post('/api/user/settings', user, { odds_format: 'fractional' });
      expect(status).toBe(200);
      expect(apiSuccessSchema(UserInfoSchema).parse(body).data.odds_format).toBe('fractional');
      expect((await info(user)).odds_format).toBe('fractional');
      // the other settings leave it alone
      await post('/api/user/settings', user, { theme: 'dark' });
      expect((await info(user)).odds_format).toBe('fractional');
      const [row] = await database.current.db.select().from(users).where(eq(users.id, user.id));
      expect(row?.oddsFormat).toBe('fractional');
      const cleared = await post('/api/user/settings', user, { odds_format: null });
      expect(cleared.body.data.odds_format).toBeNull();
      expect((await info(user)).odds_format).toBeNull();
    });

    it.each([
      ['en', 'The odds format must be decimal, hongkong or fractional'],
      ['tr', 'Oran biçimi ondalık (decimal), Hong Kong (hongkong) veya kesirli (fractional) olmalı'],
      ['zh', '赔率格式必须是欧洲盘（decimal）、香港盘（hongkong）或分数（fractional）'],
    ])('refuses an unknown odds format in %s and changes nothing', async (language, message) => {
      const user = await newUser();
      await post('/api/user/settings', user, { odds_format: 'hongkong' });
      for (const odds_format of ['american', 'Decimal', '', 2.5]) {
        const { status, body } = await post('/api/user/settings', user, { odds_format, theme: 'dark' }, language);
        expect(status).toBe(400);
        expect(body.data.fields).toEqual([{ field: 'odds_format', message }]);
      }
      expect(await info(user)).toMatchObject({ odds_format: 'hongkong', theme: null });
    });

    it.each([
      [{ locale: 'de' }, 'locale', 'Please select language'],
      [{ theme: 'blue' }, 'theme', 'The theme must be light or dark'],
      [{ event_msg_status: { all_comp: 'yes' } }, 'event_msg_status.all_comp', 'The notification settings are not valid'],
      [{ event_msg_status: 5 }, 'event_msg_status', 'The notification settings are not valid'],
    ])('refuses %j', async (payload, field, message) => {
      const user = await newUser();
      const { status, body } = await post('/api/user/settings', user, payload);
      expect(status).toBe(400);
      expect(body.data.fields).toEqual([{ field, message }]);
    });
  });

  describe('POST /api/user/cancel and /api/user/cancel/revoke', () => {
    it('puts the account in pending cancellation for 15 days, keeps the first date, and revokes', async () => {
      const user = await newUser();
      const { status, body } = await post('/api/user/cancel', user);
      expect(status).toBe(200);
      expect(body.data.status).toBe('pending_cancellation');
      const requestedAt = Date.parse(body.data.cancellation.requested_at);
      expect(Date.parse(body.data.cancellation.closes_at) - requestedAt).toBe(15 * 86_400_000);
      const again = await post('/api/user/cancel', user);
      expect(again.body.data.cancellation.requested_at).toBe(body.data.cancellation.requested_at);
      // a pending account still signs in and can change its mind
      const revoked = await post('/api/user/cancel/revoke', user);
      expect(revoked.body.data).toMatchObject({ status: 'active', cancellation: null });
      expect((await post('/api/user/cancel/revoke', user)).body.data.status).toBe('active');
    });
  });

  describe('every endpoint', () => {
    const endpoints: [string, unknown][] = [
      ['/api/user/updateInfo', { phone: '5551234567' }],
      ['/api/user/changeEmail', { email: 'x@example.test', code: '123456' }],
      ['/api/user/changeNickname', { nickname: 'Someone' }],
      ['/api/user/avatar', { avatar: 'a02' }],
      ['/api/user/settings', { theme: 'dark' }],
      ['/api/user/cancel', undefined],
      ['/api/user/cancel/revoke', undefined],
    ];

    it.each(endpoints)('%s is 401 without a token, even with a bad body', async (url, payload) => {
      for (const body of [payload, { nonsense: [1, 2, 3] }]) {
        const { status, body: answer } = await post(url, null, body);
        expect(status).toBe(401);
        expect(answer).toMatchObject({ code: 401, message: 'Please log in first', data: { error: 'UNAUTHENTICATED' } });
      }
    });

    it.each(endpoints.filter(([, payload]) => payload !== undefined))(
      '%s answers malformed and oversized bodies with 400 and 413, never 500',
      async (url) => {
        const user = await newUser();
        const send = (payload: string, contentType = 'application/json') =>
          app.inject({ method: 'POST', url, payload, headers: { token: user.token, 'content-type': contentType, language: 'en' } });
        const malformed = await send('{"phone": ');
        expect([malformed.statusCode, malformed.json().message]).toEqual([400, 'The request could not be understood']);
        expect((await send('[1,2]')).statusCode).toBe(400);
        expect((await send('"text"')).statusCode).toBe(400);
        expect((await send('null')).statusCode).toBe(400);
        expect((await send('')).statusCode).toBe(400);
        const huge = await send(JSON.stringify({ address: 'x'.repeat(70_000) }));
        expect([huge.statusCode, huge.json().message]).toEqual([413, 'The request is too large']);
        const wrongType = await send('phone=1', 'text/plain');
        expect(wrongType.statusCode).toBeGreaterThanOrEqual(400);
        expect(wrongType.statusCode).toBeLessThan(500);
      },
    );

    it("changes only the caller's own account: user B can never read or change user A's data", async () => {
      const a = await newUser();
      const b = await newUser();
      await post('/api/user/updateInfo', a, { phone: '+90 555 000 00 00', gender: 'male' });
      const before = await info(a);
      const [, ...rest] = await Promise.all([
        post('/api/user/updateInfo', b, { phone: '+90 555 111 11 11', gender: 'female', id: a.id, userId: a.id }),
        post('/api/user/changeNickname', b, { nickname: `B-${b.id}`, id: a.id }),
        post('/api/user/avatar', b, { avatar: 'a12', user_id: a.id }),
        post('/api/user/settings', b, { theme: 'dark', locale: 'en', event_msg_status: { all_comp: false }, id: a.id }),
        post('/api/user/cancel', b, { id: a.id }),
      ]);
      for (const answer of rest) expect(answer.body.data?.id ?? b.id).toBe(b.id);
      const { code } = await issueCode(database.current.db, { email: `b-${b.id}@example.test`, purpose: 'changeEmail' });
      const changed = await post('/api/user/changeEmail', b, { email: `b-${b.id}@example.test`, code, userId: a.id });
      expect(changed.body.data.id).toBe(b.id);
      expect(await info(a)).toEqual(before);
      const bNow = await info(b);
      expect(bNow).toMatchObject({ phone: '+90 555 111 11 11', nickname: `B-${b.id}`, avatar: 'a12', theme: 'dark' });
      expect(bNow.status).toBe('pending_cancellation');
    });

    it('never changes a closed account', async () => {
      const user = await newUser();
      // a session that outlived closure must not write: the row is guarded too
      await database.current.db.update(users).set({ status: 'closed' }).where(eq(users.id, user.id));
      const { status } = await post('/api/user/updateInfo', user, { phone: '5551234567' });
      expect(status).toBe(401);
      const [row] = await database.current.db.select({ phone: users.phone }).from(users).where(eq(users.id, user.id));
      expect(row?.phone).toBeNull();
    });
  });
});
