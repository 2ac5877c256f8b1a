import { randomUUID } from 'node:crypto';
import type { PaymentMethodValue } from '@ecolage/contracts';
import type { Database } from '../../platform/db/database';
import { allocatePayment } from '../billing';
import { LedgerAccounts } from '../ledger';
import { paymentAttempts } from '../payments/payments.tables';
import { issueReceipt, type ReceiptPaymentFacts } from './issue-receipt.service';

/**
 * A payment taken and allocated the way the desk does it (a succeeded attempt, its money on the
 * guardian's invoices), without a receipt yet: the facts its receipt is issued from.
 */
export async function recordPaidPayment(
  db: Database,
  school: { organizationId: string; guardianId: string },
  payment: { amount: number; invoiceIds?: string[]; wallet?: PaymentMethodValue; at?: Date },
): Promise<ReceiptPaymentFacts> {
  const id = randomUUID();
  const wallet = payment.wallet ?? 'CASH';
  const paidAt = payment.at ?? new Date();
  return db.transaction(async (tx) => {
    await tx.insert(paymentAttempts).values({
      id,
      organizationId: school.organizationId,
      guardianId: school.guardianId,
      provider: 'desk',
      wallet,
      payerPhone: null,
      amount: payment.amount,
      status: 'succeeded',
      invoiceIds: payment.invoiceIds ?? [],
      createdBy: 'Test',
      expiresAt: paidAt,
      succeededAt: paidAt,
    });
    const allocation = await allocatePayment(tx, school.organizationId, {
      paymentId: id,
      guardianId: school.guardianId,
      invoiceIds: payment.invoiceIds ?? [],
      amount: payment.amount,
      debitAccount: LedgerAccounts.wallet[wallet] ?? LedgerAccounts.bank,
      entryDate: paidAt.toISOString().slice(0, 10),
      label: `Paiement test ${id}`,
      pieceRef: id,
      idempotencyKey: `pay:${id}:succeeded`,
    });
    return {
      organizationId: school.organizationId,
      paymentId: id,
      guardianId: school.guardianId,
      amount: payment.amount,
      wallet,
      provider: 'desk',
      providerRef: null,
      payerPhone: null,
      paidAt,
      allocations: allocation.allocations,
      creditAmount: allocation.creditAmount,
      cashierName: 'Awa Caissière',
    };
  });
}

/** Records a paid payment and issues its receipt. */
export async function paidWithReceipt(
  db: Database,
  school: { organizationId: string; guardianId: string },
  payment: Parameters<typeof recordPaidPayment>[2],
) {
  const facts = await recordPaidPayment(db, school, payment);
  return db.transaction((tx) => issueReceipt(tx, facts, { now: payment.at }));
}
