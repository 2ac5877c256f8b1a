import {
  apiErrorSchema,
  schoolPublicProfileSchema,
  schoolSlugParamsSchema,
} from '@ecolage/contracts';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../platform/db/database';
import { domainError } from '../../platform/errors';
import type { FileStorage } from '../../platform/storage';
import { readPublicLogo } from './branding';
import { getSchoolPublicProfile } from './organizations.service';

const logoQuerySchema = z.object({
  v: z.string().max(64).optional(),
  /** `96`: the small logo (payer pages); the 512 px original without it. */
  w: z.enum(['96'], { error: 'Taille de logo inconnue.' }).optional(),
});

export const organizationRoutes: FastifyPluginAsyncZod<{
  db: Database;
  files: FileStorage;
}> = async (app, options) => {
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

  app.get(
    '/api/public/schools/:slug/logo',
    {
      config: { public: true },
      schema: {
        tags: ['Site public'],
        summary: "Logo d'une école (PNG, 512 px au plus ; 96 px avec w=96)",
        description:
          'Mis en cache un an (immutable) quand `v` est la version courante du logo, quelques minutes sinon.',
        params: schoolSlugParamsSchema,
        querystring: logoQuerySchema,
        response: {
          200: z.any().describe('Image PNG'),
          400: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const size = request.query.w === undefined ? 'original' : 'small';
      const logo = await readPublicLogo(options.db, options.files, request.params.slug, size);
      if (!logo) throw domainError('LOGO_NOT_FOUND');
      const immutable = request.query.v !== undefined && request.query.v === logo.version;
      return reply
        .header('Content-Type', 'image/png')
        .header('X-Content-Type-Options', 'nosniff')
        .header(
          'Cache-Control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        )
        .send(logo.png);
    },
  );
};
