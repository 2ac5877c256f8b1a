import {
  acceptInvitationRequestSchema,
  apiErrorSchema,
  invitationPreviewSchema,
  invitationTokenQuerySchema,
  InvitationMessages,
  inviteMemberRequestSchema,
  memberItemSchema,
} from '@ecolage/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../platform/db/database';
import { requireMember } from '../../platform/http/request-member';
import { baseUrl, logCapturedEmail } from './password-reset.routes';
import { acceptInvitation, inviteMember, previewInvitation } from './use-cases/invitations';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};

/** Inviting members by e-mail, and the invited person's side (preview, accept). */
export const invitationRoutes: FastifyPluginAsyncZod<{
  db: Database;
  publicUrl?: string;
  rateLimit: { max: number; timeWindow: string };
}> = async (app, options) => {
  const userAgent = (header: string | undefined) => header?.slice(0, 300) ?? null;

  app.post(
    '/api/members/invitations',
    {
      config: { permission: 'manage:members' },
      schema: {
        tags: ['Utilisateurs et rôles'],
        summary: 'Inviter un membre par e-mail (lien valable 7 jours)',
        body: inviteMemberRequestSchema,
        response: { 201: memberItemSchema, ...errors },
      },
    },
    async (request, reply) => {
      const member = requireMember(request);
      const result = await inviteMember(options.db, request.body, {
        organizationId: member.organizationId,
        inviter: { userId: member.userId, name: member.name },
        ip: request.ip,
        userAgent: userAgent(request.headers['user-agent']),
        baseUrl: baseUrl(request, options.publicUrl),
      });
      logCapturedEmail(request, result.email);
      return reply.status(201).send(result.member);
    },
  );

  app.get(
    '/api/invitations/preview',
    {
      config: { public: true, rateLimit: options.rateLimit },
      schema: {
        tags: ['Utilisateurs et rôles'],
        summary: "Ce qu'une invitation propose (école, rôle), avant de l'accepter",
        querystring: invitationTokenQuerySchema,
        response: { 200: invitationPreviewSchema, ...errors },
      },
    },
    (request) => previewInvitation(options.db, request.query.token),
  );

  app.post(
    '/api/invitations/accept',
    {
      config: { public: true, rateLimit: options.rateLimit },
      schema: {
        tags: ['Utilisateurs et rôles'],
        summary: 'Accepter une invitation (choisir son mot de passe, ou confirmer le sien)',
        body: acceptInvitationRequestSchema,
        response: { 200: z.object({ message: z.string(), email: z.string() }), ...errors },
      },
    },
    async (request) => {
      const { email } = await acceptInvitation(options.db, request.body, {
        ip: request.ip,
        userAgent: userAgent(request.headers['user-agent']),
      });
      return { message: InvitationMessages.accepted, email };
    },
  );
};
