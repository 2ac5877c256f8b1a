import { randomBytes } from 'node:crypto';
import { formatPhone, PayerMessages, walletLabels } from '@ecolage/contracts';
import { html, type Html } from '../../../platform/http/html';
import { openBalanceOf } from '../../billing';
import { couponBlock, couponForm, couponLines, type CouponFormState } from './link-coupon-view';
import type { LinkChild, LinkInvoice, LinkView } from './link-view.service';
import { francs, frenchDay } from '../payer-format';
import { walletLogo } from '../wallet-logos';

export type LinkField = 'invoiceIds' | 'wallet' | 'phone' | 'amount';

/** What the form shows: the payer's choices (kept when it comes back with an error) and errors. */
export interface LinkFormState {
  /** Ticked invoices; null on the first visit: all of them. */
  invoiceIds: readonly string[] | null;
  wallet: string | null;
  phone: string;
  amount: string;
  message?: string;
  fields?: Partial<Record<LinkField, string>>;
  /** « Vous avez un code promo ? »: a refusal, or the coupon just applied. */
  coupon?: CouponFormState;
}

/** The form as it first shows: everything ticked, the first wallet, the guardian's own phone. */
export function firstVisit(view: LinkView): LinkFormState {
  return {
    invoiceIds: null,
    wallet: view.wallets[0] ?? null,
    phone: formatPhone(view.guardian.phone),
    amount: '',
  };
}

/** A fresh key per rendered form: the same form posted twice is one payment. */
function newIdempotencyKey(): string {
  return randomBytes(18).toString('base64url');
}

function fieldError(id: string, message: string | undefined): Html | string {
  return message ? html`<p class="error" id="${id}-erreur">${message}</p>` : '';
}

function describedBy(id: string, message: string | undefined, hint = true): string {
  return [hint ? `${id}-aide` : '', message ? `${id}-erreur` : ''].filter(Boolean).join(' ');
}

function invoiceRow(invoice: LinkInvoice, ticked: boolean): Html {
  const id = `facture-${invoice.id}`;
  return html`<li class="choice">
    <input
      type="checkbox"
      id="${id}"
      name="invoiceIds"
      value="${invoice.id}"
      data-balance="${invoice.balance}"
      ${ticked ? html`checked` : ''}
    />
    <label for="${id}">
      <span class="choice-main"
        ><span>${invoice.label}</span><span class="amount">${francs(invoice.balance)}</span></span
      >
      <span class="muted"
        >${invoice.number ? html`${invoice.number} · ` : ''}Échéance :
        ${frenchDay(invoice.dueOn)}</span
      >
      ${invoice.late ? html`<span class="late">en retard</span>` : ''} ${couponLines(invoice)}
    </label>
  </li>`;
}

function childBlock(child: LinkChild, isTicked: (invoice: LinkInvoice) => boolean): Html {
  const { student } = child;
  const studies = [student.programme, student.level].filter(Boolean).join(' · ');
  // What is due now shows first; the year's later instalments are folded away.
  const hasSoon = child.invoices.some((invoice) => invoice.dueSoon);
  const shown = (invoice: LinkInvoice, index: number) =>
    invoice.dueSoon || (!hasSoon && index === 0);
  const now = child.invoices.filter(shown);
  const later = child.invoices.filter((invoice, index) => !shown(invoice, index));
  return html`<fieldset class="card child">
    <legend>
      <span class="child-name">${student.fullName}</span>
      <span class="muted">Matricule ${student.matricule}${studies ? html` · ${studies}` : ''}</span>
    </legend>
    <ul class="list">
      ${now.map((invoice) => invoiceRow(invoice, isTicked(invoice)))}
    </ul>
    ${
      later.length > 0
        ? html`<details class="later" ${later.some(isTicked) ? html`open` : ''}>
            <summary>Échéances suivantes (${later.length})</summary>
            <ul class="list">
              ${later.map((invoice) => invoiceRow(invoice, isTicked(invoice)))}
            </ul>
          </details>`
        : ''
    }
  </fieldset>`;
}

function walletChoices(view: LinkView, state: LinkFormState): Html {
  const error = state.fields?.wallet;
  return html`<fieldset class="card wallets" ${error ? html`aria-describedby="moyen-erreur"` : ''}>
    <legend>Moyen de paiement</legend>
    ${view.wallets.map(
      (wallet) =>
        html`<div class="choice wallet">
          <input
            type="radio"
            id="moyen-${wallet}"
            name="wallet"
            value="${wallet}"
            ${state.wallet === wallet ? html`checked` : ''}
          />
          <label for="moyen-${wallet}"
            >${walletLogo(wallet)}<span>${walletLabels[wallet]}</span></label
          >
        </div>`,
    )}
    ${fieldError('moyen', error)}
  </fieldset>`;
}

function amountField(view: LinkView, state: LinkFormState): Html | string {
  if (!view.online.partialAllowed) return '';
  const error = state.fields?.amount;
  const minimum = view.online.minimumAmount;
  return html`<div class="field">
    <label for="montant">Montant à payer (facultatif)</label>
    <input
      id="montant"
      name="amount"
      type="text"
      inputmode="numeric"
      autocomplete="off"
      value="${state.amount}"
      aria-describedby="${describedBy('montant', error)}"
      ${error ? html`aria-invalid="true"` : ''}
      data-minimum="${minimum}"
    />
    <p class="hint" id="montant-aide">
      Laissez vide pour payer les factures cochées en
      entier.${minimum > 0 ? html` Minimum : ${francs(minimum)}.` : ''}
    </p>
    ${fieldError('montant', error)}
  </div>`;
}

function phoneField(state: LinkFormState): Html {
  const error = state.fields?.phone;
  return html`<div class="field">
    <label for="telephone">Numéro de téléphone qui paie</label>
    <input
      id="telephone"
      name="phone"
      type="tel"
      inputmode="tel"
      autocomplete="tel"
      value="${state.phone}"
      aria-describedby="${describedBy('telephone', error)}"
      ${error ? html`aria-invalid="true"` : ''}
    />
    <p class="hint" id="telephone-aide">
      Par exemple 90 12 34 56, ou +228 90 12 34 56 hors du Togo. Facultatif pour une carte bancaire.
    </p>
    ${fieldError('telephone', error)}
  </div>`;
}

/** The school's contact, for a payer with a question (or nothing left to pay). */
function schoolContact(view: Pick<LinkView, 'school'>): Html | string {
  const { supportPhone, contactEmail } = view.school;
  if (!supportPhone && !contactEmail) return '';
  return html`<p class="muted">
    Une question ? Contactez
    l’école${
      supportPhone ? html` au <a href="tel:${supportPhone}">${formatPhone(supportPhone)}</a>` : ''
    }${supportPhone && contactEmail ? ' ou' : ''}${
      contactEmail ? html` à <a href="mailto:${contactEmail}">${contactEmail}</a>` : ''
    }.
  </p>`;
}

/** The link's page: the children's open invoices to tick, the wallet, the phone, « Payer ». */
export function linkPageBody(view: LinkView, state: LinkFormState): Html {
  const greeting = html`<h1>Bonjour ${view.guardian.fullName}</h1>`;
  if (view.children.length === 0) {
    return html`<section class="card stack">
      ${greeting}
      <p class="notice">${PayerMessages.nothingDue}</p>
      ${schoolContact(view)}
    </section>`;
  }
  // First visit: what is due within 30 days (or each child's next invoice); else the payer's choice.
  const ticked = state.invoiceIds ? new Set(state.invoiceIds) : null;
  const firstTicked = new Set(
    view.children.flatMap((child) => {
      const soon = child.invoices.filter((invoice) => invoice.dueSoon);
      return (soon.length > 0 ? soon : child.invoices.slice(0, 1)).map((invoice) => invoice.id);
    }),
  );
  const isTicked = (invoice: LinkInvoice) =>
    ticked === null ? firstTicked.has(invoice.id) : ticked.has(invoice.id);
  const total = openBalanceOf(view.children.flatMap((child) => child.invoices).filter(isTicked));
  return html`<div class="stack">
    ${greeting}
    <p>Voici ce qui reste à payer à ${view.school.name}. Cochez ce que vous réglez aujourd’hui.</p>
    ${state.message ? html`<p class="alert" role="alert">${state.message}</p>` : ''}
    <form class="stack" method="post" action="/payer/l/${view.token}" data-payer-form>
      <input type="hidden" name="idempotencyKey" value="${newIdempotencyKey()}" />
      ${view.children.map((child) => childBlock(child, isTicked))}
      ${couponBlock(view, state.coupon)} ${amountField(view, state)} ${walletChoices(view, state)}
      ${phoneField(state)}
      <p class="total">Total : <strong class="amount" data-total>${francs(total)}</strong></p>
      <button class="btn btn-primary btn-pay" type="submit" data-pay>Payer ${francs(total)}</button>
    </form>
    ${couponForm(view)} ${schoolContact(view)}
  </div>`;
}
