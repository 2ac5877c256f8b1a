import { isReservedSchoolSlug, type WalletValue } from '@ecolage/contracts';
import type { DbOrTx, Transaction } from '../../platform/db/database';
import { domainError } from '../../platform/errors';
import {
  deleteSlugRedirect,
  findRedirectedSlug,
  findSlugHolder,
  insertSlugRedirect,
  listSlugRedirects,
  lockOrganizationSlug,
  lockSchoolSlug,
  updateOrganizationSlug,
  updatePublicPage,
} from './school-slugs.repository';

export interface SlugChange {
  previous: string;
  slug: string;
  changed: boolean;
}

/**
 * Gives the school a new address (slug) inside the caller's transaction. The former one keeps
 * leading to the school (`/payer/<old>` answers 301): no other school may take it. A reserved
 * word → SCHOOL_SLUG_RESERVED; an address another school has or had → SCHOOL_SLUG_TAKEN. Both
 * addresses are held until commit, so two schools asking for one address at once get one each
 * answer: the first has it, the second is refused.
 */
export async function changeSchoolSlug(
  tx: Transaction,
  organizationId: string,
  slug: string,
  now: Date = new Date(),
): Promise<SlugChange> {
  const current = await currentSlugOf(tx, organizationId);
  if (slug === current) return { previous: current, slug, changed: false };
  if (isReservedSchoolSlug(slug)) {
    throw domainError('SCHOOL_SLUG_RESERVED', {}, { field: 'slug' });
  }
  for (const held of [current, slug].sort()) await lockSchoolSlug(tx, held);
  const holder = await findSlugHolder(tx, slug);
  if (holder && holder.organizationId !== organizationId) {
    throw domainError('SCHOOL_SLUG_TAKEN', {}, { field: 'slug' });
  }
  // Taking back a former address: it is no longer a redirect.
  if (holder) await deleteSlugRedirect(tx, organizationId, slug);
  await updateOrganizationSlug(tx, organizationId, slug, now);
  await insertSlugRedirect(tx, organizationId, current, now);
  return { previous: current, slug, changed: true };
}

/** The school's slug, its row locked until commit (one address change at a time). */
async function currentSlugOf(tx: Transaction, organizationId: string): Promise<string> {
  const slug = await lockOrganizationSlug(tx, organizationId);
  if (slug === undefined) throw domainError('SCHOOL_NOT_FOUND');
  return slug;
}

/** The short introduction and the wallets offered on the school's public pages. */
export async function updateSchoolPublicPage(
  tx: Transaction,
  organizationId: string,
  page: { publicIntro: string | null; offeredWallets: readonly WalletValue[] | null },
  now: Date = new Date(),
): Promise<void> {
  await updatePublicPage(tx, organizationId, page, now);
}

/** The school's former addresses that still lead to it, newest first. */
export function previousSchoolSlugs(db: DbOrTx, organizationId: string): Promise<string[]> {
  return listSlugRedirects(db, organizationId);
}

/** Where a former address now leads: the active school's current slug, or undefined. */
export function redirectedSchoolSlug(db: DbOrTx, slug: string): Promise<string | undefined> {
  return findRedirectedSlug(db, slug);
}
