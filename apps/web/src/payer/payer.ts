// The payer pages' script: the pages are rendered by the server and work without it; this only
// keeps the total in step with the ticked invoices, offers only the chosen programme's levels on
// the pre-registration form, stops a double tap from posting twice, and follows a payment on the
// waiting screen without reloading. No library, a few kilobytes.
import './payer.css';

/** `/api/payer/payments/:id` (payerPaymentStatusSchema). */
interface PayerPaymentStatus {
  outcome: 'waiting' | 'success' | 'failure';
  amount: number;
  failureReason: string | null;
  receiptNumber: string | null;
  receiptUrl: string | null;
  redirectUrl: string | null;
}

const POLL_MS = 2000;

/**
 * « 150 000 FCFA » as @ecolage/money's formatFrancs writes it (narrow no-break spaces between
 * groups of three, a no-break space before FCFA), without importing it: the web app's shared
 * chunks would come with it, and this entry must stay tiny (nor Intl, slow to start on a phone).
 */
function formatFrancs(amount: number): string {
  return `${String(Math.trunc(amount)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202F')}\u00A0FCFA`;
}

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

/** Any payer form: the first submit disables its button; a second tap posts nothing. */
function submitOnce(form: HTMLFormElement): void {
  form.addEventListener('submit', (event) => {
    if (form.dataset.sending) {
      event.preventDefault();
      return;
    }
    form.dataset.sending = '1';
    form
      .querySelectorAll<HTMLButtonElement>('button[type="submit"], button:not([type])')
      .forEach((button) => {
        button.dataset.label = button.textContent ?? '';
        button.disabled = true;
        button.setAttribute('aria-busy', 'true');
        button.textContent = button.hasAttribute('data-pay')
          ? 'Paiement en cours…'
          : 'Envoi en cours…';
      });
  });
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text?: string,
  className?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

function button(href: string, text: string, redirect = false): HTMLParagraphElement {
  const link = element('a', text, 'btn btn-primary');
  link.href = href;
  if (redirect) link.setAttribute('data-redirect', '');
  const paragraph = element('p');
  paragraph.append(link);
  return paragraph;
}

/** The status block, drawn as the server draws it for the same state. */
function statusContent(block: HTMLElement, status: PayerPaymentStatus): Node[] {
  const spinner = () => {
    const span = element('span', undefined, 'spinner');
    span.setAttribute('aria-hidden', 'true');
    return span;
  };
  if (status.outcome === 'waiting' && status.redirectUrl) {
    return [
      spinner(),
      element('p', `Vous allez être redirigé vers ${block.dataset.provider ?? ''}`, 'status-title'),
      element('p', 'Payez sur sa page, puis vous reviendrez ici.'),
      button(status.redirectUrl, 'Continuer', true),
    ];
  }
  if (status.outcome === 'waiting') {
    return [
      spinner(),
      element('p', 'En attente de votre validation', 'status-title'),
      element('p', block.dataset.wait ?? ''),
    ];
  }
  if (status.outcome === 'failure') {
    return [
      element('p', 'Le paiement n’a pas abouti', 'status-title'),
      element('p', status.failureReason ?? ''),
      button(block.dataset.retry ?? '/', 'Réessayer'),
    ];
  }
  const receipt =
    status.receiptUrl && status.receiptNumber
      ? [
          element('p', `Reçu n° ${status.receiptNumber}`),
          button(status.receiptUrl, 'Télécharger le reçu (PDF)'),
          element('p', 'Le reçu vous a été envoyé par SMS.', 'muted'),
        ]
      : [element('p', 'Reçu en préparation…', 'muted')];
  return [
    element('p', 'Paiement réussi', 'status-title'),
    element('p', formatFrancs(status.amount), 'amount'),
    ...receipt,
  ];
}

/** A redirect flow goes to the provider's page once; coming back, the payer sees the state. */
function goToProvider(block: HTMLElement): void {
  const link = block.querySelector<HTMLAnchorElement>('a[data-redirect]');
  const key = `ecolage:redirige:${block.dataset.payment}`;
  if (!link) return;
  try {
    if (sessionStorage.getItem(key)) return;
    sessionStorage.setItem(key, '1');
  } catch {
    return; // No storage: the « Continuer » link is there.
  }
  window.location.assign(link.href);
}

const settled = (status: PayerPaymentStatus) =>
  status.outcome === 'failure' || (status.outcome === 'success' && status.receiptUrl !== null);

/** What the block shows, in short: redrawn only when this changes. */
const shownState = (outcome: string | undefined, receipt: unknown, redirect: unknown) =>
  `${outcome}:${receipt ? 1 : 0}:${redirect ? 1 : 0}`;

/** The waiting screen: asks every 2 s and redraws the block when the state changes. */
function followPayment(block: HTMLElement): void {
  goToProvider(block);
  const outcome = block.dataset.outcome;
  const receipt = block.querySelector('a[href*="/api/public/receipts/"]');
  if (outcome === 'failure' || (outcome === 'success' && receipt)) return;
  let shown = shownState(outcome, receipt, block.querySelector('a[data-redirect]'));
  const poll = async () => {
    try {
      const response = await fetch(`/api/payer/payments/${block.dataset.payment}`, {
        headers: { accept: 'application/json' },
        cache: 'no-store',
      });
      if (response.ok) {
        const status = (await response.json()) as PayerPaymentStatus;
        const state = shownState(status.outcome, status.receiptUrl, status.redirectUrl);
        if (state !== shown) {
          block.dataset.outcome = status.outcome;
          block.replaceChildren(...statusContent(block, status));
          goToProvider(block);
          shown = state;
        }
        if (settled(status)) return;
      }
    } catch {
      // The network dropped: ask again at the next tick.
    }
    window.setTimeout(poll, POLL_MS);
  };
  window.setTimeout(poll, POLL_MS);
}

document.querySelectorAll<HTMLFormElement>('form').forEach((form) => {
  submitOnce(form);
  if (form.hasAttribute('data-payer-form')) followTotal(form);
  if (form.hasAttribute('data-admission-form')) followProgramme(form);
});
const block = document.querySelector<HTMLElement>('#statut[data-payment]');
if (block) followPayment(block);

// Back from another page (bfcache): the forms are usable again.
window.addEventListener('pageshow', (event) => {
  if (!event.persisted) return;
  document.querySelectorAll<HTMLFormElement>('form[data-sending]').forEach((form) => {
    delete form.dataset.sending;
    form.querySelectorAll('button').forEach((item) => {
      item.disabled = false;
      item.removeAttribute('aria-busy');
      if (item.dataset.label) item.textContent = item.dataset.label;
    });
    // The total and « Payer … » from the boxes as they are now.
    form.dispatchEvent(new Event('change'));
  });
});
