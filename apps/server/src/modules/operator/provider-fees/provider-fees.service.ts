import {
  providerFeeWallets,
  type ProviderFeeRate,
  type ProviderFeeRateRequest,
  type ProviderFeesResponse,
  type ProviderValue,
  type WalletValue,
} from '@ecolage/contracts';
import type { Database, DbOrTx } from '../../../platform/db/database';
import { dayIn, startOfSchoolDay } from '../../../platform/clock';
import { domainError } from '../../../platform/errors';
import { recordAuditEntry } from '../../audit';
import type { OperatorActor } from '../operator-actor';
import type { ProviderFeeRateRow } from '../operator.tables';
import {
  findProviderFeeRateAt,
  insertProviderFeeRate,
  listProviderFeeRates,
} from './provider-fees.repository';

/** The platform's days are Lomé's (every school's time zone today). */
export const PLATFORM_TIME_ZONE = 'Africa/Lome';

function rateView(row: ProviderFeeRateRow): ProviderFeeRate {
  return {
    id: row.id,
    provider: row.provider,
    wallet: row.wallet,
    percentBp: row.percentBp,
    fixedXof: row.fixedXof,
    effectiveFrom: row.effectiveFrom.toISOString(),
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
  };
}

/** The rates in force now (one per provider and wallet, or provider-wide), then the history. */
export async function getProviderFees(db: DbOrTx, now = new Date()): Promise<ProviderFeesResponse> {
  const rows = await listProviderFeeRates(db);
  const current = new Map<string, ProviderFeeRateRow>();
  for (const row of rows) {
    if (row.effectiveFrom > now) continue;
    const key = `${row.provider}/${row.wallet ?? '*'}`;
    // Rows come newest first within a provider and wallet: the first one in force counts.
    if (!current.has(key)) current.set(key, row);
  }
  return { current: [...current.values()].map(rateView), history: rows.map(rateView) };
}

/**
 * Appends a rate from a day (today or later, Lomé time): never an update, so that a payment's fee
 * is always computed with the rate in force when it was made. Journaled in the platform's chain.
 */
export async function addProviderFeeRate(
  db: Database,
  request: ProviderFeeRateRequest,
  actor: OperatorActor,
  now = new Date(),
): Promise<ProviderFeeRate> {
  if (request.effectiveFrom < dayIn(PLATFORM_TIME_ZONE, now)) {
    throw domainError('FEE_RATE_IN_PAST', {}, { field: 'effectiveFrom' });
  }
  if (request.wallet && !providerFeeWallets[request.provider].includes(request.wallet)) {
    throw domainError('FEE_WALLET_MISMATCH', {}, { field: 'wallet' });
  }
  return db.transaction(async (tx) => {
    const row = await insertProviderFeeRate(tx, {
      provider: request.provider,
      wallet: request.wallet,
      percentBp: request.percentBp,
      fixedXof: request.fixedXof,
      effectiveFrom: startOfSchoolDay(request.effectiveFrom, PLATFORM_TIME_ZONE),
      note: request.note || null,
      createdBy: actor.userId,
    });
    await recordAuditEntry(tx, {
      organizationId: null,
      actor: { type: 'user', userId: actor.userId, label: actor.name },
      action: 'provider_fee.rate_added',
      resourceType: 'provider_fee_rate',
      resourceId: row.id,
      category: 'settings',
      details: {
        provider: row.provider,
        ...(row.wallet ? { wallet: row.wallet } : {}),
        taux: `${(row.percentBp / 100).toLocaleString('fr-FR')} %`,
        'frais fixes': row.fixedXof,
        date: request.effectiveFrom,
      },
      ip: actor.ip,
    });
    return rateView(row);
  });
}

/**
 * The rate in force for a payment made with `wallet` through `provider` at `at` (the accounting
 * computes each payment's fee with it): the wallet's own rate, else the provider-wide one, else
 * null when none was ever entered.
 */
export async function providerFeeRateAt(
  db: DbOrTx,
  provider: ProviderValue,
  wallet: WalletValue | null,
  at: Date,
): Promise<{ percentBp: number; fixedXof: number; effectiveFrom: Date } | null> {
  const row = await findProviderFeeRateAt(db, provider, wallet, at);
  return row
    ? { percentBp: row.percentBp, fixedXof: row.fixedXof, effectiveFrom: row.effectiveFrom }
    : null;
}
