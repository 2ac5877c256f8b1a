/**
 * Named read-only queries of access's `roles`: which of the given role ids are roles of the
 * school, and the school's roles by name — a staff notification goes to the school's own roles
 * only, and whoever writes automations may pick them without reading the team (read:members).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { roles } from '../../access/access.tables';

export async function findSchoolRoles(
  db: DbOrTx,
  organizationId: string,
  roleIds: readonly string[],
): Promise<{ id: string; name: string }[]> {
  if (roleIds.length === 0) return [];
  return db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(and(eq(roles.organizationId, organizationId), inArray(roles.id, [...new Set(roleIds)])));
}

/** Every role of the school, by name: whom a staff notification may go to (the editor's list). */
export async function listSchoolRoles(
  db: DbOrTx,
  organizationId: string,
): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(eq(roles.organizationId, organizationId))
    .orderBy(asc(roles.name));
}
