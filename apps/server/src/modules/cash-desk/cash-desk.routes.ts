import {
  apiErrorSchema,
  cashSessionListQuerySchema,
  cashSessionListSchema,
  cashSessionParamsSchema,
  cashSessionPaymentPageSchema,
  cashSessionPaymentsQuerySchema,
  cashSessionSchema,
  closeCashSessionSchema,
  deskPaymentRequestSchema,
  deskPaymentResultSchema,
  openCashSessionSchema,
} from '@ecolage/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../platform/db/database';
import { actingMember } from '../../platform/http/acting-member';
import { requireMember } from '../../platform/http/request-member';
import { checkIdempotencyKey } from '../payments';
import {
  closeSession,
  currentSession,
  getSession,
  listPaymentsOfSession,
  listSessions,
  openSession,
  type DeskMember,
} from './cash-desk.service';
import { takeDeskPayment } from './desk-payments.service';
import { sessionReport } from './session-report.service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
};
const tags = ['Caisse'];

/** The member and what they may do at the desk: work in their own sessions, or oversee all. */
function deskMember(request: FastifyRequest): DeskMember {
  const member = requireMember(request);
  return {
    ...actingMember(request),
    userId: member.userId,
    operates: member.permissions.includes('operate:cash_desk'),
    supervises: member.permissions.includes('supervise:cash_desk'),
  };
}

/** The cash desk: sessions opened with a float, payments taken in them, closing count, report. */
export const cashDeskRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/api/cash-sessions',
    {
      config: { permission: 'operate:cash_desk' },
      schema: {
        tags,
        summary: 'Ouvrir sa caisse avec un fond de caisse',
        body: openCashSessionSchema,
        response: { 201: cashSessionSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await openSession(db, deskMember(request), request.body.openingFloat)),
  );

  app.get(
    '/api/cash-sessions/current',
    {
      config: { permission: 'operate:cash_desk' },
      schema: {
        tags,
        summary: 'Ma caisse ouverte (null si aucune)',
        response: { 200: cashSessionSchema.nullable(), ...errors },
      },
    },
    async (request) => currentSession(db, deskMember(request)),
  );

  app.get(
    '/api/cash-sessions',
    {
      // Cashiers (their own sessions) and supervisors (all): the service checks which.
      config: { session: true },
      schema: {
        tags,
        summary: 'Sessions de caisse : les siennes (caissier) ou toutes (supervision)',
        description: 'Requiert `operate:cash_desk` ou `supervise:cash_desk`.',
        querystring: cashSessionListQuerySchema,
        response: { 200: cashSessionListSchema, ...errors },
      },
    },
    async (request) => listSessions(db, deskMember(request), request.query),
  );

  app.get(
    '/api/cash-sessions/:sessionId',
    {
      config: { session: true },
      schema: {
        tags,
        summary: 'Une session de caisse et ses totaux',
        description:
          'Requiert `operate:cash_desk` (ses propres sessions) ou `supervise:cash_desk` (toutes).',
        params: cashSessionParamsSchema,
        response: { 200: cashSessionSchema, ...errors },
      },
    },
    async (request) => getSession(db, deskMember(request), request.params.sessionId),
  );

  app.get(
    '/api/cash-sessions/:sessionId/payments',
    {
      config: { session: true },
      schema: {
        tags,
        summary: 'Les encaissements d’une session de caisse',
        description:
          'Requiert `operate:cash_desk` (ses propres sessions) ou `supervise:cash_desk` (toutes).',
        params: cashSessionParamsSchema,
        querystring: cashSessionPaymentsQuerySchema,
        response: { 200: cashSessionPaymentPageSchema, ...errors },
      },
    },
    async (request) =>
      listPaymentsOfSession(db, deskMember(request), request.params.sessionId, request.query),
  );

  app.post(
    '/api/cash-sessions/:sessionId/payments',
    {
      config: { permission: 'operate:cash_desk' },
      schema: {
        tags,
        summary:
          'Encaisser un paiement (espèces, chèque, virement, mobile money) et émettre le reçu',
        description:
          'Honore l’en-tête `Idempotency-Key` : même clé et même demande → même paiement (200) ; même clé, autre demande → 422.',
        params: cashSessionParamsSchema,
        headers: z.object({ 'idempotency-key': z.string().optional() }),
        body: deskPaymentRequestSchema,
        response: { 200: deskPaymentResultSchema, 201: deskPaymentResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const key = checkIdempotencyKey(request.headers['idempotency-key']);
      const { result, replayed } = await takeDeskPayment(
        db,
        deskMember(request),
        request.params.sessionId,
        request.body,
        key,
      );
      return reply.code(replayed ? 200 : 201).send(result);
    },
  );

  app.post(
    '/api/cash-sessions/:sessionId/close',
    {
      config: { permission: 'operate:cash_desk' },
      schema: {
        tags,
        summary: 'Clôturer sa caisse : montant compté, écart et commentaire',
        params: cashSessionParamsSchema,
        body: closeCashSessionSchema,
        response: { 200: cashSessionSchema, ...errors },
      },
    },
    async (request) =>
      closeSession(db, deskMember(request), request.params.sessionId, request.body),
  );

  app.get(
    '/api/cash-sessions/:sessionId/report.pdf',
    {
      config: { session: true },
      schema: {
        tags,
        summary: 'Brouillard de caisse (PDF)',
        description:
          'Requiert `operate:cash_desk` (ses propres sessions) ou `supervise:cash_desk` (toutes).',
        params: cashSessionParamsSchema,
        response: { 200: z.any().describe('Fichier PDF'), ...errors },
      },
    },
    async (request, reply) => {
      const { filename, pdf } = await sessionReport(
        db,
        deskMember(request),
        request.params.sessionId,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
};
