import { describe, expect, it } from 'vitest';
import { currentPasswordSchema, readLinkToken, withConfirmation } from './validation';

/** Each field's first message, as the form shows them. */
function messages(schema: ReturnType<typeof withConfirmation>, values: object) {
  const result = schema.safeParse(values);
  const found: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) found[issue.path.join('.')] ??= issue.message;
  return found;
}

describe('password rules of the account forms', () => {
  it('asks for a current password of any length', () => {
    expect(currentPasswordSchema.safeParse('').success).toBe(false);
    expect(currentPasswordSchema.safeParse('abc').success).toBe(true);
  });

  it('checks a new password, then its confirmation', () => {
    const schema = withConfirmation('newPassword', 'confirmPassword');
    expect(messages(schema, { newPassword: '', confirmPassword: '' })).toEqual({
      newPassword: 'Le mot de passe doit contenir au moins 6 caractères.',
      confirmPassword: 'Confirmez le mot de passe.',
    });
    // A too short password is the one thing to fix: no « do not match » on top of it.
    expect(messages(schema, { newPassword: '12345', confirmPassword: '1234' })).toEqual({
      newPassword: 'Le mot de passe doit contenir au moins 6 caractères.',
    });
    expect(messages(schema, { newPassword: '123456', confirmPassword: '1234567' })).toEqual({
      confirmPassword: 'Les mots de passe ne correspondent pas.',
    });
    expect(messages(schema, { newPassword: '123456', confirmPassword: '123456' })).toEqual({});
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
