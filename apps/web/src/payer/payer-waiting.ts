// The waiting screen after « Payer »: follows the payment as it happens. The server's stream
// (`/api/payer/payments/<id>/events`, server-sent events) says the state at once; when it cannot
// (no EventSource, the stream refused or broken, or silent for 3 s behind a proxy that buffers)
// the screen asks `/api/payer/payments/<id>` every 2 s as before, and even with the stream it
// asks every 10 s (the server then asks the provider about a payment silent for 10 s). Without
// the script, the page refreshes itself.
import { formatFrancs } from './payer-format';

/** `/api/payer/payments/:id` and each message of its stream (payerPaymentStatusSchema). */
interface PayerPaymentStatus {
  outcome: 'waiting' | 'success' | 'failure';
  amount: number;
  failureReason: string | null;
  receiptNumber: string | null;
  receiptUrl: string | null;
  redirectUrl: string | null;
}

/** Asking without the stream, and for the receipt once the success is known. */
const POLL_MS = 2000;
/** Asking anyway while the stream is live. */
const SAFETY_POLL_MS = 10_000;
/** The stream said nothing at all for this long (a buffering proxy): ask instead. */
const SILENCE_MS = 3000;

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

/** The waiting screen: listens to the payment's stream, asks its status when the stream cannot. */
export function followPayment(block: HTMLElement): void {
  goToProvider(block);
  const outcome = block.dataset.outcome;
  const receipt = block.querySelector('a[href*="/api/public/receipts/"]');
  if (outcome === 'failure' || (outcome === 'success' && receipt)) return;
  let shown = shownState(outcome, receipt, block.querySelector('a[data-redirect]'));
  const path = `/api/payer/payments/${block.dataset.payment ?? ''}`;
  let done = false;
  let live = false;
  let source: EventSource | null = null;
  let timer: number | undefined;
  let silence = 0;

  const stop = () => {
    done = true;
    window.clearTimeout(timer);
    window.clearTimeout(silence);
    source?.close();
  };
  /** The next question: soon without the stream or for the receipt, else the safety poll. */
  const schedule = () => {
    window.clearTimeout(timer);
    if (done) return;
    const slow = live && block.dataset.outcome === 'waiting';
    timer = window.setTimeout(() => void poll(), slow ? SAFETY_POLL_MS : POLL_MS);
  };
  const apply = (status: PayerPaymentStatus) => {
    const state = shownState(status.outcome, status.receiptUrl, status.redirectUrl);
    if (state !== shown) {
      block.dataset.outcome = status.outcome;
      block.replaceChildren(...statusContent(block, status));
      goToProvider(block);
      shown = state;
    }
    if (settled(status)) stop();
  };
  const poll = async () => {
    try {
      const response = await fetch(path, {
        headers: { accept: 'application/json' },
        cache: 'no-store',
      });
      if (response.ok && !done) apply((await response.json()) as PayerPaymentStatus);
    } catch {
      // The network dropped: ask again at the next tick.
    }
    schedule();
  };
  const fallBack = () => {
    live = false;
    schedule();
  };

  if (typeof EventSource === 'undefined') {
    schedule();
    return;
  }
  source = new EventSource(`${path}/events`);
  silence = window.setTimeout(fallBack, SILENCE_MS);
  source.onmessage = (event: MessageEvent<string>) => {
    window.clearTimeout(silence);
    let status: PayerPaymentStatus;
    try {
      status = JSON.parse(event.data) as PayerPaymentStatus;
    } catch {
      return;
    }
    const wasLive = live;
    live = true;
    apply(status);
    // Live now, or the success came without its receipt yet: the next question's pace changes.
    if (!wasLive || status.outcome !== 'waiting') schedule();
  };
  source.onerror = () => {
    window.clearTimeout(silence);
    // Closed for good (refused: 404, 503…) or the browser opens it again by itself: ask meanwhile.
    if (source?.readyState === EventSource.CLOSED) source = null;
    fallBack();
  };
}
