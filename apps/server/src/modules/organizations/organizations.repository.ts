import { and, eq, inArray, isNull, like, or } from 'drizzle-orm';
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

export async function findOrganizationsByIds(db: DbOrTx, ids: string[]): Promise<Organization[]> {
  if (ids.length === 0) return [];
  return db.select().from(organizations).where(inArray(organizations.id, ids));
}

/** Slugs equal to `base` or of the form `base-N`, archived schools included (never reused). */
export async function findSlugsLike(db: DbOrTx, base: string): Promise<string[]> {
  const rows = await db
    .select({ slug: organizations.slug })
    .from(organizations)
    .where(or(eq(organizations.slug, base), like(organizations.slug, `${base}-%`)));
  return rows.map((row) => row.slug);
}
