import type { Payment, PaymentItem } from '@ecolage/contracts';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { findPaymentAllocations } from '../billing';
import { findReceiptsOfPayments } from '../receipts';
import { guardians } from '../students';
import { paymentAttemptInvoices, paymentAttempts, type PaymentAttemptRow } from './payments.tables';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The payment as staff screens show it (secrets and raw provider answers stay on the server). */
export async function describePayment(db: DbOrTx, attempt: PaymentAttemptRow): Promise<Payment> {
  const [guardian] = await db
    .select({ fullName: guardians.fullName })
    .from(guardians)
    .where(
      and(
        eq(guardians.organizationId, attempt.organizationId),
        eq(guardians.id, attempt.guardianId),
      ),
    );
  const allocations = await findPaymentAllocations(db, attempt.organizationId, attempt.id);
  const receipt = (await findReceiptsOfPayments(db, attempt.organizationId, [attempt.id])).get(
    attempt.id,
  );
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
    guardianName: guardian?.fullName ?? '',
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

/** A student's payments, newest first: those made for their invoices. */
export async function findStudentPaymentPage(
  db: DbOrTx,
  organizationId: string,
  studentId: string,
  query: { page: number; pageSize: number },
): Promise<{ items: PaymentItem[]; total: number }> {
  const forStudent = inArray(
    paymentAttempts.id,
    db
      .select({ attemptId: paymentAttemptInvoices.attemptId })
      .from(paymentAttemptInvoices)
      .where(
        and(
          eq(paymentAttemptInvoices.organizationId, organizationId),
          eq(paymentAttemptInvoices.studentId, studentId),
        ),
      ),
  );
  const where = and(eq(paymentAttempts.organizationId, organizationId), forStudent);
  const [rows, [total]] = await Promise.all([
    db
      .select({ attempt: paymentAttempts, guardianName: guardians.fullName })
      .from(paymentAttempts)
      .innerJoin(
        guardians,
        and(
          eq(guardians.organizationId, paymentAttempts.organizationId),
          eq(guardians.id, paymentAttempts.guardianId),
        ),
      )
      .where(where)
      .orderBy(desc(paymentAttempts.createdAt), desc(paymentAttempts.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(paymentAttempts).where(where),
  ]);
  const receiptsOf = await findReceiptsOfPayments(
    db,
    organizationId,
    rows.map(({ attempt }) => attempt.id),
  );
  return {
    items: rows.map(({ attempt, guardianName }) => ({
      id: attempt.id,
      status: attempt.status,
      wallet: attempt.wallet as PaymentItem['wallet'],
      provider: attempt.provider as PaymentItem['provider'],
      amount: attempt.amount,
      payerPhone: attempt.payerPhone,
      guardianName,
      lateSuccess: attempt.lateSuccess,
      refundedAmount: attempt.refundedAmount,
      receiptId: receiptsOf.get(attempt.id)?.id ?? null,
      receiptNumber: receiptsOf.get(attempt.id)?.number ?? null,
      createdAt: attempt.createdAt.toISOString(),
      succeededAt: iso(attempt.succeededAt),
      failureReason: attempt.failureReason,
    })),
    total: total?.total ?? 0,
  };
}
