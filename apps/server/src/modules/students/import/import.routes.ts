import {
  apiErrorSchema,
  commitImportRequestSchema,
  MAX_IMPORT_BYTES,
  studentImportParamsSchema,
  studentImportSchema,
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
import { buildImportTemplate } from './import-template';
import type { IssueEnrolmentInvoices } from '../billing.port';
import { commitImport, getImport, previewImport, waitForAllImports } from './import.service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  413: apiErrorSchema,
};
const tags = ['Étudiants'];
const importing = { permission: 'import:students' } as const;

const templateQuerySchema = z.object({
  format: z.enum(['csv', 'xlsx'], { error: 'Format attendu : csv ou xlsx.' }).default('csv'),
});

/**
 * What the upload documents (OpenAPI): a multipart form with the file. The multipart parser
 * leaves the body empty, the file is read from the stream (readUpload).
 */
const uploadBodySchema = z
  .object({
    file: z.any().optional().meta({
      type: 'string',
      format: 'binary',
      description:
        'Fichier CSV (UTF-8 ou Windows-1252, « ; » ou « , ») ou Excel (.xlsx), 10 Mo au plus',
    }),
  })
  .nullish();

/** The uploaded file (field `file`), at most MAX_IMPORT_BYTES: a bigger one is a French 413. */
async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw domainError('IMPORT_NO_FILE');
  const part = await request.file();
  if (!part || part.fieldname !== 'file') throw domainError('IMPORT_NO_FILE');
  assertStorableUpload(part);
  try {
    const bytes = await part.toBuffer();
    return { fileName: part.filename, bytes };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw domainError('IMPORT_TOO_LARGE');
    }
    throw error;
  }
}

/** Student import (spec « Importer des étudiants »): template, preview, commit, progress. */
export const studentImportRoutes: FastifyPluginAsyncZod<{
  db: Database;
  /** Billing's issuing of the enrolments' invoices, handed over by the composition root. */
  issueInvoices: IssueEnrolmentInvoices;
}> = async (app, { db, issueInvoices }) => {
  // Multipart only here: the rest of the API takes JSON.
  await app.register(multipart, {
    limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10, parts: 20 },
  });
  // A server stopping lets running imports finish (their transaction, their final status).
  app.addHook('onClose', () => waitForAllImports());

  app.get(
    '/api/students/import/template',
    {
      config: importing,
      schema: {
        tags,
        summary: 'Modèle du fichier d’import (CSV ou Excel)',
        querystring: templateQuerySchema,
        response: { 200: z.any().describe('Fichier CSV ou Excel'), ...errors },
      },
    },
    async (request, reply) => {
      const { organizationId } = requireMember(request);
      const file = await buildImportTemplate(db, organizationId, request.query.format);
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  app.post(
    '/api/students/imports',
    {
      config: importing,
      schema: {
        tags,
        summary: 'Envoyer un fichier CSV ou Excel : lignes vérifiées, aperçu (rien n’est écrit)',
        consumes: ['multipart/form-data'],
        body: uploadBodySchema,
        response: { 201: studentImportSchema, ...errors },
      },
    },
    async (request, reply) => {
      const file = await readUpload(request);
      return reply.code(201).send(await previewImport(db, actingMember(request), file));
    },
  );

  app.get(
    '/api/students/imports/:importId',
    {
      config: importing,
      schema: {
        tags,
        summary: 'Un import : aperçu, avancement, résultat',
        params: studentImportParamsSchema,
        response: { 200: studentImportSchema, ...errors },
      },
    },
    (request) => getImport(db, requireMember(request).organizationId, request.params.importId),
  );

  app.post(
    '/api/students/imports/:importId/commit',
    {
      config: importing,
      schema: {
        tags,
        summary: 'Lancer l’import (tout ou rien, ou en ignorant les lignes en erreur)',
        params: studentImportParamsSchema,
        body: commitImportRequestSchema,
        response: { 202: studentImportSchema, ...errors },
      },
    },
    async (request, reply) => {
      const started = await commitImport(
        db,
        actingMember(request),
        request.params.importId,
        request.body.mode,
        issueInvoices,
        (error) => request.log.error({ err: error }, 'student import failed'),
      );
      return reply.code(202).send(started);
    },
  );
};
