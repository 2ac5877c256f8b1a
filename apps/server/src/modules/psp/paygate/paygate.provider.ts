import type { PayGateConfig } from '../config';
import { ProviderNotFoundError, ProviderRejectedError, ProviderUnavailableError } from '../errors';
import { failureOf } from '../failure-reasons';
import type { PaymentProvider, ProviderContext, StatusResult } from '../provider';
import { readJson, rejection, sendToProvider } from '../provider-http';
import { pushHint } from '../push-hints';
import { lookup, requirePayerMsisdn, textOf } from '../wire';
import {
  PAY_DUPLICATE,
  PAY_REFUSALS,
  parsePaygateCallback,
  paygatePayAnswerSchema,
  paygatePayBody,
  paygateStatusAnswerSchema,
  toPaygateStatusResult,
} from './paygate.transform';

/**
 * PayGate Global (Lomé): USSD push on Mixx by Yas (TMONEY) and Moov Money (FLOOZ). The key
 * travels in the JSON body. No sandbox, no refund API, unsigned callbacks.
 */
export function createPaygateProvider(ctx: ProviderContext<PayGateConfig>): PaymentProvider {
  const { config } = ctx;

  async function post(operation: string, path: string, body: Record<string, unknown>) {
    const request = {
      method: 'POST' as const,
      url: `${config.baseUrl}${path}`,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ auth_token: config.authToken, ...body }),
    };
    const response = await sendToProvider(ctx, 'paygate', operation, request);
    if (response.status < 200 || response.status >= 300) throw rejection(response);
    return { response, request };
  }

  /** Status v2 by our identifier: works even when /pay's answer (tx_reference) was lost. */
  async function getStatus(attemptId: string): Promise<StatusResult> {
    const { response, request } = await post('status', '/api/v2/status', { identifier: attemptId });
    const answer = readJson(paygateStatusAnswerSchema, response, request);
    if (answer.error_code) {
      if (answer.error_code === '403') throw new ProviderNotFoundError(attemptId);
      throw new ProviderRejectedError(
        failureOf('provider_error', answer.error_code),
        response.status,
        answer,
      );
    }
    if (!answer.status) {
      throw new ProviderUnavailableError(
        'malformed_response',
        'POST',
        request.url,
        response.status,
      );
    }
    return toPaygateStatusResult({ ...answer, status: answer.status });
  }

  return {
    id: 'paygate',
    capabilities: {
      channels: ['mobile_money_push'],
      refunds: 'none',
      signedWebhooks: false,
      webhookRetries: false,
      currencies: ['XOF'],
      reportsPaidAmount: false,
      wallets: ['YAS_TG', 'MOOV_TG'],
    },

    async collect(request) {
      const msisdn = requirePayerMsisdn(request);
      const { response, request: sent } = await post(
        'collect',
        '/api/v1/pay',
        paygatePayBody(request, msisdn),
      );
      const answer = readJson(paygatePayAnswerSchema, response, sent);
      const refusal = lookup(PAY_REFUSALS, answer.status);
      if (refusal) throw new ProviderRejectedError(refusal, response.status, answer);
      // 6: this identifier exists already (an earlier send landed): ask, do not re-send.
      if (answer.status === PAY_DUPLICATE) {
        return { providerRef: request.attemptId, status: 'unknown', raw: answer };
      }
      const txReference = textOf(answer.tx_reference);
      if (answer.status !== '0' || !txReference) {
        return { providerRef: request.attemptId, status: 'unknown', raw: answer };
      }
      return {
        providerRef: txReference,
        status: 'pending',
        nextAction: { type: 'await_push', hint: pushHint(request.wallet) },
        raw: answer,
      };
    },

    getStatus: (query) => getStatus(query.attemptId),

    async findByReference(attemptId) {
      try {
        return await getStatus(attemptId);
      } catch (error) {
        if (error instanceof ProviderNotFoundError) return null;
        throw error;
      }
    },

    parseWebhook: async (webhook) => parsePaygateCallback(webhook),
  };
}
