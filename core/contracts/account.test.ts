import { describe, expect, it } from 'vitest';
import {
  ChangePasswordBodySchema,
  CodeRequestBodySchema,
  EmailSchema,
  INVITE_CODE_ALPHABET,
  INVITE_CODE_LENGTH,
  NicknameSchema,
  RegisterBodySchema,
  isValidPassword,
  toEmailKey,
  toNicknameKey,
} from './account';

describe('the password rule: 8–72 characters with letters and digits', () => {
  it('accepts passwords with at least one letter and one digit in the length', () => {
    for (const password of ['goal2025', 'Şampiyon1', '进球进球进球进1', `a1${'x'.repeat(70)}`, 'with space 1 ok']) {
      expect(isValidPassword(password), password).toBe(true);
    }
  });

  it('refuses short, long, letters-only and digits-only passwords', () => {
    for (const password of ['goal202', `a1${'x'.repeat(71)}`, 'onlyletters', '12345678', '!!!!!!!!1', '']) {
      expect(isValidPassword(password), password).toBe(false);
    }
  });

  it('counts characters, not UTF-16 units', () => {
    expect(isValidPassword('😀😀😀😀😀😀a1')).toBe(true);
    expect(isValidPassword('😀😀😀😀a1')).toBe(false);
  });
});

describe('nickname keys (unique ignoring letter case)', () => {
  it('folds letter case, also of Turkish dotted and dotless capitals', () => {
    expect(toNicknameKey('GalataSaray_1905')).toBe('galatasaray_1905');
    expect(toNicknameKey('İzmir')).toBe(toNicknameKey('izmir'));
    expect(toNicknameKey('IZMIR')).toBe('izmir');
    expect(toNicknameKey('ılık')).not.toBe(toNicknameKey('ILIK'));
  });

  it('folds compatibility forms (full-width letters) together', () => {
    expect(toNicknameKey('ＦＡＮ')).toBe('fan');
  });

  it('keeps accents: Şener and Sener are two people', () => {
    expect(toNicknameKey('Şener')).not.toBe(toNicknameKey('Sener'));
  });
});

describe('nicknames', () => {
  it('take 2–20 letters, digits, dots, underscores, hyphens and single inner spaces', () => {
    for (const nickname of ['Al', 'ayşe_1905', 'Çarşı-Fan', 'Li.Wei', '李伟', 'Kara Kartal', 'x'.repeat(20)]) {
      expect(NicknameSchema.safeParse(nickname).success, nickname).toBe(true);
    }
  });

  it('refuse @ (sign-in tells emails from nicknames by it), symbols and doubled spaces', () => {
    const refused = (nickname: string) => NicknameSchema.safeParse(nickname).error?.issues[0]?.message;
    expect(refused('fan@home')).toBe('account.nickname.chars');
    expect(refused('fan!')).toBe('account.nickname.chars');
    expect(refused('a  b')).toBe('account.nickname.chars');
    expect(refused('x')).toBe('account.nickname.length');
    expect(refused('x'.repeat(21))).toBe('account.nickname.length');
    expect(refused('   ')).toBe('account.nickname.required');
  });

  it('are trimmed', () => {
    expect(NicknameSchema.parse('  Fan 1 ')).toBe('Fan 1');
  });
});

describe('email addresses', () => {
  it('are trimmed and lower-cased', () => {
    expect(EmailSchema.parse('  Ayse@Example.TEST ')).toBe('ayse@example.test');
    expect(toEmailKey(' Ayse@Example.TEST')).toBe('ayse@example.test');
  });

  it('name the missing and the malformed apart', () => {
    expect(EmailSchema.safeParse(undefined).error?.issues[0]?.message).toBe('account.email.required');
    expect(EmailSchema.safeParse('').error?.issues[0]?.message).toBe('account.email.required');
    expect(EmailSchema.safeParse('no-at-sign').error?.issues[0]?.message).toBe('account.email.invalid');
  });
});

describe('invitation code alphabet', () => {
  it('has no look-alike characters and 8-character codes', () => {
    for (const ambiguous of ['0', 'O', '1', 'I', 'L']) expect(INVITE_CODE_ALPHABET).not.toContain(ambiguous);
    expect(new Set(INVITE_CODE_ALPHABET).size).toBe(INVITE_CODE_ALPHABET.length);
    expect(INVITE_CODE_LENGTH).toBe(8);
  });
});

describe('request bodies', () => {
  it('report different passwords on confirmPassword', () => {
    const result = RegisterBodySchema.safeParse({
      email: 'a@b.test',
      code: '123456',
      password: 'goal2025',
      confirmPassword: 'goal2026',
      nickname: 'fan',
    });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['confirmPassword', 'account.password.mismatch']]);
    expect(
      ChangePasswordBodySchema.safeParse({ code: '123456', password: 'goal2025', confirmPassword: 'x' }).error?.issues[0]?.path,
    ).toEqual(['confirmPassword']);
  });

  it('upper-case the invitation code and ignore unknown fields', () => {
    const body = RegisterBodySchema.parse({
      email: 'a@b.test',
      code: '123456',
      password: 'goal2025',
      confirmPassword: 'goal2025',
      nickname: 'fan',
      inviteCode: ' abcd2345 ',
      role: 'admin',
    });
    expect(body.inviteCode).toBe('ABCD2345');
    expect(body).not.toHaveProperty('role');
  });

  it('need an email for every code purpose except changePassword', () => {
    expect(CodeRequestBodySchema.safeParse({ purpose: 'changePassword' }).success).toBe(true);
    for (const purpose of ['register', 'reset', 'changeEmail']) {
      expect(CodeRequestBodySchema.safeParse({ purpose }).error?.issues[0]?.message).toBe('account.email.required');
    }
  });
});
