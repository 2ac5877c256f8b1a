import {
  apiErrorSchema,
  dayRangeQuerySchema,
  receiptListQuerySchema,
  receiptListSchema,
  receiptParamsSchema,
  receiptPdfQuerySchema,
  receiptVerificationParamsSchema,
  receiptVerificationSchema,
  studentParamsSchema,
} from '@ecolage/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../platform/db/database';
import type { FileStorage } from '../../platform/storage';
import { actingMember } from '../../platform/http/acting-member';
import { requireMember } from '../../platform/http/request-member';
import { receiptArchive } from './receipts-archive';
import {
  listStudentReceipts,
  publicReceiptPdf,
  receiptPdf,
  verifyReceipt,
} from './receipts.service';

export interface ReceiptsRoutesOptions {
  db: Database;
  /** Where the school's logo is (drawn on its receipts). */
  files: FileStorage;
  /** Per-IP budget of the public verification page (codes cannot be enumerated). */
  verificationRateLimit?: { max: number; timeWindow: string };
}

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  422: apiErrorSchema,
};
const tags = ['Reçus'];
const pdfFile = z.any().describe('Reçu PDF');

/** Receipts: their PDF (A4 or 80 mm), a student's receipts, a period's zip, the public check. */
export const receiptsRoutes: FastifyPluginAsyncZod<ReceiptsRoutesOptions> = async (
  app,
  options,
) => {
  const { db, files } = options;
  const school = (request: Parameters<typeof requireMember>[0]) =>
    requireMember(request).organizationId;

  app.get(
    '/api/receipts/:receiptId/pdf',
    {
      config: { permission: 'read:payments' },
      schema: {
        tags,
        summary: 'Télécharger un reçu en PDF (A4, ou ticket 80 mm pour l’imprimante thermique)',
        params: receiptParamsSchema,
        querystring: receiptPdfQuerySchema,
        response: { 200: pdfFile, ...errors },
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await receiptPdf(
        db,
        files,
        school(request),
        request.params.receiptId,
        request.query.format,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/api/students/:studentId/receipts',
    {
      config: { permission: 'read:payments' },
      schema: {
        tags,
        summary: 'Reçus d’un étudiant, du plus récent au plus ancien',
        params: studentParamsSchema,
        querystring: receiptListQuerySchema,
        response: { 200: receiptListSchema, ...errors },
      },
    },
    async (request) =>
      listStudentReceipts(db, school(request), request.params.studentId, request.query),
  );

  app.get(
    '/api/receipts/archive',
    {
      config: { permission: 'read:payments' },
      schema: {
        tags,
        summary: 'Archive ZIP des reçus d’une période (jours de l’école, bornes incluses)',
        description:
          'Un PDF A4 par reçu, nommé par son numéro ; 5 000 reçus au plus (422 au-delà), 404 si aucun. Export journalisé.',
        querystring: dayRangeQuerySchema,
        response: { 200: z.any().describe('Archive ZIP'), ...errors },
      },
    },
    async (request, reply) => {
      const archive = await receiptArchive(db, files, actingMember(request), request.query);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${archive.fileName}"`)
        .header('cache-control', 'no-store')
        .send(archive.stream);
    },
  );

  app.get(
    '/api/public/receipts/:code',
    {
      config: {
        public: true,
        rateLimit: options.verificationRateLimit ?? { max: 30, timeWindow: '1 minute' },
      },
      schema: {
        tags,
        summary: 'Vérifier l’authenticité d’un reçu par le code de son QR code',
        params: receiptVerificationParamsSchema,
        response: {
          200: receiptVerificationSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return verifyReceipt(db, request.params.code);
    },
  );

  app.get(
    '/api/public/receipts/:code/pdf',
    {
      config: {
        public: true,
        rateLimit: options.verificationRateLimit ?? { max: 30, timeWindow: '1 minute' },
      },
      schema: {
        tags,
        summary: 'Télécharger un reçu en PDF (A4) par le code de son QR code',
        description:
          'Le lien « Télécharger le reçu » de l’écran de paiement du payeur : le code est le secret, 404 s’il est inconnu.',
        params: receiptVerificationParamsSchema,
        response: { 200: pdfFile, 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await publicReceiptPdf(db, files, request.params.code);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
