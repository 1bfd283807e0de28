import { describe, expect, it } from 'vitest';
import { INVITE_CODE_ALPHABET } from '../../../core/contracts/account';
import { generateVerificationCode, hashVerificationCode } from './codes';
import { generateInviteCode } from './invite-code';

describe('invitation codes', () => {
  it('are 8 characters of the unambiguous alphabet', () => {
    for (let i = 0; i < 200; i++) expect(generateInviteCode()).toMatch(new RegExp(`^[${INVITE_CODE_ALPHABET}]{8}$`));
    expect(generateInviteCode(() => 0)).toBe('AAAAAAAA');
    expect(generateInviteCode((max) => max - 1)).toBe('99999999');
  });
});

describe('verification codes', () => {
  it('are six digits, zero-padded', () => {
    expect(generateVerificationCode(() => 42)).toBe('000042');
    for (let i = 0; i < 200; i++) expect(generateVerificationCode()).toMatch(/^\d{6}$/);
  });

  it('are stored salted: the same code hashes differently per row and never appears in the hash', () => {
    const a = hashVerificationCode('123456');
    const b = hashVerificationCode('123456');
    expect(a).not.toBe(b);
    expect(a).not.toContain('123456');
    expect(hashVerificationCode('123456', 'salt')).toBe(hashVerificationCode('123456', 'salt'));
  });
});
