import { apiErrorSchema, eventStreamQuerySchema, studentParamsSchema } from '@ecolage/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../platform/db/database';
import { sendEventStream } from '../../platform/http/event-stream';
import { requireMember } from '../../platform/http/request-member';
import { studentTopicOf } from './student-events';

/**
 * `GET /api/students/:studentId/events`: the open student page learns at once that one of the
 * student's payments ended (or was refunded) and reads its figures again (decisions/0022).
 * Server-sent events: `{ type: 'ready' }` first, then `{ type: 'payment', paymentId, state }`.
 */
export const studentEventsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/students/:studentId/events',
    {
      config: { permission: 'read:students', eventStream: true },
      schema: {
        tags: ['Étudiants'],
        summary: 'Flux en direct des paiements d’un étudiant (server-sent events)',
        params: studentParamsSchema,
        querystring: eventStreamQuerySchema,
        produces: ['text/event-stream'],
        response: {
          200: z.string().describe('text/event-stream'),
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const member = requireMember(request);
      const topic = await studentTopicOf(db, member.organizationId, request.params.studentId);
      await sendEventStream(request, reply, {
        topics: [topic],
        initial: () => Promise.resolve({ type: 'ready' }),
        onEvent: (_topic, data) => ({
          type: 'payment',
          ...(typeof data.paymentId === 'string' ? { paymentId: data.paymentId } : {}),
          ...(typeof data.state === 'string' ? { state: data.state } : {}),
        }),
      });
    },
  );
};
