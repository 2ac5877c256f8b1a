import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's recommended minimum (m = 19 MiB, t = 2, p = 1): about 7 ms per hash on
 * our 2-core machines (bench/auth.bench.ts), so 800 parents' bursar logging in at 8 a.m. is not
 * slowed, while each guess at a stolen hash still costs 19 MiB of memory.
 * See docs/decisions/0006-accounts-and-sessions.md.
 */
export const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verified when the e-mail is unknown, so both cases take the same time. */
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('ecolage-aucun-compte');
  await verifyPassword(await dummyHash, password);
  return false;
}
