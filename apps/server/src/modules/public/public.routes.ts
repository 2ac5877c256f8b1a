import {
  apiErrorSchema,
  contactRequestSchema,
  newsletterSubscribeRequestSchema,
  publicMessageResponseSchema,
} from '@ecolage/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../platform/db/database';
import { sendContactMessage, subscribeToNewsletter, type VisitorContext } from './public.service';

export interface PublicRoutesOptions {
  db: Database;
  /** Per-IP budget of each form, per window. */
  formRateLimit: { max: number; timeWindow: string };
}

const errors = {
  400: apiErrorSchema,
  413: apiErrorSchema,
  415: apiErrorSchema,
  429: apiErrorSchema,
};
/** A contact message is at most ~5,000 characters: 32 KiB leaves room for UTF-8 and JSON. */
const FORM_BODY_LIMIT = 32 * 1024;

function visitorContext(request: FastifyRequest): VisitorContext {
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
    onSpam: (reason) => request.log.warn({ reason }, 'spam dropped'),
  };
}

/** The public website's two calls, with the spec's shapes (DESIGN.md §7). */
export const publicRoutes: FastifyPluginAsyncZod<PublicRoutesOptions> = async (app, options) => {
  const config = { public: true as const, rateLimit: options.formRateLimit };

  app.post(
    '/api/newsletter-subscribe',
    {
      bodyLimit: FORM_BODY_LIMIT,
      config,
      schema: {
        tags: ['Site public'],
        summary: "S'abonner à la newsletter d'Écolage",
        body: newsletterSubscribeRequestSchema,
        response: { 200: publicMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { message } = await subscribeToNewsletter(
        options.db,
        request.body,
        visitorContext(request),
      );
      return { message };
    },
  );

  app.post(
    '/api/contact',
    {
      bodyLimit: FORM_BODY_LIMIT,
      config,
      schema: {
        tags: ['Site public'],
        summary: "Envoyer un message à l'équipe Écolage",
        body: contactRequestSchema,
        response: { 200: publicMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { message } = await sendContactMessage(
        options.db,
        request.body,
        visitorContext(request),
      );
      return { message };
    },
  );
};
