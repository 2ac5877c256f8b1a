// Wave Checkout API (psp-apis.md §4): Bearer API key, checkout sessions (create, get, search,
// by transaction id, expire, refund), the launch page the payer opens, and signed webhooks.
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Sandbox } from './engine';
import { readPayerAnswer, renderCheckout } from './hosted-page';
import { missingPage } from './html';
import { answerCreated, bearerToken, delayResponses, publicBase, safeRedirect } from './http';
import { newTransaction, note, randomHex, type SimTransaction } from './state';
import {
  createSessionSchema,
  ERRORS,
  resolveWave,
  sessionBody,
  validationError,
  type WaveData,
} from './wave-wire';

export function waveRoutes(sandbox: Sandbox): FastifyPluginAsync {
  sandbox.register('wave', {
    resolve: (transaction, resolution) =>
      resolveWave(sandbox, transaction as SimTransaction<WaveData>, resolution),
  });

  const session = (id: string) => {
    const transaction = sandbox.store.find<WaveData>('wave', id);
    if (transaction) sandbox.refresh(transaction);
    return transaction;
  };
  const html = (reply: FastifyReply, content: string, status = 200) =>
    reply.code(status).type('text/html').send(content);

  return async (app) => {
    delayResponses(app, sandbox, 'wave');

    app.register(
      async (api) => {
        api.addHook('onRequest', async (request, reply) => {
          if (!request.headers.authorization) return reply.code(401).send(ERRORS.missingAuth);
          if (bearerToken(request) !== sandbox.credentials.wave.apiKey) {
            return reply.code(401).send(ERRORS.invalidAuth);
          }
        });

        api.post('/', async (request, reply) => {
          const parsed = createSessionSchema.safeParse(request.body ?? {});
          if (!parsed.success) return reply.code(400).send(validationError(parsed.error.issues));
          const body = parsed.data;
          const now = sandbox.now();
          const expiresAt = sandbox.expiryFrom('wave', now);
          const id = `cos-${randomHex(10)}`;
          const transaction = newTransaction<WaveData>(sandbox.store, now, {
            provider: 'wave',
            ref: id,
            lookup: body.client_reference ? { clientReference: body.client_reference } : {},
            amount: Number(body.amount),
            currency: body.currency,
            merchant: sandbox.config.merchantName,
            description: body.client_reference ?? '',
            operator: 'Wave',
            awaiting: 'page',
            expiresAt,
            data: {
              refunded: false,
              session: {
                id,
                amount: body.amount,
                currency: body.currency,
                business_name: sandbox.config.merchantName,
                checkout_status: 'open',
                payment_status: 'processing',
                client_reference: body.client_reference ?? null,
                last_payment_error: null,
                success_url: body.success_url,
                error_url: body.error_url,
                transaction_id: null,
                wave_launch_url: `${publicBase(sandbox, request)}/wave/c/${id}`,
                when_created: now.toISOString(),
                when_completed: null,
                when_expires: expiresAt.toISOString(),
                aggregated_merchant_id: body.aggregated_merchant_id ?? null,
                restrict_payer_mobile: body.restrict_payer_mobile ?? null,
              },
            },
          });
          note(transaction, now, 'request', { body });
          return answerCreated(sandbox, transaction, request, reply, {
            status: 200,
            body: sessionBody(transaction),
          });
        });

        api.get<{ Querystring: { client_reference?: string } }>('/search', async (request) => {
          const reference = request.query.client_reference ?? '';
          const found = sandbox.store.findAll<WaveData>('wave', 'clientReference', reference);
          found.forEach((transaction) => sandbox.refresh(transaction));
          return { result: found.map(sessionBody) };
        });

        api.get<{ Querystring: { transaction_id?: string } }>('/', async (request, reply) => {
          const wanted = request.query.transaction_id;
          const transaction = sandbox.store.transactions.find(
            (candidate) =>
              candidate.provider === 'wave' &&
              wanted !== undefined &&
              (candidate.data as WaveData).session.transaction_id === wanted,
          ) as SimTransaction<WaveData> | undefined;
          if (!transaction) return reply.code(404).send(ERRORS.notFound);
          return sessionBody(transaction);
        });

        api.get<{ Params: { id: string } }>('/:id', async (request, reply) => {
          const transaction = session(request.params.id);
          if (!transaction) return reply.code(404).send(ERRORS.notFound);
          return sessionBody(transaction);
        });

        api.post<{ Params: { id: string } }>('/:id/expire', async (request, reply) => {
          const transaction = session(request.params.id);
          if (!transaction) return reply.code(404).send(ERRORS.notFound);
          if (transaction.data.session.checkout_status !== 'open') {
            return reply.code(409).send(ERRORS.notOpen);
          }
          sandbox.resolve(transaction, 'expired');
          return reply.code(200).send();
        });

        api.post<{ Params: { id: string } }>('/:id/refund', async (request, reply) => {
          const transaction = session(request.params.id);
          if (!transaction) return reply.code(404).send(ERRORS.notFound);
          const { checkout_status, payment_status } = transaction.data.session;
          if (checkout_status !== 'complete' || payment_status !== 'succeeded') {
            return reply.code(409).send(ERRORS.notRefundable);
          }
          // The whole session, once: repeating the call does not refund twice.
          if (!transaction.data.refunded) {
            transaction.data.refunded = true;
            note(transaction, sandbox.now(), 'refunded', { amount: transaction.reportedAmount });
          }
          return reply.code(200).send();
        });
      },
      { prefix: '/v1/checkout/sessions' },
    );

    const checkout = (transaction: SimTransaction, message?: string, isError = false) =>
      renderCheckout({
        brand: 'Wave',
        transaction,
        action: `/wave/c/${transaction.ref}`,
        codeLabel: 'Code secret Wave',
        message,
        isError,
      });

    app.get<{ Params: { id: string } }>('/c/:id', async (request, reply) => {
      const transaction = session(request.params.id);
      if (!transaction) return html(reply, missingPage('Ce lien Wave est inconnu.'), 404);
      return html(reply, checkout(transaction));
    });

    app.post<{ Params: { id: string } }>('/c/:id', async (request, reply) => {
      const transaction = session(request.params.id);
      if (!transaction) return html(reply, missingPage('Ce lien Wave est inconnu.'), 404);
      const answer = readPayerAnswer(request.body);
      if (!answer.ok) return html(reply, checkout(transaction, answer.message, true), 400);
      if (!sandbox.resolve(transaction, answer.resolution)) {
        return html(reply, checkout(transaction, "Ce paiement n'est plus en attente.", true));
      }
      if (transaction.state === 'pending') {
        const retry = 'Paiement échoué : solde insuffisant. Vous pouvez réessayer.';
        return html(reply, checkout(transaction, retry, true));
      }
      const { success_url, error_url } = transaction.data.session;
      const redirect = safeRedirect(transaction.state === 'succeeded' ? success_url : error_url);
      return redirect ? reply.redirect(redirect, 303) : html(reply, checkout(transaction));
    });
  };
}
