import { accessTokenClaimsSchema, type AccessTokenClaims } from '@ecolage/contracts';
import { errors, jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
const ISSUER = 'ecolage';

export interface AccessTokenKeys {
  secret: Uint8Array;
}

export function accessTokenKeys(secret: string): AccessTokenKeys {
  return { secret: new TextEncoder().encode(secret) };
}

/**
 * A 15-minute HS256 JWT carrying the user, the school and the role — or, for a platform operator
 * without a school, the user and `plat: 'operator'` alone.
 */
export function signAccessToken(
  keys: AccessTokenKeys,
  claims: AccessTokenClaims,
  now = new Date(),
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({
    ...(claims.org ? { org: claims.org, role: claims.role } : {}),
    name: claims.name,
    ...(claims.plat ? { plat: claims.plat } : {}),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_SECONDS)
    .sign(keys.secret);
}

export type TokenCheck =
  { ok: true; claims: AccessTokenClaims } | { ok: false; reason: 'expired' | 'invalid' };

/**
 * Verifies signature, issuer, algorithm and expiry; never throws. A token must carry its expiry,
 * issue time and subject, and live no longer than an access token does: a token signed with the
 * secret but without `exp` (or with one far ahead) would otherwise open a session for ever.
 */
export async function verifyAccessToken(keys: AccessTokenKeys, token: string): Promise<TokenCheck> {
  try {
    const { payload } = await jwtVerify(token, keys.secret, {
      issuer: ISSUER,
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'iat', 'sub'],
      maxTokenAge: ACCESS_TOKEN_SECONDS,
    });
    // `exp` and `iat` are required above; no token of ours lives longer than an access token.
    if ((payload.exp ?? 0) - (payload.iat ?? 0) > ACCESS_TOKEN_SECONDS) {
      return { ok: false, reason: 'invalid' };
    }
    const claims = accessTokenClaimsSchema.safeParse(payload);
    return claims.success ? { ok: true, claims: claims.data } : { ok: false, reason: 'invalid' };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}

/** The token of an Authorization header: `Bearer <token>` or, as in the spec, the bare token. */
export function tokenFromHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const value = header.trim();
  const match = /^Bearer\s+(.+)$/i.exec(value);
  const token = (match ? match[1] : value)?.trim();
  return token && /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token) ? token : undefined;
}
