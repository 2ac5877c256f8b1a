import {
  apiErrorSchema,
  campaignActionRequestSchema,
  campaignLinkListSchema,
  campaignLinkParamsSchema,
  campaignLinkRequestSchema,
  campaignLinkSchema,
  campaignListQuerySchema,
  campaignListSchema,
  campaignParamsSchema,
  campaignRequestSchema,
  campaignSchema,
  marketingKpisQuerySchema,
  marketingKpisSchema,
} from '@ecolage/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingMember } from '../../../platform/http/acting-member';
import { requireMember } from '../../../platform/http/request-member';
import { marketingKpis } from '../attribution/marketing-kpis';
import type { CampaignsContext } from './campaign-context';
import { campaignLinkQr, createCampaignLink, listCampaignLinks } from './campaign-links.service';
import {
  campaignAction,
  createCampaign,
  getCampaign,
  listCampaigns,
  updateCampaign,
} from './campaigns.service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const tags = ['Marketing'];
const read = { permission: 'read:marketing' } as const;
const write = { permission: 'write:marketing' } as const;

export type CampaignsRoutesOptions = CampaignsContext;

/**
 * « Marketing » › Campagnes: the campaigns (server-side filters and pages), their actions, their
 * tracking links with their clicks and poster QR codes, and the KPI cards.
 */
export const campaignsRoutes: FastifyPluginAsyncZod<CampaignsRoutesOptions> = async (
  app,
  context,
) => {
  app.get(
    '/api/marketing/kpis',
    {
      config: read,
      schema: {
        tags,
        summary: 'Indicateurs des campagnes sur une période, comparés à la période précédente',
        querystring: marketingKpisQuerySchema,
        response: { 200: marketingKpisSchema, ...errors },
      },
    },
    (request) => marketingKpis(context, requireMember(request).organizationId, request.query.jours),
  );

  app.get(
    '/api/marketing/campaigns',
    {
      config: read,
      schema: {
        tags,
        summary: 'Campagnes de l’école (paginées, statut calculé)',
        querystring: campaignListQuerySchema,
        response: { 200: campaignListSchema, ...errors },
      },
    },
    (request) => listCampaigns(context, requireMember(request).organizationId, request.query),
  );

  app.post(
    '/api/marketing/campaigns',
    {
      config: write,
      schema: {
        tags,
        summary: 'Créer une campagne (avec son premier lien de suivi)',
        body: campaignRequestSchema,
        response: { 201: campaignSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createCampaign(context, actingMember(request), request.body)),
  );

  app.get(
    '/api/marketing/campaigns/:campaignId',
    {
      config: read,
      schema: {
        tags,
        summary: 'Une campagne et ses résultats',
        params: campaignParamsSchema,
        response: { 200: campaignSchema, ...errors },
      },
    },
    (request) =>
      getCampaign(context, requireMember(request).organizationId, request.params.campaignId),
  );

  app.put(
    '/api/marketing/campaigns/:campaignId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Modifier une campagne (son code de suivi ne change pas)',
        params: campaignParamsSchema,
        body: campaignRequestSchema,
        response: { 200: campaignSchema, ...errors },
      },
    },
    (request) =>
      updateCampaign(context, actingMember(request), request.params.campaignId, request.body),
  );

  app.post(
    '/api/marketing/campaigns/:campaignId/actions',
    {
      config: write,
      schema: {
        tags,
        summary: 'Mettre en pause, reprendre, dupliquer ou archiver une campagne',
        description: 'Dupliquer répond 201 avec la copie « … (copie) ».',
        params: campaignParamsSchema,
        body: campaignActionRequestSchema,
        response: { 200: campaignSchema, 201: campaignSchema, ...errors },
      },
    },
    async (request, reply) => {
      const campaign = await campaignAction(
        context,
        actingMember(request),
        request.params.campaignId,
        request.body.action,
      );
      return reply.code(request.body.action === 'duplicate' ? 201 : 200).send(campaign);
    },
  );

  app.get(
    '/api/marketing/campaigns/:campaignId/links',
    {
      config: read,
      schema: {
        tags,
        summary: 'Liens de suivi d’une campagne et leurs clics',
        params: campaignParamsSchema,
        response: { 200: campaignLinkListSchema, ...errors },
      },
    },
    (request) =>
      listCampaignLinks(
        context.db,
        requireMember(request).organizationId,
        request.params.campaignId,
      ),
  );

  app.post(
    '/api/marketing/campaigns/:campaignId/links',
    {
      config: write,
      schema: {
        tags,
        summary: 'Ajouter un lien de suivi (lien court avec les balises UTM de la campagne)',
        params: campaignParamsSchema,
        body: campaignLinkRequestSchema,
        response: { 201: campaignLinkSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await createCampaignLink(
            context,
            actingMember(request),
            request.params.campaignId,
            request.body,
          ),
        ),
  );

  for (const format of ['svg', 'png'] as const) {
    app.get(
      `/api/marketing/campaigns/:campaignId/links/:linkId/qr.${format}`,
      {
        config: read,
        schema: {
          tags,
          summary: `QR code d’un lien de campagne pour affiche (${format === 'svg' ? 'SVG' : 'PNG à imprimer'})`,
          params: campaignLinkParamsSchema,
          response: { 200: z.any().describe(`Image ${format.toUpperCase()}`), ...errors },
        },
      },
      async (request, reply) => {
        const qr = await campaignLinkQr(
          context.db,
          requireMember(request).organizationId,
          request.params,
          format,
        );
        return reply
          .header('content-disposition', `attachment; filename="${qr.filename}"`)
          .header('cache-control', 'no-store')
          .header('content-type', format === 'svg' ? 'image/svg+xml; charset=utf-8' : 'image/png')
          .send(qr.body);
      },
    );
  }
};
