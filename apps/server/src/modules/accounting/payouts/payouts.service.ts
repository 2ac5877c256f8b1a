import {
  DEFAULT_PAYOUT_SETTINGS,
  maskAccountNumber,
  type PayoutDetail,
  type PayoutSettings,
  type PayoutsPage,
  type PayoutsQuery,
  type UpdatePayoutSettingsRequest,
} from '@ecolage/contracts';
import { dayIn, DEFAULT_SCHOOL_TIME_ZONE } from '../../../platform/clock';
import type { Database, DbOrTx, Transaction } from '../../../platform/db/database';
import { domainError, notFound } from '../../../platform/errors';
import type { ActingMember } from '../../../platform/http/acting-member';
import { currentTime } from '../../../platform/test-clock/test-clock';
import { recordAuditEntry } from '../../audit';
import { findOrganizationById } from '../../organizations';
import { payoutLineView, payoutView } from './payout-view';
import {
  attachLines,
  findPayout,
  findPayoutLines,
  findPayoutSettings,
  insertPayout,
  listPayouts,
  lockPendingLines,
  lockSchoolPayouts,
  nextPayoutSequence,
  pendingTotals,
  upsertPayoutSettings,
} from './payouts.repository';
import type { PayoutRow, PayoutSettingsRow } from './payouts.tables';

/** The school's day now (the test clock's in journeys). */
export async function schoolDayNow(db: DbOrTx, organizationId: string): Promise<string> {
  const school = await findOrganizationById(db, organizationId);
  return dayIn(school?.timeZone ?? DEFAULT_SCHOOL_TIME_ZONE, await currentTime(db));
}

/** Where the money goes: the school's bank details, the account masked; null without an account. */
export async function bankSnapshot(db: DbOrTx, organizationId: string) {
  const school = await findOrganizationById(db, organizationId);
  const account = school?.iban ?? school?.rib ?? null;
  if (!school || !account) return null;
  return {
    bankName: school.bankName,
    accountHolder: school.accountHolder,
    account,
    accountMasked: maskAccountNumber(account) ?? '',
  };
}

/** The school's schedule, or the defaults (weekly, Monday, 1 000 F). */
export function settingsOrDefaults(row: PayoutSettingsRow | undefined) {
  return row
    ? {
        schedule: row.schedule,
        weekday: row.weekday,
        minimumXof: row.minimumXof,
        paused: row.paused,
      }
    : { ...DEFAULT_PAYOUT_SETTINGS };
}

export interface CreatePayoutOptions {
  /** The last school day of the lines taken. */
  cutoff: string;
  origin: 'schedule' | 'manual';
  /** The schedule skips a net under the minimum; a member's « Créer un virement » does not. */
  minimumXof?: number;
  today: string;
}

/**
 * Creates a payout of every line waiting up to `cutoff` (payments less refunds), in the caller's
 * transaction: the school's payouts locked (one creation at a time), the lines locked and given
 * the payout's id (never twice), the totals frozen, `VIR-<year>-<6 digits>` from the locked
 * counter, the bank details snapshotted (masked), audited.
 */
export async function createPayoutIn(
  tx: Transaction,
  acting: ActingMember,
  options: CreatePayoutOptions,
): Promise<PayoutRow> {
  const { organizationId } = acting;
  await lockSchoolPayouts(tx, organizationId);
  const bank = await bankSnapshot(tx, organizationId);
  if (!bank) throw domainError('PAYOUT_BANK_DETAILS_MISSING');
  const lines = await lockPendingLines(tx, organizationId, options.cutoff);
  const totals = await pendingTotals(tx, organizationId, options.cutoff);
  if (lines.length === 0 || totals.net <= 0 || !totals.first || !totals.last) {
    throw domainError('PAYOUT_NOTHING_TO_PAY');
  }
  if (options.minimumXof !== undefined && totals.net < options.minimumXof) {
    throw domainError('PAYOUT_BELOW_MINIMUM', { minimum: options.minimumXof });
  }
  const year = Number(options.today.slice(0, 4));
  const sequence = await nextPayoutSequence(tx, organizationId, year);
  const payout = await insertPayout(tx, {
    organizationId,
    reference: `VIR-${year}-${String(sequence).padStart(6, '0')}`,
    status: 'pending',
    periodStart: totals.first,
    periodEnd: totals.last,
    gross: totals.gross,
    commission: totals.commission,
    providerFee: totals.providerFee,
    net: totals.net,
    paymentCount: totals.payments,
    bankName: bank.bankName,
    accountHolder: bank.accountHolder,
    accountMasked: bank.accountMasked,
    origin: options.origin,
    scheduledFor: options.today,
    createdBy: acting.actor.type === 'user' ? acting.actor.userId : null,
  });
  await attachLines(
    tx,
    organizationId,
    lines.map((line) => line.id),
    payout.id,
  );
  await journalPayout(tx, acting, 'payout.created', payout, {
    lignes: totals.lines,
    origine: options.origin === 'schedule' ? 'calendrier' : 'manuel',
  });
  return payout;
}

/** « Créer un virement »: every line waiting up to today. */
export async function createPayoutNow(db: Database, acting: ActingMember) {
  const today = await schoolDayNow(db, acting.organizationId);
  const payout = await db.transaction((tx) =>
    createPayoutIn(tx, acting, { cutoff: today, origin: 'manual', today }),
  );
  return payoutView(payout);
}

export async function journalPayout(
  tx: Transaction,
  acting: ActingMember,
  action: string,
  payout: PayoutRow,
  details: Record<string, unknown> = {},
) {
  await recordAuditEntry(tx, {
    organizationId: acting.organizationId,
    actor: acting.actor,
    action,
    resourceType: 'payout',
    resourceId: payout.id,
    category: 'payment',
    details: {
      référence: payout.reference,
      net: payout.net,
      statut: payout.status,
      compte: payout.accountMasked,
      ...details,
    },
    ip: acting.ip,
    userAgent: acting.userAgent,
  });
}

export async function listSchoolPayouts(
  db: Database,
  organizationId: string,
  query: PayoutsQuery,
): Promise<PayoutsPage> {
  const { items, total } = await listPayouts(db, organizationId, query);
  return { items: items.map(payoutView), total, page: query.page, pageSize: query.pageSize };
}

export async function getPayoutDetail(
  db: Database,
  organizationId: string,
  payoutId: string,
  page: { page: number; pageSize: number },
): Promise<PayoutDetail> {
  const payout = await findPayout(db, organizationId, payoutId);
  if (!payout) throw notFound('PAYOUT_NOT_FOUND');
  const lines = await findPayoutLines(db, organizationId, payoutId, page);
  return {
    payout: payoutView(payout),
    lines: { items: lines.items.map(payoutLineView), total: lines.total, ...page },
  };
}

export async function getPayoutSettings(
  db: Database,
  organizationId: string,
  transferIdTyped = true,
): Promise<PayoutSettings> {
  const settings = settingsOrDefaults(await findPayoutSettings(db, organizationId));
  const bank = await bankSnapshot(db, organizationId);
  const today = await schoolDayNow(db, organizationId);
  const pending = await pendingTotals(db, organizationId, today);
  return {
    ...settings,
    transferIdTyped,
    bankDetailsReady: bank !== null,
    accountMasked: bank?.accountMasked ?? null,
    pendingNet: pending.net,
    pendingCount: pending.payments,
  };
}

export async function updatePayoutSettings(
  db: Database,
  acting: ActingMember,
  input: UpdatePayoutSettingsRequest,
  transferIdTyped = true,
): Promise<PayoutSettings> {
  await db.transaction(async (tx) => {
    const before = settingsOrDefaults(await findPayoutSettings(tx, acting.organizationId));
    await upsertPayoutSettings(tx, {
      organizationId: acting.organizationId,
      schedule: input.schedule,
      weekday: input.weekday,
      minimumXof: input.minimumXof,
      paused: input.paused,
      updatedBy: acting.actor.type === 'user' ? acting.actor.userId : null,
    });
    await recordAuditEntry(tx, {
      organizationId: acting.organizationId,
      actor: acting.actor,
      action: 'payout.settings_updated',
      resourceType: 'payout_settings',
      resourceId: acting.organizationId,
      category: 'settings',
      details: { avant: before, après: input },
      ip: acting.ip,
      userAgent: acting.userAgent,
    });
  });
  return getPayoutSettings(db, acting.organizationId, transferIdTyped);
}
