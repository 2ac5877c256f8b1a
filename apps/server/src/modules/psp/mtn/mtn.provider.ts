import type { MtnConfig } from '../config';
import { ProviderNotFoundError, ProviderRequestError } from '../errors';
import { describeFailure } from '../failure-reasons';
import type { HttpMethod, HttpResponse } from '../http-client';
import type { PaymentProvider, ProviderContext, StatusQuery, StatusResult } from '../provider';
import { readJson, rejection, sendToProvider, withBearerToken } from '../provider-http';
import { pushHint } from '../push-hints';
import { describeRefundFailure } from '../refund-failures';
import { basicAuthorization } from '../signatures';
import { createTokenCache } from '../token-cache';
import { requirePayerMsisdn } from '../wire';
import {
  mtnErrorCode,
  mtnRefundBody,
  mtnRequestToPayBody,
  mtnTokenSchema,
  mtnTransferSchema,
  parseMtnCallback,
  toMtnRefundResult,
  toMtnStatusResult,
} from './mtn.transform';

interface ProductCredentials {
  subscriptionKey: string;
  apiUser: string;
  apiKey: string;
}

interface ProductCall {
  method: HttpMethod;
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}

/**
 * MTN MoMo Open API. Collection for payments; Disbursement (its own keys, API user and token) for
 * refunds, when configured. The X-Reference-Id of a payment is our attempt id, so a payment whose
 * creation timed out is found again with a GET on that id; a refund's is our refund id, and it
 * names the payment in `referenceIdToRefund`. Refunds, full or partial, are asynchronous: `refund`
 * answers `refund_pending`, `getRefundStatus` says whether this refund went through.
 */
export function createMtnProvider(ctx: ProviderContext<MtnConfig>): PaymentProvider {
  const { config } = ctx;
  const collection = mtnProduct(ctx, 'collection', config.collection);
  const disbursement = config.disbursement && mtnProduct(ctx, 'disbursement', config.disbursement);

  async function getStatus(query: StatusQuery): Promise<StatusResult> {
    const path = `/collection/v1_0/requesttopay/${encodeURIComponent(query.attemptId)}`;
    const response = await collection.call('status', { method: 'GET', path });
    if (response.status === 404) throw new ProviderNotFoundError(query.attemptId);
    if (response.status !== 200) throw rejection(response);
    const transfer = readJson(mtnTransferSchema, response, {
      method: 'GET',
      url: config.baseUrl + path,
    });
    return toMtnStatusResult(transfer, {
      attemptId: query.attemptId,
      wireCurrency: config.wireCurrency,
      expected: query.money,
    });
  }

  const provider: PaymentProvider = {
    id: 'mtn',
    capabilities: {
      channels: ['mobile_money_push'],
      refunds: disbursement ? 'partial' : 'none',
      signedWebhooks: false,
      webhookRetries: false,
      currencies: ['XOF', 'XAF', 'GNF'],
      reportsPaidAmount: true,
      wallets: ['MTN'],
    },

    async collect(request) {
      const msisdn = requirePayerMsisdn(request);
      if (!request.notifyUrl.includes(request.attemptId)) {
        // The callback body does not name the payment: only its URL can (research §2.4).
        throw new ProviderRequestError(
          "L'URL de rappel MTN doit contenir l'identifiant de la tentative.",
        );
      }
      const response = await collection.call('collect', {
        method: 'POST',
        path: '/collection/v1_0/requesttopay',
        headers: { 'X-Reference-Id': request.attemptId, 'X-Callback-Url': request.notifyUrl },
        body: mtnRequestToPayBody(request, msisdn, config.wireCurrency),
      });
      if (response.status >= 200 && response.status < 300) {
        return {
          providerRef: request.attemptId,
          status: 'pending',
          nextAction: { type: 'await_push', hint: pushHint('MTN') },
          raw: { httpStatus: response.status },
        };
      }
      // 409: this X-Reference-Id exists already (an earlier send landed): ask, do not re-send.
      if (response.status === 409) {
        return { providerRef: request.attemptId, status: 'unknown', raw: { httpStatus: 409 } };
      }
      throw rejection(response);
    },

    getStatus: (query) => getStatus(query),

    async findByReference(attemptId) {
      try {
        return await getStatus({ attemptId });
      } catch (error) {
        if (error instanceof ProviderNotFoundError) return null;
        throw error;
      }
    },

    parseWebhook: async (webhook) => parseMtnCallback(webhook),
  };

  if (disbursement) {
    provider.refund = async (request) => {
      const headers: Record<string, string> = { 'X-Reference-Id': request.refundId };
      if (request.notifyUrl) headers['X-Callback-Url'] = request.notifyUrl;
      const response = await disbursement.call('refund', {
        method: 'POST',
        path: '/disbursement/v1_0/refund',
        headers,
        body: mtnRefundBody(request, config.wireCurrency),
      });
      // 409: this refund id exists already (an earlier send landed): ask, do not re-send.
      if (response.status === 409) {
        return {
          status: 'unknown',
          providerStatus: 'HTTP_409',
          providerRef: request.refundId,
          raw: { httpStatus: 409 },
        };
      }
      if (response.status < 200 || response.status >= 300) throw refundRejection(response);
      // 202: accepted; whether money moved is for getRefundStatus (or the callback) to say.
      return {
        status: 'refund_pending',
        providerStatus: 'ACCEPTED',
        providerRef: request.refundId,
        raw: { httpStatus: response.status },
      };
    };
    provider.getRefundStatus = async (query) => {
      const path = `/disbursement/v1_0/refund/${encodeURIComponent(query.refundId)}`;
      const response = await disbursement.call('refund.status', { method: 'GET', path });
      // Unknown to MTN: the refund request never landed, so it may be sent again.
      if (response.status === 404) throw new ProviderNotFoundError(query.refundId);
      if (response.status !== 200) throw refundRejection(response);
      return toMtnRefundResult(
        readJson(mtnTransferSchema, response, { method: 'GET', url: config.baseUrl + path }),
        query.refundId,
      );
    };
  }
  return provider;
}

/** A refused refund: MTN's error code when its body has one, else the HTTP status. */
function refundRejection(response: HttpResponse) {
  return rejection(
    response,
    describeRefundFailure(mtnErrorCode(response.body) ?? `HTTP_${response.status}`),
  );
}

/** One MTN product: its subscription key, its Basic-auth token cache and its calls. */
function mtnProduct(
  ctx: ProviderContext<MtnConfig>,
  product: 'collection' | 'disbursement',
  credentials: ProductCredentials,
) {
  const { baseUrl, targetEnvironment } = ctx.config;
  const tokens = createTokenCache({
    now: ctx.now,
    refreshBeforeSeconds: 60,
    async fetchToken() {
      // No body and no Content-Type: MTN answers 400 to a body on /token.
      const request = {
        method: 'POST' as const,
        url: `${baseUrl}/${product}/token/`,
        headers: {
          Authorization: basicAuthorization(credentials.apiUser, credentials.apiKey),
          'Ocp-Apim-Subscription-Key': credentials.subscriptionKey,
        },
      };
      const response = await sendToProvider(ctx, 'mtn', `${product}.token`, request);
      if (response.status !== 200) {
        // Refused credentials are said in the words of what they were for.
        const code = `HTTP_${response.status}`;
        throw rejection(
          response,
          product === 'disbursement' ? describeRefundFailure(code) : describeFailure(code),
        );
      }
      const token = readJson(mtnTokenSchema, response, request);
      return { value: token.access_token, expiresInSeconds: token.expires_in };
    },
  });
  return {
    call(operation: string, call: ProductCall): Promise<HttpResponse> {
      return withBearerToken(tokens, (authorization) =>
        sendToProvider(ctx, 'mtn', `${product}.${operation}`, {
          method: call.method,
          url: `${baseUrl}${call.path}`,
          headers: {
            Authorization: authorization,
            'X-Target-Environment': targetEnvironment,
            'Ocp-Apim-Subscription-Key': credentials.subscriptionKey,
            ...(call.body === undefined ? {} : { 'Content-Type': 'application/json' }),
            ...call.headers,
          },
          ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
        }),
      );
    },
  };
}
