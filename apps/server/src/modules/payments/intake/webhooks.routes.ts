import { apiErrorSchema, ErrorCode } from '@ecolage/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PROVIDER_IDS, type ProviderId } from '../../psp';
import {
  NOTIFICATION_READ_LIMIT,
  NotificationMessages,
  notificationRefusal,
} from './notification-shapes';
import type { PaymentsContext } from '../payments-context';
import { storeProviderEvent } from './provider-events.service';
import { EventIntake } from './event-intake';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Notifications that fail their check (a bad or stale signature, a wrong token, an unsigned one
 * that names none of the provider's payments) stored per sender address and window: enough to
 * keep a trace of a misconfigured secret for review, not a way to fill the table.
 */
const UNVERIFIED_BUDGET = { max: 20, timeWindow: '10 minutes' };

/**
 * Where providers notify us: `POST /api/psp/:provider/webhook` (Wave, FedaPay, PayGate) and the
 * callback paths that carry our attempt id (MTN by POST or PUT, Orange). A body that cannot be one
 * of the provider's notifications (address, size, content type, JSON, fields: see
 * `notification-shapes.ts`) is refused before anything is stored. The raw bytes are kept
 * (signatures are computed over them), the event is stored, the provider gets its 200 at once;
 * the worker does the rest. No per-IP budget on what passes its check — a real notification is
 * never refused, whoever else shares its address — but one on what fails it.
 */
export const webhookRoutes: FastifyPluginAsyncZod<{ context: PaymentsContext }> = async (
  app,
  { context },
) => {
  const intake = new EventIntake(context.db);
  const unverifiedBudget = app.createRateLimit({ ...UNVERIFIED_BUDGET, allowList: () => false });
  // Inside this plugin only: every body is read as bytes, whatever its content type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: NOTIFICATION_READ_LIMIT },
    (_r, body, done) => done(null, body),
  );

  const refuse = (reply: FastifyReply, status: number, code: ErrorCode, message: string) =>
    reply.code(status).send({ code, message });

  async function receive(
    request: FastifyRequest<{ Params: { provider: string; attemptId?: string } }>,
    reply: FastifyReply,
  ) {
    const provider = context.providers.get(request.params.provider as ProviderId);
    const attemptId = request.params.attemptId;
    if (!provider || (attemptId !== undefined && !UUID.test(attemptId))) {
      return reply.code(404).send({ code: 'NOT_FOUND', message: 'Prestataire inconnu.' });
    }
    const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const refused = notificationRefusal(provider.id, {
      onCallbackPath: attemptId !== undefined,
      contentType: request.headers['content-type'],
      rawBody,
    });
    if (refused) return refuse(reply, refused.status, refused.code, refused.message);
    const fingerprint = `${request.method} ${request.url}\n${request.raw.rawHeaders.join('\n')}`;
    if (intake.isCopy(fingerprint, rawBody)) return reply.code(200).send({ received: true });
    const outcome = await storeProviderEvent(
      context,
      provider,
      {
        method: request.method,
        path: request.url,
        headers: request.headers,
        rawBody,
        receivedAt: context.now(),
        ...(attemptId ? { attemptId: attemptId.toLowerCase() } : {}),
      },
      intake,
      async () => {
        const budget = await unverifiedBudget(request);
        return budget.isAllowed || !budget.isExceeded;
      },
    );
    if ('refused' in outcome) {
      return outcome.refused === 'unsigned'
        ? refuse(reply, 401, ErrorCode.UNAUTHENTICATED, NotificationMessages.unsigned)
        : refuse(reply, 429, ErrorCode.RATE_LIMITED, NotificationMessages.overBudget);
    }
    intake.rememberDelivery(fingerprint, rawBody);
    return reply.code(200).send({ received: true });
  }

  // A provider reads no page: no security headers to compute (helmet builds them per request).
  const config = { public: true as const, rateLimit: false as const };
  const schema = (summary: string, withAttempt: boolean) => ({
    tags: ['Prestataires de paiement'],
    summary,
    params: z.object({
      provider: z.enum(PROVIDER_IDS),
      ...(withAttempt ? { attemptId: z.string() } : {}),
    }),
    body: z.unknown().describe('Le corps brut envoyé par le prestataire (JSON ou formulaire).'),
    response: {
      200: z.object({ received: z.literal(true) }),
      400: apiErrorSchema,
      401: apiErrorSchema,
      404: apiErrorSchema,
      413: apiErrorSchema,
      415: apiErrorSchema,
      429: apiErrorSchema,
    },
  });
  app.post(
    '/api/psp/:provider/webhook',
    {
      config,
      schema: schema('Notification d’un prestataire (Wave, FedaPay, PayGate)', false),
      helmet: false,
    },
    receive,
  );
  app.post(
    '/api/psp/:provider/callback/:attemptId',
    {
      config,
      schema: schema('Rappel d’un prestataire pour un paiement (MTN, Orange)', true),
      helmet: false,
    },
    receive,
  );
  app.put(
    '/api/psp/:provider/callback/:attemptId',
    { config, schema: schema('Rappel MTN par PUT', true), helmet: false },
    receive,
  );
};
