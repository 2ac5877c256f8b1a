import { addFrancs, sumFrancs } from '@ecolage/money';
import type { Transaction } from '../../../platform/db/database';
import {
  findPostedKeys,
  journalForAccount,
  LedgerAccounts,
  postLedgerTransaction,
  type LedgerEntryInput,
} from '../../ledger';
import { schoolToday } from '../../organizations';
import { insertCreditMovement } from './family-credit.repository';
import { lockGuardian } from '../../students';
import { familyCreditBalance } from './family-credit.service';
import { takeBackAllocations, type TakeBack } from './payment-refund.repository';
import { lockAllocationsOf, type AllocationHeld } from './payment-refund.reads';

export interface PaymentRefundToPost {
  organizationId: string;
  paymentId: string;
  /** The payer: the family whose credit the payment may have left. */
  guardianId: string;
  refundId: string;
  amount: number;
  /** What the payment still holds before this refund: its amount less the refunds already done. */
  unrefunded: number;
  /** Where the money leaves from: the treasury account the payment was debited to. */
  creditAccount: string;
  label: string;
  pieceRef: string;
}

export interface PaymentRefundReversal {
  /** Taken back from the family's credit (4191). */
  fromCredit: number;
  /** Taken back off invoices, which are open or partly paid again. */
  invoices: { invoiceId: string; studentId: string; amount: number }[];
  /** False when this refund had already been posted: nothing was changed again. */
  created: boolean;
}

/**
 * Undoes what a payment paid, for a refund that succeeded, inside the refund's transaction. The
 * money comes back first from the credit the payment left the family (4191) while it is unused,
 * then off the invoices the payment paid, last allocated first; should the credit have been spent
 * on other invoices meanwhile, off those credit allocations, newest first (the invoices the credit
 * paid are owed again). One ledger transaction: D 4191 (guardian) and/or D 4111 (each student's
 * matricule) / C the treasury account, idempotent by `refund:<refundId>`. The payer's row is
 * locked first and the invoices after, as a payment does: money is never taken back twice.
 *
 * Allocations are reduced in place (an allocation is never negative nor zero): the ledger keeps
 * the history, and `invoices.paid` stays the sum of the allocations, as `ledger:check` expects.
 */
export async function refundPaymentAllocations(
  tx: Transaction,
  refund: PaymentRefundToPost,
): Promise<PaymentRefundReversal> {
  const { organizationId, amount } = refund;
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > refund.unrefunded) {
    throw new RangeError('refund amount must be a positive whole number within the payment');
  }
  const key = `refund:${refund.refundId}`;
  await lockGuardian(tx, organizationId, refund.guardianId);
  if ((await findPostedKeys(tx, organizationId, [key])).has(key)) {
    return { fromCredit: 0, invoices: [], created: false };
  }

  const own = await lockAllocationsOf(tx, organizationId, {
    sourceType: 'payment',
    sourceId: refund.paymentId,
  });
  // What the payment holds is on its invoices or in the family's credit: the rest is credit.
  const onInvoices = sumFrancs(own.map((allocation) => allocation.amount));
  const creditPart = Math.max(0, refund.unrefunded - onInvoices);
  const available = await familyCreditBalance(tx, organizationId, refund.guardianId);
  let left = amount;
  const unusedCredit = Math.min(left, creditPart, Math.max(0, available));
  left -= unusedCredit;
  const takes = newestFirst(own, left);
  left -= total(takes);
  if (left > 0) {
    // The payment's credit paid other invoices since: those are owed again.
    const spent = await lockAllocationsOf(tx, organizationId, {
      sourceType: 'credit',
      sourceId: refund.guardianId,
    });
    const fromSpent = newestFirst(spent, left);
    left -= total(fromSpent);
    takes.push(...fromSpent);
  }
  // Anything no allocation holds any more (never expected) leaves the family's credit, even
  // below zero: the money is gone, the books must say so.
  const fromCredit = unusedCredit + left;

  await takeBackAllocations(tx, organizationId, takes);
  if (fromCredit > 0) {
    // Credit used by the refund (`allocation`: credit used; source = the refund).
    await insertCreditMovement(tx, organizationId, {
      guardianId: refund.guardianId,
      amount: -fromCredit,
      sourceType: 'allocation',
      sourceId: refund.refundId,
    });
  }
  const receivables = new Map<string, number>();
  for (const take of takes) {
    receivables.set(take.matricule, addFrancs(receivables.get(take.matricule) ?? 0, take.amount));
  }
  const entries: LedgerEntryInput[] = [
    ...(fromCredit > 0
      ? [{ account: LedgerAccounts.familyCredit, auxiliary: refund.guardianId, debit: fromCredit }]
      : []),
    ...[...receivables].map(([matricule, debit]) => ({
      account: LedgerAccounts.studentsReceivable,
      auxiliary: matricule,
      debit,
    })),
    { account: refund.creditAccount, credit: amount },
  ];
  await postLedgerTransaction(tx, {
    organizationId,
    idempotencyKey: key,
    journal: journalForAccount(refund.creditAccount),
    entryDate: await schoolToday(tx, organizationId),
    label: refund.label.slice(0, 300),
    pieceRef: refund.pieceRef,
    sourceType: 'refund',
    sourceId: refund.refundId,
    entries,
  });

  const perInvoice = new Map<string, PaymentRefundReversal['invoices'][number]>();
  for (const { invoiceId, studentId, amount: taken } of takes) {
    const invoice = perInvoice.get(invoiceId);
    if (invoice) invoice.amount = addFrancs(invoice.amount, taken);
    else perInvoice.set(invoiceId, { invoiceId, studentId, amount: taken });
  }
  return { fromCredit, invoices: [...perInvoice.values()], created: true };
}

type Take = TakeBack & Pick<AllocationHeld, 'studentId' | 'matricule'>;

/** Up to `wanted` francs off the allocations, in the order given (newest first). */
function newestFirst(allocations: readonly AllocationHeld[], wanted: number): Take[] {
  const takes: Take[] = [];
  let left = wanted;
  for (const allocation of allocations) {
    if (left <= 0) break;
    const amount = Math.min(left, allocation.amount);
    takes.push({
      allocationId: allocation.allocationId,
      invoiceId: allocation.invoiceId,
      studentId: allocation.studentId,
      matricule: allocation.matricule,
      amount,
      whole: amount === allocation.amount,
    });
    left -= amount;
  }
  return takes;
}

function total(takes: readonly Take[]): number {
  return sumFrancs(takes.map((take) => take.amount));
}
