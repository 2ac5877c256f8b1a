import {
  walletLabels,
  walletValues,
  type SchoolPageAddresses,
  type SchoolPages,
  type UpdateSchoolPages,
  type WalletValue,
} from '@ecolage/contracts';
import type { Database, DbOrTx } from '../../../platform/db/database';
import { domainError } from '../../../platform/errors';
import type { ActingMember } from '../../../platform/http/acting-member';
import { recordAuditEntry } from '../../audit';
import {
  changeSchoolSlug,
  findOrganizationsByIds,
  previousSchoolSlugs,
  updateSchoolPublicPage,
  type Organization,
} from '../../organizations';
import { offeredWalletsOf } from '../../payer';
import { findOfferedLevels } from '../admission-list.reads';
import {
  findAdmissionSettings,
  offersProgramme,
  saveAdmissionSettings,
  type AdmissionSettings,
} from './admission-settings.repository';

/**
 * « Pages » (Paramètres › Général): the school's public pages — address, introduction, wallets
 * offered to parents, online pre-registration — and what they are worth to read back.
 */
export interface SchoolPagesContext {
  db: Database;
  /** Every wallet the deployment can collect with, in display order. */
  wallets: () => readonly WalletValue[];
  /** The site's public origin (`https://ecolage.tg`), for the addresses shown and printed. */
  baseUrl: string;
}

export function schoolPageAddresses(baseUrl: string, slug: string): SchoolPageAddresses {
  const name = encodeURIComponent(slug);
  return {
    payPage: `${baseUrl}/payer/${name}`,
    registration: `${baseUrl}/inscription/${name}`,
    finder: `${baseUrl}/form`,
  };
}

/** The school's active programmes the form can offer (those with an active level), by name. */
async function activeProgrammes(db: DbOrTx, organizationId: string) {
  const rows = await findOfferedLevels(db, organizationId);
  const byId = new Map<string, string>();
  for (const row of rows) byId.set(row.programmeId, row.programmeName);
  return [...byId].map(([id, name]) => ({ id, name }));
}

async function schoolOf(db: DbOrTx, organizationId: string): Promise<Organization> {
  const [school] = await findOrganizationsByIds(db, [organizationId]);
  if (!school) throw domainError('SCHOOL_NOT_FOUND');
  return school;
}

export async function getSchoolPages(
  context: SchoolPagesContext,
  organizationId: string,
): Promise<SchoolPages> {
  const { db } = context;
  const [school, previous, settings, programmes] = await Promise.all([
    schoolOf(db, organizationId),
    previousSchoolSlugs(db, organizationId),
    findAdmissionSettings(db, organizationId),
    activeProgrammes(db, organizationId),
  ]);
  const offered = new Set(offeredWalletsOf(school, context.wallets()));
  return {
    slug: school.slug,
    previousSlugs: previous,
    publicIntro: school.publicIntro,
    addresses: schoolPageAddresses(context.baseUrl, school.slug),
    wallets: context.wallets().map((wallet) => ({ wallet, offered: offered.has(wallet) })),
    admissions: {
      open: settings.open,
      allProgrammes: settings.programmeIds === null,
      programmes: programmes.map((programme) => ({
        ...programme,
        offered: offersProgramme(settings, programme.id),
      })),
    },
  };
}

/** What the journal keeps of the pages' settings, in words. */
function journalView(
  page: { slug: string; publicIntro: string | null; wallets: readonly WalletValue[] | null },
  settings: AdmissionSettings,
  programmeNames: Map<string, string>,
) {
  return {
    'adresse des pages': page.slug,
    introduction: page.publicIntro ?? '',
    'moyens de paiement': page.wallets
      ? page.wallets.map((wallet) => walletLabels[wallet]).join(', ')
      : 'tous',
    'pré-inscription': settings.open ? 'ouverte' : 'fermée',
    'programmes ouverts': settings.programmeIds
      ? settings.programmeIds.map((id) => programmeNames.get(id) ?? id).join(', ')
      : 'tous',
  };
}

/** Only what changed, before and after. */
function changes<T extends Record<string, string>>(before: T, after: T) {
  const keys = (Object.keys(after) as (keyof T)[]).filter((key) => before[key] !== after[key]);
  return {
    avant: Object.fromEntries(keys.map((key) => [key, before[key]])),
    après: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

/**
 * Saves the pages' settings in one transaction, audited with what changed: a new address (the
 * former one keeps redirecting), the introduction, the wallets (all of the deployment's: stored as
 * « every wallet », so a new provider is offered too), the pre-registration switch and programmes.
 */
export async function updateSchoolPages(
  context: SchoolPagesContext,
  acting: ActingMember,
  input: UpdateSchoolPages,
): Promise<SchoolPages> {
  const { db } = context;
  const { organizationId } = acting;
  const deployment = context.wallets();
  const unknownWallet = input.offeredWallets.find((wallet) => !deployment.includes(wallet));
  if (unknownWallet) {
    throw domainError('WALLET_NOT_IN_DEPLOYMENT', {}, { field: 'offeredWallets' });
  }
  const chosen = walletValues.filter((wallet) => input.offeredWallets.includes(wallet));
  const wallets = deployment.every((wallet) => chosen.includes(wallet)) ? null : chosen;
  const publicIntro = input.publicIntro ? input.publicIntro : null;

  await db.transaction(async (tx) => {
    const programmes = await activeProgrammes(tx, organizationId);
    const names = new Map(programmes.map((programme) => [programme.id, programme.name]));
    const ids = input.admissionProgrammeIds ? [...new Set(input.admissionProgrammeIds)] : null;
    if (ids?.some((id) => !names.has(id))) {
      throw domainError(
        'PROGRAMME_NOT_FOUND',
        {},
        {
          field: 'admissionProgrammeIds',
          statusCode: 400,
        },
      );
    }
    const settings: AdmissionSettings = {
      open: input.admissionsOpen,
      programmeIds: ids && ids.length === programmes.length ? null : ids,
    };
    const school = await schoolOf(tx, organizationId);
    const beforeSettings = await findAdmissionSettings(tx, organizationId);
    const before = journalView(
      { slug: school.slug, publicIntro: school.publicIntro, wallets: storedWallets(school) },
      beforeSettings,
      names,
    );
    const slug = await changeSchoolSlug(tx, organizationId, input.slug);
    await updateSchoolPublicPage(tx, organizationId, { publicIntro, offeredWallets: wallets });
    await saveAdmissionSettings(tx, organizationId, settings, new Date());
    const after = journalView({ slug: slug.slug, publicIntro, wallets }, settings, names);
    const changed = changes(before, after);
    if (Object.keys(changed.après).length === 0) return;
    await recordAuditEntry(tx, {
      organizationId,
      actor: acting.actor,
      action: 'school_pages.updated',
      resourceType: 'organization',
      resourceId: organizationId,
      category: 'settings',
      details: changed,
      ip: acting.ip,
      userAgent: acting.userAgent,
    });
  });
  return getSchoolPages(context, organizationId);
}

function storedWallets(school: Organization): WalletValue[] | null {
  return school.offeredWallets
    ? walletValues.filter((wallet) => school.offeredWallets?.includes(wallet))
    : null;
}
