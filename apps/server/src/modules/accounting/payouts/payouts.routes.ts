import {
  apiErrorSchema,
  markPayoutFailedRequestSchema,
  markPayoutPaidRequestSchema,
  payoutDetailSchema,
  payoutIdParamsSchema,
  payoutLinesQuerySchema,
  payoutSchema,
  payoutSettingsSchema,
  payoutsPageSchema,
  payoutsQuerySchema,
  sendPayoutRequestSchema,
  updatePayoutSettingsRequestSchema,
} from '@ecolage/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../platform/db/database';
import type { FileStorage } from '../../../platform/storage';
import { actingMember } from '../../../platform/http/acting-member';
import { requireMember } from '../../../platform/http/request-member';
import { markPayoutFailed, markPayoutPaid, sendPayout } from './payout-actions.service';
import { payoutStatement } from './payout-statement.service';
import {
  createPayoutNow,
  getPayoutDetail,
  getPayoutSettings,
  listSchoolPayouts,
  updatePayoutSettings,
} from './payouts.service';
import { manualPayoutRail, type PayoutRail } from './rails';

/** « Créer un virement » sends nothing: every waiting payment goes in. */
const noBody = z.object({}).strict().nullish();

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  502: apiErrorSchema,
};
const tags = ['Comptabilité'];
const reading = { permission: 'read:accounting' } as const;
const managing = { permission: 'manage:payouts' } as const;

export interface PayoutRoutesOptions {
  db: Database;
  files: FileStorage;
  /** PAYOUT_RAIL's rail; manual by default. */
  rail?: PayoutRail;
}

/** « Comptabilité › Virements »: the payouts, their actions, statement and schedule. */
export const payoutRoutes: FastifyPluginAsyncZod<PayoutRoutesOptions> = async (
  app,
  { db, files, rail = manualPayoutRail },
) => {
  app.get(
    '/api/accounting/payouts',
    {
      config: reading,
      schema: {
        tags,
        summary:
          'Virements vers le compte bancaire de l’école (8 par page, les plus récents d’abord)',
        querystring: payoutsQuerySchema,
        response: { 200: payoutsPageSchema, ...errors },
      },
    },
    (request) => listSchoolPayouts(db, requireMember(request).organizationId, request.query),
  );

  app.post(
    '/api/accounting/payouts',
    {
      config: managing,
      schema: {
        tags,
        summary: 'Créer un virement maintenant (tous les paiements en attente)',
        body: noBody,
        response: { 201: payoutSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createPayoutNow(db, actingMember(request))),
  );

  app.get(
    '/api/accounting/payouts/:payoutId',
    {
      config: reading,
      schema: {
        tags,
        summary: 'Un virement et ses paiements (paginés)',
        params: payoutIdParamsSchema,
        querystring: payoutLinesQuerySchema,
        response: { 200: payoutDetailSchema, ...errors },
      },
    },
    (request) =>
      getPayoutDetail(
        db,
        requireMember(request).organizationId,
        request.params.payoutId,
        request.query,
      ),
  );

  app.post(
    '/api/accounting/payouts/:payoutId/send',
    {
      config: managing,
      schema: {
        tags,
        summary: 'Envoyer le virement (référence de la banque en mode manuel)',
        params: payoutIdParamsSchema,
        body: sendPayoutRequestSchema,
        response: { 200: payoutSchema, ...errors },
      },
    },
    (request) => sendPayout(db, rail, actingMember(request), request.params.payoutId, request.body),
  );

  app.post(
    '/api/accounting/payouts/:payoutId/mark-paid',
    {
      config: managing,
      schema: {
        tags,
        summary: 'Marquer le virement payé (date de valeur et référence de la banque)',
        params: payoutIdParamsSchema,
        body: markPayoutPaidRequestSchema,
        response: { 200: payoutSchema, ...errors },
      },
    },
    (request) => markPayoutPaid(db, actingMember(request), request.params.payoutId, request.body),
  );

  app.post(
    '/api/accounting/payouts/:payoutId/mark-failed',
    {
      config: managing,
      schema: {
        tags,
        summary: 'Marquer le virement échoué : ses paiements repassent « En attente »',
        params: payoutIdParamsSchema,
        body: markPayoutFailedRequestSchema,
        response: { 200: payoutSchema, ...errors },
      },
    },
    (request) => markPayoutFailed(db, actingMember(request), request.params.payoutId, request.body),
  );

  app.get(
    '/api/accounting/payouts/:payoutId/statement.pdf',
    {
      config: reading,
      schema: {
        tags,
        summary: 'Relevé du virement (PDF)',
        params: payoutIdParamsSchema,
        response: { 200: z.any().describe('Fichier PDF'), ...errors },
      },
    },
    async (request, reply) => {
      const { filename, pdf } = await payoutStatement(
        db,
        files,
        requireMember(request).organizationId,
        request.params.payoutId,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  app.get(
    '/api/accounting/payout-settings',
    {
      config: reading,
      schema: {
        tags,
        summary: 'Calendrier des virements (quotidien ou hebdomadaire, minimum, pause)',
        response: { 200: payoutSettingsSchema, ...errors },
      },
    },
    (request) => getPayoutSettings(db, requireMember(request).organizationId, rail.needsTransferId),
  );

  app.put(
    '/api/accounting/payout-settings',
    {
      config: managing,
      schema: {
        tags,
        summary: 'Modifier le calendrier des virements',
        body: updatePayoutSettingsRequestSchema,
        response: { 200: payoutSettingsSchema, ...errors },
      },
    },
    (request) =>
      updatePayoutSettings(db, actingMember(request), request.body, rail.needsTransferId),
  );
};
