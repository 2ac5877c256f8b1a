// The « téléphone » page: a person types a number, sees the USSD prompts pushed to it, the SMS and
// WhatsApp messages sent to it (telephone-messages.ts), and answers a prompt with a PIN (« 0000 »
// is a wrong PIN), a refusal, or lets it expire.
import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Sandbox } from './engine';
import { answerForm, outcomeLabel, promptText, readPayerAnswer } from './hosted-page';
import { esc, formatAmount, formatTime, notice, page } from './html';
import { devicesNav } from './mailbox';
import { MERCHANT_PAYMENT_MESSAGES, merchantPaymentForm } from './merchant-payments';
import { phoneDigits, samePhone, type SimTransaction } from './state';
import { scenarioNotice, scenarioTable, smsList, whatsappList } from './telephone-messages';

const HISTORY_LIMIT = 5;
const POLL_MS = 4_000;

/** Messages shown after an answer, by the code carried in the redirect. */
const MESSAGES: Record<string, { text: string; error?: boolean }> = {
  paye: { text: 'Paiement confirmé.' },
  pin: { text: 'Code secret incorrect : le paiement a échoué.', error: true },
  refuse: { text: 'Paiement refusé.' },
  expire: { text: 'Demande laissée sans réponse : elle a expiré.' },
  fini: { text: "Cette demande n'est plus en attente.", error: true },
  invalide: { text: 'Le code secret doit comporter 4 chiffres.', error: true },
  inconnu: { text: 'Demande inconnue.', error: true },
};
const RESULT_CODES = { paid: 'paye', wrong_pin: 'pin', refused: 'refuse', expired: 'expire' };

/** `+228 90 12 34 56` for Togolese numbers, the digits otherwise. */
export function displayNumber(number: string): string {
  const digits = phoneDigits(number);
  const local = /^(?:228)?(\d{8})$/.exec(digits)?.[1];
  return local ? `+228 ${local.replace(/(\d{2})(?=\d)/g, '$1 ')}` : digits;
}

/** Changes whenever what the page shows for that number changes (the page polls it). */
function version(sandbox: Sandbox, number: string): string {
  const prompts = sandbox.store.promptsFor(number).map((transaction) => transaction.id);
  const history = sandbox.store
    .historyFor(number, HISTORY_LIMIT)
    .map((transaction) => `${transaction.id}:${transaction.state}`);
  const messages = [...sandbox.store.smsFor(number), ...sandbox.store.whatsappFor(number)]
    .map((message) => `${message.id}:${message.status ?? ''}`)
    .join(',');
  const text = `${prompts.join(',')}|${history.join(',')}|${messages}`;
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

function promptCard(transaction: SimTransaction, number: string): string {
  const expires = transaction.expiresAt
    ? ` · expire à ${esc(formatTime(transaction.expiresAt))} (UTC)`
    : '';
  return `<section class="card ussd" aria-label="Demande de ${esc(transaction.operator)}">
<p class="muted">${esc(transaction.operator)}${expires}</p>
<p>${esc(promptText(transaction))}</p>
${transaction.description ? `<p class="muted">${esc(transaction.description)}</p>` : ''}
${answerForm('/telephone/reponse', { id: transaction.id, numero: number }, 'Code secret')}
</section>`;
}

function render(sandbox: Sandbox, number: string, message?: string): string {
  const form = `<form method="get" action="/telephone" class="card">
<label for="numero">Numéro de téléphone</label>
<input id="numero" name="numero" type="tel" inputmode="tel" autocomplete="tel" value="${esc(number)}" required>
<div class="actions"><button class="secondary">Afficher</button></div>
</form>`;
  const shown = message ? (MESSAGES[message] ?? MERCHANT_PAYMENT_MESSAGES[message]) : undefined;
  if (!number) {
    return page(
      'Téléphone',
      `${devicesNav('telephone')}\n<h1>Téléphone</h1>\n${notice(undefined)}\n${form}\n${scenarioTable()}`,
    );
  }
  const prompts = sandbox.store.promptsFor(number);
  const sms = sandbox.store.smsFor(number);
  const whatsapp = sandbox.store.whatsappFor(number);
  const history = sandbox.store.historyFor(number, HISTORY_LIMIT);
  const promptsHtml = prompts.length
    ? prompts.map((transaction) => promptCard(transaction, number)).join('\n')
    : '<p class="muted">Aucune demande en attente. La page se met à jour toute seule.</p>';
  const historyHtml = history.length
    ? `<ul class="plain">${history
        .map(
          (transaction) =>
            `<li>${esc(transaction.operator)} · ${esc(formatAmount(transaction.amount, transaction.currency))} à ${esc(transaction.merchant)} : <strong>${esc(outcomeLabel(transaction))}</strong></li>`,
        )
        .join('')}</ul>`
    : '<p class="muted">Aucune opération.</p>';
  // The page polls its version and reloads when it changed (a push, an SMS…), never while a person
  // is at a form: a field focused or holding something typed (the « Payer un marchand » form, a
  // PIN). No `<meta refresh>`: it would wipe what is being typed.
  const script = `(function(){var s=document.getElementById('etat');var v=s.dataset.version,n=s.dataset.numero;
function typing(f){if(f.type==='hidden'||f.type==='submit'||f.type==='button')return false;if(document.activeElement===f)return true;
if(f.tagName==='SELECT')return [].some.call(f.options,function(o){return o.selected!==o.defaultSelected});
if(f.type==='checkbox'||f.type==='radio')return f.checked!==f.defaultChecked;return f.value!==f.defaultValue}
setInterval(function(){if([].some.call(document.querySelectorAll('input,select,textarea'),typing))return;fetch('/telephone/etat?numero='+encodeURIComponent(n)).then(function(r){return r.json()}).then(function(d){
if(d.version!==v)location.href='/telephone?numero='+encodeURIComponent(n)}).catch(function(){})},${POLL_MS})})();`;
  return page(
    `Téléphone ${displayNumber(number)}`,
    `${devicesNav('telephone')}
<h1>Téléphone ${esc(displayNumber(number))}</h1>
<div id="etat" data-version="${version(sandbox, number)}" data-numero="${esc(number)}"></div>
${notice(shown?.text, shown?.error)}
${scenarioNotice(number)}
<h2>Demandes de paiement</h2>
${promptsHtml}
${merchantPaymentForm(number)}
<h2>SMS reçus</h2>
<section class="card">${smsList(sms)}</section>
<h2>WhatsApp</h2>
<section class="card">${whatsappList(whatsapp)}</section>
<h2>Dernières opérations</h2>
<section class="card">${historyHtml}</section>
${form}
${scenarioTable()}`,
    { script },
  );
}

export function telephoneRoutes(sandbox: Sandbox): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Querystring: { numero?: string; message?: string } }>(
      '/telephone',
      async (request, reply) => {
        sandbox.sweep();
        const number = (request.query.numero ?? '').trim().slice(0, 30);
        return reply.type('text/html').send(render(sandbox, number, request.query.message));
      },
    );

    app.get<{ Querystring: { numero?: string } }>('/telephone/etat', async (request) => {
      sandbox.sweep();
      return { version: version(sandbox, (request.query.numero ?? '').trim()) };
    });

    app.post('/telephone/reponse', async (request, reply) => {
      const form = (request.body ?? {}) as Record<string, unknown>;
      const number = typeof form.numero === 'string' ? form.numero.trim().slice(0, 30) : '';
      const back = (code: string) =>
        reply.redirect(`/telephone?numero=${encodeURIComponent(number)}&message=${code}`, 303);
      sandbox.sweep();
      const transaction = sandbox.store.byId(String(form.id ?? ''));
      if (!transaction?.msisdn || !samePhone(transaction.msisdn, number)) return back('inconnu');
      if (transaction.state !== 'pending' || transaction.awaiting !== 'phone') return back('fini');
      const answer = readPayerAnswer(form);
      if (!answer.ok) return back('invalide');
      sandbox.resolve(transaction, answer.resolution);
      return back(RESULT_CODES[answer.resolution]);
    });
  };
}
