// What the payer sees and does on a provider's hosted page or on the téléphone page: the amount,
// the merchant, a secret code, and Payer / Refuser / Laisser expirer.
import { esc, formatAmount, formatTime, notice, page } from './html';
import type { Resolution, SimTransaction } from './state';

/** The PIN that the sandbox treats as wrong (any other 4 digits is right). */
export const WRONG_PIN = '0000';

export type PayerAnswer = { ok: true; resolution: Resolution } | { ok: false; message: string };

/** Reads `action` (pay | refuse | expire) and `pin` from a submitted form. */
export function readPayerAnswer(body: unknown): PayerAnswer {
  const form = (body ?? {}) as Record<string, unknown>;
  const action = typeof form.action === 'string' ? form.action : '';
  const pin = typeof form.pin === 'string' ? form.pin.trim() : '';
  if (action === 'refuse') return { ok: true, resolution: 'refused' };
  if (action === 'expire') return { ok: true, resolution: 'expired' };
  if (action !== 'pay') return { ok: false, message: 'Action inconnue.' };
  if (!/^\d{4}$/.test(pin)) {
    return { ok: false, message: 'Le code secret doit comporter 4 chiffres.' };
  }
  return { ok: true, resolution: pin === WRONG_PIN ? 'wrong_pin' : 'paid' };
}

/** French sentence for how a transaction ended (or that it still waits). */
export function outcomeLabel(transaction: SimTransaction): string {
  if (transaction.state === 'pending') return 'En attente';
  if (transaction.state === 'succeeded') return 'Paiement effectué';
  if (transaction.resolution === 'wrong_pin') return 'Code secret incorrect : paiement échoué';
  if (transaction.resolution === 'refused') return 'Paiement refusé';
  if (transaction.state === 'expired' || transaction.resolution === 'expired') {
    return 'Demande expirée';
  }
  return 'Paiement échoué';
}

/** The confirmation prompt as the operator's USSD menu words it. */
export function promptText(transaction: SimTransaction): string {
  return `Confirmez le paiement de ${formatAmount(transaction.amount, transaction.currency)} à ${transaction.merchant}. Entrez votre code secret`;
}

/** The PIN field and the three answers, shared by the hosted pages and the téléphone page. */
export function answerForm(
  action: string,
  hidden: Record<string, string>,
  codeLabel: string,
): string {
  const fields = Object.entries(hidden)
    .map(([name, value]) => `<input type="hidden" name="${esc(name)}" value="${esc(value)}">`)
    .join('');
  const id = `pin-${esc(hidden.id ?? 'page')}`;
  return `<form method="post" action="${esc(action)}">
${fields}
<label for="${id}">${esc(codeLabel)}</label>
<input id="${id}" name="pin" type="password" inputmode="numeric" pattern="[0-9]{4}" maxlength="4"
  autocomplete="off" required aria-describedby="${id}-aide">
<p class="muted" id="${id}-aide">4 chiffres. « ${WRONG_PIN} » simule un code faux.</p>
<div class="actions">
<button class="primary" name="action" value="pay">Payer</button>
<button class="danger" name="action" value="refuse" formnovalidate>Refuser</button>
<button class="secondary" name="action" value="expire" formnovalidate>Laisser expirer</button>
</div>
</form>`;
}

export interface CheckoutView {
  /** Provider's name above the amount (« Orange Money », « Wave »…). */
  brand: string;
  transaction: SimTransaction;
  /** Where the form posts. */
  action: string;
  codeLabel: string;
  /** Extra lines under the merchant (already escaped HTML). */
  extra?: string;
  message?: string;
  isError?: boolean;
}

/** A provider's hosted payment page. Once the transaction has ended it only says how. */
export function renderCheckout(view: CheckoutView): string {
  const { transaction } = view;
  const summary = `<p class="brand">${esc(view.brand)}</p>
<p class="amount">${esc(formatAmount(transaction.amount, transaction.currency))}</p>
<p>à <strong>${esc(transaction.merchant)}</strong></p>
<p class="muted">${esc(transaction.description)}</p>
${view.extra ?? ''}`;
  const expires = transaction.expiresAt
    ? `<p class="muted">Expire à ${esc(formatTime(transaction.expiresAt))} (UTC).</p>`
    : '';
  const body =
    transaction.state === 'pending'
      ? `${expires}${answerForm(view.action, {}, view.codeLabel)}`
      : `<p><strong>${esc(outcomeLabel(transaction))}</strong></p>`;
  return page(
    `${view.brand} : paiement`,
    `<h1>Paiement ${esc(view.brand)}</h1>
${notice(view.message, view.isError)}
<section class="card" aria-label="Détails du paiement">${summary}</section>
<section class="card">${body}</section>
<p class="muted">Page simulée par le bac à sable PSP d'Écolage.</p>`,
  );
}
