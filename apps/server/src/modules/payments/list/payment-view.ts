import type { Payment, PaymentItem } from '@ecolage/contracts';
import { DEFAULT_SCHOOL_TIME_ZONE } from '../../../platform/clock';
import type { DbOrTx } from '../../../platform/db/database';
import { findPaymentAllocations } from '../../billing';
import { findGuardianNames } from '../../students';
import { countPayments, findPaymentPage } from './payment-list.reads';
import { paymentReceipts } from './payment-receipts';
import type { PaymentAttemptRow } from '../payments.tables';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * The payment as staff screens show it (secrets and raw provider answers stay on the server).
 * Its reads run one after the other: `db` may be a transaction, whose one client takes one query
 * at a time.
 */
export async function describePayment(db: DbOrTx, attempt: PaymentAttemptRow): Promise<Payment> {
  const { organizationId } = attempt;
  const payers = await findGuardianNames(db, organizationId, [attempt.guardianId]);
  const allocations = await findPaymentAllocations(db, organizationId, attempt.id);
  const receipts = await paymentReceipts().findReceiptsOfPayments(db, organizationId, [attempt.id]);
  const receipt = receipts.get(attempt.id);
  return {
    id: attempt.id,
    status: attempt.status,
    wallet: attempt.wallet as Payment['wallet'],
    provider: attempt.provider as Payment['provider'],
    providerRef: attempt.providerTxnId ?? attempt.providerRef,
    amount: attempt.amount,
    currency: attempt.currency,
    payerPhone: attempt.payerPhone,
    guardianId: attempt.guardianId,
    guardianName: payers.get(attempt.guardianId) ?? '',
    invoiceIds: attempt.invoiceIds,
    failureReason: attempt.failureReason,
    nextAction: (attempt.nextAction as Payment['nextAction']) ?? null,
    lateSuccess: attempt.lateSuccess,
    allocations,
    creditAmount: attempt.creditAmount,
    refundedAmount: attempt.refundedAmount,
    receiptId: receipt?.id ?? null,
    receiptNumber: receipt?.number ?? null,
    createdBy: attempt.createdBy,
    createdAt: attempt.createdAt.toISOString(),
    updatedAt: attempt.updatedAt.toISOString(),
    expiresAt: iso(attempt.expiresAt),
    succeededAt: iso(attempt.succeededAt),
  };
}

/** A student's payments, newest first: « Paiements » for the claims of their invoices. */
export async function findStudentPaymentPage(
  db: DbOrTx,
  organizationId: string,
  studentId: string,
  query: { page: number; pageSize: number },
): Promise<{ items: PaymentItem[]; total: number }> {
  // No days to filter: the time zone is never read.
  const scope = { organizationId, timeZone: DEFAULT_SCHOOL_TIME_ZONE, claims: { studentId } };
  const offset = (query.page - 1) * query.pageSize;
  const [attempts, total] = await Promise.all([
    findPaymentPage(db, scope, 'desc', query.pageSize, offset),
    countPayments(db, scope),
  ]);
  const [payers, receipts] = await Promise.all([
    findGuardianNames(
      db,
      organizationId,
      attempts.map((attempt) => attempt.guardianId),
    ),
    paymentReceipts().findReceiptsOfPayments(
      db,
      organizationId,
      attempts.map((attempt) => attempt.id),
    ),
  ]);
  return {
    items: attempts.map((attempt) => ({
      id: attempt.id,
      status: attempt.status,
      wallet: attempt.wallet as PaymentItem['wallet'],
      provider: attempt.provider as PaymentItem['provider'],
      amount: attempt.amount,
      payerPhone: attempt.payerPhone,
      guardianName: payers.get(attempt.guardianId) ?? '',
      lateSuccess: attempt.lateSuccess,
      refundedAmount: attempt.refundedAmount,
      receiptId: receipts.get(attempt.id)?.id ?? null,
      receiptNumber: receipts.get(attempt.id)?.number ?? null,
      createdAt: attempt.createdAt.toISOString(),
      succeededAt: iso(attempt.succeededAt),
      failureReason: attempt.failureReason,
    })),
    total,
  };
}
