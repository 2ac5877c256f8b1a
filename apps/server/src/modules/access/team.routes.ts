import {
  apiErrorSchema,
  createRoleRequestSchema,
  memberListQuerySchema,
  memberListResponseSchema,
  memberParamsSchema,
  roleItemSchema,
  roleParamsSchema,
  updateMemberRequestSchema,
  updateRoleRequestSchema,
} from '@ecolage/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../platform/db/database';
import { requireMember } from '../../platform/http/request-member';
import {
  createRole,
  deleteRole,
  listMembers,
  listRoles,
  updateMember,
  updateRole,
  type TeamContext,
} from './team.service';
import type { MemberDirectory } from './member-directory';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const tags = ['Utilisateurs et rôles'];

function teamContext(request: FastifyRequest): TeamContext {
  const member = requireMember(request);
  return {
    organizationId: member.organizationId,
    actor: { type: 'user', userId: member.userId, label: member.name },
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
  };
}

/** Members of the school and its roles (spec « Utilisateurs et rôles »). */
export const teamRoutes: FastifyPluginAsyncZod<{ db: Database; members: MemberDirectory }> = async (
  app,
  { db, members },
) => {
  app.get(
    '/api/members',
    {
      config: { permission: 'read:members' },
      schema: {
        tags,
        summary: 'Membres de l’école (recherche, statut, pages)',
        querystring: memberListQuerySchema,
        response: { 200: memberListResponseSchema, ...errors },
      },
    },
    (request) => listMembers(db, members, requireMember(request).organizationId, request.query),
  );

  app.patch(
    '/api/members/:userId',
    {
      config: { permission: 'manage:members' },
      schema: {
        tags,
        summary: 'Changer le rôle ou le statut d’un membre',
        params: memberParamsSchema,
        body: updateMemberRequestSchema,
        response: { 204: z.null().describe('Membre modifié'), ...errors },
      },
    },
    async (request, reply) => {
      await updateMember(db, members, teamContext(request), request.params.userId, request.body);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/roles',
    {
      config: { permission: 'read:members' },
      schema: {
        tags,
        summary: 'Rôles de l’école avec leur nombre de membres',
        response: { 200: z.array(roleItemSchema), ...errors },
      },
    },
    (request) => {
      const member = requireMember(request);
      return listRoles(db, member.organizationId, member.permissions);
    },
  );

  app.post(
    '/api/roles',
    {
      config: { permission: 'manage:roles' },
      schema: {
        tags,
        summary: 'Créer un rôle',
        body: createRoleRequestSchema,
        response: { 201: roleItemSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createRole(db, teamContext(request), request.body)),
  );

  app.patch(
    '/api/roles/:roleId',
    {
      config: { permission: 'manage:roles' },
      schema: {
        tags,
        summary: 'Modifier un rôle (nom, description, permissions)',
        params: roleParamsSchema,
        body: updateRoleRequestSchema,
        response: { 200: roleItemSchema, ...errors },
      },
    },
    (request) => updateRole(db, teamContext(request), request.params.roleId, request.body),
  );

  app.delete(
    '/api/roles/:roleId',
    {
      config: { permission: 'manage:roles' },
      schema: {
        tags,
        summary: 'Supprimer un rôle que plus personne n’a',
        params: roleParamsSchema,
        response: { 204: z.null().describe('Rôle supprimé'), ...errors },
      },
    },
    async (request, reply) => {
      await deleteRole(db, teamContext(request), request.params.roleId);
      return reply.status(204).send(null);
    },
  );
};
