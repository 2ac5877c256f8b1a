import {
  PayerMessages,
  providerLabels,
  walletLabels,
  type ProviderValue,
} from '@ecolage/contracts';
import { html, type Html } from '../../../platform/http/html';
import { francs } from '../payer-format';
import type { PayerPayment } from './payer-status.service';

/**
 * The waiting screen after « Payer », and where the redirect flows (Orange, Wave, card) come
 * back: waiting, then success with the receipt, or failure with the reason and « Réessayer ».
 * The status block is what the payer script redraws in place (same words, same classes) as it
 * polls; without script the page reloads itself while something is still to come.
 */

function waitingBlock(payment: PayerPayment): Html {
  const { status, attempt } = payment;
  if (status.redirectUrl) {
    const provider = providerLabels[attempt.provider as ProviderValue] ?? 'le prestataire';
    return html`<span class="spinner" aria-hidden="true"></span>
      <p class="status-title">Vous allez être redirigé vers ${provider}</p>
      <p>Payez sur sa page, puis vous reviendrez ici.</p>
      <p><a class="btn btn-primary" href="${status.redirectUrl}" data-redirect>Continuer</a></p>`;
  }
  return html`<span class="spinner" aria-hidden="true"></span>
    <p class="status-title">En attente de votre validation</p>
    <p>${PayerMessages.waitPush}</p>`;
}

function successBlock(payment: PayerPayment): Html {
  const { status } = payment;
  const receipt =
    status.receiptUrl && status.receiptNumber
      ? html`<p>Reçu n° ${status.receiptNumber}</p>
          <p>
            <a class="btn btn-primary" href="${status.receiptUrl}">Télécharger le reçu (PDF)</a>
          </p>
          <p class="muted">Le reçu vous a été envoyé par SMS.</p>`
      : html`<p class="muted">Reçu en préparation…</p>`;
  return html`<p class="status-title">Paiement réussi</p>
    <p class="amount">${francs(status.amount)}</p>
    ${receipt}`;
}

function failureBlock(payment: PayerPayment): Html {
  return html`<p class="status-title">Le paiement n’a pas abouti</p>
    <p>${payment.status.failureReason}</p>
    <p><a class="btn btn-primary" href="${payment.retryUrl}">Réessayer</a></p>`;
}

/** The block's content for the payment's outcome. */
function statusBlock(payment: PayerPayment): Html {
  switch (payment.status.outcome) {
    case 'waiting':
      return waitingBlock(payment);
    case 'success':
      return successBlock(payment);
    default:
      return failureBlock(payment);
  }
}

/** Something is still to come: the state, or the receipt of a success. */
export function stillComing(payment: PayerPayment): boolean {
  const { outcome, receiptUrl } = payment.status;
  return outcome === 'waiting' || (outcome === 'success' && receiptUrl === null);
}

export function waitingPageBody(payment: PayerPayment): Html {
  const { status, attempt } = payment;
  const provider = providerLabels[attempt.provider as ProviderValue] ?? 'le prestataire';
  return html`<section class="card stack">
    <h1>Votre paiement</h1>
    <p>
      <span class="amount">${francs(status.amount)}</span>
      <span class="muted">· ${walletLabels[status.wallet]} · ${payment.school.name}</span>
    </p>
    <div
      class="status"
      id="statut"
      aria-live="polite"
      data-outcome="${status.outcome}"
      data-payment="${status.id}"
      data-retry="${payment.retryUrl}"
      data-provider="${provider}"
      data-wait="${PayerMessages.waitPush}"
    >
      ${statusBlock(payment)}
    </div>
  </section>`;
}
