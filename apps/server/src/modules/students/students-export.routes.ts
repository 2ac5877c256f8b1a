import { apiErrorSchema, exportFormatSchema, studentListQuerySchema } from '@ecolage/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../platform/db/database';
import { actingMember } from '../../platform/http/acting-member';
import { sendTabular } from '../../platform/tabular-export';
import type { StudentBalanceQueries } from './billing.port';
import { exportStudents } from './students-export';

/** The students screen's filters (no pages) and the file format. */
const studentExportQuerySchema = studentListQuerySchema
  .omit({ page: true, pageSize: true })
  .extend({ format: exportFormatSchema.default('csv') });

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** « Exporter » of the students screen: CSV (UTF-8 with BOM, « ; ») or XLSX, journaled. */
export const studentsExportRoutes: FastifyPluginAsyncZod<{
  db: Database;
  balances: StudentBalanceQueries;
}> = async (app, { db, balances }) => {
  app.get(
    '/api/students/export',
    {
      config: { permission: 'read:students' },
      schema: {
        tags: ['Étudiants'],
        summary: 'Exporter la liste des étudiants filtrée (CSV ou XLSX), export journalisé',
        querystring: studentExportQuerySchema,
        response: { 200: z.any().describe('Fichier CSV ou XLSX'), ...errors },
      },
    },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      const { day, table } = await exportStudents(
        db,
        actingMember(request),
        filters,
        format,
        balances,
      );
      return sendTabular(reply, { subject: 'etudiants', day, format }, table);
    },
  );
};
