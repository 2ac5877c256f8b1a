import {
  apiErrorSchema,
  paymentParamsSchema,
  paymentSchema,
  pendingPaymentListSchema,
  studentParamsSchema,
} from '@ecolage/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingMember } from '../../../platform/http/acting-member';
import { requireMember } from '../../../platform/http/request-member';
import type { PaymentsContext } from '../payments-context';
import { cancelPayment, listStudentPendingPayments } from './pending-payments.service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const tags = ['Paiements'];

/** Payments still waiting for the payer: seen from a student's record, and given up. */
export const pendingPaymentsRoutes: FastifyPluginAsyncZod<{ context: PaymentsContext }> = async (
  app,
  { context },
) => {
  app.get(
    '/api/students/:studentId/pending-payments',
    {
      config: { permission: 'read:payments' },
      schema: {
        tags,
        summary: 'Les paiements en attente sur les factures d’un étudiant',
        description:
          'Tout paiement pas encore final (push ou lien en attente du payeur, quel que soit le responsable) qui retient des factures de l’étudiant : la caisse n’encaisse pas ces factures tant qu’il dure.',
        params: studentParamsSchema,
        response: { 200: pendingPaymentListSchema, ...errors },
      },
    },
    async (request) =>
      listStudentPendingPayments(
        context,
        requireMember(request).organizationId,
        request.params.studentId,
      ),
  );

  app.post(
    '/api/payments/:paymentId/cancel',
    {
      config: { permission: 'record:payments' },
      schema: {
        tags,
        summary: 'Annuler une demande de paiement encore en attente',
        description:
          'Demande d’abord son statut au prestataire (réglé entre-temps : répond le paiement réussi, rien n’est annulé) ; l’annule chez le prestataire quand il le permet (Wave), puis ici. Un paiement qui n’est plus en attente → 409.',
        params: paymentParamsSchema,
        body: z.object({}).strict().optional(),
        response: { 200: paymentSchema, ...errors },
      },
    },
    async (request) => cancelPayment(context, actingMember(request), request.params.paymentId),
  );
};
