import { z } from 'zod';
import {
  apiErrorSchema,
  campaignParamsSchema,
  campaignSendResultSchema,
  schoolSubscriberListQuerySchema,
  schoolSubscriberListSchema,
  schoolSubscriberParamsSchema,
  schoolSubscriberSchema,
} from '@ecolage/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actingMember } from '../../../platform/http/acting-member';
import { requireMember } from '../../../platform/http/request-member';
import type { CampaignsContext } from '../campaigns/campaign-context';
import { sendCampaign } from './campaign-send.service';
import { listSchoolSubscribers, removeSchoolSubscriber } from './subscribers.service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
};
const tags = ['Marketing'];
const read = { permission: 'read:marketing' } as const;
const write = { permission: 'write:marketing' } as const;

export type SendingRoutesOptions = Pick<CampaignsContext, 'db' | 'now'>;

/**
 * « Marketing » › sending: « Envoyer » an e-mail or SMS campaign (once), and the school's news
 * subscribers (list, removal).
 */
export const sendingRoutes: FastifyPluginAsyncZod<SendingRoutesOptions> = async (app, context) => {
  app.post(
    '/api/marketing/campaigns/:campaignId/send',
    {
      config: write,
      schema: {
        tags,
        summary: 'Envoyer une campagne e-mail ou SMS (une seule fois)',
        params: campaignParamsSchema,
        body: z.object({}).strict().nullish(),
        response: { 200: campaignSendResultSchema, ...errors },
      },
    },
    async (request) => ({
      sending: await sendCampaign(context, actingMember(request), request.params.campaignId),
    }),
  );

  app.get(
    '/api/marketing/subscribers',
    {
      config: read,
      schema: {
        tags,
        summary: 'Abonnés aux nouvelles de l’école',
        querystring: schoolSubscriberListQuerySchema,
        response: { 200: schoolSubscriberListSchema, ...errors },
      },
    },
    (request) =>
      listSchoolSubscribers(context.db, requireMember(request).organizationId, request.query),
  );

  app.delete(
    '/api/marketing/subscribers/:subscriberId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Désinscrire un abonné (gardé comme trace de son consentement)',
        params: schoolSubscriberParamsSchema,
        response: { 200: schoolSubscriberSchema, ...errors },
      },
    },
    (request) =>
      removeSchoolSubscriber(
        context.db,
        actingMember(request),
        request.params.subscriberId,
        context.now(),
      ),
  );
};
