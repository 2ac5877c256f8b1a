import { ProviderNotFoundError, type PaymentProvider, type StatusResult } from '../../psp';
import type { ObservedStatus } from './apply-status.service';
import type { PaymentAttemptRow } from '../payments.tables';

/**
 * The provider's authoritative status of an attempt. An attempt whose creation answer was lost
 * (timeout, 5xx) has no provider reference: a provider that can find a payment by our attempt id
 * (Wave's search by client_reference, FedaPay's metadata) is asked that way; throws
 * `ProviderNotFoundError` when it has none.
 */
export async function fetchProviderStatus(
  provider: PaymentProvider,
  attempt: PaymentAttemptRow,
): Promise<StatusResult> {
  if (!attempt.providerRef && provider.findByReference) {
    const found = await provider.findByReference(attempt.id);
    if (!found) throw new ProviderNotFoundError(attempt.id);
    return found;
  }
  return provider.getStatus({
    attemptId: attempt.id,
    ...(attempt.providerRef ? { providerRef: attempt.providerRef } : {}),
    money: { amount: attempt.amount, currency: 'XOF' },
  });
}

/** What the payments service keeps of a provider's status answer. */
export function observedFrom(status: StatusResult): ObservedStatus {
  return {
    status: status.status,
    providerStatus: status.providerStatus,
    ...(status.providerRef ? { providerRef: status.providerRef } : {}),
    ...(status.providerTxnId ? { providerTxnId: status.providerTxnId } : {}),
    ...(status.paidAmount ? { paidAmount: status.paidAmount } : {}),
    ...(status.failure ? { failure: status.failure } : {}),
  };
}
