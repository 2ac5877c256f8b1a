import { apiErrorSchema, PayerMessages, payerPaymentStatusSchema } from '@ecolage/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../../platform/errors';
import { sendEventStream } from '../../../platform/http/event-stream';
import { paymentLiveTopic } from '../../payments';
import { findPayerPayment, ProviderQuestions } from './payer-status.service';
import { pageSchool, sendMessagePage, sendPayerPage } from '../payer-page';
import type { PayerRoutesOptions } from '../payer.routes';
import { stillComing, waitingPageBody } from './waiting-page';

// Any text: an id that is not a UUID is as unknown as a UUID nobody has (404, not 400).
const params = z.object({ attemptId: z.string() });

/** The waiting screen after « Payer » (and the redirect flows' return), and what it polls. */
export const waitingRoutes: FastifyPluginAsyncZod<PayerRoutesOptions> = async (app, options) => {
  const { context, signer, assets } = options;
  const questions = new ProviderQuestions();

  app.get(
    '/payer/retour/:attemptId',
    { config: { public: true }, schema: { hide: true, params } },
    async (request, reply) => {
      const payment = await findPayerPayment(context, signer, questions, request.params.attemptId);
      if (!payment) {
        return sendMessagePage(
          reply,
          { title: 'Paiement introuvable', message: PayerMessages.paymentNotFound, assets },
          404,
        );
      }
      return sendPayerPage(reply, {
        title: `Votre paiement · ${payment.school.name}`,
        school: pageSchool(payment.school),
        body: waitingPageBody(payment),
        assets,
        // The beacon counts this screen in the visit it continues: its duration runs on.
        page: payment.page,
        ...(stillComing(payment) ? { refreshSeconds: 5 } : {}),
      });
    },
  );

  app.get(
    '/api/payer/payments/:attemptId',
    {
      config: { public: true, rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['Paiements'],
        summary: 'État d’un paiement en ligne, pour l’écran d’attente du payeur',
        description:
          'Public (l’identifiant du paiement est le secret), sans donnée personnelle. Un paiement en attente sans nouvelles depuis 10 s est vérifié auprès du prestataire.',
        params,
        response: { 200: payerPaymentStatusSchema, 404: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const payment = await findPayerPayment(context, signer, questions, request.params.attemptId);
      if (!payment) throw notFound('PAYMENT_NOT_FOUND');
      reply.header('cache-control', 'no-store');
      return payment.status;
    },
  );

  app.get(
    '/api/payer/payments/:attemptId/events',
    {
      config: { public: true, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['Paiements'],
        summary: 'État d’un paiement en ligne en direct (server-sent events)',
        description:
          'Public comme l’état ci-dessus (l’identifiant du paiement est le secret). Envoie l’état actuel, puis chaque changement dès sa validation ; l’écran d’attente revient à l’interrogation de l’état si le flux se tait.',
        params,
        produces: ['text/event-stream'],
        response: {
          200: z.string().describe('text/event-stream : des payerPaymentStatus'),
          404: apiErrorSchema,
          429: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { attemptId } = request.params;
      const payment = await findPayerPayment(context, signer, questions, attemptId);
      if (!payment) throw notFound('PAYMENT_NOT_FOUND');
      // Read again once subscribed: a change between the check and the subscription is not lost.
      const status = async () =>
        (await findPayerPayment(context, signer, questions, attemptId))?.status ?? null;
      await sendEventStream(request, reply, {
        topics: [paymentLiveTopic(payment.attempt.id)],
        initial: status,
        onEvent: status,
      });
    },
  );
};
