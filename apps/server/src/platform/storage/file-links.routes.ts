import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../errors';
import { FILE_LINK_PATH } from './file-links';
import { contentDisposition, type FileStorage } from './file-storage';
import { LocalFileStorage } from './local-storage';

const linkQuerySchema = z.object({
  key: z.string().max(200).optional(),
  expires: z.string().max(20).optional(),
  disposition: z.string().max(20).optional(),
  type: z.string().max(200).optional(),
  filename: z.string().max(400).optional(),
  signature: z.string().max(100).optional(),
});

/**
 * `GET /api/files?…`: the local directory's signed download links (S3 answers its own). Public:
 * the signature is the right to read; a wrong one is a 403, an expired one a 410, in French.
 */
export const fileLinkRoutes: FastifyPluginAsyncZod<{ storage: FileStorage }> = async (
  app,
  { storage },
) => {
  app.get(
    FILE_LINK_PATH,
    {
      config: { public: true },
      schema: {
        tags: ['Fichiers'],
        summary: 'Télécharger un fichier par un lien signé (valable quelques minutes)',
        querystring: linkQuerySchema,
        response: { 200: z.any().describe('Le fichier') },
      },
    },
    async (request, reply) => {
      if (!(storage instanceof LocalFileStorage)) return reply.callNotFound();
      const opened = storage.openLink(request.query);
      if (!opened.ok && opened.reason === 'expired') {
        throw new AppError(
          'FORBIDDEN',
          'Ce lien de téléchargement a expiré : demandez-en un nouveau.',
          {
            statusCode: 410,
          },
        );
      }
      if (!opened.ok) {
        throw new AppError('FORBIDDEN', "Ce lien de téléchargement n'est pas valable.");
      }
      const { link } = opened;
      const file = await storage.getStream(link.key);
      if (!file) return reply.callNotFound();
      return reply
        .type(link.contentType)
        .header('content-length', file.size)
        .header('content-disposition', contentDisposition(link.filename, link.disposition))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );
};
