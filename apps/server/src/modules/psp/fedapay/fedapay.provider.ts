import type { FedaPayConfig } from '../config';
import {
  isOutcomeUnknown,
  ProviderNotFoundError,
  ProviderRejectedError,
  ProviderRequestError,
} from '../errors';
import type { HttpMethod } from '../http-client';
import type { CollectRequest, CollectResult, PaymentProvider, ProviderContext } from '../provider';
import { readJson, rejection, sendToProvider } from '../provider-http';
import { pushHint } from '../push-hints';
import { requirePayerMsisdn, textOf } from '../wire';
import {
  FEDAPAY_MODES,
  fedapayEnvelopeSchema,
  fedapayListSchema,
  fedapayTokenSchema,
  fedapayTransactionBody,
  parseFedapayWebhook,
  toFedapayStatusResult,
} from './fedapay.transform';

/** How many recent transactions are searched for one whose creation answer was lost. */
const RECENT_TRANSACTIONS = 100;

/**
 * FedaPay: Togo's wallets by USSD push (modes togocel and moov_tg) and cards on its hosted page.
 * Refunds are made from FedaPay's dashboard only (its API has none); their outcome shows in the
 * transaction's status (refunded, *_partially_refunded).
 */
export function createFedapayProvider(ctx: ProviderContext<FedaPayConfig>): PaymentProvider {
  const { config } = ctx;

  async function call(operation: string, method: HttpMethod, path: string, body?: unknown) {
    const url = `${config.baseUrl}${path}`;
    const headers: Record<string, string> = {
      Authorization: `Bearer ${config.secretKey}`,
      Accept: 'application/json',
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (config.accountId) headers['FedaPay-Account'] = config.accountId;
    const response = await sendToProvider(ctx, 'fedapay', operation, {
      method,
      url,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { response, url };
  }

  /** After the transaction exists, a failed step must still hand back its id. */
  async function startPayment(
    transactionId: string,
    mode: string | undefined,
    request: CollectRequest,
  ): Promise<CollectResult> {
    const tokenCall = await call(
      'collect.token',
      'POST',
      `/v1/transactions/${encodeURIComponent(transactionId)}/token`,
    );
    if (tokenCall.response.status !== 200 && tokenCall.response.status !== 201) {
      throw rejection(tokenCall.response);
    }
    const token = readJson(fedapayTokenSchema, tokenCall.response, {
      method: 'POST',
      url: tokenCall.url,
    });
    if (!mode) {
      return {
        providerRef: transactionId,
        status: 'pending',
        nextAction: { type: 'redirect', url: token.url },
        raw: null,
      };
    }
    const push = await call('collect.push', 'POST', `/v1/${mode}`, { token: token.token });
    if (push.response.status < 200 || push.response.status >= 300) throw rejection(push.response);
    return {
      providerRef: transactionId,
      status: 'pending',
      nextAction: { type: 'await_push', hint: pushHint(request.wallet) },
      raw: null,
    };
  }

  return {
    id: 'fedapay',
    capabilities: {
      channels: ['mobile_money_push', 'redirect', 'card'],
      refunds: 'none',
      signedWebhooks: Boolean(config.webhookSecret),
      webhookRetries: true,
      currencies: ['XOF'],
      reportsPaidAmount: true,
      wallets: ['YAS_TG', 'MOOV_TG', 'CARD'],
    },

    async collect(request) {
      const mode = request.wallet ? FEDAPAY_MODES[request.wallet] : undefined;
      if (request.wallet && request.wallet !== 'CARD' && !mode) {
        throw new ProviderRequestError(
          `FedaPay ne propose pas le moyen de paiement ${request.wallet}.`,
        );
      }
      if (mode) requirePayerMsisdn(request);
      const created = await call(
        'collect.create',
        'POST',
        '/v1/transactions',
        fedapayTransactionBody(request, config),
      );
      if (created.response.status !== 200 && created.response.status !== 201)
        throw rejection(created.response);
      const transaction = readJson(fedapayEnvelopeSchema, created.response, {
        method: 'POST',
        url: created.url,
      })['v1/transaction'];
      const transactionId = String(transaction.id);
      try {
        return { ...(await startPayment(transactionId, mode, request)), raw: transaction };
      } catch (error) {
        if (isOutcomeUnknown(error))
          return { providerRef: transactionId, status: 'unknown', raw: transaction };
        if (error instanceof ProviderRejectedError) {
          return {
            providerRef: transactionId,
            status: 'failed',
            failure: error.failure,
            raw: transaction,
          };
        }
        throw error;
      }
    },

    async getStatus(query) {
      if (!query.providerRef) {
        throw new ProviderRequestError(
          "La transaction FedaPay est inconnue : son identifiant n'a pas été reçu.",
        );
      }
      const { response, url } = await call(
        'status',
        'GET',
        `/v1/transactions/${encodeURIComponent(query.providerRef)}`,
      );
      if (response.status === 404) throw new ProviderNotFoundError(query.providerRef);
      if (response.status !== 200) throw rejection(response);
      return toFedapayStatusResult(
        readJson(fedapayEnvelopeSchema, response, { method: 'GET', url })['v1/transaction'],
      );
    },

    /**
     * After a lost creation answer: the transaction that carries our attempt id in its
     * custom_metadata, among the most recent ones (it was created moments ago). FedaPay has no
     * documented search by metadata.
     */
    async findByReference(attemptId) {
      const { response, url } = await call(
        'search',
        'GET',
        `/v1/transactions?per_page=${RECENT_TRANSACTIONS}`,
      );
      if (response.status !== 200) throw rejection(response);
      const found = readJson(fedapayListSchema, response, { method: 'GET', url })[
        'v1/transactions'
      ].find((transaction) => textOf(transaction.custom_metadata?.attempt_id) === attemptId);
      return found ? toFedapayStatusResult(found) : null;
    },

    parseWebhook: async (webhook) => parseFedapayWebhook(webhook, config.webhookSecret, ctx.now()),
  };
}
