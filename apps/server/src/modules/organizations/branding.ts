import type { Theme } from '@ecolage/contracts';
import type { DbOrTx } from '../../platform/db/database';
import { readUpload, type FileStorage } from '../../platform/storage';
import { findOrganizationById, findOrganizationBySlug } from './organizations.repository';
import type { Organization } from './organizations.tables';
import { SMALL_LOGO_PX, smallLogo } from './small-logo';

/** FileStorage folder of the schools' logos (512 px PNGs). */
export const LOGO_FOLDER = 'logos';

/**
 * The public address of a school's logo, versioned for caching; null without a logo. `small`:
 * the 96 px one (payer pages, on a parent's phone).
 */
export function schoolLogoUrl(
  school: Pick<Organization, 'slug' | 'logoVersion' | 'logoFile'>,
  size: 'original' | 'small' = 'original',
) {
  if (!school.logoFile || !school.logoVersion) return null;
  const url = `/api/public/schools/${school.slug}/logo?v=${school.logoVersion}`;
  return size === 'small' ? `${url}&w=${SMALL_LOGO_PX}` : url;
}

/** What receipts, payer pages, e-mails and the back office show of a school. */
export interface SchoolBranding {
  name: string;
  slug: string;
  brandColor: string;
  defaultTheme: Theme;
  logoUrl: string | null;
  address: string | null;
  city: string | null;
  country: string;
  /** E.164 or null. */
  supportPhone: string | null;
  contactEmail: string | null;
}

export function brandingOf(school: Organization): SchoolBranding {
  return {
    name: school.name,
    slug: school.slug,
    brandColor: school.brandColor,
    defaultTheme: school.defaultTheme,
    logoUrl: schoolLogoUrl(school),
    address: school.address,
    city: school.city,
    country: school.country,
    supportPhone: school.supportPhone,
    contactEmail: school.contactEmail,
  };
}

/** The school's branding; throws for an unknown id (callers hold a school they know). */
export async function getSchoolBranding(
  db: DbOrTx,
  organizationId: string,
): Promise<SchoolBranding> {
  const school = await findOrganizationById(db, organizationId);
  if (!school) throw new Error(`school ${organizationId} not found`);
  return brandingOf(school);
}

/** The school's logo as stored (a PNG of at most 512 × 512), or null without one. */
export async function readSchoolLogoPng(
  db: DbOrTx,
  files: FileStorage,
  organizationId: string,
): Promise<Buffer | null> {
  const school = await findOrganizationById(db, organizationId);
  if (!school?.logoFile) return null;
  return (await readUpload(files, LOGO_FOLDER, school.logoFile)) ?? null;
}

/** The logo of an active school by its slug, with its version; null without one. */
export async function readPublicLogo(
  db: DbOrTx,
  files: FileStorage,
  slug: string,
  size: 'original' | 'small' = 'original',
): Promise<{ png: Buffer; version: string } | null> {
  const school = await findOrganizationBySlug(db, slug);
  const { logoFile, logoVersion } = school ?? {};
  if (!school || !logoFile || !logoVersion) return null;
  const read = async () => (await readUpload(files, LOGO_FOLDER, logoFile)) ?? null;
  const png =
    size === 'small' ? await smallLogo(`${school.id}:${logoVersion}`, read) : await read();
  return png ? { png, version: logoVersion } : null;
}
