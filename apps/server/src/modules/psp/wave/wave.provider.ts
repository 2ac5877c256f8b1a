import type { WaveConfig } from '../config';
import {
  ProviderNotFoundError,
  ProviderRejectedError,
  ProviderRequestError,
  ProviderUnavailableError,
} from '../errors';
import { failureOf } from '../failure-reasons';
import type { HttpMethod } from '../http-client';
import type { PaymentProvider, ProviderContext, StatusQuery, StatusResult } from '../provider';
import { readJson, rejection, sendToProvider } from '../provider-http';
import { hmacSha256Hex } from '../signatures';
import { parseProviderDate } from '../wire';
import {
  parseWaveWebhook,
  pickSession,
  toWaveStatusResult,
  waveCheckoutBody,
  waveSearchSchema,
  waveSessionSchema,
} from './wave.transform';

/**
 * Wave Checkout: a session whose launch URL the payer opens (or scans as a QR code on a
 * computer). Refunds are whole-session only; cancel expires the session.
 */
export function createWaveProvider(ctx: ProviderContext<WaveConfig>): PaymentProvider {
  const { config } = ctx;

  async function call(operation: string, method: HttpMethod, path: string, body?: unknown) {
    const url = `${config.baseUrl}${path}`;
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = { Authorization: `Bearer ${config.apiKey}` };
    if (payload !== undefined) headers['Content-Type'] = 'application/json';
    if (config.signingSecret) {
      // Optional request signing of the API key: same scheme as webhooks, t + body, no dot.
      const t = Math.floor(ctx.now().getTime() / 1000);
      headers['Wave-Signature'] =
        `t=${t},v1=${hmacSha256Hex(config.signingSecret, `${t}${payload ?? ''}`)}`;
    }
    const response = await sendToProvider(ctx, 'wave', operation, {
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { body: payload }),
    });
    return { response, url };
  }

  function sessionPath(query: StatusQuery): string {
    if (!query.providerRef) {
      throw new ProviderRequestError('La session Wave est inconnue : cherchez-la par référence.');
    }
    return `/v1/checkout/sessions/${encodeURIComponent(query.providerRef)}`;
  }

  async function getStatus(query: StatusQuery): Promise<StatusResult> {
    const { response, url } = await call('status', 'GET', sessionPath(query));
    if (response.status === 404)
      throw new ProviderNotFoundError(query.providerRef ?? query.attemptId);
    if (response.status !== 200) throw rejection(response);
    return toWaveStatusResult(readJson(waveSessionSchema, response, { method: 'GET', url }));
  }

  return {
    id: 'wave',
    capabilities: {
      channels: ['redirect', 'qr'],
      refunds: 'full',
      signedWebhooks: Boolean(config.webhookSecret),
      webhookRetries: true,
      currencies: ['XOF'],
      reportsPaidAmount: true,
      wallets: ['WAVE'],
    },

    async collect(request) {
      const { response, url } = await call(
        'collect',
        'POST',
        '/v1/checkout/sessions',
        waveCheckoutBody(request, config),
      );
      if (response.status !== 200 && response.status !== 201) throw rejection(response);
      const session = readJson(waveSessionSchema, response, { method: 'POST', url });
      if (!session.wave_launch_url) {
        // Created, but the payer cannot open it: the session is found again by reference.
        throw new ProviderUnavailableError('malformed_response', 'POST', url, response.status);
      }
      const expiresAt = parseProviderDate(session.when_expires);
      return {
        providerRef: session.id,
        status: 'pending',
        nextAction: { type: 'redirect', url: session.wave_launch_url },
        ...(expiresAt ? { expiresAt } : {}),
        raw: session,
      };
    },

    getStatus,

    async findByReference(attemptId) {
      const path = `/v1/checkout/sessions/search?client_reference=${encodeURIComponent(attemptId)}`;
      const { response, url } = await call('search', 'GET', path);
      if (response.status === 404) return null;
      if (response.status !== 200) throw rejection(response);
      const session = pickSession(
        readJson(waveSearchSchema, response, { method: 'GET', url }).result,
      );
      return session ? toWaveStatusResult(session) : null;
    },

    parseWebhook: async (webhook) => parseWaveWebhook(webhook, config.webhookSecret, ctx.now()),

    async refund(request) {
      // Wave refunds the whole session and takes no amount: check that this is what is asked.
      const current = await getStatus({
        attemptId: request.attemptId,
        providerRef: request.providerRef,
      });
      if (current.status !== 'succeeded') {
        throw new ProviderRejectedError(failureOf('invalid_request', current.providerStatus));
      }
      if (current.paidAmount?.amount !== request.money.amount) {
        throw new ProviderRequestError('Wave ne rembourse que la totalité du paiement.');
      }
      const { response } = await call('refund', 'POST', `${sessionPath(request)}/refund`);
      if (response.status !== 200 && response.status !== 204) throw rejection(response);
      return {
        status: 'refunded',
        providerStatus: 'refunded',
        providerRef: request.providerRef,
        raw: { httpStatus: response.status },
      };
    },

    async cancel(query) {
      const { response } = await call('cancel', 'POST', `${sessionPath(query)}/expire`);
      if (response.status !== 200 && response.status !== 204) throw rejection(response);
    },
  };
}
