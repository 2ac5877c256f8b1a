/**
 * Named read-only query: which of the given role ids are roles of the school (access's `roles`
 * table), and their names — a staff notification goes to the school's own roles only.
 */
import { and, eq, inArray } from 'drizzle-orm';
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
