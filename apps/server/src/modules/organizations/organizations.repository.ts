import { and, eq, inArray, isNull, like, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { containsPattern, foldedForSearchSql } from '../../platform/search-text';
import { organizations, type NewOrganization, type Organization } from './organizations.tables';
import { schoolSlugRedirects } from './slug-redirects.tables';

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

/** What the public profile of a school shows (the header of its payment page). */
export type SchoolPublicProfileRow = Pick<
  Organization,
  | 'name'
  | 'slug'
  | 'city'
  | 'country'
  | 'brandColor'
  | 'supportPhone'
  | 'contactEmail'
  | 'logoFile'
  | 'logoVersion'
>;

/**
 * The public profile of an active school by its address. Every payer page and the public site
 * ask for it: its columns only, in a statement written once (issue 22's http bench: building
 * drizzle's select of the whole row and mapping it took most of the request's time).
 */
export async function findSchoolPublicProfile(
  db: DbOrTx,
  slug: string,
): Promise<SchoolPublicProfileRow | undefined> {
  const { rows } = await db.execute<SchoolPublicProfileRow>(sql`
    select name, slug, city, country, brand_color as "brandColor", support_phone as "supportPhone",
      contact_email as "contactEmail", logo_file as "logoFile", logo_version as "logoVersion"
    from organizations where slug = ${slug} and archived_at is null limit 1`);
  return rows[0];
}

export async function insertOrganization(
  db: DbOrTx,
  values: NewOrganization,
): Promise<Organization> {
  const [row] = await db.insert(organizations).values(values).returning();
  if (!row) throw new Error('organization not inserted');
  return row;
}

/**
 * Inserts a school unless its slug is taken, also by a school being created at the same instant
 * (the insert waits for that transaction, then does nothing): undefined when taken.
 */
export async function insertOrganizationUnlessSlugTaken(
  db: DbOrTx,
  values: NewOrganization,
): Promise<Organization | undefined> {
  const [row] = await db
    .insert(organizations)
    .values(values)
    .onConflictDoNothing({ target: organizations.slug })
    .returning();
  return row;
}

export async function findOrganizationsByIds(db: DbOrTx, ids: string[]): Promise<Organization[]> {
  if (ids.length === 0) return [];
  return db.select().from(organizations).where(inArray(organizations.id, ids));
}

/**
 * Slugs equal to `base` or of the form `base-N`, archived schools' and former addresses included
 * (never reused: a former address still leads to its school).
 */
export async function findSlugsLike(db: DbOrTx, base: string): Promise<string[]> {
  const rows = await db
    .select({ slug: organizations.slug })
    .from(organizations)
    .where(or(eq(organizations.slug, base), like(organizations.slug, `${base}-%`)));
  const former = await db
    .select({ slug: schoolSlugRedirects.slug })
    .from(schoolSlugRedirects)
    .where(or(eq(schoolSlugRedirects.slug, base), like(schoolSlugRedirects.slug, `${base}-%`)));
  return [...rows, ...former].map((row) => row.slug);
}

/** A school as the public search lists it. */
export type FoundSchool = Pick<Organization, 'name' | 'slug' | 'city' | 'brandColor'>;

/**
 * Active schools whose name or city holds every word (words from `searchWords`: folded), in the
 * order of their folded names; at most `limit`. Reads the folded text of each active school
 * (no stored key): a few thousand short rows, behind the public search's rate limit.
 */
export async function searchActiveOrganizations(
  db: DbOrTx,
  words: string[],
  limit: number,
): Promise<FoundSchool[]> {
  if (words.length === 0) return [];
  const text = foldedForSearchSql(
    sql`${organizations.name} || ' ' || coalesce(${organizations.city}, '')`,
  );
  return db
    .select({
      name: organizations.name,
      slug: organizations.slug,
      city: organizations.city,
      brandColor: organizations.brandColor,
    })
    .from(organizations)
    .where(
      and(
        isNull(organizations.archivedAt),
        ...words.map((word) => sql`${text} like ${containsPattern(word)}`),
      ),
    )
    .orderBy(foldedForSearchSql(sql`${organizations.name}`), organizations.slug)
    .limit(limit);
}

export async function findOrganizationById(
  db: DbOrTx,
  id: string,
): Promise<Organization | undefined> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
  return row;
}

/**
 * Locks the school's row until the transaction ends (`FOR UPDATE`) and returns it: what
 * serialises the school's limits (the plan's users) between concurrent requests.
 */
export async function lockOrganizationRow(
  db: DbOrTx,
  id: string,
): Promise<Organization | undefined> {
  const [row] = await db
    .select()
    .from(organizations)
    .where(eq(organizations.id, id))
    .limit(1)
    .for('update');
  return row;
}

/** The columns « Paramètres » change (module settings, through the index). */
export type SchoolSettingsPatch = Partial<
  Pick<
    NewOrganization,
    | 'name'
    | 'supportPhone'
    | 'contactEmail'
    | 'address'
    | 'city'
    | 'country'
    | 'plan'
    | 'planChosenAt'
    | 'brandColor'
    | 'defaultTheme'
    | 'logoFile'
    | 'logoVersion'
    | 'bankName'
    | 'accountHolder'
    | 'rib'
    | 'iban'
    | 'bic'
    | 'bankDetailsUpdatedAt'
    | 'publicIntro'
    | 'offeredWallets'
  >
>;

export async function updateOrganizationSettings(
  db: DbOrTx,
  id: string,
  patch: SchoolSettingsPatch,
): Promise<Organization> {
  const [row] = await db
    .update(organizations)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(organizations.id, id))
    .returning();
  if (!row) throw new Error('organization not found');
  return row;
}
