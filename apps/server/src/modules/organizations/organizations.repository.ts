import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { organizations, type NewOrganization, type Organization } from './organizations.tables';

export async function findOrganizationBySlug(
  db: DbOrTx,
  slug: string,
): Promise<Organization | undefined> {
  const [row] = await db
    .select()
    .from(organizations)
    .where(and(eq(organizations.slug, slug), isNull(organizations.archivedAt)))
    .limit(1);
  return row;
}

export async function insertOrganization(
  db: DbOrTx,
  values: NewOrganization,
): Promise<Organization> {
  const [row] = await db.insert(organizations).values(values).returning();
  if (!row) throw new Error('organization not inserted');
  return row;
}
