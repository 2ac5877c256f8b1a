import {
  apiErrorSchema,
  auditListQuerySchema,
  auditListResponseSchema,
  auditSummaryQuerySchema,
  auditSummaryResponseSchema,
  auditVerifyResponseSchema,
} from '@ecolage/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../platform/db/database';
import { requireMember } from '../../platform/http/request-member';
import {
  exportJournal,
  listJournal,
  summarizeJournal,
  type JournalMembers,
} from './audit-journal.service';
import { verifyAuditChain } from './audit.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** The school's audit journal: list, counters, chain check and CSV export. */
export const auditRoutes: FastifyPluginAsyncZod<{ db: Database; members: JournalMembers }> = async (
  app,
  { db, members },
) => {
  app.get(
    '/api/audit-entries',
    {
      config: { permission: 'read:audit' },
      schema: {
        tags: ["Journal d'audit"],
        summary: 'Entrées du journal, filtrées et paginées (les plus récentes d’abord)',
        querystring: auditListQuerySchema,
        response: { 200: auditListResponseSchema, ...errors },
      },
    },
    (request) => listJournal(db, requireMember(request).organizationId, request.query),
  );

  app.get(
    '/api/audit-entries/summary',
    {
      config: { permission: 'read:audit' },
      schema: {
        tags: ["Journal d'audit"],
        summary: 'Compteurs du journal sur une période',
        querystring: auditSummaryQuerySchema,
        response: { 200: auditSummaryResponseSchema, ...errors },
      },
    },
    (request) =>
      summarizeJournal(db, members, requireMember(request).organizationId, request.query),
  );

  app.get(
    '/api/audit-entries/verify',
    {
      config: { permission: 'read:audit' },
      schema: {
        tags: ["Journal d'audit"],
        summary: 'Vérifie la chaîne de hachage du journal de l’école',
        response: { 200: auditVerifyResponseSchema, ...errors },
      },
    },
    (request) => verifyAuditChain(db, requireMember(request).organizationId),
  );

  app.get(
    '/api/audit-entries/export',
    {
      config: { permission: 'export:audit' },
      schema: {
        tags: ["Journal d'audit"],
        summary: 'Export CSV du journal (UTF-8 avec BOM, séparateur « ; »), lui-même journalisé',
        querystring: auditListQuerySchema.omit({ page: true, pageSize: true }),
        response: { 200: z.any().describe('Fichier CSV'), ...errors },
      },
    },
    async (request, reply) => {
      const member = requireMember(request);
      const stream = await exportJournal(db, member.organizationId, request.query, {
        actor: { type: 'user', userId: member.userId, label: member.name },
        ip: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
        timeZone: 'Africa/Lome',
      });
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="journal-audit-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
};
