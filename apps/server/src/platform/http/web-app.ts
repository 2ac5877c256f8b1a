import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Written by the web build from the router's route table (`appRoutePatterns`). */
export const ROUTES_FILE = 'routes.json';

/**
 * A test of a path against the app's route patterns (`/verifier/:code`: one segment for each
 * parameter), ignoring case and a trailing slash as the router does.
 */
export function appRouteMatcher(patterns: readonly string[]): (pathname: string) => boolean {
  const expressions = patterns.map((pattern) => {
    const source = pattern
      .split('/')
      .map((segment) =>
        segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('/');
    return new RegExp(`^${source}$`, 'i');
  });
  return (pathname) => {
    const trimmed = pathname.replace(/\/+$/, '') || '/';
    return expressions.some((expression) => expression.test(trimmed));
  };
}

function readRoutePatterns(distDir: string): string[] {
  const patterns: unknown = JSON.parse(readFileSync(path.join(distDir, ROUTES_FILE), 'utf8'));
  if (!Array.isArray(patterns) || !patterns.every((pattern) => typeof pattern === 'string')) {
    throw new Error(`${ROUTES_FILE} : liste de chemins attendue`);
  }
  return patterns;
}

/** The path of a request's URL, without its query (route patterns are plain ASCII: no decoding). */
function pathnameOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/**
 * Serves the built web app (apps/web/dist) on the API's port: hashed assets with a one-year
 * immutable cache, everything else revalidated, pre-compressed files when the browser accepts them.
 * Returns the sender of the SPA fallback, or undefined when the app is not built: index.html for
 * every address, with 200 for a page of the app's router and 404 for any other (the app then
 * shows its not-found page, and search engines and link checkers see the truth).
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
): Promise<((request: FastifyRequest, reply: FastifyReply) => FastifyReply) | undefined> {
  const built = ['index.html', ROUTES_FILE].every((file) => existsSync(path.join(distDir, file)));
  if (!built) {
    app.log.warn({ distDir }, 'application web non construite : lancez « npm run build »');
    return undefined;
  }
  const isAppRoute = appRouteMatcher(readRoutePatterns(distDir));
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
  return (request, reply) =>
    sendIndex(isAppRoute(pathnameOf(request.url)) ? reply : reply.code(404));
}
