/**
 * Named read-only query: the schools (organizations' table) that lack one of their default
 * workflows, for `ensureDefaultWorkflowsOfAllSchools` (the planner's run, the demo seed).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { organizations } from '../../organizations/organizations.tables';

/** Schools with fewer than `defaultsPerSchool` default workflows (an archived one counts). */
export async function findSchoolsLackingDefaults(
  db: DbOrTx,
  defaultsPerSchool: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(
      // Spelt out: drizzle leaves columns bare in a single-table select.
      sql`(select count(*) from workflows w
           where w.organization_id = organizations.id and w.default_key is not null) < ${defaultsPerSchool}`,
    );
  return rows.map((row) => row.id);
}
