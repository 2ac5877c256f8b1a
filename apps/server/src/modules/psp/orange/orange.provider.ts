import type { OrangeConfig } from '../config';
import { ProviderNotFoundError, ProviderRequestError } from '../errors';
import type { PaymentProvider, ProviderContext } from '../provider';
import { readJson, rejection, sendToProvider, withBearerToken } from '../provider-http';
import { basicAuthorization } from '../signatures';
import { createTokenCache } from '../token-cache';
import { wireAmount } from '../wire';
import {
  maskedWebpayAnswer,
  orangeOrderId,
  orangeStatusSchema,
  orangeTokenSchema,
  orangeWebpayBody,
  orangeWebpaySchema,
  parseOrangeNotification,
  toOrangeStatusResult,
} from './orange.transform';

/**
 * Orange Money WebPay: a hosted page (payment_url), a notification authenticated by its
 * notif_token, and a status call. No refund and no cancel in the API.
 */
export function createOrangeProvider(ctx: ProviderContext<OrangeConfig>): PaymentProvider {
  const { config } = ctx;
  const webpayBase = `${config.baseUrl}/orange-money-webpay/${config.country}/v1`;

  const tokens = createTokenCache({
    now: ctx.now,
    refreshBeforeSeconds: 300,
    async fetchToken() {
      // Form-encoded, not JSON (research §10.6).
      const request = {
        method: 'POST' as const,
        url: `${config.baseUrl}/oauth/v3/token`,
        headers: {
          Authorization: basicAuthorization(config.clientId, config.clientSecret),
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
        },
        body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
      };
      const response = await sendToProvider(ctx, 'orange', 'token', request);
      if (response.status !== 200) throw rejection(response);
      const token = readJson(orangeTokenSchema, response, request);
      return { value: token.access_token, expiresInSeconds: token.expires_in };
    },
  });

  function post(operation: string, path: string, body: unknown) {
    const url = `${webpayBase}${path}`;
    return withBearerToken(tokens, (authorization) =>
      sendToProvider(ctx, 'orange', operation, {
        method: 'POST',
        url,
        headers: {
          Authorization: authorization,
          'Content-Type': 'application/json',
          Accept: 'application/json',
        },
        body: JSON.stringify(body),
      }),
    ).then((response) => ({ response, url }));
  }

  return {
    id: 'orange',
    capabilities: {
      channels: ['redirect'],
      refunds: 'none',
      signedWebhooks: false,
      webhookRetries: false,
      currencies: ['XOF', 'XAF', 'GNF'],
      reportsPaidAmount: false,
      wallets: ['ORANGE'],
    },

    async collect(request) {
      if (!request.notifyUrl.includes(request.attemptId)) {
        throw new ProviderRequestError(
          "L'URL de notification Orange doit contenir l'identifiant de la tentative.",
        );
      }
      const { response, url } = await post(
        'collect',
        '/webpayment',
        orangeWebpayBody(request, config),
      );
      if (response.status !== 201 && response.status !== 200) throw rejection(response);
      const answer = readJson(orangeWebpaySchema, response, { method: 'POST', url });
      return {
        providerRef: answer.pay_token,
        status: 'pending',
        nextAction: { type: 'redirect', url: answer.payment_url },
        raw: maskedWebpayAnswer(answer),
        providerSecrets: { notifToken: answer.notif_token },
      };
    },

    async getStatus(query) {
      if (!query.providerRef || !query.money) {
        throw new ProviderRequestError(
          'Orange exige le pay_token et le montant pour donner un statut.',
        );
      }
      const { response, url } = await post('status', '/transactionstatus', {
        order_id: orangeOrderId(query.attemptId),
        amount: wireAmount(query.money),
        pay_token: query.providerRef,
      });
      // 404: no payment matches this pay_token, order and amount (Orange forgot it, or never had it).
      if (response.status === 404) throw new ProviderNotFoundError(query.providerRef);
      if (response.status !== 200 && response.status !== 201) throw rejection(response);
      return toOrangeStatusResult(
        readJson(orangeStatusSchema, response, { method: 'POST', url }),
        query.providerRef,
      );
    },

    parseWebhook: async (webhook, expected) => parseOrangeNotification(webhook, expected),
  };
}
