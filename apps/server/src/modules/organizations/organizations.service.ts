import { SCHOOL_SEARCH_MAX_RESULTS, type SchoolPublicProfile } from '@ecolage/contracts';
import { dayIn, DEFAULT_SCHOOL_TIME_ZONE } from '../../platform/clock';
import type { DbOrTx, Transaction } from '../../platform/db/database';
import { domainError } from '../../platform/errors';
import { searchWords } from '../../platform/search-text';
import { recordAuditEntry, type AuditEntryInput } from '../audit';
import {
  findOrganizationById,
  findOrganizationBySlug,
  findSchoolPublicProfile,
  findOrganizationsByIds,
  lockOrganizationRow,
  updateOrganizationSettings,
  type SchoolSettingsPatch,
  findSlugsLike,
  insertOrganization,
  insertOrganizationUnlessSlugTaken,
  searchActiveOrganizations,
  type FoundSchool,
} from './organizations.repository';
import { schoolLogoUrl } from './branding';
import { appendPlanTerms } from './plan-terms.service';
import { slugify } from './slug';
import type { NewOrganization, Organization } from './organizations.tables';

/** A school's public profile by its slug; 404 for an unknown or archived school. */
export async function getSchoolPublicProfile(
  db: DbOrTx,
  slug: string,
): Promise<SchoolPublicProfile> {
  const school = await findSchoolPublicProfile(db, slug);
  if (!school) throw domainError('SCHOOL_ADDRESS_NOT_FOUND');
  return {
    name: school.name,
    slug: school.slug,
    city: school.city,
    country: school.country,
    brandColor: school.brandColor,
    supportPhone: school.supportPhone,
    contactEmail: school.contactEmail,
    logoUrl: schoolLogoUrl(school),
  };
}

/**
 * Creates a school inside the caller's transaction and journals it in the school's own chain.
 * Sign-up and the demo seed both come through here.
 */
export async function createSchool(
  tx: Transaction,
  values: NewOrganization,
  context: SchoolCreation,
): Promise<Organization> {
  return journalSchoolCreated(tx, await insertOrganization(tx, values), context);
}

/** Slugs tried before giving up, when schools of the same name keep being created meanwhile. */
const SLUG_ATTEMPTS = 20;

/**
 * Creates a school under a free slug made of its name (-2, -3… when taken). Two sign-ups of one
 * name at the same instant both see the name free: the second one's insert waits for the first,
 * finds the slug taken and takes the next one.
 */
export async function createSchoolWithFreeSlug(
  tx: Transaction,
  values: Omit<NewOrganization, 'slug'>,
  context: SchoolCreation,
): Promise<Organization> {
  for (let attempt = 1; attempt <= SLUG_ATTEMPTS; attempt += 1) {
    const slug = await allocateSchoolSlug(tx, values.name);
    const school = await insertOrganizationUnlessSlugTaken(tx, { ...values, slug });
    if (school) return journalSchoolCreated(tx, school, context);
  }
  throw domainError('SCHOOL_SLUG_BUSY');
}

interface SchoolCreation {
  actor: AuditEntryInput['actor'];
  ip?: string | null;
}

async function journalSchoolCreated(
  tx: Transaction,
  school: Organization,
  context: SchoolCreation,
): Promise<Organization> {
  await appendPlanTerms(tx, {
    organizationId: school.id,
    plan: school.plan,
    effectiveFrom: school.planChosenAt,
    createdBy: context.actor.type === 'user' ? context.actor.userId : null,
  });
  await recordAuditEntry(tx, {
    organizationId: school.id,
    actor: context.actor,
    action: 'organization.created',
    resourceType: 'organization',
    resourceId: school.id,
    category: 'settings',
    details: { nom: school.name, identifiant: school.slug, formule: school.plan },
    ip: context.ip ?? null,
  });
  return school;
}

/** A free slug for a new school: its name in URL form, with -2, -3… when already taken. */
async function allocateSchoolSlug(db: DbOrTx, name: string): Promise<string> {
  const base = slugify(name);
  const taken = new Set(await findSlugsLike(db, base));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * The public school search (`/form`): active schools whose name or city holds every word of the
 * term, accents, case and punctuation aside, at most `SCHOOL_SEARCH_MAX_RESULTS`; `more` when
 * others match too. The term comes validated (`schoolSearchSchema`: two letters at least).
 */
export async function searchSchools(
  db: DbOrTx,
  term: string,
): Promise<{ schools: FoundSchool[]; more: boolean }> {
  const found = await searchActiveOrganizations(
    db,
    searchWords(term),
    SCHOOL_SEARCH_MAX_RESULTS + 1,
  );
  return {
    schools: found.slice(0, SCHOOL_SEARCH_MAX_RESULTS),
    more: found.length > SCHOOL_SEARCH_MAX_RESULTS,
  };
}

export { findOrganizationById, findOrganizationBySlug, findOrganizationsByIds, type FoundSchool };

/**
 * Locks the school's row until the transaction ends and returns it: what serialises a school's
 * limits (its plan's users) between concurrent requests. Throws for an unknown id.
 */
export async function lockSchoolRow(
  tx: Transaction,
  organizationId: string,
): Promise<Organization> {
  const school = await lockOrganizationRow(tx, organizationId);
  if (!school) throw new Error(`school ${organizationId} not found`);
  return school;
}

/**
 * Writes what « Paramètres » change on the school (module settings, which audits it in the same
 * transaction) and returns the school as it now is.
 */
export function updateSchoolSettings(
  tx: Transaction,
  organizationId: string,
  patch: SchoolSettingsPatch,
): Promise<Organization> {
  return updateOrganizationSettings(tx, organizationId, patch);
}

export type { SchoolSettingsPatch };

/**
 * The calendar day (`YYYY-MM-DD`) it is at the school, in its own time zone: what due dates,
 * « en retard » and late fees are measured against.
 */
export async function schoolToday(db: DbOrTx, organizationId: string): Promise<string> {
  const [school] = await findOrganizationsByIds(db, [organizationId]);
  return dayIn(school?.timeZone ?? DEFAULT_SCHOOL_TIME_ZONE);
}
