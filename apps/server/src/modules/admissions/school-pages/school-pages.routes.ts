import {
  apiErrorSchema,
  schoolPageKindValues,
  schoolPagesSchema,
  updateSchoolPagesSchema,
  type SchoolPageKind,
} from '@ecolage/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingMember } from '../../../platform/http/acting-member';
import { requireMember } from '../../../platform/http/request-member';
import { pageQrPng, pageQrSvg } from '../../payer';
import type { AdmissionsRoutesOptions } from '../admissions.routes';
import { getSchoolPages, updateSchoolPages, type SchoolPagesContext } from './school-pages.service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const tags = ['Paramètres'];
const read = { permission: 'read:settings' } as const;
const write = { permission: 'manage:settings' } as const;

const PAGE_NAMES: Record<SchoolPageKind, string> = {
  payer: 'page de paiement',
  inscription: 'page de pré-inscription',
};
const FILE_NAMES: Record<SchoolPageKind, string> = {
  payer: 'qr-page-de-paiement',
  inscription: 'qr-pre-inscription',
};

/**
 * « Pages »: `GET|PUT /api/settings/pages` and the QR code of the pay page and of the
 * pre-registration form (SVG to preview, PNG to print).
 */
export const schoolPagesRoutes: FastifyPluginAsyncZod<AdmissionsRoutesOptions> = async (
  app,
  options,
) => {
  const contextOf = (request: FastifyRequest): SchoolPagesContext => ({
    db: options.db,
    wallets: options.wallets,
    baseUrl: (options.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, ''),
  });

  app.get(
    '/api/settings/pages',
    {
      config: read,
      schema: {
        tags,
        summary:
          'Pages publiques de l’école : adresse, introduction, moyens de paiement, pré-inscription',
        response: { 200: schoolPagesSchema, ...errors },
      },
    },
    (request) => getSchoolPages(contextOf(request), requireMember(request).organizationId),
  );

  app.put(
    '/api/settings/pages',
    {
      config: write,
      schema: {
        tags,
        summary: 'Modifier les pages publiques de l’école',
        description:
          'Une nouvelle adresse garde l’ancienne en redirection (301) : les affiches imprimées ' +
          'restent valables. Les moyens de paiement proposés aux parents sont choisis parmi ceux ' +
          'du déploiement.',
        body: updateSchoolPagesSchema,
        response: { 200: schoolPagesSchema, ...errors },
      },
    },
    (request) => updateSchoolPages(contextOf(request), actingMember(request), request.body),
  );

  async function sendQr(
    request: FastifyRequest,
    reply: FastifyReply,
    page: SchoolPageKind,
    format: 'svg' | 'png',
  ) {
    const pages = await getSchoolPages(contextOf(request), requireMember(request).organizationId);
    const url = page === 'payer' ? pages.addresses.payPage : pages.addresses.registration;
    const filename = `${FILE_NAMES[page]}-${pages.slug}.${format}`;
    reply
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store');
    return format === 'svg'
      ? reply.header('content-type', 'image/svg+xml; charset=utf-8').send(await pageQrSvg(url))
      : reply.header('content-type', 'image/png').send(await pageQrPng(url));
  }

  // One address per page and format (no path parameter: nothing of another school to name).
  for (const page of schoolPageKindValues) {
    for (const format of ['svg', 'png'] as const) {
      app.get(
        `/api/settings/pages/${page}/qr.${format}`,
        {
          config: read,
          schema: {
            tags,
            summary: `QR code de la ${PAGE_NAMES[page]} (${format === 'svg' ? 'SVG' : 'PNG à imprimer'})`,
            response: { 200: z.any().describe(`Image ${format.toUpperCase()}`), ...errors },
          },
        },
        (request, reply) => sendQr(request, reply, page, format),
      );
    }
  }
};
