// PayGate Global (psp-apis.md §5.3): auth_token in the JSON body, USSD push on FLOOZ or TMONEY,
// status by tx_reference (v1) or identifier (v2), the hosted page, and an unsigned callback.
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Sandbox } from './engine';
import { outcomeLabel } from './hosted-page';
import { esc, formatAmount, missingPage, notice, page } from './html';
import { answerCreated, delayResponses, safeRedirect } from './http';
import {
  BAD_TOKEN,
  createPayment,
  INIT,
  NETWORKS,
  NOT_FOUND,
  payRequestSchema,
  resolvePaygate,
  statusBody,
  type PayGateData,
} from './paygate-wire';
import { note, type SimTransaction } from './state';

type Form = Record<string, unknown>;

export function paygateRoutes(sandbox: Sandbox): FastifyPluginAsync {
  sandbox.register('paygate', {
    resolve: (transaction, resolution) =>
      resolvePaygate(sandbox, transaction as SimTransaction<PayGateData>, resolution),
  });
  const authToken = sandbox.credentials.paygate.authToken;
  const html = (reply: FastifyReply, content: string, status = 200) =>
    reply.code(status).type('text/html').send(content);

  const answerStatus = (transaction: SimTransaction<PayGateData> | undefined) => {
    if (!transaction) return NOT_FOUND;
    sandbox.refresh(transaction);
    return statusBody(transaction);
  };

  return async (app) => {
    delayResponses(app, sandbox, 'paygate');

    app.post('/api/v1/pay', async (request, reply) => {
      const body = (request.body ?? {}) as Form;
      if (body.auth_token !== authToken) return { status: INIT.badToken };
      const parsed = payRequestSchema.safeParse(body);
      if (!parsed.success) return { status: INIT.badParams };
      if (sandbox.store.find('paygate', parsed.data.identifier, 'identifier')) {
        return { status: INIT.duplicate };
      }
      const transaction = createPayment(sandbox, parsed.data);
      note(transaction, sandbox.now(), 'request', { body: { ...body, auth_token: '…' } });
      return answerCreated(sandbox, transaction, request, reply, {
        status: 200,
        body: { tx_reference: transaction.ref, status: INIT.ok },
      });
    });

    app.post('/api/v1/status', async (request, reply) => {
      const body = (request.body ?? {}) as Form;
      if (body.auth_token !== authToken) return reply.code(401).send(BAD_TOKEN);
      const reference = String(body.tx_reference ?? '');
      return answerStatus(sandbox.store.find<PayGateData>('paygate', reference));
    });

    app.post('/api/v2/status', async (request, reply) => {
      const body = (request.body ?? {}) as Form;
      if (body.auth_token !== authToken) return reply.code(401).send(BAD_TOKEN);
      const identifier = String(body.identifier ?? '');
      return answerStatus(sandbox.store.find<PayGateData>('paygate', identifier, 'identifier'));
    });

    // Hosted page: GET /v1/page?token=…&amount=…&description=…&identifier=…&url=…&phone=…&network=…
    app.get<{ Querystring: Form }>('/v1/page', async (request, reply) => {
      const query = request.query;
      if (query.token !== authToken) {
        return html(reply, missingPage("Ce marchand n'est pas reconnu (token invalide)."), 401);
      }
      return html(reply, choosePage(sandbox, query));
    });

    app.post('/v1/page', async (request, reply) => {
      const form = (request.body ?? {}) as Form;
      if (form.token !== authToken) {
        return html(reply, missingPage("Ce marchand n'est pas reconnu (token invalide)."), 401);
      }
      const parsed = payRequestSchema.safeParse({ ...form, phone_number: form.phone });
      if (!parsed.success) {
        return html(reply, choosePage(sandbox, form, 'Vérifiez le numéro et le réseau.'), 400);
      }
      if (sandbox.store.find('paygate', parsed.data.identifier, 'identifier')) {
        return html(
          reply,
          choosePage(sandbox, form, 'Cette commande a déjà été payée ou initiée.'),
          409,
        );
      }
      const transaction = createPayment(sandbox, parsed.data, safeRedirect(form.url));
      note(transaction, sandbox.now(), 'hosted_page');
      return reply.redirect(`/paygate/v1/page/attente/${transaction.ref}`, 303);
    });

    app.get<{ Params: { reference: string } }>(
      '/v1/page/attente/:reference',
      async (request, reply) => {
        const transaction = sandbox.store.find<PayGateData>('paygate', request.params.reference);
        if (!transaction) return html(reply, missingPage('Ce paiement est inconnu.'), 404);
        sandbox.refresh(transaction);
        const { returnUrl, phoneNumber } = transaction.data;
        if (transaction.state === 'succeeded' && returnUrl) return reply.redirect(returnUrl, 303);
        return html(reply, waitingPage(transaction, phoneNumber, returnUrl), 200);
      },
    );
  };
}

function choosePage(sandbox: Sandbox, form: Form, error?: string): string {
  const amount = Number(form.amount);
  const hidden = ['token', 'amount', 'description', 'identifier', 'url']
    .map((name) => `<input type="hidden" name="${name}" value="${esc(form[name])}">`)
    .join('');
  const options = (Object.keys(NETWORKS) as (keyof typeof NETWORKS)[])
    .map((network) => {
      const selected = form.network === network ? ' selected' : '';
      return `<option value="${network}"${selected}>${esc(NETWORKS[network].operator)}</option>`;
    })
    .join('');
  const shown = Number.isSafeInteger(amount)
    ? formatAmount(amount, 'XOF')
    : String(form.amount ?? '');
  return page(
    'PayGate Global : paiement',
    `<h1>Paiement PayGate Global</h1>
${notice(error, true)}
<section class="card"><p class="amount">${esc(shown)}</p>
<p>à <strong>${esc(sandbox.config.merchantName)}</strong></p>
<p class="muted">${esc(form.description)}</p></section>
<form class="card" method="post" action="/paygate/v1/page">${hidden}
<label for="network">Réseau</label><select id="network" name="network">${options}</select>
<label for="phone">Numéro de téléphone</label>
<input id="phone" name="phone" type="tel" inputmode="tel" autocomplete="tel" value="${esc(form.phone)}" required>
<div class="actions"><button class="primary">Payer</button></div></form>`,
  );
}

function waitingPage(transaction: SimTransaction, phone: string, returnUrl?: string): string {
  const pending = transaction.state === 'pending';
  const back = returnUrl
    ? `<p><a class="button secondary" href="${esc(returnUrl)}">Retour au marchand</a></p>`
    : '';
  return page(
    'PayGate Global : validation',
    `<h1>Paiement PayGate Global</h1>
<section class="card"><p class="amount">${esc(formatAmount(transaction.amount, transaction.currency))}</p>
<p>${esc(transaction.operator)}</p>
<p role="status" aria-live="polite"><strong>${esc(pending ? 'Validez le paiement sur votre téléphone.' : outcomeLabel(transaction))}</strong></p>
${pending ? `<p><a href="/telephone?numero=${esc(encodeURIComponent(phone))}">Ouvrir le téléphone ${esc(phone)}</a></p>` : back}
</section>`,
    pending ? { refreshSeconds: 3 } : {},
  );
}
