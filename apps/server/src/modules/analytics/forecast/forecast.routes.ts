import { apiErrorSchema, cashForecastSchema } from '@ecolage/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../../platform/db/database';
import { requireMember } from '../../../platform/http/request-member';
import { createForecastMemo, getCashForecast } from './forecast.service';

const errors = { 401: apiErrorSchema, 403: apiErrorSchema };

/** « Prévision de trésorerie » of Statistiques: the next three months and its measured accuracy. */
export const forecastRoutes: FastifyPluginAsyncZod<{ db: Database; now: () => Date }> = async (
  app,
  { db, now },
) => {
  const memo = createForecastMemo();
  app.get(
    '/api/statistics/forecast',
    {
      config: { permission: 'read:statistics' },
      schema: {
        tags: ['Statistiques'],
        summary: 'La prévision des encaissements des trois prochains mois et sa précision',
        description:
          'Encaissements attendus sur les factures ouvertes, par semaine (13) et par mois (3), avec leur fourchette à 80 %, d’après les délais de paiement observés de l’école (ceux de la plateforme pour une école sans historique) ; la précision mesurée sur les 6 derniers mois (nulle sans au moins 3 mois mesurables).',
        response: { 200: cashForecastSchema, ...errors },
      },
    },
    async (request) => getCashForecast(db, requireMember(request).organizationId, now(), memo),
  );
};
