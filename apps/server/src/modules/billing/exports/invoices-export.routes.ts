import {
  apiErrorSchema,
  balanceExportQuerySchema,
  exportFormatSchema,
  invoiceListQuerySchema,
} from '@ecolage/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../platform/db/database';
import { actingMember } from '../../../platform/http/acting-member';
import { sendTabular } from '../../../platform/tabular-export';
import { exportBalances, exportInvoices } from './invoices-export';

/** The invoices screen's filters (no pages) and the file format. */
const invoiceExportQuerySchema = invoiceListQuerySchema
  .omit({ page: true, pageSize: true })
  .extend({ format: exportFormatSchema.default('csv') });

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const file = z.any().describe('Fichier CSV ou XLSX');

/** Invoice list and ageing balance exports: CSV (UTF-8 with BOM, « ; ») or XLSX, journaled. */
export const invoicesExportRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (
  app,
  { db },
) => {
  app.get(
    '/api/invoices/export',
    {
      config: { permission: 'read:invoices' },
      schema: {
        tags: ['Factures'],
        summary: 'Exporter la liste des factures filtrée (CSV ou XLSX), export journalisé',
        querystring: invoiceExportQuerySchema,
        response: { 200: file, ...errors },
      },
    },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      const { day, table } = await exportInvoices(db, actingMember(request), filters, format);
      return sendTabular(reply, { subject: 'factures', day, format }, table);
    },
  );

  app.get(
    '/api/invoices/balances/export',
    {
      config: { permission: 'read:invoices' },
      schema: {
        tags: ['Factures'],
        summary:
          'Exporter la balance âgée : solde de chaque étudiant par ancienneté (non échu, 0–30, 31–60, plus de 60 jours)',
        querystring: balanceExportQuerySchema,
        response: { 200: file, ...errors },
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      const { day, table } = await exportBalances(db, actingMember(request), format);
      return sendTabular(reply, { subject: 'soldes', day, format }, table);
    },
  );
};
