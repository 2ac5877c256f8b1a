import type {
  PayerPaymentStatus,
  PaymentStatusValue,
  PublicPage,
  WalletValue,
} from '@ecolage/contracts';
import { findOrganizationsByIds, type Organization } from '../../organizations';
import {
  checkAttempt,
  findAttempt,
  type PaymentAttemptRow,
  type PaymentsContext,
} from '../../payments';
import { findReceiptSummary } from '../../receipts';
import { findLinkOfAttempt } from '../links/link-attempts.repository';
import type { LinkSigner } from '../links/payment-links';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const WAITING: readonly PaymentStatusValue[] = ['initiated', 'pending', 'unknown'];
const FAILED: readonly PaymentStatusValue[] = ['failed', 'cancelled', 'expired'];

/** A waiting payment not heard of for this long is asked about (a callback may have been lost). */
const ASK_PROVIDER_AFTER_MS = 10_000;
const MAX_REMEMBERED = 10_000;

/**
 * When this instance last asked a provider about each waiting payment on a payer's behalf: a
 * screen polling every 2 s (or several screens on one payment) asks at most every 10 s.
 */
export class ProviderQuestions {
  private readonly askedAt = new Map<string, number>();

  /** Whether to ask now about an attempt created at `createdAt`; if so, counts it as asked. */
  shouldAsk(attemptId: string, createdAt: Date, now: Date): boolean {
    const last = Math.max(createdAt.getTime(), this.askedAt.get(attemptId) ?? 0);
    if (now.getTime() - last <= ASK_PROVIDER_AFTER_MS) return false;
    if (this.askedAt.size >= MAX_REMEMBERED) this.forgetOlderThan(now.getTime() - 60_000);
    this.askedAt.set(attemptId, now.getTime());
    return true;
  }

  private forgetOlderThan(limit: number) {
    for (const [id, at] of this.askedAt) if (at < limit) this.askedAt.delete(id);
  }
}

/** What went wrong, said to a payer (the staff's wording speaks of configuration and requests). */
const PAYER_FAILURES: Record<string, string> = {
  insufficient_funds: 'Le solde de votre compte est insuffisant.',
  payer_not_found: 'Ce numéro n’a pas de compte chez cet opérateur.',
  payer_declined: 'Le paiement a été refusé sur le téléphone.',
  not_validated:
    'Le paiement n’a pas été validé sur le téléphone : code secret incorrect ou demande refusée.',
  payer_timeout: 'Le paiement n’a pas été validé à temps.',
  limit_reached: 'Le plafond de votre compte est atteint.',
  account_inactive: 'Votre compte chez l’opérateur est inactif ou bloqué.',
  not_allowed: 'L’opérateur n’autorise pas ce paiement.',
  payer_mismatch: 'Le numéro qui a payé n’est pas celui qui a été saisi.',
  cancelled: 'Le paiement a été annulé.',
  expired: 'Le délai pour valider le paiement est dépassé.',
};
const PAYER_FAILURE_BY_STATUS: Partial<Record<PaymentStatusValue, string>> = {
  cancelled: PAYER_FAILURES.cancelled,
  expired: PAYER_FAILURES.expired,
};
const GENERIC_FAILURE =
  'L’opérateur n’a pas pu traiter le paiement. Réessayez dans quelques minutes, ou choisissez un autre moyen de paiement.';

function outcomeOf(status: PaymentStatusValue): PayerPaymentStatus['outcome'] {
  if (WAITING.includes(status)) return 'waiting';
  if (FAILED.includes(status)) return 'failure';
  return 'success';
}

function payerFailureReason(attempt: PaymentAttemptRow): string {
  return (
    (attempt.failureCode ? PAYER_FAILURES[attempt.failureCode] : undefined) ??
    PAYER_FAILURE_BY_STATUS[attempt.status] ??
    GENERIC_FAILURE
  );
}

/** The public address of a receipt's PDF (its verification code is the secret). */
const publicReceiptPdfUrl = (code: string) => `/api/public/receipts/${code}/pdf`;

/** A payment as the payer's waiting screen knows it. */
export interface PayerPayment {
  attempt: PaymentAttemptRow;
  school: Organization;
  status: PayerPaymentStatus;
  /** « Réessayer »: back to the link while it is valid, else the school's pay page. */
  retryUrl: string;
  /**
   * The public page the payment continues (page analytics): the link's, or the school's pay
   * page; the waiting screen counts as one more page view of the same visit.
   */
  page: PublicPage;
}

/**
 * The payment behind a waiting screen, for anyone who has its id (a random UUID, the provider's
 * reference): its state, amount and receipt, nothing personal. A payment still waiting and not
 * heard of for a while is asked about at the provider first, so that a lost callback never
 * leaves the payer waiting. Cash-desk payments are not the payer's: unknown here.
 */
export async function findPayerPayment(
  context: PaymentsContext,
  signer: LinkSigner,
  questions: ProviderQuestions,
  attemptId: string,
): Promise<PayerPayment | null> {
  if (!UUID.test(attemptId)) return null;
  let attempt = await findAttempt(context.db, attemptId);
  if (!attempt || attempt.provider === 'desk') return null;
  const now = context.now();
  if (
    outcomeOf(attempt.status) === 'waiting' &&
    questions.shouldAsk(attempt.id, attempt.createdAt, now)
  ) {
    attempt = await checkAttempt(context, attempt.id, 'poll');
  }
  const [school] = await findOrganizationsByIds(context.db, [attempt.organizationId]);
  if (!school) return null;
  const outcome = outcomeOf(attempt.status);
  const receipt =
    outcome === 'success'
      ? await findReceiptSummary(context.db, attempt.organizationId, attempt.id)
      : undefined;
  const nextAction = attempt.nextAction;
  const link = await findLinkOfAttempt(context.db, attempt.organizationId, attempt.id);
  const linkValid = link && !link.revokedAt && link.expiresAt > now;
  return {
    attempt,
    school,
    retryUrl: linkValid ? `/payer/l/${signer.token(link.id)}` : `/payer/${school.slug}`,
    page: link ? 'lien' : 'paiement',
    status: {
      id: attempt.id,
      status: attempt.status,
      outcome,
      amount: attempt.amount,
      wallet: attempt.wallet as WalletValue,
      failureReason: outcome === 'failure' ? payerFailureReason(attempt) : null,
      receiptNumber: receipt?.number ?? null,
      receiptUrl: receipt ? publicReceiptPdfUrl(receipt.verificationCode) : null,
      redirectUrl:
        outcome === 'waiting' && nextAction?.type === 'redirect' && nextAction.url
          ? nextAction.url
          : null,
    },
  };
}
