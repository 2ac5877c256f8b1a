import type { DeskPaymentResult, PaymentMethodValue } from '@ecolage/contracts';
import type { Database, DbOrTx } from '../../platform/db/database';
import { domainError } from '../../platform/errors';
import { recordAuditEntry } from '../audit';
import {
  findDeskPaymentByKey,
  getPayment,
  isIdempotencyKeyTaken,
  recordDeskPayment,
  type DeskPaymentInput,
} from '../payments';
import { issueReceipt } from '../receipts';
import { lockSession } from './cash-desk.repository';
import { visibleSession, type DeskMember } from './cash-desk.service';

/** The payment as the desk shows it, with the receipt to print. */
async function deskPaymentResult(
  db: DbOrTx,
  organizationId: string,
  paymentId: string,
): Promise<DeskPaymentResult> {
  const payment = await getPayment(db, organizationId, paymentId);
  // Desk payments get their receipt in their own transaction: it is always there.
  if (!payment.receiptId || !payment.receiptNumber) {
    throw new Error(`desk payment ${paymentId} has no receipt`);
  }
  return { payment, receiptId: payment.receiptId, receiptNumber: payment.receiptNumber };
}

/**
 * The cashier takes a payment in their open session: recorded and credited by payments, and the
 * receipt issued in the same transaction so that it prints at once (the payment's audit entry
 * goes last, after the receipt's counter lock). The session is locked for
 * the time of it (the closing count waits). With an `Idempotency-Key`, a second submit of the
 * same payment answers with the first one (`replayed`) instead of taking the money twice. The
 * answer is read once the transaction has committed (its locks are not held for it).
 */
export async function takeDeskPayment(
  db: Database,
  member: DeskMember,
  sessionId: string,
  request: DeskPaymentInput,
  idempotencyKey: string | undefined,
): Promise<{ result: DeskPaymentResult; replayed: boolean }> {
  const { organizationId } = member;
  let taken: { paymentId: string; replayed: boolean };
  try {
    taken = await db.transaction(async (tx) => {
      const session = visibleSession(member, await lockSession(tx, organizationId, sessionId));
      if (session.cashierUserId !== member.userId) {
        throw domainError('NOT_YOUR_CASH_SESSION');
      }
      if (idempotencyKey) {
        const previous = await findDeskPaymentByKey(
          tx,
          organizationId,
          session.id,
          request,
          idempotencyKey,
        );
        if (previous) return { paymentId: previous.id, replayed: true };
      }
      if (session.status !== 'open') {
        throw domainError('CASH_SESSION_CLOSED');
      }
      const recorded = await recordDeskPayment(
        tx,
        member,
        { id: session.id, cashierName: session.cashierName },
        request,
        idempotencyKey,
      );
      const { attempt } = recorded;
      await issueReceipt(tx, {
        organizationId,
        paymentId: attempt.id,
        guardianId: attempt.guardianId,
        amount: attempt.amount,
        wallet: attempt.wallet as PaymentMethodValue,
        provider: 'desk',
        providerRef: attempt.providerRef,
        payerPhone: attempt.payerPhone,
        paidAt: attempt.succeededAt ?? attempt.createdAt,
        allocations: recorded.allocations,
        creditAmount: recorded.creditAmount,
        cashierName: session.cashierName,
        actor: member.actor,
      });
      await recordAuditEntry(tx, recorded.audit);
      return { paymentId: attempt.id, replayed: false };
    });
  } catch (error) {
    if (idempotencyKey === undefined || !isIdempotencyKeyTaken(error)) throw error;
    // The same key won meanwhile (in another session's lock): answer with its payment.
    const previous = await findDeskPaymentByKey(
      db,
      organizationId,
      sessionId,
      request,
      idempotencyKey,
    );
    if (!previous) throw error;
    taken = { paymentId: previous.id, replayed: true };
  }
  return {
    result: await deskPaymentResult(db, organizationId, taken.paymentId),
    replayed: taken.replayed,
  };
}
