import {
  maskAccountNumber,
  type BankDetails,
  type SchoolDetailsResponse,
  type SchoolIdentity,
  type updateSchoolDetailsRequestSchema,
} from '@ecolage/contracts';
import type { z } from 'zod';
import type { Database, DbOrTx } from '../../../platform/db/database';
import type { ActingMember } from '../../../platform/http/acting-member';
import { findOrganizationById, lockSchoolRow, updateSchoolSettings } from '../../organizations';
import type { Organization } from '../../organizations';
import { listSchoolKyc } from '../kyc/kyc.service';
import { journalSettings } from '../settings-audit';

function identityOf(school: Organization): SchoolIdentity {
  return {
    name: school.name,
    slug: school.slug,
    supportPhone: school.supportPhone,
    contactEmail: school.contactEmail,
    address: school.address,
    city: school.city,
    country: school.country,
  };
}

/** The school's bank details; RIB and IBAN masked but for the last 4 unless `canManage`. */
export function bankDetailsOf(school: Organization, canManage: boolean): BankDetails {
  return {
    bankName: school.bankName,
    accountHolder: school.accountHolder,
    rib: canManage ? school.rib : maskAccountNumber(school.rib),
    iban: canManage ? school.iban : maskAccountNumber(school.iban),
    bic: school.bic,
    updatedAt: school.bankDetailsUpdatedAt?.toISOString() ?? null,
    masked: !canManage,
  };
}

async function schoolOf(db: DbOrTx, organizationId: string): Promise<Organization> {
  const school = await findOrganizationById(db, organizationId);
  if (!school) throw new Error(`school ${organizationId} not found`);
  return school;
}

/** « Détails de l'organisation »: identity, bank details, KYC documents and status. */
export async function getSchoolDetails(
  db: DbOrTx,
  organizationId: string,
  canManage: boolean,
): Promise<SchoolDetailsResponse> {
  const [school, kyc] = await Promise.all([
    schoolOf(db, organizationId),
    listSchoolKyc(db, organizationId),
  ]);
  return {
    identity: identityOf(school),
    bank: bankDetailsOf(school, canManage),
    kyc,
  };
}

/** The identity's fields with the journal's words. */
function identityWords(identity: Omit<SchoolIdentity, 'slug'>) {
  return {
    nom: identity.name,
    téléphone: identity.supportPhone,
    'e-mail': identity.contactEmail,
    adresse: identity.address,
    ville: identity.city,
    pays: identity.country,
  };
}

/** Saves the school's identity; journaled with what it was and what it becomes. */
export async function updateSchoolDetails(
  db: Database,
  acting: ActingMember,
  values: z.output<typeof updateSchoolDetailsRequestSchema>,
): Promise<SchoolIdentity> {
  return db.transaction(async (tx) => {
    const before = await lockSchoolRow(tx, acting.organizationId);
    const school = await updateSchoolSettings(tx, acting.organizationId, values);
    const was = identityWords(identityOf(before));
    const is = identityWords(identityOf(school));
    const changed = (Object.keys(is) as (keyof typeof is)[]).filter((key) => was[key] !== is[key]);
    await journalSettings(tx, acting, 'organization.details_updated', 'organization', {
      champs: changed,
      avant: Object.fromEntries(changed.map((key) => [key, was[key]])),
      après: Object.fromEntries(changed.map((key) => [key, is[key]])),
    });
    return identityOf(school);
  });
}
