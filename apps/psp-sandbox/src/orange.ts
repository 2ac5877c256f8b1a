// Orange Money Web Payment (psp-apis.md §3): form-encoded OAuth token, webpayment (pay_token,
// payment_url, notif_token), transactionstatus, the hosted payment page, and the notification to
// notif_url, authenticated only by notif_token.
import type { FastifyPluginAsync } from 'fastify';
import type { Sandbox } from './engine';
import { readPayerAnswer, renderCheckout } from './hosted-page';
import { missingPage } from './html';
import {
  answerCreated,
  basicCredentials,
  checkBearer,
  delayResponses,
  issueToken,
  publicBase,
  safeRedirect,
} from './http';
import {
  ENVIRONMENT_CURRENCY,
  GATEWAY_ERRORS,
  TOKEN_SECONDS,
  resolveOrange,
  statusSchema,
  webPaymentSchema,
  webpayError,
  type OrangeData,
} from './orange-wire';
import { newTransaction, note, randomHex, type SimTransaction } from './state';

export function orangeRoutes(sandbox: Sandbox): FastifyPluginAsync {
  sandbox.register('orange', {
    resolve: (transaction, resolution) =>
      resolveOrange(sandbox, transaction as SimTransaction<OrangeData>, resolution),
  });
  const credentials = sandbox.credentials.orange;

  return async (app) => {
    delayResponses(app, sandbox, 'orange');

    app.post('/oauth/v3/token', async (request, reply) => {
      const basic = basicCredentials(request);
      if (
        !basic ||
        basic.user !== credentials.clientId ||
        basic.password !== credentials.clientSecret
      ) {
        return reply
          .code(401)
          .send({ error: 'invalid_client', error_description: GATEWAY_ERRORS.invalid.description });
      }
      const form = request.headers['content-type']?.startsWith('application/x-www-form-urlencoded');
      const grant = (request.body as Record<string, unknown> | undefined)?.grant_type;
      if (!form || grant === undefined) {
        return reply.code(400).send({
          error: 'invalid_request',
          error_description: 'The request must be form-encoded and carry grant_type.',
        });
      }
      if (grant !== 'client_credentials') {
        return reply.code(400).send({
          error: 'unsupported_grant_type',
          error_description: 'The authorization grant type is not supported.',
        });
      }
      const token = randomHex(24);
      issueToken(sandbox, 'orange', token, basic.user, TOKEN_SECONDS);
      return { token_type: 'Bearer', access_token: token, expires_in: String(TOKEN_SECONDS) };
    });

    app.register(
      async (webpay) => {
        webpay.addHook('onRequest', async (request, reply) => {
          const env = (request.params as { env?: string }).env ?? '';
          if (!(env in ENVIRONMENT_CURRENCY)) return reply.code(404).send(GATEWAY_ERRORS.notFound);
          const check = checkBearer(sandbox, 'orange', request);
          if (!check.ok) return reply.code(401).send(GATEWAY_ERRORS[check.why]);
        });

        webpay.post<{ Params: { env: string } }>('/webpayment', async (request, reply) => {
          const parsed = webPaymentSchema.safeParse(request.body);
          if (!parsed.success)
            return webpayError(
              reply,
              400,
              `Invalid fields: ${parsed.error.issues.map((issue) => issue.path.join('.')).join(', ')}`,
            );
          const body = parsed.data;
          if (body.merchant_key !== credentials.merchantKey)
            return webpayError(reply, 401, 'Invalid merchant_key.');
          const currency = ENVIRONMENT_CURRENCY[request.params.env] as string;
          if (body.currency !== currency)
            return webpayError(reply, 400, `currency must be ${currency} in this environment.`);
          if (sandbox.store.find('orange', body.order_id, 'orderId'))
            return webpayError(reply, 400, 'Duplicate order_id.');
          const now = sandbox.now();
          const payToken = `v1${randomHex(20)}`;
          const transaction = newTransaction<OrangeData>(sandbox.store, now, {
            provider: 'orange',
            ref: payToken,
            lookup: { orderId: body.order_id },
            amount: body.amount,
            currency,
            merchant: body.reference ?? sandbox.config.merchantName,
            description: `Commande ${body.order_id}`,
            operator: 'Orange Money',
            awaiting: 'page',
            expiresAt: sandbox.expiryFrom('orange', now),
            data: {
              env: request.params.env,
              orderId: body.order_id,
              returnUrl: body.return_url,
              cancelUrl: body.cancel_url,
              notifUrl: body.notif_url,
              lang: body.lang,
              reference: body.reference,
              payToken,
              notifToken: randomHex(16),
              status: 'INITIATED',
            },
          });
          note(transaction, now, 'request', { body });
          const paymentUrl = `${publicBase(sandbox, request)}/orange/payment/pay_token/${payToken}`;
          return answerCreated(sandbox, transaction, request, reply, {
            status: 201,
            body: {
              status: 201,
              message: 'OK',
              pay_token: payToken,
              payment_url: paymentUrl,
              notif_token: transaction.data.notifToken,
            },
          });
        });

        webpay.post('/transactionstatus', async (request, reply) => {
          const parsed = statusSchema.safeParse(request.body);
          if (!parsed.success)
            return webpayError(reply, 400, 'order_id, amount and pay_token are required.');
          const transaction = sandbox.store.find<OrangeData>('orange', parsed.data.pay_token);
          if (
            !transaction ||
            transaction.data.orderId !== parsed.data.order_id ||
            transaction.amount !== parsed.data.amount
          ) {
            return webpayError(
              reply,
              404,
              'No transaction matches order_id, amount and pay_token.',
            );
          }
          sandbox.refresh(transaction);
          const { status, orderId, txnid } = transaction.data;
          return { status, order_id: orderId, ...(txnid ? { txnid } : {}) };
        });
      },
      { prefix: '/orange-money-webpay/:env/v1' },
    );

    const checkout = (transaction: SimTransaction, message?: string, isError = false) =>
      renderCheckout({
        brand: 'Orange Money',
        transaction,
        action: `/orange/payment/pay_token/${transaction.ref}`,
        codeLabel: 'Code secret Orange Money',
        message,
        isError,
      });

    app.get<{ Params: { payToken: string } }>(
      '/payment/pay_token/:payToken',
      async (request, reply) => {
        const transaction = sandbox.store.find<OrangeData>('orange', request.params.payToken);
        if (!transaction)
          return reply
            .code(404)
            .type('text/html')
            .send(missingPage('Ce lien de paiement est inconnu.'));
        sandbox.refresh(transaction);
        if (transaction.data.status === 'INITIATED') {
          transaction.data.status = 'PENDING'; // the payer has opened the page
          note(transaction, sandbox.now(), 'page_opened');
        }
        return reply.type('text/html').send(checkout(transaction));
      },
    );

    app.post<{ Params: { payToken: string } }>(
      '/payment/pay_token/:payToken',
      async (request, reply) => {
        const transaction = sandbox.store.find<OrangeData>('orange', request.params.payToken);
        if (!transaction)
          return reply
            .code(404)
            .type('text/html')
            .send(missingPage('Ce lien de paiement est inconnu.'));
        sandbox.refresh(transaction);
        const answer = readPayerAnswer(request.body);
        if (!answer.ok)
          return reply
            .code(400)
            .type('text/html')
            .send(checkout(transaction, answer.message, true));
        if (!sandbox.resolve(transaction, answer.resolution)) {
          return reply
            .type('text/html')
            .send(checkout(transaction, "Ce paiement n'est plus en attente.", true));
        }
        const target =
          transaction.state === 'succeeded'
            ? transaction.data.returnUrl
            : transaction.data.cancelUrl;
        const redirect = safeRedirect(target);
        return redirect
          ? reply.redirect(redirect, 303)
          : reply.type('text/html').send(checkout(transaction));
      },
    );
  };
}
