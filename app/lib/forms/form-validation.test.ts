import { describe, expect, it } from 'vitest';
import {
  ChangePasswordBodySchema,
  LoginBodySchema,
  RegBeforeBodySchema,
  RegisterBodySchema,
  UpdatePasswordBodySchema,
} from '../../../core/contracts/account';
import { ChangeEmailBodySchema, ChangeNicknameBodySchema, UpdateInfoBodySchema } from '../../../core/contracts/profile';
import { getI18n } from '../../i18n/i18n';
import { ApiError } from '../api-client';
import { apiErrorDetails } from '../account-api';
import { fieldErrorKeys } from './form-validation';

const request = { method: 'POST', url: 'http://x/api/user/reg' };

describe('form checks with the contract schemas', () => {
  it('reports the first problem of each field', () => {
    expect(fieldErrorKeys(LoginBodySchema, { account: ' ', password: '' })).toEqual({
      account: 'account.account.required',
      password: 'account.password.required',
    });
    expect(fieldErrorKeys(LoginBodySchema, { account: 'cimbom', password: 'x' })).toEqual({});
  });

  it('says "The password is inconsistent twice" on the second password', () => {
    const keys = fieldErrorKeys(RegisterBodySchema, {
      email: 'a@b.co',
      code: '123456',
      password: 'secret123',
      confirmPassword: 'secret124',
      nickname: 'Cimbom',
    });
    expect(keys).toEqual({ confirmPassword: 'account.password.mismatch' });
    expect(getI18n('en').t(`messages:${keys.confirmPassword}`)).toBe('The password is inconsistent twice');
  });

  // Every message a form can show before sending must read as a sentence in every language.
  const bad = [
    [LoginBodySchema, {}],
    [RegBeforeBodySchema, {}],
    [RegBeforeBodySchema, { email: 'nope', code: '12' }],
    [RegisterBodySchema, {}],
    [RegisterBodySchema, { email: 'a@b.co', code: '123456', password: 'short', confirmPassword: 'x', nickname: 'a', inviteCode: 'x'.repeat(40) }],
    [RegisterBodySchema, { email: 'a@b.co', code: '123456', password: 'secret123', confirmPassword: 'secret123', nickname: 'a@b' }],
    [ChangePasswordBodySchema, { email: '' }],
    [UpdatePasswordBodySchema, {}],
    [ChangeNicknameBodySchema, {}],
    [ChangeEmailBodySchema, {}],
    [UpdateInfoBodySchema, { gender: 'x', phone: 'abc', address: 'x'.repeat(300), telegram: '!', whatsapp: '!', instagram: '!', facebook: '!' }],
  ] as const;

  it.each(['tr', 'en', 'zh'] as const)('has a %s text for every message of the forms', (locale) => {
    const i18n = getI18n(locale);
    const keys = new Set(bad.flatMap(([schema, values]) => Object.values(fieldErrorKeys(schema, values))));
    expect(keys.size).toBeGreaterThan(15);
    const missing = [...keys].filter((key) => !i18n.exists(`messages:${key}`, { lng: locale, fallbackLng: false }));
    expect(missing).toEqual([]);
  });
});

describe('API error details', () => {
  it('reads the contract’s field messages, code and Retry-After', () => {
    const error = new ApiError({
      code: 400,
      message: 'Bad Request',
      request,
      retryAfterSec: null,
      data: { code: 400, message: 'Check the form', data: { error: 'VALIDATION', fields: [{ field: 'nickname', message: 'Taken' }] } },
    });
    expect(apiErrorDetails(error)).toEqual({ status: 400, error: 'VALIDATION', message: 'Check the form', fields: { nickname: 'Taken' }, retryAfterSec: null });
    const limited = new ApiError({ code: 429, message: 'Too Many Requests', request, retryAfterSec: 42, data: null });
    expect(apiErrorDetails(limited)).toMatchObject({ status: 429, retryAfterSec: 42, message: null });
  });

  it('gives nothing but a status 0 for anything that is not an API answer', () => {
    expect(apiErrorDetails(new Error('boom'))).toEqual({ status: 0, error: null, message: null, fields: {}, retryAfterSec: null });
  });
});
