import {
  apiErrorSchema,
  createWorkflowSchema,
  removalOutcomeSchema,
  updateWorkflowSchema,
  workflowIdParamsSchema,
  workflowListQuerySchema,
  workflowListSchema,
  workflowPreviewResultSchema,
  workflowRolesSchema,
  workflowPreviewSchema,
  workflowSchema,
} from '@ecolage/contracts';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../../platform/db/database';
import { actingMember } from '../../../platform/http/acting-member';
import { requireMember } from '../../../platform/http/request-member';
import { previewTemplate } from '../templates/preview.service';
import {
  archiveWorkflow,
  createWorkflow,
  duplicateWorkflow,
  getWorkflow,
  listNotifiableRoles,
  listWorkflows,
  setWorkflowEnabled,
  updateWorkflow,
  type WorkflowPlanning,
} from './workflows.service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const tags = ['Automatisations'];
const read = { permission: 'read:automations' } as const;
const write = { permission: 'write:automations' } as const;
const noBody = z.object({}).strict().nullish();

export interface WorkflowRoutesOptions {
  db: Database;
  /** Plans the school's sends once a workflow is enabled or edited (the reminder engine's job). */
  planning?: WorkflowPlanning;
}

/** « Automatisations »: the school's workflows, their toggle, copies and the template preview. */
export const workflowRoutes: FastifyPluginAsyncZod<WorkflowRoutesOptions> = async (
  app,
  { db, planning },
) => {
  app.get(
    '/api/automations',
    {
      config: read,
      schema: {
        tags,
        summary: 'Automatisations de l’école (paginées)',
        querystring: workflowListQuerySchema,
        response: { 200: workflowListSchema, ...errors },
      },
    },
    (request) => listWorkflows(db, requireMember(request).organizationId, request.query),
  );

  app.post(
    '/api/automations/preview',
    {
      config: read,
      schema: {
        tags,
        summary: 'Aperçu d’un message avec un étudiant réel de l’école',
        body: workflowPreviewSchema,
        response: { 200: workflowPreviewResultSchema, ...errors },
      },
    },
    (request) => previewTemplate(db, requireMember(request).organizationId, request.body),
  );

  app.get(
    '/api/automations/roles',
    {
      config: read,
      schema: {
        tags,
        summary: 'Rôles de l’école qu’une notification à l’équipe peut prévenir',
        response: { 200: workflowRolesSchema, ...errors },
      },
    },
    (request) => listNotifiableRoles(db, requireMember(request).organizationId),
  );

  app.get(
    '/api/automations/:workflowId',
    {
      config: read,
      schema: {
        tags,
        summary: 'Une automatisation',
        params: workflowIdParamsSchema,
        response: { 200: workflowSchema, ...errors },
      },
    },
    (request) => getWorkflow(db, requireMember(request).organizationId, request.params.workflowId),
  );

  app.post(
    '/api/automations',
    {
      config: write,
      schema: {
        tags,
        summary: 'Créer une automatisation (en pause sauf demande contraire)',
        body: createWorkflowSchema,
        response: { 201: workflowSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createWorkflow(db, actingMember(request), request.body, planning)),
  );

  app.put(
    '/api/automations/:workflowId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Modifier une automatisation',
        params: workflowIdParamsSchema,
        body: updateWorkflowSchema,
        response: { 200: workflowSchema, ...errors },
      },
    },
    (request) =>
      updateWorkflow(db, actingMember(request), request.params.workflowId, request.body, planning),
  );

  for (const [path, enabled, summary] of [
    ['enable', true, 'Activer une automatisation (statut « Actif »)'],
    ['pause', false, 'Mettre une automatisation en pause (statut « En pause »)'],
  ] as const) {
    app.post(
      `/api/automations/:workflowId/${path}`,
      {
        config: write,
        schema: {
          tags,
          summary,
          params: workflowIdParamsSchema,
          body: noBody,
          response: { 200: workflowSchema, ...errors },
        },
      },
      (request) =>
        setWorkflowEnabled(db, actingMember(request), request.params.workflowId, enabled, planning),
    );
  }

  app.post(
    '/api/automations/:workflowId/duplicate',
    {
      config: write,
      schema: {
        tags,
        summary: 'Dupliquer une automatisation (la copie est en pause)',
        params: workflowIdParamsSchema,
        body: noBody,
        response: { 201: workflowSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await duplicateWorkflow(db, actingMember(request), request.params.workflowId)),
  );

  app.delete(
    '/api/automations/:workflowId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Supprimer (archiver) une automatisation ; son historique reste',
        params: workflowIdParamsSchema,
        response: { 200: removalOutcomeSchema, ...errors },
      },
    },
    (request) => archiveWorkflow(db, actingMember(request), request.params.workflowId),
  );
};
