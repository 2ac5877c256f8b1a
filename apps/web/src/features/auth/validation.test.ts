import { describe, expect, it } from 'vitest';
import {
  checkConfirmation,
  checkNewPassword,
  checkPasswordGiven,
  readLinkToken,
} from './validation';

describe('password rules of the account forms', () => {
  it('asks for a current password of any length', () => {
    expect(checkPasswordGiven('')).toBe('passwordRequired');
    expect(checkPasswordGiven('', 'currentPasswordRequired')).toBe('currentPasswordRequired');
    expect(checkPasswordGiven('abc')).toBeNull();
  });

  it('checks a new password, then its confirmation', () => {
    expect(checkConfirmation('secret123', '')).toBe('confirmRequired');
    expect(checkConfirmation('secret123', 'secret124')).toBe('passwordMismatch');
    expect(checkConfirmation('secret123', 'secret123')).toBeNull();
    const fields = { password: 'newPassword', confirmation: 'confirmPassword' } as const;
    expect(checkNewPassword(fields, '', '')).toEqual({
      newPassword: { key: 'passwordRequired' },
      confirmPassword: { key: 'confirmRequired' },
    });
    // A too short password is the one thing to fix: no « do not match » on top of it.
    expect(checkNewPassword(fields, '12345', '1234')).toEqual({
      newPassword: { key: 'passwordTooShort' },
    });
    expect(checkNewPassword(fields, '123456', '1234567')).toEqual({
      confirmPassword: { key: 'passwordMismatch' },
    });
    expect(checkNewPassword(fields, '123456', '123456')).toEqual({});
  });
});

describe('readLinkToken', () => {
  it('reads the token of an e-mailed link, or null when it cannot be one', () => {
    expect(readLinkToken(new URLSearchParams('token=a1b2c3d4e5.f6g7'))).toBe('a1b2c3d4e5.f6g7');
    expect(readLinkToken(new URLSearchParams('token=%20a1b2c3d4e5f6%20'))).toBe('a1b2c3d4e5f6');
    expect(readLinkToken(new URLSearchParams(''))).toBeNull();
    expect(readLinkToken(new URLSearchParams('token=court'))).toBeNull();
    expect(readLinkToken(new URLSearchParams(`token=${'x'.repeat(201)}`))).toBeNull();
  });
});
