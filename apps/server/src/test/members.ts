import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../platform/db/database';
import { addMemberWithSystemRole } from '../modules/access/access.service';
import { ensureAccount } from '../modules/auth';
import { logIn } from './auth-helpers';
import { ok, type Call } from './school-fixture';

/**
 * A member of the school whose custom role (created through /api/roles) holds only
 * `permissions`; returns their access token.
 */
export async function memberWith(
  app: FastifyInstance,
  db: Database,
  school: { organizationId: string; call: Call },
  permissions: string[],
) {
  const role = await ok(
    school.call('POST', '/api/roles', { name: `Rôle ${permissions.join(' ')}`, permissions }),
    201,
  );
  const email = `membre.${Math.random().toString(36).slice(2)}@ecole.tg`;
  const userId = await db.transaction(async (tx) => {
    const { user } = await ensureAccount(tx, { email, name: 'Membre', password: 'motdepasse' });
    await addMemberWithSystemRole(
      tx,
      { organizationId: school.organizationId, userId: user.id, roleKey: 'reader', userLabel: 'M' },
      { actor: { type: 'system', label: 'Test' }, ip: null },
    );
    return user.id;
  });
  const patched = await school.call('PATCH', `/api/members/${userId}`, { roleId: role.id });
  expect(patched.statusCode, patched.body).toBe(204);
  return (await logIn(app, email, 'motdepasse')).accessToken;
}
