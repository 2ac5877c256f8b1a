import type { FedaPayConfig } from '../config';
import {
  isOutcomeUnknown,
  ProviderNotFoundError,
  ProviderRejectedError,
  ProviderRequestError,
} from '../errors';
import type { HttpMethod, HttpResponse } from '../http-client';
import type { CollectRequest, CollectResult, PaymentProvider, ProviderContext } from '../provider';
import { readJson, rejection, sendToProvider } from '../provider-http';
import { pushHint } from '../push-hints';
import { describeRefundFailure, refundFailureOf } from '../refund-failures';
import { requirePayerMsisdn, textOf } from '../wire';
import {
  FEDAPAY_MODES,
  fedapayEnvelopeSchema,
  fedapayListSchema,
  fedapayRefundBody,
  fedapayTokenSchema,
  fedapayTransactionBody,
  parseFedapayWebhook,
  toFedapayRefundResult,
  toFedapayStatusResult,
} from './fedapay.transform';

/** How many recent transactions are searched for one whose creation answer was lost. */
const RECENT_TRANSACTIONS = 100;

/**
 * FedaPay: Togo's wallets by USSD push (modes togocel and moov_tg) and cards on its hosted page.
 * Refunds, whole or partial, show in the transaction's status (refunded, *_partially_refunded).
 * FedaPay documents no refund endpoint: the adapter's (fedapayRefundBody) is [unverified] and
 * offered only with FEDAPAY_API_REFUNDS=true; otherwise refunds are made from FedaPay's dashboard.
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

  function transactionPath(providerRef: string | undefined): string {
    if (!providerRef) {
      throw new ProviderRequestError(
        "La transaction FedaPay est inconnue : son identifiant n'a pas été reçu.",
      );
    }
    return `/v1/transactions/${encodeURIComponent(providerRef)}`;
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

  const provider: PaymentProvider = {
    id: 'fedapay',
    capabilities: {
      channels: ['mobile_money_push', 'redirect', 'card'],
      refunds: config.apiRefunds ? 'partial' : 'none',
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
      const { response, url } = await call('status', 'GET', transactionPath(query.providerRef));
      if (response.status === 404) throw new ProviderNotFoundError(query.providerRef ?? '');
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

  if (config.apiRefunds) {
    provider.refund = async (request) => {
      const path = `${transactionPath(request.providerRef)}/refund`;
      const { response, url } = await call('refund', 'POST', path, fedapayRefundBody(request));
      if (response.status !== 200 && response.status !== 201) throw refundRejection(response);
      return toFedapayRefundResult(
        readJson(fedapayEnvelopeSchema, response, { method: 'POST', url })['v1/transaction'],
      );
    };
    // No refund object to ask for: the transaction tells how far it has been given back.
    provider.getRefundStatus = async (query) => {
      const { response, url } = await call(
        'refund.status',
        'GET',
        transactionPath(query.providerRef),
      );
      if (response.status === 404) throw new ProviderNotFoundError(query.providerRef ?? '');
      if (response.status !== 200) throw refundRejection(response);
      return toFedapayRefundResult(
        readJson(fedapayEnvelopeSchema, response, { method: 'GET', url })['v1/transaction'],
      );
    };
  }
  return provider;
}

/**
 * A refused refund. FedaPay's error bodies carry a sentence, no code: credentials and an unknown
 * transaction are told apart by the status, every other refusal is FedaPay's own.
 */
function refundRejection(response: HttpResponse) {
  const code = `HTTP_${response.status}`;
  const known = response.status === 401 || response.status === 403 || response.status === 404;
  return rejection(
    response,
    known ? describeRefundFailure(code) : refundFailureOf('unknown', code),
  );
}
