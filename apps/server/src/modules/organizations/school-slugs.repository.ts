import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { WalletValue } from '@ecolage/contracts';
import type { DbOrTx } from '../../platform/db/database';
import { organizations } from './organizations.tables';
import { schoolSlugRedirects } from './slug-redirects.tables';

/**
 * Holds `slug` for the rest of the transaction: two schools taking one address at once, or one
 * taking the address another is leaving, go one after the other (callers lock in sorted order).
 */
export async function lockSchoolSlug(tx: DbOrTx, slug: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`school-slug:${slug}`}))`);
}

/** The school that has `slug` as its address or had it (archived schools included). */
export async function findSlugHolder(
  db: DbOrTx,
  slug: string,
): Promise<{ organizationId: string; current: boolean } | undefined> {
  const [school] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.slug, slug))
    .limit(1);
  if (school) return { organizationId: school.id, current: true };
  const [redirect] = await db
    .select({ organizationId: schoolSlugRedirects.organizationId })
    .from(schoolSlugRedirects)
    .where(eq(schoolSlugRedirects.slug, slug))
    .limit(1);
  return redirect ? { organizationId: redirect.organizationId, current: false } : undefined;
}

export async function updateOrganizationSlug(
  tx: DbOrTx,
  organizationId: string,
  slug: string,
  now: Date,
): Promise<void> {
  await tx
    .update(organizations)
    .set({ slug, updatedAt: now })
    .where(and(eq(organizations.id, organizationId), ne(organizations.slug, slug)));
}

export async function insertSlugRedirect(
  tx: DbOrTx,
  organizationId: string,
  slug: string,
  now: Date,
): Promise<void> {
  await tx
    .insert(schoolSlugRedirects)
    .values({ organizationId, slug, createdAt: now })
    .onConflictDoNothing();
}

export async function deleteSlugRedirect(
  tx: DbOrTx,
  organizationId: string,
  slug: string,
): Promise<void> {
  await tx
    .delete(schoolSlugRedirects)
    .where(
      and(
        eq(schoolSlugRedirects.organizationId, organizationId),
        eq(schoolSlugRedirects.slug, slug),
      ),
    );
}

/** The school's former addresses, newest first. */
export async function listSlugRedirects(db: DbOrTx, organizationId: string): Promise<string[]> {
  const rows = await db
    .select({ slug: schoolSlugRedirects.slug })
    .from(schoolSlugRedirects)
    .where(eq(schoolSlugRedirects.organizationId, organizationId))
    .orderBy(desc(schoolSlugRedirects.createdAt), schoolSlugRedirects.slug);
  return rows.map((row) => row.slug);
}

/** The current address of the active school that had `slug`, if any. */
export async function findRedirectedSlug(db: DbOrTx, slug: string): Promise<string | undefined> {
  const [row] = await db
    .select({ slug: organizations.slug })
    .from(schoolSlugRedirects)
    .innerJoin(organizations, eq(organizations.id, schoolSlugRedirects.organizationId))
    .where(and(eq(schoolSlugRedirects.slug, slug), sql`${organizations.archivedAt} is null`))
    .limit(1);
  return row?.slug;
}

/** The school's current slug, its row locked until the transaction ends. */
export async function lockOrganizationSlug(
  tx: DbOrTx,
  organizationId: string,
): Promise<string | undefined> {
  const [row] = await tx
    .select({ slug: organizations.slug })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
  return row?.slug;
}

export async function updatePublicPage(
  tx: DbOrTx,
  organizationId: string,
  page: { publicIntro: string | null; offeredWallets: readonly WalletValue[] | null },
  now: Date,
): Promise<void> {
  await tx
    .update(organizations)
    .set({
      publicIntro: page.publicIntro,
      offeredWallets: page.offeredWallets ? [...page.offeredWallets] : null,
      updatedAt: now,
    })
    .where(eq(organizations.id, organizationId));
}
