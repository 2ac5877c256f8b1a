import {
  apiErrorSchema,
  messageRetryResultSchema,
  messagesPageSchema,
  messagesQuerySchema,
} from '@ecolage/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../platform/db/database';
import { actingMember } from '../../../platform/http/acting-member';
import { requireMember } from '../../../platform/http/request-member';
import { listMessages, retryMessage } from './messages.service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const tags = ['Messages'];

/**
 * « Messages » (Automatisations): what the school sent by SMS, WhatsApp and e-mail with its
 * status, and « Renvoyer » for a failed or dead one.
 */
export const messagesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/messages',
    {
      config: { permission: 'read:automations' },
      schema: {
        tags,
        summary: 'Messages envoyés par l’école (plus récents d’abord), par statut et canal',
        querystring: messagesQuerySchema,
        response: { 200: messagesPageSchema, ...errors },
      },
    },
    (request) => listMessages(db, requireMember(request).organizationId, request.query),
  );

  app.post(
    '/api/messages/:messageId/retry',
    {
      config: { permission: 'write:automations' },
      schema: {
        tags,
        summary: 'Renvoyer un message en échec ou abandonné',
        params: z.object({ messageId: z.uuid({ error: 'Message introuvable.' }) }),
        body: z.object({}).strict().nullish(),
        response: { 200: messageRetryResultSchema, ...errors },
      },
    },
    async (request) => ({
      message: await retryMessage(db, actingMember(request), request.params.messageId),
    }),
  );
};
