import {
  apiErrorSchema,
  paymentParamsSchema,
  refundRequestSchema,
  refundSchema,
} from '@ecolage/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingMember } from '../../../platform/http/acting-member';
import { requireMember } from '../../../platform/http/request-member';
import type { PaymentsContext } from '../payments-context';
import { describeRefund, listRefunds, requestRefund } from './refund-payment.service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const tags = ['Paiements'];

/** Refunds of a succeeded payment: through its provider when it can, or recorded as manual. */
export const refundsRoutes: FastifyPluginAsyncZod<{ context: PaymentsContext }> = async (
  app,
  { context },
) => {
  app.post(
    '/api/payments/:paymentId/refunds',
    {
      config: { permission: 'refund:payments' },
      schema: {
        tags,
        summary: 'Rembourser tout ou partie d’un paiement réussi',
        description:
          'Par le prestataire quand il le peut (Wave : le paiement entier), sinon manuel (`method: manual`, argent rendu hors prestataire). Un seul remboursement en cours par paiement. Répond le remboursement : `succeeded`, `failed` (raison en français) ou `pending` (le prestataire n’a pas encore répondu).',
        params: paymentParamsSchema,
        body: refundRequestSchema,
        response: { 201: refundSchema, ...errors },
      },
    },
    async (request, reply) => {
      const refund = await requestRefund(
        context,
        actingMember(request),
        request.params.paymentId,
        request.body,
      );
      return reply.code(201).send(describeRefund(refund));
    },
  );

  app.get(
    '/api/payments/:paymentId/refunds',
    {
      config: { permission: 'read:payments' },
      schema: {
        tags,
        summary: 'Les remboursements d’un paiement',
        params: paymentParamsSchema,
        response: { 200: z.array(refundSchema), ...errors },
      },
    },
    async (request) =>
      listRefunds(context.db, requireMember(request).organizationId, request.params.paymentId),
  );
};
