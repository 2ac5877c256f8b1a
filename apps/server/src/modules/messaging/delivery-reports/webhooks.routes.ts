import { apiErrorSchema, ErrorCode } from '@ecolage/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../platform/db/database';
import type { ChannelAdapter, RawWebhook } from '../channels/channel-adapter';
import { smsAdapter, smsGateway, whatsappChannel } from '../transports';
import { receiveDeliveryReport } from './delivery-reports.service';

/** Largest report read: Infobip sends up to 100 results at once. */
const REPORT_BODY_LIMIT = 256 * 1024;
/** Reports that fail their check, stored per address and window (then refused unstored). */
const UNVERIFIED_BUDGET = { max: 20, timeWindow: '10 minutes' };

type ReportProvider = 'twilio' | 'infobip' | 'http' | 'whatsapp';

/** The adapter that reads this provider's reports, when this server sends through it. */
function adapterFor(provider: ReportProvider): ChannelAdapter | null {
  if (provider === 'whatsapp') return whatsappChannel();
  const sms = smsAdapter();
  return sms?.provider === provider ? sms : null;
}

/** The origin the providers were told to call back (Twilio signs the exact URL). */
function callbackOrigin(request: FastifyRequest): string {
  const gateway = smsGateway();
  if (gateway && 'callbackBaseUrl' in gateway) return gateway.callbackBaseUrl.replace(/\/+$/, '');
  return `${request.protocol}://${request.host}`;
}

function rawOf(request: FastifyRequest, pathToken?: string): RawWebhook {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
    if (typeof value === 'string') query[name] = value;
  }
  return {
    method: request.method,
    publicUrl: `${callbackOrigin(request)}${request.url}`,
    headers: request.headers,
    rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
    query,
    ...(pathToken !== undefined ? { pathToken } : {}),
  };
}

/**
 * Where the message providers report deliveries (public: the provider is the caller; no
 * per-address limit on what passes its check — 50,000 reminders bring 50,000 reports — but a
 * budget on what fails it). Every report is stored as received before anything else, then
 * applied (docs/decisions/0020). Twilio signs with X-Twilio-Signature, WhatsApp with
 * X-Hub-Signature-256; Infobip and the HTTP aggregator are known by the secret token in the path.
 */
export const messageWebhookRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (
  app,
  { db },
) => {
  const unverifiedBudget = app.createRateLimit({ ...UNVERIFIED_BUDGET, allowList: () => false });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: REPORT_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  const receive = async (
    request: FastifyRequest,
    reply: FastifyReply,
    provider: ReportProvider,
    pathToken?: string,
  ) => {
    const adapter = adapterFor(provider);
    if (!adapter) {
      return reply
        .code(404)
        .send({ code: ErrorCode.NOT_FOUND, message: 'Fournisseur de messages non configuré.' });
    }
    const path = pathToken ? request.url.replace(pathToken, ':token') : request.url;
    const result = await receiveDeliveryReport(
      db,
      adapter,
      rawOf(request, pathToken),
      path,
      async () => {
        const budget = await unverifiedBudget(request);
        return budget.isAllowed || !budget.isExceeded;
      },
    );
    if (result.status === 'refused') {
      return pathToken !== undefined
        ? reply.code(403).send({ code: ErrorCode.FORBIDDEN, message: 'Jeton du rapport invalide.' })
        : reply
            .code(401)
            .send({ code: ErrorCode.UNAUTHENTICATED, message: 'Signature du rapport invalide.' });
    }
    return reply.code(200).send({ received: true as const });
  };

  const config = { public: true as const, rateLimit: false as const };
  const schema = (summary: string, withToken: boolean) => ({
    tags: ['Messages'],
    summary,
    ...(withToken ? { params: z.object({ token: z.string().max(200) }) } : {}),
    body: z.unknown().describe('Le corps brut envoyé par le fournisseur (formulaire ou JSON).'),
    response: {
      200: z.object({ received: z.literal(true) }),
      401: apiErrorSchema,
      403: apiErrorSchema,
      404: apiErrorSchema,
      413: apiErrorSchema,
    },
  });

  app.post(
    '/api/webhooks/messages/twilio',
    { config, helmet: false, schema: schema('Rapport de remise Twilio (signé)', false) },
    (request, reply) => receive(request, reply, 'twilio'),
  );
  app.post(
    '/api/webhooks/messages/infobip/:token',
    { config, helmet: false, schema: schema('Rapports de remise Infobip', true) },
    (request, reply) =>
      receive(request, reply, 'infobip', (request.params as { token: string }).token),
  );
  app.post(
    '/api/webhooks/messages/http/:token',
    { config, helmet: false, schema: schema('Rapport de remise de la passerelle SMS', true) },
    (request, reply) =>
      receive(request, reply, 'http', (request.params as { token: string }).token),
  );
  app.post(
    '/api/webhooks/messages/whatsapp',
    { config, helmet: false, schema: schema('Statuts WhatsApp (signés)', false) },
    (request, reply) => receive(request, reply, 'whatsapp'),
  );
  app.get(
    '/api/webhooks/messages/whatsapp',
    {
      config,
      helmet: false,
      schema: {
        tags: ['Messages'],
        summary: 'Vérification de l’abonnement WhatsApp (hub.challenge)',
        querystring: z.record(z.string(), z.string()),
        response: { 200: z.string(), 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const adapter = whatsappChannel();
      if (!adapter) {
        return reply
          .code(404)
          .send({ code: ErrorCode.NOT_FOUND, message: 'WhatsApp non configuré.' });
      }
      const challenge = adapter.verifySubscription(request.query);
      if (challenge === null) {
        return reply
          .code(403)
          .send({ code: ErrorCode.FORBIDDEN, message: 'Jeton de vérification invalide.' });
      }
      return reply.code(200).type('text/plain; charset=utf-8').send(challenge);
    },
  );
};
