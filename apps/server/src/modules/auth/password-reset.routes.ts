import {
  apiErrorSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  PasswordResetMessages,
  publicMessageResponseSchema,
} from '@ecolage/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../platform/db/database';
import type { OutboundMessage } from '../messaging';
import { requestPasswordReset, resetPassword } from './use-cases/password-reset';

export interface PasswordResetRoutesOptions {
  db: Database;
  /** Public address used in links; the request's own origin when unset. */
  publicUrl?: string;
  rateLimit: { max: number; timeWindow: string };
}

const errors = { 400: apiErrorSchema, 429: apiErrorSchema };

/** Where the links of e-mails point: PUBLIC_URL, or the address this request came to. */
export function baseUrl(request: FastifyRequest, publicUrl: string | undefined): string {
  return (publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/$/, '');
}

/**
 * Without SMTP, a captured e-mail goes to the log (and stays in outbound_messages); one queued for
 * SMTP is not logged (its link is a secret).
 */
export function logCapturedEmail(request: FastifyRequest, message: OutboundMessage): void {
  if (message.status !== 'captured') return;
  request.log.info(
    {
      outboundMessageId: message.id,
      to: message.recipient,
      subject: message.subject,
      body: message.body,
    },
    'e-mail capturé (SMTP non configuré)',
  );
}

export const passwordResetRoutes: FastifyPluginAsyncZod<PasswordResetRoutesOptions> = async (
  app,
  options,
) => {
  const config = { public: true as const, rateLimit: options.rateLimit };
  const context = (request: FastifyRequest) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
  });

  app.post(
    '/api/auth/password-reset',
    {
      config,
      schema: {
        tags: ['Comptes'],
        summary: 'Demander un lien de réinitialisation du mot de passe (même réponse pour tous)',
        body: passwordResetRequestSchema,
        response: { 200: publicMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const email = await requestPasswordReset(options.db, request.body.email, {
        ...context(request),
        baseUrl: baseUrl(request, options.publicUrl),
      });
      if (email) logCapturedEmail(request, email);
      return { message: PasswordResetMessages.requested };
    },
  );

  app.post(
    '/api/auth/password-reset/confirm',
    {
      config,
      schema: {
        tags: ['Comptes'],
        summary: 'Choisir un nouveau mot de passe avec le lien reçu (usage unique, 1 heure)',
        body: passwordResetConfirmSchema,
        response: {
          200: publicMessageResponseSchema.extend({ email: z.string() }),
          ...errors,
        },
      },
    },
    async (request) => {
      const { email } = await resetPassword(options.db, request.body, context(request));
      return { message: PasswordResetMessages.done, email };
    },
  );
};
