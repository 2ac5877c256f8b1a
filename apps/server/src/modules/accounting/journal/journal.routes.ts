import {
  accountingPeriodsSchema,
  accountMappingSchema,
  accountMappingUpdateSchema,
  apiErrorSchema,
  journalExportQuerySchema,
  periodCloseSchema,
} from '@ecolage/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../platform/db/database';
import { actingMember } from '../../../platform/http/acting-member';
import { getAccountMapping, updateAccountMapping } from './account-mapping.service';
import { exportJournal } from './journal-export.service';
import { closeAccountingPeriod, listAccountingPeriods } from './periods.service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
};

/** « Journal »: the exports (FEC, Sage 100, CSV, XLSX), period closure, the account mapping. */
export const journalRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/accounting/journal',
    {
      config: { permission: 'export:accounting' },
      schema: {
        tags: ['Comptabilité'],
        summary:
          'Exporter le journal comptable d’une période (FEC, Sage 100, CSV ou XLSX), numéroté, lettré, avec le plan de comptes de l’école ; export journalisé',
        querystring: journalExportQuerySchema,
        response: { 200: z.any().describe('Fichier du journal'), ...errors },
      },
    },
    async (request, reply) => {
      const file = await exportJournal(db, actingMember(request), request.query);
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .header('x-journal-lines', String(file.lines))
        .send(file.stream);
    },
  );

  app.get(
    '/api/accounting/periods',
    {
      config: { permission: 'export:accounting' },
      schema: {
        tags: ['Comptabilité'],
        summary: 'Périodes comptables : date de clôture, clôtures passées, derniers exports',
        response: { 200: accountingPeriodsSchema, ...errors },
      },
    },
    async (request) => listAccountingPeriods(db, actingMember(request).organizationId),
  );

  app.post(
    '/api/accounting/periods/close',
    {
      config: { permission: 'manage:accounting' },
      schema: {
        tags: ['Comptabilité'],
        summary:
          'Clôturer la période jusqu’à une date (après son export ; jamais en arrière) : les écritures datées dedans sont ensuite refusées',
        body: periodCloseSchema,
        response: { 200: accountingPeriodsSchema, ...errors },
      },
    },
    async (request) => closeAccountingPeriod(db, actingMember(request), request.body.through),
  );

  app.get(
    '/api/accounting/account-mapping',
    {
      config: { permission: 'export:accounting' },
      schema: {
        tags: ['Comptabilité'],
        summary: 'Plan de comptes de l’école : chaque compte d’Écolage et son compte à l’export',
        response: { 200: accountMappingSchema, ...errors },
      },
    },
    async (request) => getAccountMapping(db, actingMember(request).organizationId),
  );

  app.put(
    '/api/accounting/account-mapping',
    {
      config: { permission: 'manage:accounting' },
      schema: {
        tags: ['Comptabilité'],
        summary:
          'Modifier le plan de base (SYSCOHADA ou SYSCEBNL) et les comptes de l’école (comptes du plan ou sous-comptes)',
        body: accountMappingUpdateSchema,
        response: { 200: accountMappingSchema, ...errors },
      },
    },
    async (request) => updateAccountMapping(db, actingMember(request), request.body),
  );
};
