import {
  accountingReportParamsSchema,
  accountingReportQuerySchema,
  apiErrorSchema,
} from '@ecolage/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../platform/db/database';
import type { FileStorage } from '../../../platform/storage';
import { actingMember } from '../../../platform/http/acting-member';
import { tabularContentTypes } from '../../../platform/tabular-export';
import { exportAccountingReport } from './reports.service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  422: apiErrorSchema,
};

/** « Exporter » of the Comptabilité screen: the four accounting reports, PDF or XLSX, journaled. */
export const accountingReportsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  files: FileStorage;
}> = async (app, { db, files }) => {
  app.get(
    '/api/accounting/reports/:report',
    {
      config: { permission: 'read:accounting' },
      schema: {
        tags: ['Comptabilité'],
        summary:
          'Exporter un rapport comptable (grand-livre, balance-agee, encaissements, virements) en PDF ou XLSX, export journalisé',
        params: accountingReportParamsSchema,
        querystring: accountingReportQuerySchema,
        response: { 200: z.any().describe('Fichier PDF ou XLSX'), ...errors },
      },
    },
    async (request, reply) => {
      const file = await exportAccountingReport(
        db,
        files,
        actingMember(request),
        request.params.report,
        request.query,
      );
      return reply
        .type(file.format === 'pdf' ? 'application/pdf' : tabularContentTypes.xlsx)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
};
