import { addFrancs } from '@ecolage/money';
import type { DbOrTx, Transaction } from '../../../platform/db/database';
import { domainError } from '../../../platform/errors';
import {
  findPostedKeys,
  journalForAccount,
  LedgerAccounts,
  postLedgerTransactions,
  type LedgerEntryInput,
} from '../../ledger';
import { findPaymentCredit, insertCreditMovements } from './family-credit.repository';
import {
  byDueDate,
  findGuardianPayableInvoices,
  findInvoicesForGuardian,
  findInvoicesForPayments,
  type PayableRow,
} from './payable-invoices.reads';
import { lockGuardians } from '../../students';
import { allocateToInvoices } from '../invoices/invoices.repository';
import { findPaymentAllocations } from './payment-allocations.reads';

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
    balance: row.total - row.paid, // an invoice's open balance (see openBalanceSum)
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
  const rows = await findInvoicesForGuardian(db, organizationId, guardianId, wanted);
  if (rows.length !== wanted.length || rows.some((row) => !isPayable(row) || !row.linked)) {
    throw domainError('INVOICE_NOT_PAYABLE', {}, { field: 'invoiceIds' });
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
 * Applies confirmed payments, inside the transaction that records their success. It never fails
 * for a business reason (the money has arrived): each payment pays the invoices its payer chose
 * first, oldest due first, up to their balances (an invoice paid or voided meanwhile is passed
 * over); without a choice, the guardian's students' open invoices, oldest due first; the rest
 * becomes the family's credit. One ledger transaction each: D debit account / C 4111 per student
 * / C 4191 (guardian). Payments are applied in the order given, so two of one family in a batch
 * meet the balances the first one left. A batch takes a few statements whatever its size.
 *
 * Idempotent by `idempotencyKey`: once posted, a replay allocates nothing and answers what the
 * payment was allocated to (`created: false`). The guardians' rows are locked first, in id order
 * (a family's money is applied one payment at a time), then the invoices FOR UPDATE in id order:
 * concurrent payments on one invoice queue and never over-allocate nor deadlock.
 */
export async function allocatePayments(
  tx: Transaction,
  organizationId: string,
  payments: readonly PaymentToAllocate[],
): Promise<PaymentAllocation[]> {
  for (const payment of payments) {
    if (!Number.isSafeInteger(payment.amount) || payment.amount <= 0) {
      throw new RangeError(`payment amount must be a positive whole number of francs`);
    }
  }
  const keys = payments.map((payment) => payment.idempotencyKey);
  if (new Set(keys).size !== keys.length) throw new Error('one payment key twice in a batch');
  await lockGuardians(
    tx,
    organizationId,
    payments.map((payment) => payment.guardianId),
  );
  const posted = await findPostedKeys(tx, organizationId, keys);
  const fresh = payments.filter((payment) => !posted.has(payment.idempotencyKey));
  const invoices = await findInvoicesForPayments(tx, organizationId, {
    invoiceIds: [...new Set(fresh.flatMap((payment) => payment.invoiceIds))],
    guardianIds: [
      ...new Set(
        fresh.filter((payment) => payment.invoiceIds.length === 0).map((p) => p.guardianId),
      ),
    ],
  });
  const plan = planAllocations(fresh, invoices);
  await allocateToInvoices(
    tx,
    organizationId,
    plan.flatMap(({ payment, allocations }) =>
      allocations.map(({ invoiceId, amount }) => ({
        invoiceId,
        amount,
        sourceType: 'payment' as const,
        sourceId: payment.paymentId,
      })),
    ),
  );
  await insertCreditMovements(
    tx,
    organizationId,
    plan
      .filter(({ creditAmount }) => creditAmount > 0)
      .map(({ payment, creditAmount }) => ({
        guardianId: payment.guardianId,
        amount: creditAmount,
        sourceType: 'payment' as const,
        sourceId: payment.paymentId,
      })),
  );
  const { created } = await postLedgerTransactions(
    tx,
    plan.map(({ payment, entries }) => ({
      organizationId,
      idempotencyKey: payment.idempotencyKey,
      journal: payment.journal ?? journalForAccount(payment.debitAccount),
      entryDate: payment.entryDate,
      label: payment.label,
      pieceRef: payment.pieceRef,
      sourceType: 'payment',
      sourceId: payment.paymentId,
      entries,
    })),
  );
  // The guardians' locks make a concurrent replay wait and then see its key; a key posted anyway
  // was posted by another guardian's payment: undo rather than count the money twice.
  if (created !== plan.length) throw new Error('a payment key was already posted');

  const planned = new Map(plan.map((item) => [item.payment.idempotencyKey, item]));
  const results: PaymentAllocation[] = [];
  for (const payment of payments) {
    const item = planned.get(payment.idempotencyKey);
    results.push(
      item
        ? {
            allocations: item.allocations.map(({ invoiceId, studentId, amount }) => ({
              invoiceId,
              studentId,
              amount,
            })),
            creditAmount: item.creditAmount,
            created: true,
          }
        : await allocatedBefore(tx, organizationId, payment.paymentId),
    );
  }
  return results;
}

/** One payment (`allocatePayments` with a batch of one). */
export async function allocatePayment(
  tx: Transaction,
  organizationId: string,
  payment: PaymentToAllocate,
): Promise<PaymentAllocation> {
  const [allocation] = await allocatePayments(tx, organizationId, [payment]);
  return allocation!;
}

/** What a payment already posted was allocated to (a replay). */
async function allocatedBefore(
  tx: Transaction,
  organizationId: string,
  paymentId: string,
): Promise<PaymentAllocation> {
  const allocated = await findPaymentAllocations(tx, organizationId, paymentId);
  return {
    allocations: allocated.map(({ invoiceId, studentId, amount }) => ({
      invoiceId,
      studentId,
      amount,
    })),
    creditAmount: await findPaymentCredit(tx, organizationId, paymentId),
    created: false,
  };
}

interface PlannedAllocation {
  payment: PaymentToAllocate;
  allocations: { invoiceId: string; studentId: string; amount: number }[];
  creditAmount: number;
  entries: LedgerEntryInput[];
}

/**
 * Where each payment's money goes, in order, against the invoices as the earlier payments of the
 * batch leave them (the rows are updated in memory as money is applied).
 */
function planAllocations(
  payments: readonly PaymentToAllocate[],
  rows: readonly (PayableRow & { payers: string[] })[],
): PlannedAllocation[] {
  const invoices = rows.map((row) => ({ ...row }));
  return payments.map((payment) => {
    const chosen = new Set(payment.invoiceIds);
    const candidates = invoices.filter((invoice) =>
      chosen.size > 0 ? chosen.has(invoice.id) : invoice.payers.includes(payment.guardianId),
    );
    let remaining = payment.amount;
    const allocations: PlannedAllocation['allocations'] = [];
    const receivables = new Map<string, number>();
    for (const invoice of candidates.filter(isPayable).sort(byDueDate)) {
      if (remaining === 0) break;
      const amount = Math.min(remaining, invoice.total - invoice.paid);
      if (amount <= 0) continue;
      invoice.paid += amount;
      invoice.status = invoice.paid >= invoice.total ? 'paid' : 'partially_paid';
      allocations.push({ invoiceId: invoice.id, studentId: invoice.studentId, amount });
      receivables.set(
        invoice.matricule,
        addFrancs(receivables.get(invoice.matricule) ?? 0, amount),
      );
      remaining -= amount;
    }
    const entries: LedgerEntryInput[] = [
      { account: payment.debitAccount, debit: payment.amount },
      ...[...receivables].map(([matricule, amount]) => ({
        account: LedgerAccounts.studentsReceivable,
        auxiliary: matricule,
        credit: amount,
      })),
      ...(remaining > 0
        ? [
            {
              account: LedgerAccounts.familyCredit,
              auxiliary: payment.guardianId,
              credit: remaining,
            },
          ]
        : []),
    ];
    return { payment, allocations, creditAmount: remaining, entries };
  });
}
