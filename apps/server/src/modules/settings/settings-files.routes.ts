import {
  apiErrorSchema,
  appearanceSchema,
  KYC_MAX_BYTES,
  kycDocumentParamsSchema,
  kycUploadResponseSchema,
  LOGO_MAX_BYTES,
} from '@ecolage/contracts';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../platform/db/database';
import { domainError } from '../../platform/errors';
import type { FileStorage } from '../../platform/storage';
import { actingMember } from '../../platform/http/acting-member';
import { requireMember } from '../../platform/http/request-member';
import { assertStorableText, assertStorableUpload } from '../../platform/http/storable-text';
import { removeLogo, uploadLogo } from './appearance/appearance.service';
import { kycDocumentLink, readKycDocumentFile, uploadKycDocument } from './kyc/kyc.service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  413: apiErrorSchema,
};
const tags = ['Paramètres'];
const managing = { permission: 'manage:settings' } as const;

const binary = (description: string) =>
  z.any().optional().meta({ type: 'string', format: 'binary', description });

const kycBodySchema = z
  .object({
    kind: z.string().optional().meta({
      description: 'statuts, autorisation, piece_identite ou justificatif_bancaire',
    }),
    file: binary('PDF, JPEG ou PNG, 5 Mo au plus'),
  })
  .nullish();
const logoBodySchema = z.object({ file: binary('PNG, JPEG ou WebP, 2 Mo au plus') }).nullish();

interface Upload {
  fields: Record<string, string>;
  file: { fileName: string; bytes: Buffer } | undefined;
}

/**
 * The form's fields and its one file (field `file`), whatever their order. A file over the
 * multipart limit is `tooLarge`'s 413; no file leaves `file` undefined.
 */
async function readUpload(request: FastifyRequest, tooLarge: () => Error): Promise<Upload> {
  const upload: Upload = { fields: {}, file: undefined };
  if (!request.isMultipart()) return upload;
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') upload.fields[part.fieldname] = part.value;
      continue;
    }
    assertStorableUpload(part);
    try {
      const bytes = await part.toBuffer();
      if (part.fieldname === 'file' && !upload.file) {
        upload.file = { fileName: part.filename, bytes };
      }
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      throw error;
    }
  }
  assertStorableText(upload.fields);
  return upload;
}

/** Uploads of « Paramètres » (KYC documents, the logo) and the KYC files' download. */
export const settingsFileRoutes: FastifyPluginAsyncZod<{
  db: Database;
  files: FileStorage;
}> = async (app, { db, files }) => {
  // Multipart only here: the rest of the API takes JSON. One limit for both uploads (the KYC's);
  // the logo's lower one is the service's.
  await app.register(multipart, {
    limits: { fileSize: KYC_MAX_BYTES, files: 1, fields: 5, parts: 10 },
  });

  app.post(
    '/api/settings/kyc-documents',
    {
      config: managing,
      schema: {
        tags,
        summary: 'Envoyer un document KYC (multipart : kind, file)',
        consumes: ['multipart/form-data'],
        body: kycBodySchema,
        response: { 201: kycUploadResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const maxMegabytes = KYC_MAX_BYTES / 1024 / 1024;
      const upload = await readUpload(request, () =>
        domainError('KYC_FILE_TOO_LARGE', { maxMegabytes }),
      );
      if (!upload.file) throw domainError('KYC_FILE_REQUIRED', {}, { field: 'file' });
      const document = await uploadKycDocument(db, files, actingMember(request), {
        kind: upload.fields.kind,
        ...upload.file,
      });
      return reply.code(201).send(document);
    },
  );

  app.get(
    '/api/settings/kyc-documents/:documentId/file',
    {
      config: { permission: 'read:settings' },
      schema: {
        tags,
        summary: 'Télécharger un document KYC de l’école',
        params: kycDocumentParamsSchema,
        response: { 200: z.any().describe('PDF, JPEG ou PNG'), ...errors },
      },
    },
    async (request, reply) => {
      const { organizationId } = requireMember(request);
      const file = await readKycDocumentFile(db, files, organizationId, request.params.documentId);
      return reply
        .type(file.mime)
        .header('Content-Disposition', attachment(file.fileName))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(file.bytes);
    },
  );

  app.get(
    '/api/settings/kyc-documents/:documentId/link',
    {
      config: { permission: 'read:settings' },
      schema: {
        tags,
        summary: 'Lien signé de téléchargement d’un document KYC (valable quelques minutes)',
        params: kycDocumentParamsSchema,
        response: {
          200: z.object({ url: z.string(), expiresAt: z.string() }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { organizationId } = requireMember(request);
      const link = await kycDocumentLink(db, files, organizationId, request.params.documentId);
      return reply.header('Cache-Control', 'private, no-store').send(link);
    },
  );

  app.post(
    '/api/settings/logo',
    {
      config: managing,
      schema: {
        tags,
        summary: 'Changer le logo (multipart : file ; PNG, JPEG ou WebP, 2 Mo)',
        consumes: ['multipart/form-data'],
        body: logoBodySchema,
        response: { 200: appearanceSchema, ...errors },
      },
    },
    async (request) => {
      const maxMegabytes = LOGO_MAX_BYTES / 1024 / 1024;
      const upload = await readUpload(request, () =>
        domainError('LOGO_TOO_LARGE', { maxMegabytes }),
      );
      if (!upload.file) throw domainError('LOGO_REQUIRED', {}, { field: 'file' });
      return uploadLogo(db, files, actingMember(request), upload.file.bytes);
    },
  );

  app.delete(
    '/api/settings/logo',
    {
      config: managing,
      schema: { tags, summary: 'Retirer le logo', response: { 200: appearanceSchema, ...errors } },
    },
    (request) => removeLogo(db, actingMember(request)),
  );
};

/** `attachment; filename="statuts.pdf"; filename*=UTF-8''…` (the name as typed, safely quoted). */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
