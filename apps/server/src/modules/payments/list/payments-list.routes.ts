import {
  apiErrorSchema,
  paymentExportQuerySchema,
  paymentListQuerySchema,
  paymentParamsSchema,
  paymentRowPageSchema,
  paymentTimelineSchema,
} from '@ecolage/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingMember } from '../../../platform/http/acting-member';
import { requireMember } from '../../../platform/http/request-member';
import { sendTabular } from '../../../platform/tabular-export';
import { PaymentListTotals } from './payment-list-totals';
import { listPayments } from './payment-list.service';
import { getPaymentTimeline } from './payment-timeline';
import type { PaymentsContext } from '../payments-context';
import { exportPayments } from './payments-export';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const tags = ['Paiements'];

/**
 * « Paiements »: every payment of the school, filtered, sorted and paged on the server; its export;
 * one payment's whole story for the detail drawer.
 */
export const paymentsListRoutes: FastifyPluginAsyncZod<{ context: PaymentsContext }> = async (
  app,
  { context },
) => {
  const { db } = context;
  const totals = new PaymentListTotals();

  app.get(
    '/api/payments',
    {
      config: { permission: 'read:payments' },
      schema: {
        tags,
        summary: 'Les paiements de l’école (filtres, tri par date, 9 par page)',
        description:
          '`from`/`to` : jours du calendrier de l’école, inclus. `student` : nom ou matricule (sans accents ni majuscules), ou numéro de facture exact.',
        querystring: paymentListQuerySchema,
        response: { 200: paymentRowPageSchema, ...errors },
      },
    },
    async (request) =>
      listPayments(db, requireMember(request).organizationId, request.query, totals, context.now()),
  );

  app.get(
    '/api/payments/export',
    {
      config: { permission: 'read:payments' },
      schema: {
        tags,
        summary: 'Exporter les paiements filtrés (CSV ou XLSX), export journalisé',
        querystring: paymentExportQuerySchema,
        response: { 200: z.any().describe('Fichier CSV ou XLSX'), ...errors },
      },
    },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      const { day, table } = await exportPayments(
        db,
        actingMember(request),
        filters,
        format,
        context.now(),
      );
      return sendTabular(reply, { subject: 'paiements', day, format }, table);
    },
  );

  app.get(
    '/api/payments/:paymentId/timeline',
    {
      config: { permission: 'read:payments' },
      schema: {
        tags,
        summary: 'L’histoire d’un paiement : transitions, notifications, remboursements, reçu',
        params: paymentParamsSchema,
        response: { 200: paymentTimelineSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request) =>
      getPaymentTimeline(context, requireMember(request).organizationId, request.params.paymentId),
  );
};
