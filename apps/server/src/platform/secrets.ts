import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The secret that signs access tokens. `JWT_SECRET` wins; with the embedded database a random one
 * is created once in the data directory (sessions survive restarts); with a real server every
 * instance must share it, so it is required there.
 */
export function resolveJwtSecret(config: {
  JWT_SECRET?: string;
  DATABASE_URL?: string;
  dataDir: string;
}): string {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  if (config.DATABASE_URL) {
    throw new Error(
      'JWT_SECRET est obligatoire avec DATABASE_URL (au moins 32 caractères, le même pour toutes les instances).',
    );
  }
  const file = path.join(config.dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
