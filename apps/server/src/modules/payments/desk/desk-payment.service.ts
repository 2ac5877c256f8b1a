import { randomUUID } from 'node:crypto';
import { checkPaymentAmount, type deskPaymentRequestSchema } from '@ecolage/contracts';
import type { z } from 'zod';
import type { Transaction, DbOrTx } from '../../../platform/db/database';
import { isUniqueViolation, violatedConstraint } from '../../../platform/db/errors';
import type { ActingMember } from '../../../platform/http/acting-member';
import { notFound, domainError } from '../../../platform/errors';
import { publishEvents } from '../../../platform/outbox/outbox';
import type { AuditEntryInput } from '../../audit';
import {
  allocatePayments,
  listPayableInvoices,
  openBalanceOf,
  type PayableInvoice,
} from '../../billing';
import { schoolToday } from '../../organizations';
import { findStudent, findStudentGuardians } from '../../students';
import {
  claimInvoices,
  insertAttempt,
  insertIdempotencyKey,
  recordTransition,
  releaseInvoices,
  updateAttempt,
} from '../attempts.repository';
import { paymentToAllocate, succeededEvent } from '../processing/confirm-successes';
import { findPendingClaims } from './desk-payments.reads';
import { findPaymentByKey, requestHash } from '../requests/idempotency-keys';
import type { PaymentAttemptRow } from '../payments.tables';
import { coveredOldestFirst } from '../requests/request-payment.service';
import { amountRefused } from '../amount-refused';

export type DeskPaymentInput = z.output<typeof deskPaymentRequestSchema>;

/** The cash desk session a payment is taken in. */
export interface DeskSession {
  id: string;
  cashierName: string;
}

/** A payment taken at the desk, credited, with what the receipt needs. */
export interface DeskPaymentRecorded {
  attempt: PaymentAttemptRow;
  allocations: { invoiceId: string; studentId: string; amount: number }[];
  creditAmount: number;
  /** `payment.recorded_at_desk`, for the caller to append last in the same transaction. */
  audit: AuditEntryInput;
}

/** Same key, same payment: the parsed body and the session it is taken in. */
function deskRequestHash(sessionId: string, request: DeskPaymentInput): string {
  return requestHash({
    desk: sessionId,
    studentId: request.studentId,
    guardianId: request.guardianId ?? null,
    invoiceIds: [...request.invoiceIds].sort(),
    amount: request.amount,
    method: request.method,
    reference: request.reference ?? null,
  });
}

/**
 * The payment a previous submit with this `Idempotency-Key` recorded, if any (a double click at
 * the desk answers with the first payment); the same key with another body is refused (422).
 */
export function findDeskPaymentByKey(
  db: DbOrTx,
  organizationId: string,
  sessionId: string,
  request: DeskPaymentInput,
  key: string,
): Promise<PaymentAttemptRow | undefined> {
  return findPaymentByKey(db, organizationId, key, deskRequestHash(sessionId, request));
}

/** Who pays: the guardian named (linked to the student), else the student's main payer. */
async function resolvePayer(tx: Transaction, organizationId: string, request: DeskPaymentInput) {
  const student = await findStudent(tx, organizationId, request.studentId);
  if (!student) throw notFound('STUDENT_NOT_FOUND');
  // The student's guardians, main payer first.
  const links = await findStudentGuardians(tx, organizationId, student.id);
  const payers = links.map(({ guardian }) => guardian);
  if (request.guardianId) {
    const named = payers.find((payer) => payer.id === request.guardianId);
    if (!named) {
      throw domainError('GUARDIAN_NOT_LINKED', {}, { field: 'guardianId' });
    }
    return named;
  }
  const main = payers[0];
  if (!main) {
    throw domainError('STUDENT_HAS_NO_PAYER', {}, { field: 'guardianId' });
  }
  return main;
}

const awaitsPayment = () => domainError('INVOICE_AWAITS_PAYMENT', {}, { field: 'invoiceIds' });

/**
 * The student's invoices this payment is for: the chosen ones (open, the student's, linked to
 * the payer), or — without a choice — the student's open invoices, oldest due first, that the
 * amount covers. The amount may not exceed what they still owe. An invoice a payment in flight
 * claims (a push waiting on a parent's phone, by any payer) is not taken: chosen, it is refused
 * (409); without a choice, the others are paid, and 409 when they are not enough.
 */
async function invoicesToPay(
  tx: Transaction,
  organizationId: string,
  payerId: string,
  request: DeskPaymentInput,
): Promise<PayableInvoice[]> {
  const chosen = request.invoiceIds.length > 0;
  const payable = await listPayableInvoices(tx, organizationId, payerId, request.invoiceIds);
  if (chosen && payable.some((invoice) => invoice.studentId !== request.studentId)) {
    throw domainError('INVOICE_OF_ANOTHER_STUDENT', {}, { field: 'invoiceIds' });
  }
  const owed = payable.filter((invoice) => invoice.studentId === request.studentId);
  if (owed.length === 0) throw domainError('NOTHING_DUE', {}, { field: 'invoiceIds' });
  const claims = await findPendingClaims(tx, organizationId, {
    invoiceIds: owed.map((invoice) => invoice.id),
  });
  const claimed = new Set(claims.flatMap((claim) => claim.invoiceIds));
  if (chosen && claimed.size > 0) throw awaitsPayment();
  const free = owed.filter((invoice) => !claimed.has(invoice.id));
  const balance = openBalanceOf(free);
  // The money is in hand: never more than the free invoices owe, chosen or not.
  const verdict = checkPaymentAmount({ amount: request.amount, balance, capped: true });
  if (!verdict.ok) {
    if (claimed.size > 0) throw awaitsPayment();
    throw balance === 0
      ? domainError('NOTHING_DUE', {}, { field: 'invoiceIds' })
      : amountRefused(verdict);
  }
  return chosen ? free : coveredOldestFirst(free, request.amount);
}

/**
 * Claims the invoices for the desk payment the way a request to pay claims them (the partial
 * unique index: one active claim per invoice and payer), so that a request for the same invoices
 * and payer running at this moment waits for this transaction, or this one for it: the one that
 * loses gets its 409. The claims are released before the commit — the money is in hand.
 */
async function claimWhilePaying(
  tx: Transaction,
  attempt: PaymentAttemptRow,
  invoices: PayableInvoice[],
): Promise<void> {
  try {
    await tx.transaction((savepoint) =>
      claimInvoices(
        savepoint,
        attempt,
        invoices.map((invoice) => ({ invoiceId: invoice.id, studentId: invoice.studentId })),
      ),
    );
  } catch (error) {
    if (
      isUniqueViolation(error) &&
      violatedConstraint(error) === 'payment_attempt_invoices_one_active_key'
    ) {
      throw awaitsPayment();
    }
    throw error;
  }
}

/**
 * Records a payment the cashier has in hand (cash, cheque, transfer, mobile money paid to the
 * school's number) and credits it at once, in the caller's transaction: the attempt is born
 * `succeeded` (provider `desk`, wallet = the method, the cheque or transaction number as the
 * provider's reference), its money is allocated to the invoices and posted to the ledger by
 * billing (D 571 cash, 513 cheques, 5211 bank, 552x wallets / C 4111), `payment.succeeded` goes
 * to the outbox. The audit entry is returned, not written: the caller issues the receipt first
 * and appends it last (the audit chain's lock is the last one a transaction takes, as in
 * `confirmSuccesses`). With `idempotencyKey`, the key is kept so that a second submit answers
 * with this payment (`findDeskPaymentByKey`).
 */
export async function recordDeskPayment(
  tx: Transaction,
  member: ActingMember,
  session: DeskSession,
  request: DeskPaymentInput,
  idempotencyKey?: string,
): Promise<DeskPaymentRecorded> {
  const { organizationId } = member;
  const payer = await resolvePayer(tx, organizationId, request);
  const invoices = await invoicesToPay(tx, organizationId, payer.id, request);
  const reference = request.method === 'CASH' ? null : (request.reference ?? null);
  const now = new Date();
  const attemptId = randomUUID();
  const created = await insertAttempt(tx, {
    id: attemptId,
    organizationId,
    guardianId: payer.id,
    provider: 'desk',
    wallet: request.method,
    payerPhone: payer.phone,
    amount: request.amount,
    status: 'succeeded',
    invoiceIds: invoices.map((invoice) => invoice.id),
    providerRef: reference,
    cashSessionId: session.id,
    createdBy: session.cashierName,
    createdByUserId: member.actor.type === 'user' ? member.actor.userId : null,
    expiresAt: now,
    succeededAt: now,
    createdAt: now,
    updatedAt: now,
  });
  if (idempotencyKey) {
    await insertIdempotencyKey(tx, {
      organizationId,
      key: idempotencyKey,
      requestHash: deskRequestHash(session.id, request),
      attemptId,
    });
  }
  await claimWhilePaying(tx, created, invoices);
  await recordTransition(tx, {
    organizationId,
    attemptId,
    fromStatus: null,
    toStatus: 'succeeded',
    cause: 'desk',
    at: now,
  });
  await releaseInvoices(tx, [attemptId]);
  const [allocated] = await allocatePayments(tx, organizationId, [
    paymentToAllocate(created, await schoolToday(tx, organizationId)),
  ]);
  const { allocations, creditAmount } = allocated!;
  // Paid meanwhile by someone else: what is left over becomes the family's credit.
  const attempt = creditAmount > 0 ? await updateAttempt(tx, attemptId, { creditAmount }) : created;
  await publishEvents(tx, [
    succeededEvent(attempt, { allocations, creditAmount }, false, now, {
      cashierName: session.cashierName,
    }),
  ]);
  const audit: AuditEntryInput = {
    organizationId,
    actor: member.actor,
    action: 'payment.recorded_at_desk',
    resourceType: 'payment',
    resourceId: attemptId,
    category: 'payment',
    details: {
      amount: attempt.amount,
      method: request.method,
      reference,
      guardian: payer.fullName,
      invoices: invoices.map((invoice) => invoice.number ?? invoice.id),
      credit: creditAmount,
      cashSession: session.id,
      cashier: session.cashierName,
    },
    ip: member.ip,
    userAgent: member.userAgent,
  };
  return { attempt, allocations, creditAmount, audit };
}
