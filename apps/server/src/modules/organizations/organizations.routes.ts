import {
  apiErrorSchema,
  schoolPublicProfileSchema,
  schoolSlugParamsSchema,
} from '@ecolage/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../platform/db/database';
import { getSchoolPublicProfile } from './organizations.service';

export const organizationRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, options) => {
  app.get(
    '/api/public/schools/:slug',
    {
      config: { public: true },
      schema: {
        tags: ['Site public'],
        summary: "Profil public d'une école (en-tête de sa page de paiement)",
        params: schoolSlugParamsSchema,
        response: { 200: schoolPublicProfileSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    (request) => getSchoolPublicProfile(options.db, request.params.slug),
  );
};
