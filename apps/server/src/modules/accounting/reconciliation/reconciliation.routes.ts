import {
  apiErrorSchema,
  isoDaySchema,
  MAX_STATEMENT_BYTES,
  reconciliationItemParamsSchema,
  reconciliationItemSchema,
  reconciliationItemsPageSchema,
  reconciliationItemsQuerySchema,
  reconciliationReportQuerySchema,
  resolveReconciliationItemSchema,
  statementImportSchema,
  statementSourceValues,
  statementsPageSchema,
  statementsQuerySchema,
  type StatementSource,
} from '@ecolage/contracts';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../platform/db/database';
import { domainError } from '../../../platform/errors';
import { actingMember } from '../../../platform/http/acting-member';
import { requireMember } from '../../../platform/http/request-member';
import { assertStorableUpload } from '../../../platform/http/storable-text';
import { sendTabular } from '../../../platform/tabular-export';
import { reconciliationReportPdf, reconciliationReportTable } from './reconciliation-report';
import {
  getReconciliationItems,
  getStatements,
  importStatement,
  resolveReconciliationItem,
  type RecordIncomingCredit,
} from './reconciliation.service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  413: apiErrorSchema,
  422: apiErrorSchema,
};
const tags = ['Comptabilité'];
const reconciling = { permission: 'reconcile:payments' } as const;

const uploadBodySchema = z
  .object({
    source: z.enum(statementSourceValues).optional(),
    from: z.string().optional(),
    to: z.string().optional(),
    file: z.any().optional().meta({
      type: 'string',
      format: 'binary',
      description: 'Relevé de l’opérateur dans son propre format (CSV ou JSON), 20 Mo au plus',
    }),
  })
  .nullish();

/** The multipart form: `source` (and optional `from`, `to`) before the `file`. */
async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw domainError('STATEMENT_NO_FILE');
  const fields: Record<string, string> = {};
  let file: { fileName: string; bytes: Buffer } | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file' || file) {
        await part.toBuffer().catch(() => undefined);
        continue;
      }
      assertStorableUpload(part);
      try {
        file = { fileName: part.filename, bytes: await part.toBuffer() };
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw domainError('STATEMENT_TOO_LARGE');
        }
        throw error;
      }
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  const source = fields.source as StatementSource | undefined;
  if (!file || !source || !(statementSourceValues as readonly string[]).includes(source)) {
    throw domainError('STATEMENT_NO_FILE');
  }
  const day = (value: string | undefined, field: string) => {
    if (!value) return undefined;
    const parsed = isoDaySchema.safeParse(value);
    if (!parsed.success) throw domainError('STATEMENT_NO_FILE', {}, { field, statusCode: 400 });
    return parsed.data;
  };
  return { source, ...file, from: day(fields.from, 'from'), to: day(fields.to, 'to') };
}

/**
 * « Rapprochement »: statements imported and matched, the mismatch queue and its resolutions, the
 * report per period. `recordIncomingCredit` is payments' (handed over by the composition root).
 */
export const reconciliationRoutes: FastifyPluginAsyncZod<{
  db: Database;
  recordIncomingCredit?: RecordIncomingCredit;
}> = async (app, { db, recordIncomingCredit }) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_STATEMENT_BYTES, files: 1, fields: 10, parts: 20 },
  });

  app.post(
    '/api/accounting/statements',
    {
      config: reconciling,
      schema: {
        tags,
        summary: 'Importer un relevé d’opérateur ou de banque et le rapprocher',
        consumes: ['multipart/form-data'],
        body: uploadBodySchema,
        response: { 201: statementImportSchema, ...errors },
      },
    },
    async (request, reply) => {
      const upload = await readUpload(request);
      const result = await importStatement(db, actingMember(request), upload, recordIncomingCredit);
      return reply.code(201).send(result);
    },
  );

  app.get(
    '/api/accounting/statements',
    {
      config: reconciling,
      schema: {
        tags,
        summary: 'Relevés importés, les plus récents d’abord',
        querystring: statementsQuerySchema,
        response: { 200: statementsPageSchema, ...errors },
      },
    },
    (request) => getStatements(db, requireMember(request).organizationId, request.query.page),
  );

  app.get(
    '/api/accounting/reconciliation/items',
    {
      config: reconciling,
      schema: {
        tags,
        summary: 'Écarts de rapprochement (filtres : statut, type, relevé)',
        querystring: reconciliationItemsQuerySchema,
        response: { 200: reconciliationItemsPageSchema, ...errors },
      },
    },
    (request) => getReconciliationItems(db, requireMember(request).organizationId, request.query),
  );

  app.post(
    '/api/accounting/reconciliation/items/:reconciliationItemId/resolve',
    {
      config: reconciling,
      schema: {
        tags,
        summary: 'Résoudre un écart (avec une note ; une seule fois)',
        params: reconciliationItemParamsSchema,
        body: resolveReconciliationItemSchema,
        response: { 200: reconciliationItemSchema, ...errors },
      },
    },
    (request) =>
      resolveReconciliationItem(
        db,
        actingMember(request),
        request.params.reconciliationItemId,
        request.body,
      ),
  );

  app.get(
    '/api/accounting/reconciliation/report',
    {
      config: reconciling,
      schema: {
        tags,
        summary: 'Rapport de rapprochement d’une période (PDF ou Excel)',
        querystring: reconciliationReportQuerySchema,
        response: { 200: z.any().describe('PDF ou XLSX'), ...errors },
      },
    },
    async (request, reply) => {
      const { from, to, format } = request.query;
      const acting = actingMember(request);
      if (format === 'xlsx') {
        const { day, table } = await reconciliationReportTable(db, acting, from, to);
        return sendTabular(reply, { subject: 'rapprochement', day, format: 'xlsx' }, table);
      }
      const { day, pdf } = await reconciliationReportPdf(db, acting, from, to);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="rapprochement-${day}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
};
