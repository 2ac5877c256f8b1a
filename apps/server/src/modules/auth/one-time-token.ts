import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Links sent by e-mail (password reset, invitation) carry `<row id>.<secret>`: the id finds the row,
 * the secret proves possession; only the secret's SHA-256 is stored.
 */
export function newSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: hashSecret(secret) };
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function parseToken(token: string): { id: string; secret: string } | undefined {
  const match = /^([0-9a-f-]{36})\.([\w-]{20,100})$/.exec(token.trim());
  return match?.[1] && match[2] ? { id: match[1], secret: match[2] } : undefined;
}

export function secretMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
