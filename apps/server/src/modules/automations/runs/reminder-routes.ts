import {
  apiErrorSchema,
  simulateWorkflowSchema,
  simulationResultSchema,
  workflowIdParamsSchema,
  workflowRunsQuerySchema,
  workflowRunsSchema,
} from '@ecolage/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../../platform/db/database';
import { requireMember } from '../../../platform/http/request-member';
import { simulateWorkflow } from '../simulation/simulate.service';
import { listWorkflowRuns } from './workflow-runs.service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};
const tags = ['Automatisations'];
const read = { permission: 'read:automations' } as const;

export interface ReminderRoutesOptions {
  db: Database;
}

/** « Simuler » and a workflow's run history. */
export const reminderRoutes: FastifyPluginAsyncZod<ReminderRoutesOptions> = async (app, { db }) => {
  app.post(
    '/api/automations/simulate',
    {
      config: read,
      schema: {
        tags,
        summary:
          'Simuler une automatisation : qui recevrait quoi, quand, combien de SMS, quel coût',
        body: simulateWorkflowSchema,
        response: { 200: simulationResultSchema, ...errors },
      },
    },
    (request) => simulateWorkflow(db, requireMember(request).organizationId, request.body),
  );

  app.get(
    '/api/automations/:workflowId/runs',
    {
      config: read,
      schema: {
        tags,
        summary: 'Historique des envois d’une automatisation',
        params: workflowIdParamsSchema,
        querystring: workflowRunsQuerySchema,
        response: { 200: workflowRunsSchema, ...errors },
      },
    },
    (request) =>
      listWorkflowRuns(
        db,
        requireMember(request).organizationId,
        request.params.workflowId,
        request.query,
      ),
  );
};
