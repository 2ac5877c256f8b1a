import {
  LOGO_MAX_BYTES,
  normaliseBrandColor,
  type Appearance,
  type SchoolBranding as ShellBranding,
  type UpdateAppearanceRequest,
} from '@ecolage/contracts';
import { createHash } from 'node:crypto';
import type { Database, DbOrTx } from '../../../platform/db/database';
import { domainError } from '../../../platform/errors';
import { saveUpload, type FileStorage } from '../../../platform/storage';
import type { ActingMember } from '../../../platform/http/acting-member';
import { getThemePreference } from '../../auth';
import {
  findOrganizationById,
  LOGO_FOLDER,
  lockSchoolRow,
  schoolLogoUrl,
  updateSchoolSettings,
  type Organization,
} from '../../organizations';
import { journalSettings } from '../settings-audit';
import { normaliseLogo } from './logo-image';

function appearanceOf(school: Organization): Appearance {
  return {
    brandColor: school.brandColor,
    defaultTheme: school.defaultTheme,
    logoUrl: schoolLogoUrl(school),
  };
}

async function schoolOf(db: DbOrTx, organizationId: string): Promise<Organization> {
  const school = await findOrganizationById(db, organizationId);
  if (!school) throw new Error(`school ${organizationId} not found`);
  return school;
}

export async function getAppearance(db: DbOrTx, organizationId: string): Promise<Appearance> {
  return appearanceOf(await schoolOf(db, organizationId));
}

/** The main colour (#RRGGBB) and the back office's default theme. */
export async function updateAppearance(
  db: Database,
  acting: ActingMember,
  input: UpdateAppearanceRequest,
): Promise<Appearance> {
  const brandColor = normaliseBrandColor(input.brandColor);
  if (!brandColor) throw domainError('APPEARANCE_COLOR_INVALID', {}, { field: 'brandColor' });
  return db.transaction(async (tx) => {
    const before = await lockSchoolRow(tx, acting.organizationId);
    const school = await updateSchoolSettings(tx, acting.organizationId, {
      brandColor,
      defaultTheme: input.defaultTheme,
    });
    await journalSettings(tx, acting, 'organization.appearance_updated', 'organization', {
      avant: { couleur: before.brandColor, thème: before.defaultTheme },
      après: { couleur: school.brandColor, thème: school.defaultTheme },
    });
    return appearanceOf(school);
  });
}

/**
 * Replaces the school's logo: PNG, JPEG or WebP by its bytes, 2 Mo at most, stored as a PNG of at
 * most 512 × 512 with a new version (its URL changes, caches keep the old one a year).
 */
export async function uploadLogo(
  db: Database,
  files: FileStorage,
  acting: ActingMember,
  bytes: Buffer,
): Promise<Appearance> {
  if (bytes.length === 0) throw domainError('LOGO_REQUIRED', {}, { field: 'file' });
  if (bytes.length > LOGO_MAX_BYTES) {
    throw domainError('LOGO_TOO_LARGE', { maxMegabytes: LOGO_MAX_BYTES / 1024 / 1024 });
  }
  const png = await normaliseLogo(bytes);
  if (!png) throw domainError('LOGO_NOT_AN_IMAGE', {}, { field: 'file' });
  const logoFile = await saveUpload(files, LOGO_FOLDER, png, 'png');
  const logoVersion = createHash('sha256').update(png).digest('hex').slice(0, 12);
  return db.transaction(async (tx) => {
    await lockSchoolRow(tx, acting.organizationId);
    const school = await updateSchoolSettings(tx, acting.organizationId, { logoFile, logoVersion });
    await journalSettings(tx, acting, 'organization.logo_changed', 'organization', {
      logo: logoVersion,
      taille: png.length,
    });
    return appearanceOf(school);
  });
}

export async function removeLogo(db: Database, acting: ActingMember): Promise<Appearance> {
  return db.transaction(async (tx) => {
    await lockSchoolRow(tx, acting.organizationId);
    const school = await updateSchoolSettings(tx, acting.organizationId, {
      logoFile: null,
      logoVersion: null,
    });
    await journalSettings(tx, acting, 'organization.logo_removed', 'organization', {});
    return appearanceOf(school);
  });
}

/** What the back office's shell shows every member: the school's look and the member's theme. */
export async function getShellBranding(
  db: DbOrTx,
  organizationId: string,
  userId: string,
): Promise<ShellBranding> {
  const [school, memberTheme] = await Promise.all([
    schoolOf(db, organizationId),
    getThemePreference(db, userId),
  ]);
  return {
    name: school.name,
    brandColor: school.brandColor,
    defaultTheme: school.defaultTheme,
    logoUrl: schoolLogoUrl(school),
    memberTheme,
    plan: school.plan,
  };
}
