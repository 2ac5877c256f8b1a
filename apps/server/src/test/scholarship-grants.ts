// Shared by the tests: a scholarship recommended by the school's owner and granted by a
// Directeur (the member who recommends never grants), and members with a system role.
import type { FastifyInstance } from 'fastify';
import type { SystemRoleKey } from '@ecolage/contracts';
import type { Database } from '../platform/db/database';
import { addMemberWithSystemRole } from '../modules/access/access.service';
import { ensureAccount } from '../modules/auth';
import { logIn } from './auth-helpers';
import { expect } from 'vitest';
import { ok, type Call } from './school-fixture';

/** A member of the school with one of the system roles, and a caller acting as them. */
export async function memberWithRole(
  app: FastifyInstance,
  db: Database,
  organizationId: string,
  roleKey: SystemRoleKey,
  name = 'Kodjo Agbéko',
) {
  const email = `${roleKey}.${Math.random().toString(36).slice(2)}@ecole.tg`;
  const userId = await db.transaction(async (tx) => {
    const { user } = await ensureAccount(tx, { email, name, password: 'motdepasse' });
    await addMemberWithSystemRole(
      tx,
      { organizationId, userId: user.id, roleKey, userLabel: name },
      { actor: { type: 'system', label: 'Test' }, ip: null },
    );
    return user.id;
  });
  const { accessToken } = await logIn(app, email, 'motdepasse');
  const call: Call = (method, url, payload) =>
    app.inject({ method, url, payload, headers: { authorization: `Bearer ${accessToken}` } });
  return { userId, call };
}

/**
 * Recommends a scholarship with `call` and grants it as a Directeur of the school (created once
 * per school and reused); answers the granted scholarship, or the failed response's status when
 * the recommendation is refused.
 */
export async function grantScholarship(
  app: FastifyInstance,
  db: Database,
  school: { organizationId: string; call: Call },
  request: Record<string, unknown>,
) {
  const recommended = await school.call('POST', '/api/scholarships', request);
  expect(recommended.statusCode, recommended.body).toBeLessThan(500);
  if (recommended.statusCode !== 201) return { statusCode: recommended.statusCode };
  const director = await directorOf(app, db, school.organizationId);
  const { id } = recommended.json() as { id: string };
  return ok(director('POST', `/api/scholarships/${id}/decision`, { decision: 'granted' }));
}

const directors = new Map<string, Call>();

async function directorOf(app: FastifyInstance, db: Database, organizationId: string) {
  const known = directors.get(organizationId);
  if (known) return known;
  const { call } = await memberWithRole(app, db, organizationId, 'director');
  directors.set(organizationId, call);
  return call;
}
