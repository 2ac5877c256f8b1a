// MTN MoMo Open API, Collection product (psp-apis.md §2): API user provisioning, Basic → Bearer
// token, request to pay, status, the sandbox's magic numbers, and an unsigned callback sent once.
// The Disbursement product (refunds, §2.7) is in mtn-disbursement.ts.
import type { FastifyPluginAsync } from 'fastify';
import type { Sandbox } from './engine';
import { answerCreated, delayResponses, header } from './http';
import { disbursementRoutes } from './mtn-disbursement';
import {
  badRequest,
  ENVIRONMENT_CURRENCY,
  ERRORS,
  finish,
  issueProductToken,
  MAGIC,
  ONGOING_SECONDS,
  OUTCOMES,
  productGuard,
  productOfPath,
  readCreation,
  refuseCallbackUrl,
  requestToPaySchema,
  statusBody,
  subscriptionKeys,
  UUID_V4,
  type MtnData,
} from './mtn-wire';
import { newTransaction, note, randomHex, type SimTransaction } from './state';

export function mtnRoutes(sandbox: Sandbox): FastifyPluginAsync {
  sandbox.register('mtn', {
    resolve: (transaction, resolution) =>
      finish(sandbox, transaction as SimTransaction<MtnData>, OUTCOMES[resolution]),
    refresh: (transaction) => {
      const data = (transaction as SimTransaction<MtnData>).data;
      if (
        transaction.state === 'pending' &&
        data.ongoingUntil &&
        sandbox.now() >= data.ongoingUntil
      ) {
        data.ongoingUntil = undefined;
        sandbox.resolve(transaction, 'paid');
      }
    },
  });
  const keys = subscriptionKeys(sandbox);
  /** The product whose subscription key the request carries, if any. */
  const keyProduct = (key: string | undefined) =>
    key === keys.collection ? 'collection' : key === keys.disbursement ? 'disbursement' : undefined;

  return async (app) => {
    delayResponses(app, sandbox, 'mtn');
    // API Management checks the product's subscription key before anything else; the API user
    // routes take any product's key.
    app.addHook('onRequest', async (request, reply) => {
      const product = keyProduct(header(request, 'ocp-apim-subscription-key'));
      const wanted = productOfPath(request.url);
      if (!product || (wanted && wanted !== product)) {
        return reply.code(401).send(ERRORS.subscription);
      }
    });

    app.post('/v1_0/apiuser', async (request, reply) => {
      const id = header(request, 'x-reference-id') ?? '';
      const body = request.body as { providerCallbackHost?: unknown } | undefined;
      const host = body?.providerCallbackHost;
      if (!UUID_V4.test(id)) return badRequest(reply, 'X-Reference-Id must be a UUID v4');
      if (typeof host !== 'string' || host === '') return badRequest(reply, 'providerCallbackHost');
      if (sandbox.store.mtnUsers.has(id)) return reply.code(409).send(ERRORS.duplicate);
      // The user belongs to the product whose key created it (checked by the hook above).
      const product = keyProduct(header(request, 'ocp-apim-subscription-key')) ?? 'collection';
      sandbox.store.mtnUsers.set(id, { providerCallbackHost: host, apiKey: null, product });
      return reply.code(201).send();
    });

    app.post<{ Params: { id: string } }>('/v1_0/apiuser/:id/apikey', async (request, reply) => {
      const user = sandbox.store.mtnUsers.get(request.params.id);
      if (!user) return reply.code(404).send(ERRORS.notFound);
      user.apiKey = randomHex(16);
      // A new key invalidates the tokens issued with the old one.
      for (const [token, issued] of sandbox.store.tokens) {
        if (issued.subject === request.params.id) sandbox.store.tokens.delete(token);
      }
      return reply.code(201).send({ apiKey: user.apiKey });
    });

    app.get<{ Params: { id: string } }>('/v1_0/apiuser/:id', async (request, reply) => {
      const user = sandbox.store.mtnUsers.get(request.params.id);
      if (!user) return reply.code(404).send(ERRORS.notFound);
      return { providerCallbackHost: user.providerCallbackHost, targetEnvironment: 'sandbox' };
    });

    app.post('/collection/token/', async (request, reply) =>
      issueProductToken(sandbox, 'collection', request, reply),
    );

    app.register(
      async (collection) => {
        collection.addHook('onRequest', productGuard(sandbox, 'collection'));

        collection.post('/requesttopay', async (request, reply) => {
          const creation = readCreation(request, reply, requestToPaySchema);
          if (!creation) return reply;
          const { referenceId, environment, callbackUrl, body } = creation;
          if (body.payer.partyIdType === 'MSISDN' && !/^\d{8,15}$/.test(body.payer.partyId)) {
            return badRequest(reply, 'payer.partyId must be an MSISDN with its country code');
          }
          if (refuseCallbackUrl(sandbox, 'collection', callbackUrl, request, reply)) return reply;
          if (sandbox.store.find('mtn', referenceId)) return reply.code(409).send(ERRORS.duplicate);

          const now = sandbox.now();
          const magic = MAGIC[body.payer.partyId];
          const waitsForPayer = magic === undefined && !sandbox.config.mtn.autoApprove;
          const transaction = newTransaction<MtnData>(sandbox.store, now, {
            provider: 'mtn',
            ref: referenceId,
            lookup: body.externalId ? { externalId: body.externalId } : {},
            amount: Number(body.amount),
            currency: body.currency,
            merchant: sandbox.config.merchantName,
            description: body.payerMessage ?? '',
            operator: 'MTN MoMo',
            msisdn: body.payer.partyIdType === 'MSISDN' ? body.payer.partyId : undefined,
            awaiting: waitsForPayer ? 'phone' : 'nobody',
            expiresAt: waitsForPayer ? sandbox.expiryFrom('mtn', now) : null,
            data: {
              ...body,
              referenceId,
              targetEnvironment: environment,
              callbackUrl,
              status: 'PENDING',
            },
          });
          note(transaction, now, 'request', { environment, callbackUrl, body });
          if (magic === 'ongoing') {
            transaction.data.ongoingUntil = new Date(now.getTime() + ONGOING_SECONDS * 1000);
          } else if (typeof magic === 'object') {
            note(transaction, now, 'magic_number', { status: magic.status });
            finish(sandbox, transaction, magic);
            transaction.settledAt = now;
          } else if (magic === undefined && !waitsForPayer) {
            sandbox.resolve(transaction, 'paid');
          }
          return answerCreated(
            sandbox,
            transaction,
            request,
            reply,
            { status: 202 },
            ERRORS.internal,
          );
        });

        collection.get<{ Params: { referenceId: string } }>(
          '/requesttopay/:referenceId',
          async (request, reply) => {
            if (!UUID_V4.test(request.params.referenceId)) {
              return badRequest(reply, 'referenceId must be a UUID v4');
            }
            const transaction = sandbox.store.find<MtnData>('mtn', request.params.referenceId);
            if (!transaction) return reply.code(404).send(ERRORS.notFound);
            sandbox.refresh(transaction);
            return statusBody(sandbox, transaction);
          },
        );

        collection.get('/account/balance', async (request) => ({
          availableBalance: '1000000',
          currency: ENVIRONMENT_CURRENCY[header(request, 'x-target-environment') as string],
        }));

        collection.get('/accountholder/msisdn/:msisdn/active', async () => ({ result: true }));
      },
      { prefix: '/collection/v1_0' },
    );

    app.register(disbursementRoutes(sandbox), { prefix: '/disbursement' });
  };
}
