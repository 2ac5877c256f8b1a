import { formatFrancs } from '@ecolage/money';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeEventSource } from '../test/fake-event-source';

/** Loads the script afresh on the page given, as a browser would. */
async function runOn(body: string) {
  document.body.innerHTML = body;
  vi.resetModules();
  await import('./payer');
}

const linkForm = `<form method="post" action="/payer/l/x" data-payer-form>
  <input type="checkbox" name="invoiceIds" value="a" data-balance="150000" checked />
  <input type="checkbox" name="invoiceIds" value="b" data-balance="50000" checked />
  <input id="montant" name="amount" type="text" />
  <p><strong data-total>200 000 FCFA</strong></p>
  <button type="submit" data-pay>Payer 200 000 FCFA</button>
</form>`;

describe('the payer script', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('keeps the total and the button in step with the ticked invoices and the amount', async () => {
    await runOn(linkForm);
    const [first] = document.querySelectorAll<HTMLInputElement>('input[name="invoiceIds"]');
    const button = document.querySelector('button')!;
    first!.click();
    expect(document.querySelector('[data-total]')!.textContent).toBe(formatFrancs(50_000));
    expect(button.textContent).toBe(`Payer ${formatFrancs(50_000)}`);
    first!.click();
    const amount = document.querySelector<HTMLInputElement>('#montant')!;
    amount.value = '25 000';
    amount.dispatchEvent(new Event('input', { bubbles: true }));
    expect(button.textContent).toBe(`Payer ${formatFrancs(25_000)}`);
    expect(document.querySelector('[data-total]')!.textContent).toBe(formatFrancs(200_000));
  });

  it('posts once: the button is disabled and a second submit is cancelled', async () => {
    await runOn(linkForm);
    const form = document.querySelector('form')!;
    const first = new Event('submit', { cancelable: true });
    form.dispatchEvent(first);
    expect(first.defaultPrevented).toBe(false);
    const button = document.querySelector('button')!;
    expect(button.disabled).toBe(true);
    expect(button.textContent).toBe('Paiement en cours…');
    const second = new Event('submit', { cancelable: true });
    form.dispatchEvent(second);
    expect(second.defaultPrevented).toBe(true);
  });

  it('polls the waiting screen’s payment and shows the success with its receipt in place', async () => {
    const answers = [
      { outcome: 'waiting', receiptUrl: null, receiptNumber: null, redirectUrl: null },
      {
        outcome: 'success',
        amount: 200_000,
        receiptUrl: '/api/public/receipts/abc/pdf',
        receiptNumber: 'REC-2026-000001',
        redirectUrl: null,
        failureReason: null,
      },
    ];
    const fetch = vi.fn(async () => new Response(JSON.stringify(answers.shift()), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    await runOn(`<div class="status" id="statut" aria-live="polite" data-outcome="waiting"
      data-payment="p-1" data-retry="/payer/l/x" data-provider="PayGate Global" data-wait="Validez.">
      <span class="spinner"></span><p class="status-title">En attente de votre validation</p></div>`);
    const block = document.querySelector<HTMLElement>('#statut')!;
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetch).toHaveBeenCalledWith('/api/payer/payments/p-1', expect.anything());
    expect(block.textContent).toContain('En attente de votre validation');
    await vi.advanceTimersByTimeAsync(2000);
    expect(block.dataset.outcome).toBe('success');
    expect(block.textContent).toContain('Paiement réussi');
    expect(block.textContent).toContain('Reçu n° REC-2026-000001');
    const download = block.querySelector('a')!;
    expect(download.getAttribute('href')).toBe('/api/public/receipts/abc/pdf');
    expect(download.textContent).toBe('Télécharger le reçu (PDF)');
    // Settled: no more questions.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('shows a failure with the reason and « Réessayer » back to the link', async () => {
    const failure = {
      outcome: 'failure',
      amount: 50_000,
      failureReason: 'Le solde de votre compte est insuffisant.',
      receiptUrl: null,
      receiptNumber: null,
      redirectUrl: null,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(failure))),
    );
    await runOn(`<div id="statut" data-outcome="waiting" data-payment="p-2"
      data-retry="/payer/l/lien" data-wait="Validez."></div>`);
    await vi.advanceTimersByTimeAsync(2000);
    const block = document.querySelector<HTMLElement>('#statut')!;
    expect(block.textContent).toContain('Le solde de votre compte est insuffisant.');
    expect(block.querySelector('a')!.getAttribute('href')).toBe('/payer/l/lien');
  });
  it('offers only the levels of the programme chosen on the pre-registration form', async () => {
    await runOn(`<form method="post" action="/inscription/x" data-admission-form>
      <select name="programmeId">
        <option value="">Choisissez un programme…</option>
        <option value="p-licence">Licence</option>
        <option value="p-master">Master</option>
        <option value="p-mba">MBA</option>
      </select>
      <select name="levelId">
        <option value="">Choisissez un niveau…</option>
        <optgroup label="Licence" data-programme="p-licence"><option value="l1">L1</option></optgroup>
        <optgroup label="Master" data-programme="p-master"><option value="m1">M1</option></optgroup>
        <optgroup label="MBA" data-programme="p-mba"><option value="mba-m1">M1</option></optgroup>
      </select>
    </form>`);
    const programme = document.querySelector<HTMLSelectElement>('select[name="programmeId"]')!;
    const level = document.querySelector<HTMLSelectElement>('select[name="levelId"]')!;
    const offered = () => [...level.options].map((option) => `${option.value}:${option.text}`);
    const choose = (value: string) => {
      programme.value = value;
      programme.dispatchEvent(new Event('change', { bubbles: true }));
    };
    expect(offered()).toEqual([':Choisissez un niveau…']);
    choose('p-master');
    expect(offered()).toEqual([':Choisissez un niveau…', 'm1:M1']);
    level.value = 'm1';
    choose('p-mba');
    expect(offered()).toEqual([':Choisissez un niveau…', 'mba-m1:M1']);
    expect(level.value).toBe('');
    choose('p-master');
    expect(offered()).toEqual([':Choisissez un niveau…', 'm1:M1']);
  });
});

const waitingBlock = `<div class="status" id="statut" aria-live="polite" data-outcome="waiting"
  data-payment="p-9" data-retry="/payer/l/x" data-provider="PayGate Global" data-wait="Validez.">
  <span class="spinner"></span><p class="status-title">En attente de votre validation</p></div>`;
const waiting = {
  outcome: 'waiting',
  amount: 50_000,
  receiptUrl: null,
  receiptNumber: null,
  redirectUrl: null,
  failureReason: null,
};
const success = {
  outcome: 'success',
  amount: 50_000,
  receiptUrl: '/api/public/receipts/xyz/pdf',
  receiptNumber: 'REC-2026-000009',
  redirectUrl: null,
  failureReason: null,
};

describe('the waiting screen with the payment’s stream', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** The status answers, one per question (the last one repeated). */
  function statusAnswers(...answers: object[]) {
    const fetch = vi.fn(
      async () => new Response(JSON.stringify(answers.length > 1 ? answers.shift() : answers[0])),
    );
    vi.stubGlobal('fetch', fetch);
    return fetch;
  }

  it('shows the success the stream sends at once, and closes it once settled', async () => {
    const streams = installFakeEventSource();
    const fetch = statusAnswers(waiting);
    await runOn(waitingBlock);
    const stream = streams.latest();
    expect(stream.url).toBe('/api/payer/payments/p-9/events');
    stream.send(waiting);
    await vi.advanceTimersByTimeAsync(5000);
    // Live: no question within the safety poll's 10 s.
    expect(fetch).not.toHaveBeenCalled();
    stream.send(success);
    const block = document.querySelector<HTMLElement>('#statut')!;
    expect(block.dataset.outcome).toBe('success');
    expect(block.textContent).toContain('Paiement réussi');
    expect(block.textContent).toContain('Reçu n° REC-2026-000009');
    expect(stream.readyState).toBe(stream.CLOSED);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('still asks every 10 s while the stream is live (the server then asks the provider)', async () => {
    const streams = installFakeEventSource();
    const fetch = statusAnswers(waiting);
    await runOn(waitingBlock);
    streams.latest().send(waiting);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith('/api/payer/payments/p-9', expect.anything());
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('asks for the receipt every 2 s when the success came before it', async () => {
    const streams = installFakeEventSource();
    const fetch = statusAnswers(success);
    await runOn(waitingBlock);
    const stream = streams.latest();
    stream.send(waiting);
    stream.send({ ...success, receiptUrl: null, receiptNumber: null });
    const block = document.querySelector<HTMLElement>('#statut')!;
    expect(block.textContent).toContain('Reçu en préparation…');
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(block.textContent).toContain('Reçu n° REC-2026-000009');
    expect(stream.readyState).toBe(stream.CLOSED);
  });

  it('falls back to asking every 2 s when the stream is refused', async () => {
    const streams = installFakeEventSource();
    const fetch = statusAnswers(waiting, waiting, success);
    await runOn(waitingBlock);
    streams.latest().refuse();
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(4000);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(document.querySelector('#statut')!.textContent).toContain('Paiement réussi');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('falls back when the stream breaks, and slows down once it speaks again', async () => {
    const streams = installFakeEventSource();
    const fetch = statusAnswers(waiting);
    await runOn(waitingBlock);
    const stream = streams.latest();
    stream.send(waiting);
    stream.drop();
    await vi.advanceTimersByTimeAsync(4000);
    expect(fetch).toHaveBeenCalledTimes(2);
    // The browser opened it again; the server sends the state first.
    stream.send(waiting);
    await vi.advanceTimersByTimeAsync(9000);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('falls back when the stream says nothing at all for 3 s (a proxy that buffers)', async () => {
    const streams = installFakeEventSource();
    const fetch = statusAnswers(success);
    await runOn(waitingBlock);
    const stream = streams.latest();
    await vi.advanceTimersByTimeAsync(2900);
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100 + 2000);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(document.querySelector('#statut')!.textContent).toContain('Paiement réussi');
    expect(stream.readyState).toBe(stream.CLOSED);
  });
});
