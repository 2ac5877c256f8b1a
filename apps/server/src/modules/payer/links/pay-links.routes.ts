import {
  apiErrorSchema,
  levelParamsSchema,
  paymentLinkRequestSchema,
  paymentLinkSchema,
  studentParamsSchema,
} from '@ecolage/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../platform/db/database';
import { actingMember } from '../../../platform/http/acting-member';
import { makeStudentPaymentLink } from './pay-links.service';
import type { LinkSigner } from './payment-links';
import {
  classPaymentQrSheet,
  schoolCounterPoster,
  studentPaymentQrSvg,
  type QrFile,
} from '../qr/payment-qr.service';

export interface PayLinksRoutesOptions {
  db: Database;
  signer: LinkSigner;
  now?: () => Date;
}

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const tags = ['Paiement en ligne'];
const config = { permission: 'request:payments' } as const;

function sendFile(reply: FastifyReply, type: string, file: QrFile<string | Buffer>) {
  return reply
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(file.content);
}

/**
 * Staff's side of online payment: a student's payment link (made, or sent to the main payer by
 * SMS and e-mail), a student's QR code, a class's printable sheet of QR codes and the counter's
 * poster of the school's pay page.
 */
export const payLinksRoutes: FastifyPluginAsyncZod<PayLinksRoutesOptions> = async (
  app,
  { db, signer, now = () => new Date() },
) => {
  app.post(
    '/api/students/:studentId/payment-link',
    {
      config,
      schema: {
        tags,
        summary: 'Lien de paiement du responsable payeur d’un étudiant (et son envoi par SMS)',
        description:
          'Le lien ouvre les factures de tous les enfants du responsable payeur, sans compte. ' +
          'Avec `send: true`, il lui est envoyé par SMS (et par e-mail s’il en a un).',
        params: studentParamsSchema,
        body: paymentLinkRequestSchema,
        response: { 200: paymentLinkSchema, ...errors },
      },
    },
    async (request) =>
      makeStudentPaymentLink(db, signer, actingMember(request), request.params.studentId, {
        send: request.body.send,
        now: now(),
      }),
  );

  app.get(
    '/api/students/:studentId/payment-qr.svg',
    {
      config,
      schema: {
        tags,
        summary: 'QR code de paiement d’un étudiant (SVG)',
        description:
          'Le même lien tant qu’il lui reste plus de 30 jours : un QR code imprimé reste valable.',
        params: studentParamsSchema,
        response: { 200: z.any().describe('Image SVG'), ...errors },
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        'image/svg+xml; charset=utf-8',
        await studentPaymentQrSvg(
          db,
          signer,
          actingMember(request),
          request.params.studentId,
          now(),
        ),
      ),
  );

  app.get(
    '/api/levels/:levelId/payment-qr-sheet.pdf',
    {
      config,
      schema: {
        tags,
        summary: 'Feuille de QR codes de paiement d’une classe (PDF A4)',
        description:
          'Une carte à découper par étudiant inscrit dans le niveau pour l’année en cours : ' +
          'nom, matricule et QR code de son lien de paiement.',
        params: levelParamsSchema,
        response: { 200: z.any().describe('Fichier PDF'), ...errors },
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        'application/pdf',
        await classPaymentQrSheet(db, signer, actingMember(request), request.params.levelId, now()),
      ),
  );

  app.get(
    '/api/school/payment-qr.pdf',
    {
      config,
      schema: {
        tags,
        summary: 'Affiche du guichet : QR code de la page de paiement de l’école (PDF A4)',
        response: { 200: z.any().describe('Fichier PDF'), ...errors },
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        'application/pdf',
        await schoolCounterPoster(db, actingMember(request).organizationId),
      ),
  );
};
