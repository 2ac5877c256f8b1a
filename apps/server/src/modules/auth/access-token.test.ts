import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { accessTokenKeys, signAccessToken, verifyAccessToken } from './access-token';

const keys = accessTokenKeys('secret-de-test-qui-fait-au-moins-32-caracteres');
const claims = {
  sub: '0b4f0c1e-6d9a-4a57-9f4e-1d2b3c4d5e6f',
  org: '1c5a1d2f-7eab-4b68-a05f-2e3c4d5e6f70',
  role: '2d6b2e30-8fbc-4c79-b160-3f4d5e6f7081',
  name: 'Ama',
};
const seconds = () => Math.floor(Date.now() / 1000);

/** A token signed with the real secret, with exactly the registered claims given. */
function forge(registered: { sub?: string; iat?: number; exp?: number }): Promise<string> {
  let jwt = new SignJWT({ org: claims.org, role: claims.role, name: claims.name })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('ecolage');
  if (registered.sub) jwt = jwt.setSubject(registered.sub);
  if (registered.iat !== undefined) jwt = jwt.setIssuedAt(registered.iat);
  if (registered.exp !== undefined) jwt = jwt.setExpirationTime(registered.exp);
  return jwt.sign(keys.secret);
}

describe('access token verification', () => {
  it('accepts the tokens the server signs', async () => {
    expect(await verifyAccessToken(keys, await signAccessToken(keys, claims))).toEqual({
      ok: true,
      claims,
    });
  });

  it.each([
    ['without exp', { sub: claims.sub, iat: seconds() }],
    ['without iat', { sub: claims.sub, exp: seconds() + 600 }],
    ['without sub', { iat: seconds(), exp: seconds() + 600 }],
    [
      'with an exp far ahead',
      { sub: claims.sub, iat: seconds(), exp: seconds() + 10 * 365 * 86_400 },
    ],
    ['issued in the future', { sub: claims.sub, iat: seconds() + 3600, exp: seconds() + 4500 }],
  ])('refuses a token signed with the secret %s', async (_label, registered) => {
    const check = await verifyAccessToken(keys, await forge(registered));
    expect(check.ok).toBe(false);
  });
});
