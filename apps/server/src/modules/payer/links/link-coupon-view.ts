import { html, type Html } from '../../../platform/http/html';
import { francs } from '../payer-format';
import type { LinkInvoice, LinkView } from './link-view.service';

/** The form of « Vous avez un code promo ? »: outside the payment's form, its field inside it. */
export const COUPON_FORM_ID = 'code-promo-formulaire';

/** What « Vous avez un code promo ? » shows: the code typed, and a refusal or what was applied. */
export interface CouponFormState {
  code: string;
  /** The refusal: its code (for programs and tests) and its French sentence. */
  error?: { code: string; message: string };
  /** The invoice a coupon was just applied to (after the redirect): its line is confirmed. */
  appliedTo?: string;
}

/** A discount as people read it: « −5 000 FCFA » (a minus sign, not a hyphen). */
const minus = (amount: number) => `−${francs(Math.abs(amount))}`;

/** Under an invoice: each coupon line it carries (the balance shown already counts them). */
export function couponLines(invoice: LinkInvoice): Html | string {
  if (invoice.coupons.length === 0) return '';
  return html`${invoice.coupons.map(
    (line) =>
      html`<span class="discount"
        ><span>${line.label}</span><span class="amount">${minus(line.amount)}</span></span
      >`,
  )}`;
}

/** « Coupon … appliqué » once the redirect lands: the line and what is left on the invoice. */
function appliedNotice(view: LinkView, invoiceId: string | undefined): Html | string {
  if (!invoiceId) return '';
  const invoice = view.children
    .flatMap((child) => child.invoices)
    .find((candidate) => candidate.id === invoiceId);
  const line = invoice?.coupons.at(-1);
  if (!invoice || !line) return '';
  return html`<p class="notice" role="status" data-coupon-applied="${invoice.id}">
    ${line.label} appliqué à « ${invoice.label} » : ${minus(line.amount)}. Reste à payer sur cette
    facture : <strong>${francs(invoice.balance)}</strong>.
  </p>`;
}

/**
 * « Vous avez un code promo ? »: a disclosure among the invoices whose field and « Appliquer »
 * belong (HTML `form` attribute) to a form of their own, outside the payment's: Enter in the field
 * applies the code, Enter elsewhere still pays. Plain POST, no script needed. A refusal opens it
 * with the reason by the field (role=alert, focused).
 */
export function couponBlock(view: LinkView, state: CouponFormState | undefined): Html {
  const error = state?.error;
  const open = Boolean(error || state?.appliedTo);
  const described = ['code-promo-aide', error ? 'code-promo-erreur' : ''].filter(Boolean).join(' ');
  return html`<details class="card coupon" id="code-promo" ${open ? html`open` : ''}>
    <summary>Vous avez un code promo ?</summary>
    <div class="stack coupon-body">
      ${appliedNotice(view, state?.appliedTo)}
      <div class="field">
        <label for="code-promo-champ">Code promo</label>
        <div class="coupon-entry">
          <input
            id="code-promo-champ"
            name="code"
            type="text"
            form="${COUPON_FORM_ID}"
            autocomplete="off"
            autocapitalize="characters"
            spellcheck="false"
            maxlength="30"
            value="${error ? state.code : ''}"
            aria-describedby="${described}"
            ${error ? html`aria-invalid="true" autofocus` : ''}
          />
          <button class="btn btn-secondary" type="submit" form="${COUPON_FORM_ID}">
            Appliquer
          </button>
        </div>
        <p class="hint" id="code-promo-aide">
          La remise s’applique à la première facture qu’il concerne, les factures cochées d’abord.
        </p>
        ${
          error
            ? html`<p class="error" id="code-promo-erreur" role="alert" data-code="${error.code}">
                ${error.message}
              </p>`
            : ''
        }
      </div>
    </div>
  </details>`;
}

/** The coupon's own form, empty: its field and button sit among the invoices (see couponBlock). */
export function couponForm(view: LinkView): Html {
  return html`<form
    id="${COUPON_FORM_ID}"
    method="post"
    action="/payer/l/${view.token}/coupon"
    data-coupon-form
  ></form>`;
}
