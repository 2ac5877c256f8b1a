import { randomUUID } from 'node:crypto';
import type { ProviderValue } from '@ecolage/contracts';
import type { Transaction } from '../../../platform/db/database';
import { domainError } from '../../../platform/errors';
import { recordAuditEntry, type AuditEntryInput } from '../../audit';
import { findMerchantAccount, insertMerchantAccount } from './incoming-credits.repository';
import type { MerchantAccountRow } from './incoming-credits.tables';

/**
 * Gives the school a merchant account at a provider (Wave's merchant id…), so that payments its
 * customers make from the wallet's menu find it. Idempotent for the same school (the demo seed
 * runs again); a code another school holds is refused (409 `MERCHANT_CODE_TAKEN`). Audited.
 */
export async function ensureMerchantAccount(
  tx: Transaction,
  input: {
    organizationId: string;
    provider: ProviderValue;
    merchantCode: string;
    label?: string | null;
  },
  actor: AuditEntryInput['actor'],
): Promise<MerchantAccountRow> {
  const merchantCode = input.merchantCode.trim();
  const inserted = await insertMerchantAccount(tx, {
    id: randomUUID(),
    organizationId: input.organizationId,
    provider: input.provider,
    merchantCode,
    label: input.label ?? null,
  });
  if (!inserted) {
    const existing = await findMerchantAccount(tx, input.provider, merchantCode);
    if (existing?.organizationId !== input.organizationId) {
      throw domainError('MERCHANT_CODE_TAKEN', {}, { field: 'merchantCode' });
    }
    return existing;
  }
  await recordAuditEntry(tx, {
    organizationId: input.organizationId,
    actor,
    action: 'merchant_account.added',
    resourceType: 'merchant_account',
    resourceId: inserted.id,
    category: 'settings',
    details: { provider: input.provider, identifiant: merchantCode },
  });
  return inserted;
}
