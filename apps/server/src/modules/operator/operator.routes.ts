import {
  apiErrorSchema,
  operatorContactMessageSchema,
  operatorContactMessagesPageSchema,
  operatorInboxQuerySchema,
  operatorKycReviewRequestSchema,
  kycDocumentSchema,
  operatorSchoolDetailSchema,
  operatorSchoolsPageSchema,
  operatorSchoolsQuerySchema,
  operatorSubscribersPageSchema,
  providerFeeRateRequestSchema,
  providerFeeRateSchema,
  providerFeesResponseSchema,
} from '@ecolage/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../platform/db/database';
import type { FileStorage } from '../../platform/storage';
import { sendTabular } from '../../platform/tabular-export';
import {
  contactMessagesPage,
  exportContactMessages,
  exportSubscribers,
  markContactMessageHandled,
  subscribersPage,
} from './inbox/inbox.service';
import { operatorActor } from './operator-actor';
import { addProviderFeeRate, getProviderFees } from './provider-fees/provider-fees.service';
import { listSchools } from './schools/operator-schools.service';
import { getSchool, openKycDocument, reviewSchoolKycDocument } from './schools/school-kyc.service';

export interface OperatorRoutesOptions {
  db: Database;
  files: FileStorage;
}

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};
const config = { operator: true as const };
const tags = ['Console opérateur'];
const schoolParams = z.object({ schoolId: z.uuid('École inconnue.') });
const documentParams = schoolParams.extend({ documentId: z.uuid('Document inconnu.') });
const inboxExportQuery = operatorInboxQuerySchema.pick({ q: true });

/**
 * The platform operator's console (`/api/operator/...`): schools, their KYC, the public site's
 * inbox and the providers' fee table. Every route is `config.operator`: a school member, whatever
 * their role, is refused (403 OPERATOR_ONLY). No route returns a school's students, payments,
 * invoices or receipts.
 */
export const operatorRoutes: FastifyPluginAsyncZod<OperatorRoutesOptions> = async (
  app,
  { db, files },
) => {
  app.get(
    '/api/operator/schools',
    {
      config,
      schema: {
        tags,
        summary: 'Écoles de la plateforme : formule, statut, KYC, membres, volumes encaissés',
        querystring: operatorSchoolsQuerySchema,
        response: { 200: operatorSchoolsPageSchema, ...errors },
      },
    },
    async (request) => listSchools(db, request.query),
  );

  app.get(
    '/api/operator/schools/:schoolId',
    {
      config,
      schema: {
        tags,
        summary: 'Une école : contact, formule et conditions, documents KYC, volumes',
        params: schoolParams,
        response: { 200: operatorSchoolDetailSchema, ...errors },
      },
    },
    async (request) => getSchool(db, request.params.schoolId),
  );

  app.get(
    '/api/operator/schools/:schoolId/kyc-documents/:documentId/file',
    {
      config,
      schema: {
        tags,
        summary:
          'Voir un document KYC (PDF ou image, affiché dans le navigateur), consultation journalisée',
        params: documentParams,
        response: { 200: z.any().describe('PDF, JPEG ou PNG'), ...errors },
      },
    },
    async (request, reply) => {
      const { schoolId, documentId } = request.params;
      const file = await openKycDocument(db, files, schoolId, documentId, operatorActor(request));
      return (
        reply
          .type(file.mime)
          .header('content-disposition', `inline; filename="${file.asciiName}"`)
          .header('x-content-type-options', 'nosniff')
          // Shown on its own, never as a page of the application: no script, no form, no plugin.
          .header(
            'content-security-policy',
            "sandbox; default-src 'none'; img-src 'self'; object-src 'self'; plugin-types application/pdf",
          )
          .header('cache-control', 'private, no-store')
          .send(file.bytes)
      );
    },
  );

  app.post(
    '/api/operator/schools/:schoolId/kyc-documents/:documentId/review',
    {
      config,
      schema: {
        tags,
        summary: 'Valider ou refuser (avec motif) un document KYC ; l’école le voit',
        params: documentParams,
        body: operatorKycReviewRequestSchema,
        response: { 200: kycDocumentSchema, 422: apiErrorSchema, ...errors },
      },
    },
    async (request) =>
      reviewSchoolKycDocument(
        db,
        request.params.schoolId,
        request.params.documentId,
        request.body,
        operatorActor(request),
      ),
  );

  app.get(
    '/api/operator/contact-messages',
    {
      config,
      schema: {
        tags,
        summary:
          'Messages reçus par le formulaire de contact du site, du plus récent au plus ancien',
        querystring: operatorInboxQuerySchema,
        response: { 200: operatorContactMessagesPageSchema, ...errors },
      },
    },
    async (request) => contactMessagesPage(db, request.query),
  );

  app.get(
    '/api/operator/contact-messages/export.csv',
    {
      config,
      schema: {
        tags,
        summary: 'Exporter les messages du site (CSV UTF-8, « ; »), export journalisé',
        querystring: inboxExportQuery,
        response: { 200: z.any().describe('Fichier CSV'), ...errors },
      },
    },
    async (request, reply) => {
      const { day, table } = await exportContactMessages(
        db,
        request.query.q,
        operatorActor(request),
      );
      return sendTabular(reply, { subject: 'messages-du-site', day, format: 'csv' }, table);
    },
  );

  app.post(
    '/api/operator/contact-messages/:messageId/handled',
    {
      config,
      schema: {
        tags,
        summary: 'Marquer un message du site comme traité',
        params: z.object({ messageId: z.uuid('Message inconnu.') }),
        body: z.object({}).strict().nullish(),
        response: { 200: operatorContactMessageSchema, ...errors },
      },
    },
    async (request) =>
      markContactMessageHandled(db, request.params.messageId, operatorActor(request)),
  );

  app.get(
    '/api/operator/newsletter-subscribers',
    {
      config,
      schema: {
        tags,
        summary: 'Abonnés à la newsletter d’Écolage, du plus récent au plus ancien',
        querystring: operatorInboxQuerySchema,
        response: { 200: operatorSubscribersPageSchema, ...errors },
      },
    },
    async (request) => subscribersPage(db, request.query),
  );

  app.get(
    '/api/operator/newsletter-subscribers/export.csv',
    {
      config,
      schema: {
        tags,
        summary: 'Exporter les abonnés à la newsletter (CSV UTF-8, « ; »), export journalisé',
        querystring: inboxExportQuery,
        response: { 200: z.any().describe('Fichier CSV'), ...errors },
      },
    },
    async (request, reply) => {
      const { day, table } = await exportSubscribers(db, request.query.q, operatorActor(request));
      return sendTabular(reply, { subject: 'abonnes-newsletter', day, format: 'csv' }, table);
    },
  );

  app.get(
    '/api/operator/provider-fees',
    {
      config,
      schema: {
        tags,
        summary: 'Frais des opérateurs de paiement : taux en vigueur et historique',
        response: { 200: providerFeesResponseSchema, ...errors },
      },
    },
    async () => getProviderFees(db),
  );

  app.post(
    '/api/operator/provider-fees',
    {
      config,
      schema: {
        tags,
        summary: 'Ajouter un taux de frais à partir d’une date (aujourd’hui ou plus tard)',
        body: providerFeeRateRequestSchema,
        response: {
          201: providerFeeRateSchema,
          409: apiErrorSchema,
          422: apiErrorSchema,
          ...errors,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addProviderFeeRate(db, request.body, operatorActor(request))),
  );
};
