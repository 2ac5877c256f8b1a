import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app (apps/web/dist) on the API's port: hashed assets with a one-year
 * immutable cache, everything else revalidated, pre-compressed files when the browser accepts them.
 * Returns a sender for the SPA fallback (index.html) or undefined when the app is not built.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
): Promise<((reply: FastifyReply) => FastifyReply) | undefined> {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir }, 'application web non construite : lancez « npm run build »');
    return undefined;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    index: false,
    wildcard: true,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      const isHashedAsset = filePath.startsWith(path.join(distDir, 'assets') + path.sep);
      res.setHeader('cache-control', isHashedAsset ? IMMUTABLE : 'no-cache');
    },
  });
  const sendIndex = (reply: FastifyReply) =>
    reply
      .header('cache-control', 'no-cache')
      .sendFile('index.html', distDir, { cacheControl: false });
  // The static handler refuses directories; the home page is the app's index.
  app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  return sendIndex;
}
