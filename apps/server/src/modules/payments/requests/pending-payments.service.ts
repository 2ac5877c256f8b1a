import { PaymentMessages, type Payment, type PendingPayment } from '@ecolage/contracts';
import type { ActingMember } from '../../../platform/http/acting-member';
import { notFound, domainError } from '../../../platform/errors';
import { recordAuditEntry } from '../../audit';
import { failureOf, type ProviderId } from '../../psp';
import { findStudent } from '../../students';
import {
  findSchoolAttempt,
  lockAttempt,
  recordTransition,
  updateAttempt,
} from '../attempts.repository';
import { releaseEndedAttempt } from '../processing/apply-status.service';
import { checkAttempt } from '../processing/check-attempt.service';
import { nextWatchCheck, watchDeadline } from '../processing/deadlines';
import { findPendingClaims } from '../desk/desk-payments.reads';
import { describePayment } from '../list/payment-view';
import type { PaymentsContext } from '../payments-context';
import { isActive, transition } from '../state-machine';

/**
 * The payments in flight on a student's invoices (any payer), oldest first: the cash desk shows
 * them beside the invoices they hold, and takes no money for those until they end.
 */
export async function listStudentPendingPayments(
  context: PaymentsContext,
  organizationId: string,
  studentId: string,
): Promise<{ items: PendingPayment[] }> {
  const student = await findStudent(context.db, organizationId, studentId);
  if (!student) throw notFound('STUDENT_NOT_FOUND');
  const claims = await findPendingClaims(context.db, organizationId, { studentId });
  return {
    items: claims.map(({ attempt, guardianName, invoiceIds }) => ({
      id: attempt.id,
      status: attempt.status,
      provider: attempt.provider as PendingPayment['provider'],
      wallet: attempt.wallet as PendingPayment['wallet'],
      amount: attempt.amount,
      payerPhone: attempt.payerPhone,
      guardianName,
      invoiceIds,
      createdAt: attempt.createdAt.toISOString(),
      expiresAt: attempt.expiresAt.toISOString(),
      providerCancels: Boolean(context.providers.get(attempt.provider as ProviderId)?.cancel),
    })),
  };
}

/**
 * « Annuler la demande »: a payment still waiting for the payer is given up, so that its invoices
 * can be paid another way (at the cash desk). The provider is asked first — paid meanwhile, it is
 * credited and returned as it is, nothing cancelled. A provider that can stop the payer (Wave:
 * the checkout session expires) is told to; one that cannot (a push already on the phone) is not,
 * and a success it reports later is still honoured, flagged late (money is never dropped). Then,
 * in one transaction: `cancelled`, its transition, the invoices released and
 * the audit entry of the member who cancelled.
 */
export async function cancelPayment(
  context: PaymentsContext,
  member: ActingMember,
  paymentId: string,
): Promise<Payment> {
  const { organizationId } = member;
  const found = await findSchoolAttempt(context.db, organizationId, paymentId);
  if (!found) throw notFound('PAYMENT_NOT_FOUND');
  if (!isActive(found.status)) throw domainError('PAYMENT_NOT_PENDING');

  const checked = await checkAttempt(context, found.id, 'refresh');
  if (!isActive(checked.status)) return describePayment(context.db, checked);
  const provider = context.providers.get(checked.provider as ProviderId);
  const atProvider = Boolean(provider?.cancel);
  if (provider?.cancel) {
    try {
      await provider.cancel({
        attemptId: checked.id,
        ...(checked.providerRef ? { providerRef: checked.providerRef } : {}),
        money: { amount: checked.amount, currency: 'XOF' },
      });
    } catch (error) {
      context.logger.warn(
        { attemptId: checked.id, provider: checked.provider, error: (error as Error).message },
        'annulation refusée par le prestataire : statut redemandé',
      );
      const after = await checkAttempt(context, found.id, 'refresh');
      if (!isActive(after.status)) return describePayment(context.db, after);
      throw domainError('CANCEL_REFUSED_BY_PROVIDER');
    }
  }

  const cancelled = await context.db.transaction(async (tx) => {
    const attempt = await lockAttempt(tx, found.id);
    if (!attempt) throw notFound('PAYMENT_NOT_FOUND');
    const move = transition(attempt.status, 'cancelled');
    // Ended meanwhile (a notification, the poller): it stands as it is.
    if (move.kind === 'ignore') return attempt;
    const now = context.now();
    const failure = failureOf('cancelled', atProvider ? 'cancel:provider' : 'cancel:local');
    const updated = await updateAttempt(tx, attempt.id, {
      status: 'cancelled',
      failureCode: failure.code,
      failureReason: PaymentMessages.cancelledByStaff,
      // A provider that could not stop the payer may still take the money: watched like an expiry.
      ...watchedFrom(now, atProvider),
    });
    await recordTransition(tx, {
      organizationId,
      attemptId: attempt.id,
      fromStatus: move.from,
      toStatus: 'cancelled',
      cause: 'cancel',
      providerStatus: failure.providerCode,
      at: now,
    });
    await releaseEndedAttempt(tx, updated);
    await recordAuditEntry(tx, {
      organizationId,
      actor: member.actor,
      action: 'payment.cancelled',
      resourceType: 'payment',
      resourceId: attempt.id,
      category: 'payment',
      details: {
        amount: attempt.amount,
        wallet: attempt.wallet,
        provider: attempt.provider,
        from: move.from,
        atProvider,
      },
      ip: member.ip,
      userAgent: member.userAgent,
    });
    return updated;
  });
  return describePayment(context.db, cancelled);
}

function watchedFrom(now: Date, stoppedAtProvider: boolean) {
  if (stoppedAtProvider) return { nextCheckAt: null };
  const watchUntil = watchDeadline(now);
  return { watchUntil, nextCheckAt: nextWatchCheck(now, watchUntil) };
}
