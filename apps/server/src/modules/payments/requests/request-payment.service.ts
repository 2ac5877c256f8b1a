import { randomUUID } from 'node:crypto';
import {
  checkPaymentAmount,
  type paymentRequestSchema,
  type WalletValue,
} from '@ecolage/contracts';
import type { z } from 'zod';
import type { Transaction } from '../../../platform/db/database';
import { isUniqueViolation } from '../../../platform/db/errors';
import type { ActingMember } from '../../../platform/http/acting-member';
import { notFound, domainError } from '../../../platform/errors';
import { recordAuditEntry } from '../../audit';
import { listPayableInvoices, openBalanceOf } from '../../billing';
import { findOrganizationsByIds } from '../../organizations';
import { isOutcomeUnknown, ProviderRejectedError, type PaymentProvider } from '../../psp';
import { findGuardian } from '../../students';
import { applyObservedStatus } from '../processing/apply-status.service';
import {
  claimInvoices,
  insertAttempt,
  insertIdempotencyKey,
  recordTransition,
  updateAttempt,
} from '../attempts.repository';
import { payerDeadline } from '../processing/deadlines';
import { checkAttempt } from '../processing/check-attempt.service';
import { findPaymentByKey, isIdempotencyKeyTaken, requestHash } from './idempotency-keys';
import type { PaymentsContext } from '../payments-context';
import { amountRefused } from '../amount-refused';
import type { PaymentAttemptRow } from '../payments.tables';

type PaymentRequestInput = z.output<typeof paymentRequestSchema>;

/** Same key, same request: the parsed body. */
function paymentRequestHash(request: PaymentRequestInput): string {
  return requestHash({
    guardianId: request.guardianId,
    wallet: request.wallet,
    phone: request.phone ?? null,
    invoiceIds: [...request.invoiceIds].sort(),
    amount: request.amount ?? null,
  });
}

/**
 * A staff member asks a guardian to pay chosen invoices (or the oldest due first). The attempt is
 * saved — claiming its invoices and the idempotency key — before the provider is called; its id is
 * the provider's reference. A timeout leaves it `unknown` and asks the provider for its status:
 * the request is never sent twice.
 */
export async function requestPayment(
  context: PaymentsContext,
  member: ActingMember,
  request: PaymentRequestInput,
  idempotencyKey: string | undefined,
): Promise<{ attempt: PaymentAttemptRow; replayed: boolean }> {
  const { organizationId } = member;
  const hash = paymentRequestHash(request);
  if (idempotencyKey) {
    const previous = await findPaymentByKey(context.db, organizationId, idempotencyKey, hash);
    if (previous) return { attempt: previous, replayed: true };
  }

  const guardian = await findGuardian(context.db, organizationId, request.guardianId);
  if (!guardian) throw notFound('GUARDIAN_NOT_FOUND');
  const provider = context.providers.forWallet(request.wallet as WalletValue);
  if (!provider) {
    throw domainError('WALLET_UNAVAILABLE', {}, { field: 'wallet' });
  }
  const payable = await listPayableInvoices(
    context.db,
    organizationId,
    guardian.id,
    request.invoiceIds,
  );
  const balance = openBalanceOf(payable);
  const chosen = request.invoiceIds.length > 0;
  // Above the chosen invoices' balance is refused; without a choice, the rest is family credit.
  const verdict = checkPaymentAmount({ amount: request.amount, balance, capped: chosen });
  if (!verdict.ok) throw amountRefused(verdict);
  const { amount } = verdict;
  // The invoices this payment is for: the chosen ones, or the oldest due that the amount covers.
  const claimed = chosen ? payable : coveredOldestFirst(payable, amount);

  const now = context.now();
  const attemptId = randomUUID();
  let attempt: PaymentAttemptRow;
  try {
    attempt = await context.db.transaction(async (tx) => {
      const row = await insertAttempt(tx, {
        id: attemptId,
        organizationId,
        guardianId: guardian.id,
        provider: provider.id,
        wallet: request.wallet,
        payerPhone: request.phone ?? guardian.phone,
        amount,
        invoiceIds: request.invoiceIds,
        createdBy: member.actor.label,
        createdByUserId: member.actor.type === 'user' ? member.actor.userId : null,
        expiresAt: payerDeadline(provider.id, now),
        createdAt: now,
        updatedAt: now,
      });
      // The key before the claims: a racing twin waits on it and then answers as a replay.
      if (idempotencyKey) {
        await insertIdempotencyKey(tx, {
          organizationId,
          key: idempotencyKey,
          requestHash: hash,
          attemptId,
        });
      }
      await claimInvoices(
        tx,
        row,
        claimed.map((invoice) => ({ invoiceId: invoice.id, studentId: invoice.studentId })),
      );
      await refuseIfPaidMeanwhile(tx, organizationId, guardian.id, claimed, chosen && amount);
      await recordTransition(tx, {
        organizationId,
        attemptId,
        fromStatus: null,
        toStatus: 'initiated',
        cause: 'initiation',
        at: now,
      });
      await recordAuditEntry(tx, {
        organizationId,
        actor: member.actor,
        action: 'payment.requested',
        resourceType: 'payment',
        resourceId: attemptId,
        category: 'payment',
        details: {
          amount,
          wallet: request.wallet,
          guardian: guardian.fullName,
          invoices: claimed.map((invoice) => invoice.number ?? invoice.id),
        },
        ip: member.ip,
        userAgent: member.userAgent,
      });
      return row;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    if (idempotencyKey && isIdempotencyKeyTaken(error)) {
      // The same key arrived twice at once: the first one won, answer with its payment.
      const previous = await findPaymentByKey(context.db, organizationId, idempotencyKey, hash);
      if (previous) return { attempt: previous, replayed: true };
    }
    throw domainError('PAYMENT_ALREADY_ACTIVE');
  }

  const school = (await findOrganizationsByIds(context.db, [organizationId]))[0];
  const started = await startAtProvider(context, provider, attempt, {
    description: `Frais de scolarité ${school?.name ?? ''}`.trim(),
    payerName: guardian.fullName,
  });
  return { attempt: started, replayed: false };
}

/**
 * The invoices as they stand once claimed: a cash desk payment for them that committed meanwhile
 * (the claim waited for it) has paid them, and this request would only become family credit.
 * `chosenAmount`: the amount asked for chosen invoices, which must still be owed.
 */
async function refuseIfPaidMeanwhile(
  tx: Transaction,
  organizationId: string,
  guardianId: string,
  claimed: { id: string }[],
  chosenAmount: number | false,
): Promise<void> {
  if (claimed.length === 0) return;
  const still = await listPayableInvoices(
    tx,
    organizationId,
    guardianId,
    claimed.map((invoice) => invoice.id),
  );
  if (chosenAmount !== false) {
    const balance = openBalanceOf(still);
    const verdict = checkPaymentAmount({ amount: chosenAmount, balance, capped: true });
    if (!verdict.ok) throw amountRefused(verdict);
  }
}

/** The invoices, oldest due first, that the amount reaches (the last one perhaps in part). */
export function coveredOldestFirst<T extends { balance: number }>(
  invoices: T[],
  amount: number,
): T[] {
  const covered: T[] = [];
  let left = amount;
  for (const invoice of invoices) {
    if (left <= 0) break;
    covered.push(invoice);
    left -= invoice.balance;
  }
  return covered;
}

/** The one call to the provider's collect; everything after it goes through the state machine. */
async function startAtProvider(
  context: PaymentsContext,
  provider: PaymentProvider,
  attempt: PaymentAttemptRow,
  text: { description: string; payerName: string },
): Promise<PaymentAttemptRow> {
  const notifyUrl = `${context.callbackBaseUrl}/api/psp/${provider.id}/callback/${attempt.id}`;
  try {
    const result = await provider.collect({
      attemptId: attempt.id,
      invoiceId: attempt.invoiceIds[0] ?? attempt.id,
      money: { amount: attempt.amount, currency: 'XOF' },
      payer: {
        ...(attempt.payerPhone ? { msisdnE164: attempt.payerPhone } : {}),
        name: text.payerName,
      },
      wallet: attempt.wallet as WalletValue,
      description: text.description,
      notifyUrl,
      returnUrl: `${context.callbackBaseUrl}/payer/retour/${attempt.id}`,
      metadata: { attempt: attempt.id },
    });
    await updateAttempt(context.db, attempt.id, {
      providerRef: result.providerRef,
      nextAction: (result.nextAction as Record<string, string> | undefined) ?? null,
      providerSecrets: result.providerSecrets ?? null,
      ...(result.expiresAt ? { expiresAt: result.expiresAt } : {}),
    });
    const { attempt: applied } = await applyObservedStatus(
      context,
      attempt.id,
      {
        status: result.status,
        providerStatus: `collect:${result.status}`,
        providerRef: result.providerRef,
        ...(result.failure ? { failure: result.failure } : {}),
      },
      'initiation',
    );
    return applied;
  } catch (error) {
    if (error instanceof ProviderRejectedError) {
      const { attempt: failed } = await applyObservedStatus(
        context,
        attempt.id,
        { status: 'failed', providerStatus: error.failure.providerCode, failure: error.failure },
        'initiation',
      );
      return failed;
    }
    if (!isOutcomeUnknown(error)) throw error;
    // Timeout or 5xx after the provider may have created it: ask, never re-send.
    context.logger.warn(
      { attemptId: attempt.id, provider: provider.id, error: (error as Error).message },
      'issue inconnue à la création du paiement : vérification du statut',
    );
    await applyObservedStatus(
      context,
      attempt.id,
      { status: 'unknown', providerStatus: 'collect:timeout' },
      'initiation',
    );
    return checkAttempt(context, attempt.id, 'initiation');
  }
}
