import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI 3 document at /api/openapi.json, built from every route's zod schemas; docs at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'API Écolage',
        description:
          "API d'Écolage : frais de scolarité facturés et encaissés par mobile money, carte, QR code et espèces. Toutes les erreurs suivent la forme { message, code, params?, issues? } : `code` est un code général (VALIDATION_FAILED, NOT_FOUND, CONFLICT…) ou un code métier du catalogue (AMOUNT_BELOW_MINIMUM, ROLE_NAME_TAKEN…), `params` les valeurs de la phrase (montants en francs, noms), `message` la phrase en français.",
        version,
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'Jeton d’accès de POST /api/auth/login (15 minutes).',
          },
        },
      },
      tags: [
        { name: 'Système', description: 'Santé du service' },
        { name: 'Site public', description: 'Newsletter, contact, écoles' },
        { name: 'Comptes', description: 'Inscription, connexion, sessions' },
        { name: "Journal d'audit", description: 'Journal des actions de l’école' },
        { name: 'Profil', description: 'Mon compte : nom, photo, e-mail, mot de passe' },
        { name: 'Utilisateurs et rôles', description: 'Membres de l’école, rôles et permissions' },
        {
          name: 'Programmes et cursus',
          description: 'Années scolaires, programmes, niveaux, frais',
        },
        {
          name: 'Étudiants',
          description: 'Étudiants, responsables, inscriptions, import et export',
        },
        { name: 'Factures', description: 'Factures, bourses, pénalités, règles de facturation' },
      ],
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/openapi.json', { schema: { hide: true }, config: { public: true } }, () =>
    app.swagger(),
  );
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Swagger UI sets a few inline styles; scripts keep their hash-only policy.
    transformStaticCSP: (header) =>
      header.replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'"),
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
}
