import { apiErrorSchema, dashboardSchema } from '@ecolage/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../platform/db/database';
import { requireMember } from '../../platform/http/request-member';
import { createDashboardHistory, getDashboard } from './dashboard.service';

const errors = { 401: apiErrorSchema, 403: apiErrorSchema };

/** « Tableau de bord »: the four KPI cards, computed from the database. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Database; now: () => Date }> = async (
  app,
  { db, now },
) => {
  const history = createDashboardHistory();
  app.get(
    '/api/dashboard',
    {
      config: { permission: 'read:statistics' },
      schema: {
        tags: ['Tableau de bord'],
        summary: 'Les indicateurs du tableau de bord et leur évolution',
        description:
          'Encaissements du jour (contre hier), taux de succès sur 30 jours (contre les 30 précédents), impayés (contre il y a 30 jours), échéances à 7 jours (contre les 7 suivants). Évolution en pour cent, nulle sans base.',
        response: { 200: dashboardSchema, ...errors },
      },
    },
    async (request) => getDashboard(db, requireMember(request).organizationId, now(), history),
  );
};
