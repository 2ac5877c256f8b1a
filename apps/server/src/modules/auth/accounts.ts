import type { Transaction } from '../../platform/db/database';
import { findUserByEmail, insertUser } from './auth.repository';
import type { User } from './auth.tables';
import { hashPassword } from './password';

/** The account with this e-mail, created with these details when there is none (demo seed). */
export async function ensureAccount(
  tx: Transaction,
  input: { email: string; name: string; password: string },
): Promise<{ user: User; created: boolean }> {
  const existing = await findUserByEmail(tx, input.email);
  if (existing) return { user: existing, created: false };
  const user = await insertUser(tx, {
    email: input.email,
    name: input.name,
    passwordHash: await hashPassword(input.password),
  });
  if (!user) throw new Error(`account ${input.email} not created`);
  return { user, created: true };
}
