import {
  apiErrorSchema,
  statisticsOptionsSchema,
  statisticsQuerySchema,
  statisticsSchema,
} from '@ecolage/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../../platform/db/database';
import { requireMember } from '../../../platform/http/request-member';
import { getStatistics, getStatisticsOptions } from './statistics.service';

const errors = { 401: apiErrorSchema, 403: apiErrorSchema };

/** « Statistiques »: the school's collections and its public pages' traffic, filtered here. */
export const statisticsRoutes: FastifyPluginAsyncZod<{ db: Database; now: () => Date }> = async (
  app,
  { db, now },
) => {
  app.get(
    '/api/statistics',
    {
      config: { permission: 'read:statistics' },
      schema: {
        tags: ['Statistiques'],
        summary: 'Les statistiques de la période, filtrées',
        description:
          'Période `ytd` (Année à ce jour, comparée aux mêmes jours de l’an passé) ou une année (comparée à la précédente) ; filtres programme, âge atteint dans l’année, source et opérateur (ces deux derniers ne portent que sur l’argent reçu). Calculées depuis les agrégats. `hasData` faux : rien dans la période sous ces filtres.',
        querystring: statisticsQuerySchema,
        response: {
          200: statisticsSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          422: apiErrorSchema,
          ...errors,
        },
      },
    },
    async (request) =>
      getStatistics(db, requireMember(request).organizationId, request.query, now()),
  );

  app.get(
    '/api/statistics/options',
    {
      config: { permission: 'read:statistics' },
      schema: {
        tags: ['Statistiques'],
        summary: 'Les périodes, programmes, sources et opérateurs proposés par les filtres',
        description:
          '« Année à ce jour » puis chaque année passée où l’école a reçu de l’argent, eu des échéances ou des visites, de la plus récente à la plus ancienne ; les programmes de l’école (archivés seulement s’ils ont des données).',
        response: { 200: statisticsOptionsSchema, ...errors },
      },
    },
    async (request) => getStatisticsOptions(db, requireMember(request).organizationId, now()),
  );
};
