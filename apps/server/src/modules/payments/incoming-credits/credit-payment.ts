import { randomUUID } from 'node:crypto';
import {
  paymentMethodValues,
  providerLabels,
  providerValues,
  type PaymentMethodValue,
  type ProviderValue,
} from '@ecolage/contracts';
import type { Transaction } from '../../../platform/db/database';
import { publishEvents } from '../../../platform/outbox/outbox';
import { allocatePayments, listPayableInvoices } from '../../billing';
import {
  LedgerAccounts,
  journalForAccount,
  postLedgerTransaction,
  reverseLedgerTransaction,
} from '../../ledger';
import { schoolToday } from '../../organizations';
import { insertAttempt, recordTransition, updateAttempt } from '../attempts.repository';
import { paymentToAllocate, succeededEvent } from '../processing/confirm-successes';
import type { PaymentAttemptRow } from '../payments.tables';
import type { IncomingCreditRow } from './incoming-credits.tables';

/** The wallet a provider's credit came through when the notice does not say. */
const providerWallets: Partial<Record<ProviderValue, PaymentMethodValue>> = {
  wave: 'WAVE',
  mtn: 'MTN',
  orange: 'ORANGE',
};

/** The method the payment is recorded with: the credit's wallet, the provider's, else a transfer. */
export function creditWallet(credit: Pick<IncomingCreditRow, 'wallet' | 'provider'>) {
  if (credit.wallet && (paymentMethodValues as readonly string[]).includes(credit.wallet)) {
    return credit.wallet as PaymentMethodValue;
  }
  return providerWallets[credit.provider as ProviderValue] ?? 'BANK_TRANSFER';
}

/**
 * The channel the payment is recorded under: the provider that carried it; a bank transfer, which
 * no provider carried, is the school's own money in like the desk's (`desk`, method BANK_TRANSFER,
 * no cash session, no provider fee).
 */
function creditChannel(credit: Pick<IncomingCreditRow, 'provider'>) {
  return (providerValues as readonly string[]).includes(credit.provider)
    ? (credit.provider as ProviderValue)
    : ('desk' as const);
}

/** Where the money is: the wallet's account (552x), else the bank (5211). */
export function creditTreasuryAccount(credit: Pick<IncomingCreditRow, 'wallet' | 'provider'>) {
  return LedgerAccounts.wallet[creditWallet(credit)] ?? LedgerAccounts.bank;
}

/** The provider or bank in words, for labels and audit actors. */
export function creditCarrierLabel(credit: Pick<IncomingCreditRow, 'provider'>) {
  return providerLabels[credit.provider as ProviderValue] ?? credit.provider;
}

/**
 * Waiting money in the ledger at once: D the wallet's (or bank) account / C 4712, idempotent by
 * `incoming:<id>:received`. Returns the transaction's id (kept to reverse it).
 */
export async function postSuspense(tx: Transaction, credit: IncomingCreditRow): Promise<string> {
  const account = creditTreasuryAccount(credit);
  const { transaction } = await postLedgerTransaction(tx, {
    organizationId: credit.organizationId,
    idempotencyKey: `incoming:${credit.id}:received`,
    journal: journalForAccount(account),
    entryDate: await schoolToday(tx, credit.organizationId),
    label: `Encaissement à affecter ${creditCarrierLabel(credit)} ${credit.providerTxnId}`,
    pieceRef: credit.providerTxnId,
    sourceType: 'incoming_credit',
    sourceId: credit.id,
    entries: [
      { account, debit: credit.amount },
      { account: LedgerAccounts.unassignedCredits, credit: credit.amount },
    ],
  });
  return transaction.id;
}

/**
 * The suspense leaves 4712: its posting reversed (D 4712 / C the wallet), `incoming:<id>:<why>`
 * — `assigned` when the payment takes the money over, `returned` when it goes back to the sender.
 */
export async function reverseSuspense(
  tx: Transaction,
  credit: IncomingCreditRow,
  why: 'assigned' | 'returned',
): Promise<void> {
  if (!credit.suspenseTransactionId) return;
  await reverseLedgerTransaction(
    tx,
    { organizationId: credit.organizationId, id: credit.suspenseTransactionId },
    {
      idempotencyKey: `incoming:${credit.id}:${why}`,
      journal: journalForAccount(creditTreasuryAccount(credit)),
      entryDate: await schoolToday(tx, credit.organizationId),
      label:
        why === 'assigned'
          ? `Affectation de l’encaissement ${credit.providerTxnId}`
          : `Encaissement ${credit.providerTxnId} rendu à l’expéditeur`,
      sourceType: 'incoming_credit',
      sourceId: credit.id,
    },
  );
}

export interface CreditedPayment {
  attempt: PaymentAttemptRow;
  allocations: { invoiceId: string; studentId: string; amount: number }[];
  creditAmount: number;
}

/**
 * Turns a credit into a succeeded payment of its provider and wallet, for `studentId` paid by
 * `guardianId`, in the caller's transaction — the way the desk records money in hand, without a
 * cash session: the attempt is born `succeeded` (the provider's transaction id kept), its money
 * allocated by billing to the student's open invoices, oldest due first (the rest to the family's
 * credit), posted (D the wallet's account / C 4111, 4191), and `payment.succeeded` published (the
 * receipt and the settlement follow).
 */
export async function createCreditPayment(
  tx: Transaction,
  credit: IncomingCreditRow,
  payer: {
    studentId: string;
    guardianId: string;
    createdBy: string;
    createdByUserId: string | null;
  },
  now: Date,
): Promise<CreditedPayment> {
  const { organizationId } = credit;
  const payable = await listPayableInvoices(tx, organizationId, payer.guardianId, []);
  const invoiceIds = payable
    .filter((invoice) => invoice.studentId === payer.studentId)
    .map((invoice) => invoice.id);
  const attemptId = randomUUID();
  const created = await insertAttempt(tx, {
    id: attemptId,
    organizationId,
    guardianId: payer.guardianId,
    provider: creditChannel(credit),
    wallet: creditWallet(credit),
    payerPhone: credit.payerPhone,
    amount: credit.amount,
    currency: credit.currency,
    status: 'succeeded',
    invoiceIds,
    providerRef: null,
    providerTxnId: credit.providerTxnId,
    createdBy: payer.createdBy,
    createdByUserId: payer.createdByUserId,
    expiresAt: now,
    succeededAt: now,
    createdAt: now,
    updatedAt: now,
  });
  await recordTransition(tx, {
    organizationId,
    attemptId,
    fromStatus: null,
    toStatus: 'succeeded',
    cause: 'incoming_credit',
    eventId: credit.eventId,
    at: now,
  });
  const [allocated] = await allocatePayments(tx, organizationId, [
    paymentToAllocate(created, await schoolToday(tx, organizationId)),
  ]);
  const { allocations, creditAmount } = allocated!;
  const attempt = creditAmount > 0 ? await updateAttempt(tx, attemptId, { creditAmount }) : created;
  await publishEvents(tx, [succeededEvent(attempt, { allocations, creditAmount }, false, now)]);
  return { attempt, allocations, creditAmount };
}
