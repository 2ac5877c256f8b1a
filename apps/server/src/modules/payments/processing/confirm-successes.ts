import {
  paymentMethodLabels,
  providerLabels,
  type PaymentChannelValue,
  type PaymentMethodValue,
  type ProviderValue,
} from '@ecolage/contracts';
import { getTableColumns, sql } from 'drizzle-orm';
import type { Transaction } from '../../../platform/db/database';
import { publishEvents, type EventToPublish } from '../../../platform/outbox/outbox';
import type { AuditEntryInput } from '../../audit';
import { allocatePayments, type PaymentAllocation, type PaymentToAllocate } from '../../billing';
import { LedgerAccounts } from '../../ledger';
import { schoolToday } from '../../organizations';
import { recordTransitions, releaseInvoices } from '../attempts.repository';
import { paymentAttempts, type PaymentAttemptRow } from '../payments.tables';
import { markEventsProcessed } from '../intake/provider-events.repository';
import { flagForReview } from '../reviews/flag-for-review';
import { transition, type PaymentState } from '../state-machine';
import type { ApplyJob, TransitionCause } from './apply-status.service';

const causeActors: Record<TransitionCause, string> = {
  initiation: 'Demande de paiement',
  webhook: 'Notification du prestataire',
  poll: 'Rapprochement automatique',
  refresh: 'Vérification manuelle',
  expiry: 'Rapprochement automatique',
};

/** Who the audit names for a change the provider reported. */
export function providerActor(
  attempt: PaymentAttemptRow,
  cause: TransitionCause,
): AuditEntryInput['actor'] {
  const provider = providerLabels[attempt.provider as ProviderValue] ?? attempt.provider;
  return { type: 'system', label: `${causeActors[cause]} (${provider})` };
}

/** A success the provider confirmed for the attempt's amount, to credit. */
export interface Confirmation {
  job: ApplyJob;
  /** The attempt as locked. */
  attempt: PaymentAttemptRow;
  from: PaymentState;
  late: boolean;
}

/** A currency or amount other than the attempt's: the reason to flag it instead. */
export function moneyMismatch(attempt: PaymentAttemptRow, job: ApplyJob) {
  const paid = job.observed.paidAmount;
  if (!paid) return undefined;
  if (paid.currency.toUpperCase() !== attempt.currency) return 'currency_mismatch' as const;
  if (paid.amount !== attempt.amount) return 'amount_mismatch' as const;
  return undefined;
}

/**
 * The job as a confirmation to credit: the provider says succeeded, for the attempt's money, and
 * the attempt is not already past it. (A refund failing at the provider, `refund_pending →
 * succeeded`, credits nothing again.)
 */
export function asConfirmation(job: ApplyJob, attempt: PaymentAttemptRow): Confirmation | null {
  if (job.observed.status !== 'succeeded' || moneyMismatch(attempt, job)) return null;
  const move = transition(attempt.status, 'succeeded');
  if (move.kind === 'ignore' || move.from === 'refund_pending') return null;
  return { job, attempt, from: move.from, late: move.late };
}

/**
 * Credits confirmed payments, in a few statements whatever their number: each attempt moves to
 * `succeeded` with its timeline row, its money is allocated to its invoices and posted to the
 * ledger (billing's `allocatePayments`, one ledger transaction each), its invoice claims are
 * released, a late success is put in front of a person, `payment.succeeded` goes to the outbox
 * and the notifications that brought the news are marked processed. Returns each attempt as
 * updated and its audit entry, which the caller appends last.
 */
export async function confirmSuccesses(
  tx: Transaction,
  confirmations: Confirmation[],
  now: Date,
): Promise<{ confirmation: Confirmation; attempt: PaymentAttemptRow; audit: AuditEntryInput }[]> {
  if (confirmations.length === 0) return [];
  const allocations = await allocateBySchool(tx, confirmations);
  const updated = await markSucceeded(tx, confirmations, allocations, now);
  await recordTransitions(
    tx,
    confirmations.map(({ job, attempt, from }) => ({
      organizationId: attempt.organizationId,
      attemptId: attempt.id,
      fromStatus: from,
      toStatus: 'succeeded',
      cause: job.cause,
      providerStatus: job.observed.providerStatus,
      eventId: job.eventId ?? null,
      at: now,
    })),
  );
  await releaseInvoices(
    tx,
    confirmations.map(({ attempt }) => attempt.id),
  );
  for (const { job, attempt, late } of confirmations) {
    if (!late) continue;
    await flagForReview(tx, {
      organizationId: attempt.organizationId,
      reason: 'late_success',
      provider: attempt.provider,
      eventId: null,
      attemptId: attempt.id,
      expectedAmount: attempt.amount,
      reportedAmount: attempt.amount,
      detail: `Confirmé après ${job.eventId ? 'notification' : 'vérification'} alors que le paiement était clos`,
    });
  }
  const outbox: EventToPublish[] = [];
  const results = confirmations.map((confirmation, index) => {
    const attempt = updated.get(confirmation.attempt.id)!;
    const allocation = allocations[index]!;
    outbox.push(succeededEvent(attempt, allocation, confirmation.late, now));
    const audit: AuditEntryInput = {
      organizationId: attempt.organizationId,
      actor: providerActor(attempt, confirmation.job.cause),
      action: confirmation.late ? 'payment.late_success' : 'payment.succeeded',
      resourceType: 'payment',
      resourceId: attempt.id,
      category: 'payment',
      details: {
        amount: attempt.amount,
        wallet: attempt.wallet,
        provider: attempt.provider,
        reference: pieceRef(attempt),
        invoices: allocation.allocations.length,
        credit: allocation.creditAmount,
      },
    };
    return { confirmation, attempt, audit };
  });
  await publishEvents(tx, outbox);
  await markEventsProcessed(
    tx,
    confirmations.flatMap(({ job }) => (job.eventId ? [job.eventId] : [])),
    'applied',
  );
  return results;
}

/** `payment.succeeded`, for its handlers (the receipt, the message to the payer). */
export function succeededEvent(
  attempt: PaymentAttemptRow,
  allocation: Pick<PaymentAllocation, 'allocations' | 'creditAmount'>,
  late: boolean,
  now: Date,
  extra: { cashierName?: string | null } = {},
): EventToPublish {
  return {
    name: 'payment.succeeded',
    organizationId: attempt.organizationId,
    aggregateId: attempt.id,
    payload: {
      paymentId: attempt.id,
      guardianId: attempt.guardianId,
      amount: attempt.amount,
      // Checked against the catalogue's schema when published.
      wallet: attempt.wallet as PaymentMethodValue,
      provider: attempt.provider as PaymentChannelValue,
      providerRef: attempt.providerRef,
      providerTxnId: attempt.providerTxnId,
      allocations: allocation.allocations,
      creditAmount: allocation.creditAmount,
      late,
      payerPhone: attempt.payerPhone,
      succeededAt: (attempt.succeededAt ?? now).toISOString(),
      ...extra,
    },
  };
}

/** The reference the ledger and the audit give a payment: the provider's, else ours. */
export function pieceRef(attempt: Pick<PaymentAttemptRow, 'providerTxnId' | 'providerRef' | 'id'>) {
  return attempt.providerTxnId ?? attempt.providerRef ?? attempt.id;
}

/**
 * What billing allocates and posts for a payment whose money is in: D the account of its wallet
 * or desk method (552x, 571 cash, 513 cheques, 5211) / C 4111, 4191, labelled with the method and
 * the reference, idempotent by `pay:<id>:succeeded`.
 */
export function paymentToAllocate(
  attempt: Pick<
    PaymentAttemptRow,
    'id' | 'guardianId' | 'invoiceIds' | 'amount' | 'wallet' | 'providerTxnId' | 'providerRef'
  >,
  entryDate: string,
): PaymentToAllocate {
  const reference = pieceRef(attempt);
  const method = paymentMethodLabels[attempt.wallet as PaymentMethodValue] ?? attempt.wallet;
  return {
    paymentId: attempt.id,
    guardianId: attempt.guardianId,
    invoiceIds: attempt.invoiceIds,
    amount: attempt.amount,
    debitAccount: LedgerAccounts.wallet[attempt.wallet] ?? LedgerAccounts.bank,
    entryDate,
    label: `Paiement ${method} ${reference}`,
    pieceRef: reference,
    idempotencyKey: `pay:${attempt.id}:succeeded`,
  };
}

/** The references the provider gave, as the attempt will keep them. */
function references({ job, attempt }: Confirmation) {
  return {
    providerRef: attempt.providerRef ?? job.observed.providerRef ?? null,
    providerTxnId: job.observed.providerTxnId ?? attempt.providerTxnId,
  };
}

/** Allocates the confirmations' money, one batch per school; results in the confirmations' order. */
async function allocateBySchool(
  tx: Transaction,
  confirmations: Confirmation[],
): Promise<PaymentAllocation[]> {
  const results: PaymentAllocation[] = new Array(confirmations.length);
  const schools = new Map<string, number[]>();
  confirmations.forEach(({ attempt }, index) => {
    schools.set(attempt.organizationId, [...(schools.get(attempt.organizationId) ?? []), index]);
  });
  for (const [organizationId, indexes] of schools) {
    const entryDate = await schoolToday(tx, organizationId);
    const payments = indexes.map((index) => {
      const confirmation = confirmations[index]!;
      return paymentToAllocate({ ...confirmation.attempt, ...references(confirmation) }, entryDate);
    });
    const allocated = await allocatePayments(tx, organizationId, payments);
    indexes.forEach((index, position) => {
      results[index] = allocated[position]!;
    });
  }
  return results;
}

/** One statement: every attempt `succeeded`, with its references and the credit it left. */
async function markSucceeded(
  tx: Transaction,
  confirmations: Confirmation[],
  allocations: PaymentAllocation[],
  now: Date,
): Promise<Map<string, PaymentAttemptRow>> {
  const column = <T>(pick: (confirmation: Confirmation, index: number) => T) =>
    sql.param(confirmations.map(pick));
  const rows = await tx
    .update(paymentAttempts)
    .set({
      status: 'succeeded',
      providerRef: sql`confirmed.provider_ref`,
      providerTxnId: sql`confirmed.provider_txn_id`,
      succeededAt: now,
      lateSuccess: sql`confirmed.late`,
      creditAmount: sql`confirmed.credit`,
      nextCheckAt: null,
      watchUntil: null,
      updatedAt: now,
    })
    .from(
      sql`unnest(${column(({ attempt }) => attempt.id)}::uuid[],
        ${column((c) => references(c).providerRef)}::text[],
        ${column((c) => references(c).providerTxnId)}::text[],
        ${column(({ late }) => late)}::boolean[],
        ${column((_, index) => allocations[index]!.creditAmount)}::bigint[])
        as confirmed(id, provider_ref, provider_txn_id, late, credit)`,
    )
    .where(sql`${paymentAttempts.id} = confirmed.id`)
    .returning(getTableColumns(paymentAttempts));
  return new Map(rows.map((row) => [row.id, row]));
}
