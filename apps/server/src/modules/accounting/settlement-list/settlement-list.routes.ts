import {
  apiErrorSchema,
  settlementListQuerySchema,
  settlementPageSchema,
} from '@ecolage/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../../platform/db/database';
import { requireMember } from '../../../platform/http/request-member';
import { listSettlements } from './settlement-list.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/**
 * « Comptabilité › Paiements »: what the school is owed for each payment (gross, commission,
 * provider fee, net) and its payout, sorted by any column, filtered, 8 lines a page, with the
 * totals of every filtered line.
 */
export const settlementListRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (
  app,
  { db },
) => {
  app.get(
    '/api/accounting/settlements',
    {
      config: { permission: 'read:accounting' },
      schema: {
        tags: ['Comptabilité'],
        summary:
          'Les lignes de la comptabilité (brut, commission, frais, net, virement), 8 par page',
        description:
          '`sort` : date, student, gross, commission, fee, net, status ou transfer ; `dir` : asc ou desc (égalités départagées par l’identifiant). `from`/`to` : jours du calendrier de l’école, inclus. `provider` : un opérateur ou `desk` (la caisse). `q` : nom de l’étudiant (sans accents ni majuscules). `totals` : sommes de toutes les lignes filtrées.',
        querystring: settlementListQuerySchema,
        response: { 200: settlementPageSchema, ...errors },
      },
    },
    async (request) => listSettlements(db, requireMember(request).organizationId, request.query),
  );
};
