// The payer pages' script: the pages are rendered by the server and work without it; this only
// keeps the total in step with the ticked invoices, offers only the chosen programme's levels on
// the pre-registration form, stops a double tap from posting twice, and follows a payment on the
// waiting screen as it happens (payer-waiting.ts), counts the visit without cookie (beacon.ts)
// and keeps a campaign's touch for the pre-registration (campaign-touch.ts). No library, a few kilobytes.
import './payer.css';
import { formatFrancs } from './payer-format';
import { startBeacon } from './beacon';
import { keepCampaignTouch } from './campaign-touch';
import { followPayment } from './payer-waiting';

/** Writes only what changes: the page is not laid out again for nothing. */
function show(node: Element, text: string): void {
  if (node.textContent !== text) node.textContent = text;
}

/** Reads « 50 000 » or « 50000 FCFA » as francs; null when empty or not a whole amount. */
function typedFrancs(text: string): number | null {
  const digits = text.replace(/[\s.]/g, '').replace(/f?cfa$|f$/i, '');
  return /^\d{1,10}$/.test(digits) && Number(digits) > 0 ? Number(digits) : null;
}

/** The link page: the total and « Payer … » follow the ticked invoices (or the amount typed). */
function followTotal(form: HTMLFormElement): void {
  const total = form.querySelector<HTMLElement>('[data-total]');
  const button = form.querySelector<HTMLButtonElement>('[data-pay]');
  if (!total || !button) return;
  const update = () => {
    let sum = 0;
    form.querySelectorAll<HTMLInputElement>('input[name="invoiceIds"]:checked').forEach((box) => {
      sum += Number(box.dataset.balance) || 0;
    });
    const amount = form.querySelector<HTMLInputElement>('input[name="amount"]');
    const typed = amount ? typedFrancs(amount.value) : null;
    const due = typed !== null && typed < sum ? typed : sum;
    show(total, formatFrancs(sum));
    show(button, due > 0 ? `Payer ${formatFrancs(due)}` : 'Payer');
  };
  form.addEventListener('change', update);
  form.addEventListener('input', update);
  update();
}

/**
 * The pre-registration form: « Niveau » lists only the levels of the programme chosen (none
 * before one is); a level of another programme chosen before is let go. Without the script the
 * levels stay grouped by programme and the server says when one does not belong.
 */
function followProgramme(form: HTMLFormElement): void {
  const programme = form.querySelector<HTMLSelectElement>('select[name="programmeId"]');
  const level = form.querySelector<HTMLSelectElement>('select[name="levelId"]');
  if (!programme || !level) return;
  const groups = [...level.querySelectorAll<HTMLOptGroupElement>('optgroup[data-programme]')];
  const update = () => {
    const chosen = groups.find((group) => group.dataset.programme === programme.value);
    // Copies: the groups, out of the page, keep their levels for the next choice.
    const options = chosen
      ? [...chosen.querySelectorAll('option')].map((option) => option.cloneNode(true) as Element)
      : [];
    const current = level.value;
    const kept = options.some((option) => option.getAttribute('value') === current) ? current : '';
    level
      .querySelectorAll(':scope > optgroup, :scope > option:not([value=""])')
      .forEach((node) => node.remove());
    level.append(...options);
    level.value = kept;
  };
  programme.addEventListener('change', update);
  update();
}

/** A form's own submit buttons, those outside it by their `form` attribute included. */
function submitButtons(form: HTMLFormElement): HTMLButtonElement[] {
  return [...form.elements].filter(
    (item): item is HTMLButtonElement =>
      item instanceof HTMLButtonElement && item.type === 'submit',
  );
}

/** Any payer form: the first submit disables its button; a second tap posts nothing. */
function submitOnce(form: HTMLFormElement): void {
  form.addEventListener('submit', (event) => {
    if (form.dataset.sending) {
      event.preventDefault();
      return;
    }
    form.dataset.sending = '1';
    submitButtons(form).forEach((button) => {
      button.dataset.label = button.textContent ?? '';
      button.disabled = true;
      button.setAttribute('aria-busy', 'true');
      button.textContent = button.hasAttribute('data-pay')
        ? 'Paiement en cours…'
        : 'Envoi en cours…';
    });
  });
}

/**
 * « Vous avez un code promo ? »: its form sits outside the payment's, so the ticked invoices are
 * sent along for the coupon to try them first (without the script: the oldest first).
 */
function sendTicked(coupon: HTMLFormElement): void {
  coupon.addEventListener('submit', () => {
    coupon.querySelectorAll('input[name="invoiceIds"]').forEach((node) => node.remove());
    document
      .querySelectorAll<HTMLInputElement>('[data-payer-form] input[name="invoiceIds"]:checked')
      .forEach((box) => {
        const ticked = document.createElement('input');
        ticked.type = 'hidden';
        ticked.name = 'invoiceIds';
        ticked.value = box.value;
        coupon.append(ticked);
      });
  });
}

document.querySelectorAll<HTMLFormElement>('form').forEach((form) => {
  submitOnce(form);
  if (form.hasAttribute('data-payer-form')) followTotal(form);
  if (form.hasAttribute('data-admission-form')) followProgramme(form);
  if (form.hasAttribute('data-coupon-form')) sendTicked(form);
});
const block = document.querySelector<HTMLElement>('#statut[data-payment]');
if (block) followPayment(block);
// A campaign's link: its touch kept for this school, posted with the pre-registration.
keepCampaignTouch(document.body.dataset.school);
// The school's page, counted without cookie (page analytics); not when « do not track » is on.
startBeacon(document.body.dataset.school, document.body.dataset.page);

// Back from another page (bfcache): the forms are usable again.
window.addEventListener('pageshow', (event) => {
  if (!event.persisted) return;
  document.querySelectorAll<HTMLFormElement>('form[data-sending]').forEach((form) => {
    delete form.dataset.sending;
    submitButtons(form).forEach((item) => {
      item.disabled = false;
      item.removeAttribute('aria-busy');
      if (item.dataset.label) item.textContent = item.dataset.label;
    });
    // The total and « Payer … » from the boxes as they are now.
    form.dispatchEvent(new Event('change'));
  });
});
