// FedaPay (psp-apis.md §5.1): Bearer secret key, transactions in a `v1/transaction` envelope,
// payment token and hosted card page, USSD push per mode (togocel, moov_tg…), signed webhooks.
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Sandbox } from './engine';
import {
  createTransactionSchema,
  envelope,
  ERRORS,
  event,
  MODES,
  MOMO_TEST_SUCCESS,
  pushSchema,
  refundable,
  refundSchema,
  resolveFedapay,
  transactionObject,
  validationError,
  type FedaData,
} from './fedapay-wire';
import { readPayerAnswer, renderCheckout } from './hosted-page';
import { missingPage } from './html';
import { answerCreated, bearerToken, delayResponses, publicBase, safeRedirect } from './http';
import { newTransaction, note, phoneDigits, randomHex, type SimTransaction } from './state';

const FIRST_ID = 100_000;

export function fedapayRoutes(sandbox: Sandbox): FastifyPluginAsync {
  sandbox.register('fedapay', {
    resolve: (transaction, resolution) =>
      resolveFedapay(sandbox, transaction as SimTransaction<FedaData>, resolution),
  });

  const byId = (id: string) => {
    const transaction = sandbox.store.find<FedaData>('fedapay', id);
    if (transaction) sandbox.refresh(transaction);
    return transaction;
  };
  const byToken = (token: string) => {
    const transaction = sandbox.store.find<FedaData>('fedapay', token, 'token');
    if (transaction) sandbox.refresh(transaction);
    return transaction;
  };
  const html = (reply: FastifyReply, content: string, status = 200) =>
    reply.code(status).type('text/html').send(content);

  return async (app) => {
    delayResponses(app, sandbox, 'fedapay');

    app.register(
      async (api) => {
        api.addHook('onRequest', async (request, reply) => {
          if (bearerToken(request) !== sandbox.credentials.fedapay.secretKey) {
            return reply.code(401).send(ERRORS.auth);
          }
        });

        api.post('/transactions', async (request, reply) => {
          const parsed = createTransactionSchema.safeParse(request.body ?? {});
          if (!parsed.success) return reply.code(400).send(validationError(parsed.error.issues));
          const body = parsed.data;
          const now = sandbox.now();
          const id = FIRST_ID + sandbox.store.next();
          const transaction = newTransaction<FedaData>(sandbox.store, now, {
            provider: 'fedapay',
            ref: String(id),
            lookup: body.merchant_reference ? { merchantReference: body.merchant_reference } : {},
            amount: body.amount,
            currency: 'XOF',
            merchant: sandbox.config.merchantName,
            description: body.description,
            operator: 'FedaPay',
            expiresAt: sandbox.expiryFrom('fedapay', now),
            data: {
              id,
              reference: `trx_${randomHex(6)}`,
              description: body.description,
              callbackUrl: body.callback_url ?? null,
              customMetadata: body.custom_metadata ?? null,
              merchantReference: body.merchant_reference ?? null,
              customer: body.customer ?? null,
              customerId: body.customer ? sandbox.store.next() : null,
              status: 'pending',
              mode: null,
              token: null,
              createdAt: now.toISOString(),
              updatedAt: now.toISOString(),
              approvedAt: null,
              declinedAt: null,
              canceledAt: null,
              heldCreated: null,
            },
          });
          note(transaction, now, 'request', { body });
          const created = event(sandbox, 'transaction.created', transaction);
          // reorder: transaction.created will arrive after the final event.
          if (sandbox.faults.take('fedapay', 'reorder')) transaction.data.heldCreated = created;
          else sandbox.dispatch(transaction, [created]);
          return answerCreated(sandbox, transaction, request, reply, {
            status: 200,
            body: envelope(transaction),
          });
        });

        api.get('/transactions', async () => {
          const all = sandbox.store.transactions
            .filter((transaction) => transaction.provider === 'fedapay')
            .reverse() as SimTransaction<FedaData>[];
          all.forEach((transaction) => sandbox.refresh(transaction));
          return {
            'v1/transactions': all.map(transactionObject),
            meta: {
              current_page: 1,
              next_page: null,
              prev_page: null,
              per_page: all.length,
              total_pages: 1,
              total_count: all.length,
            },
          };
        });

        api.get<{ Params: { id: string } }>('/transactions/:id', async (request, reply) => {
          const transaction = byId(request.params.id);
          return transaction ? envelope(transaction) : reply.code(404).send(ERRORS.notFound);
        });

        api.post<{ Params: { id: string } }>('/transactions/:id/token', async (request, reply) => {
          const transaction = byId(request.params.id);
          if (!transaction) return reply.code(404).send(ERRORS.notFound);
          const data = transaction.data;
          if (!data.token) {
            data.token = randomHex(32);
            transaction.lookup.token = data.token;
          }
          if (transaction.awaiting === 'nobody') transaction.awaiting = 'page';
          const url = `${publicBase(sandbox, request)}/fedapay/process/${data.token}`;
          return { token: data.token, url };
        });

        // [unverified] FedaPay documents no refund endpoint; this one follows its transaction
        // actions (`/token`) and the statuses its SDKs know: refunded, approved_partially_refunded.
        api.post<{ Params: { id: string } }>('/transactions/:id/refund', async (request, reply) => {
          const transaction = byId(request.params.id);
          if (!transaction) return reply.code(404).send(ERRORS.notFound);
          const parsed = refundSchema.safeParse(request.body ?? {});
          if (!parsed.success) return reply.code(400).send(validationError(parsed.error.issues));
          const data = transaction.data;
          const left = refundable(transaction);
          if (!['approved', 'approved_partially_refunded'].includes(data.status) || left <= 0) {
            return reply.code(400).send(ERRORS.notRefundable);
          }
          const amount = parsed.data.amount ?? left;
          if (amount > left) return reply.code(400).send(ERRORS.refundAmount(left));
          const now = sandbox.now();
          if (sandbox.faults.take('fedapay', 'refund_fail')) {
            note(transaction, now, 'refund_failed', { amount, why: 'refund_fail' });
            return reply.code(400).send(ERRORS.refundRefused);
          }
          data.refunds = [...(data.refunds ?? []), { amount, at: now.toISOString() }];
          data.status = amount === left ? 'refunded' : 'approved_partially_refunded';
          data.updatedAt = now.toISOString();
          note(transaction, now, data.status, { amount, left: left - amount });
          return envelope(transaction);
        });

        api.post<{ Params: { mode: string } }>('/:mode', async (request, reply) => {
          const mode = request.params.mode;
          if (!(mode in MODES)) return reply.code(400).send(ERRORS.mode);
          const parsed = pushSchema.safeParse(request.body ?? {});
          if (!parsed.success) return reply.code(400).send(ERRORS.token);
          const transaction = byToken(parsed.data.token);
          if (!transaction) return reply.code(400).send(ERRORS.token);
          if (transaction.state !== 'pending') return reply.code(400).send(ERRORS.done);
          const number =
            parsed.data.phone_number?.number ?? transaction.data.customer?.phone_number?.number;
          if (!number || phoneDigits(number) === '') return reply.code(400).send(ERRORS.phone);
          transaction.data.mode = mode;
          transaction.msisdn = phoneDigits(number);
          transaction.operator = `${MODES[mode]} (FedaPay)`;
          note(transaction, sandbox.now(), 'push', { mode, number });
          if (mode === 'momo_test') {
            const success = MOMO_TEST_SUCCESS.includes(transaction.msisdn.slice(-8));
            sandbox.resolve(transaction, success ? 'paid' : 'wrong_pin');
          } else {
            transaction.awaiting = 'phone';
          }
          return answerCreated(sandbox, transaction, request, reply, {
            status: 200,
            body: { message: 'success' },
          });
        });
      },
      { prefix: '/v1' },
    );

    const checkout = (transaction: SimTransaction<FedaData>, message?: string, isError = false) =>
      renderCheckout({
        brand: 'FedaPay',
        transaction,
        action: `/fedapay/process/${transaction.data.token}`,
        codeLabel: 'Code de confirmation 3-D Secure',
        extra: '<p class="muted">Carte de test : 4242 4242 4242 4242, expiration 12/30.</p>',
        message,
        isError,
      });

    app.get<{ Params: { token: string } }>('/process/:token', async (request, reply) => {
      const transaction = byToken(request.params.token);
      if (!transaction) return html(reply, missingPage('Ce lien FedaPay est inconnu.'), 404);
      return html(reply, checkout(transaction));
    });

    app.post<{ Params: { token: string } }>('/process/:token', async (request, reply) => {
      const transaction = byToken(request.params.token);
      if (!transaction) return html(reply, missingPage('Ce lien FedaPay est inconnu.'), 404);
      const answer = readPayerAnswer(request.body);
      if (!answer.ok) return html(reply, checkout(transaction, answer.message, true), 400);
      if (!sandbox.resolve(transaction, answer.resolution)) {
        return html(reply, checkout(transaction, "Ce paiement n'est plus en attente.", true));
      }
      // Browser return: callback_url?id=…&status=approved|declined|canceled (never proof of payment).
      const target = safeRedirect(transaction.data.callbackUrl);
      if (!target) return html(reply, checkout(transaction));
      const url = new URL(target);
      url.searchParams.set('id', String(transaction.data.id));
      url.searchParams.set('status', transaction.data.status);
      return reply.redirect(url.href, 303);
    });
  };
}
