import { ErrorCode, PaymentMessages } from '@ecolage/contracts';
import { addFrancs } from '@ecolage/money';
import type { DbOrTx, Transaction } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import {
  findPostedTransaction,
  journalForAccount,
  LedgerAccounts,
  postLedgerTransaction,
  type LedgerEntryInput,
} from '../ledger';
import {
  byDueDate,
  findGuardianPayableInvoices,
  findInvoicesForGuardian,
  findPaymentCredit,
  insertCreditMovement,
  lockGuardian,
  type PayableRow,
} from './family-credit.repository';
import { allocateToInvoice } from './invoices.repository';
import { findPaymentAllocations } from './payment-allocations.repository';

export interface PayableInvoice {
  id: string;
  number: string | null;
  label: string;
  studentId: string;
  studentName: string;
  dueOn: string;
  balance: number;
}

const isPayable = (row: PayableRow) => row.status === 'open' || row.status === 'partially_paid';

function toPayable(row: PayableRow): PayableInvoice {
  return {
    id: row.id,
    number: row.number,
    label: row.label,
    studentId: row.studentId,
    studentName: row.studentName,
    dueOn: row.dueOn,
    balance: row.total - row.paid,
  };
}

/**
 * What a guardian may pay, oldest due first. With `invoiceIds`: exactly those invoices, each of
 * which must be open or partly paid, of this school, and of a student linked to the guardian
 * (else 400 `invoiceNotPayable`); without: every open invoice of the guardian's students.
 */
export async function listPayableInvoices(
  db: DbOrTx,
  organizationId: string,
  guardianId: string,
  invoiceIds: string[],
): Promise<PayableInvoice[]> {
  if (invoiceIds.length === 0) {
    const rows = await findGuardianPayableInvoices(db, organizationId, guardianId, {
      lock: false,
    });
    return rows.sort(byDueDate).map(toPayable);
  }
  const wanted = [...new Set(invoiceIds)];
  const rows = await findInvoicesForGuardian(db, organizationId, guardianId, wanted, {
    lock: false,
  });
  if (rows.length !== wanted.length || rows.some((row) => !isPayable(row) || !row.linked)) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, PaymentMessages.invoiceNotPayable, {
      issues: [{ path: 'invoiceIds', message: PaymentMessages.invoiceNotPayable }],
    });
  }
  return rows.sort(byDueDate).map(toPayable);
}

export interface PaymentToAllocate {
  paymentId: string;
  guardianId: string;
  /** The invoices the payer chose; empty: the guardian's students' open invoices. */
  invoiceIds: string[];
  amount: number;
  /** Where the money is: 5521… (wallet), 571 (cash desk), 5211 (bank). */
  debitAccount: string;
  entryDate: string;
  label: string;
  pieceRef: string;
  idempotencyKey: string;
  /** The journal; by default the debit account's (`MM1` for 5521, `CA1` for 571, `BQ1`…). */
  journal?: string;
}

export interface PaymentAllocation {
  allocations: { invoiceId: string; studentId: string; amount: number }[];
  creditAmount: number;
  created: boolean;
}

/**
 * Applies a confirmed payment, inside the transaction that records its success. It never fails
 * for a business reason (the money has arrived): the chosen invoices are paid first, oldest due
 * first, up to their balances (an invoice paid or voided meanwhile is passed over); without a
 * choice, the guardian's students' open invoices, oldest due first; the rest becomes the family's
 * credit. One ledger transaction: D debit account / C 4111 per student / C 4191 (guardian).
 *
 * Idempotent by `idempotencyKey`: once posted, a replay allocates nothing and answers what the
 * payment was allocated to (`created: false`). The guardian's row is locked first (a family's
 * money is applied one payment at a time), then the invoices FOR UPDATE in id order: concurrent
 * payments on one invoice queue and never over-allocate nor deadlock.
 */
export async function allocatePayment(
  tx: Transaction,
  organizationId: string,
  payment: PaymentToAllocate,
): Promise<PaymentAllocation> {
  if (!Number.isSafeInteger(payment.amount) || payment.amount <= 0) {
    throw new RangeError(`payment amount must be a positive whole number of francs`);
  }
  await lockGuardian(tx, organizationId, payment.guardianId);
  if (await findPostedTransaction(tx, organizationId, payment.idempotencyKey)) {
    const allocated = await findPaymentAllocations(tx, organizationId, payment.paymentId);
    return {
      allocations: allocated.map(({ invoiceId, studentId, amount }) => ({
        invoiceId,
        studentId,
        amount,
      })),
      creditAmount: await findPaymentCredit(tx, organizationId, payment.paymentId),
      created: false,
    };
  }
  const candidates =
    payment.invoiceIds.length > 0
      ? await findInvoicesForGuardian(
          tx,
          organizationId,
          payment.guardianId,
          [...new Set(payment.invoiceIds)],
          { lock: true },
        )
      : await findGuardianPayableInvoices(tx, organizationId, payment.guardianId, { lock: true });

  let remaining = payment.amount;
  const allocations: PaymentAllocation['allocations'] = [];
  const receivables = new Map<string, number>();
  for (const invoice of candidates.filter(isPayable).sort(byDueDate)) {
    if (remaining === 0) break;
    const amount = Math.min(remaining, invoice.total - invoice.paid);
    if (amount <= 0) continue;
    await allocateToInvoice(tx, organizationId, invoice.id, {
      amount,
      sourceType: 'payment',
      sourceId: payment.paymentId,
    });
    allocations.push({ invoiceId: invoice.id, studentId: invoice.studentId, amount });
    receivables.set(invoice.matricule, addFrancs(receivables.get(invoice.matricule) ?? 0, amount));
    remaining -= amount;
  }
  if (remaining > 0) {
    await insertCreditMovement(tx, organizationId, {
      guardianId: payment.guardianId,
      amount: remaining,
      sourceType: 'payment',
      sourceId: payment.paymentId,
    });
  }
  const entries: LedgerEntryInput[] = [
    { account: payment.debitAccount, debit: payment.amount },
    ...[...receivables].map(([matricule, amount]) => ({
      account: LedgerAccounts.studentsReceivable,
      auxiliary: matricule,
      credit: amount,
    })),
    ...(remaining > 0
      ? [{ account: LedgerAccounts.familyCredit, auxiliary: payment.guardianId, credit: remaining }]
      : []),
  ];
  const posted = await postLedgerTransaction(tx, {
    organizationId,
    idempotencyKey: payment.idempotencyKey,
    journal: payment.journal ?? journalForAccount(payment.debitAccount),
    entryDate: payment.entryDate,
    label: payment.label,
    pieceRef: payment.pieceRef,
    sourceType: 'payment',
    sourceId: payment.paymentId,
    entries,
  });
  // The guardian's lock makes a concurrent replay wait and then see the key; reaching this means
  // the key was posted by another guardian's payment: undo rather than count the money twice.
  if (!posted.created) throw new Error(`payment key ${payment.idempotencyKey} already posted`);
  return { allocations, creditAmount: remaining, created: true };
}
