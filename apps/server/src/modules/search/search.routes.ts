import { apiErrorSchema, searchQuerySchema, searchResultSchema } from '@ecolage/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../platform/db/database';
import { requireMember } from '../../platform/http/request-member';
import { topBarSearch } from './search.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema };

/** The admin top bar's search across students, guardians, invoices, receipts and payments. */
export const searchRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/search',
    {
      config: { session: true },
      schema: {
        tags: ['Recherche'],
        summary: 'Rechercher dans l’école (barre du haut)',
        description:
          'Étudiants (nom, matricule ; sans accents ni majuscules, lettres éwé et kabiyè comprises), responsables (téléphone, nom), factures et reçus (numéro, début du numéro), paiements (identifiant ou référence du prestataire, début compris). 5 résultats par groupe au plus ; seuls les groupes que le membre peut lire.',
        querystring: searchQuerySchema,
        response: { 200: searchResultSchema, ...errors },
      },
    },
    async (request) => {
      const member = requireMember(request);
      return topBarSearch(
        db,
        { organizationId: member.organizationId, permissions: member.permissions },
        request.query.q,
      );
    },
  );
};
