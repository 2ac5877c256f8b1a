import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * Security headers with a strict Content-Security-Policy: scripts only from our own origin (no inline
 * script, no eval). Inline styles stay allowed because the toast library injects its styles at run
 * time; style injection cannot run code.
 */
function helmetOptions(options: { https: boolean }): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: options.https
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
}

/** Headers any answer carries whatever the plugins: not helmet's to set. */
const NOT_SECURITY_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection']);

/**
 * The headers helmet sets with our options, computed once: helmet parses and validates its
 * directives and rebuilds every header on each request (a tenth of a cheap request's time in the
 * http bench's profile), while ours never vary by request. Helmet stays the authority on their
 * exact form: one request answered at start-up by a throwaway server with it.
 */
export async function securityHeaders(options: {
  https: boolean;
}): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, helmetOptions(options));
  probe.get('/', () => '');
  const response = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  return Object.fromEntries(
    Object.entries(response.headers)
      .filter(([name]) => !NOT_SECURITY_HEADERS.has(name))
      .map(([name, value]) => [name, String(value)]),
  );
}

/**
 * Headers that only a document (an HTML page) acts on: a browser ignores them on the API's JSON
 * and files. `/api/` answers go without them (OWASP's REST security cheat sheet), and keep the
 * content policy, framing, sniffing, referrer, cross-origin resource and HSTS headers — a receipt
 * or an export opened in a tab is still covered. They were a third of a cheap answer's bytes.
 */
const DOCUMENT_ONLY_HEADERS = new Set([
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  // Internet Explorer's only, both: its download prompt, and its XSS filter turned off.
  'x-download-options',
  'x-xss-protection',
]);

/** The security headers an answer to `/api/…` carries: all of them but the document-only ones. */
export function apiSecurityHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !DOCUMENT_ONLY_HEADERS.has(name)),
  );
}

/**
 * Every answer (pages, API, errors, not found) carries the security headers (`/api/` answers
 * those that apply to them), except routes that declare `helmet: false` (providers' webhooks: no
 * browser reads them).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { https: boolean },
): Promise<void> {
  const forDocuments = await securityHeaders(options);
  const forApi = apiSecurityHeaders(forDocuments);
  const documentNames = Object.keys(forDocuments);
  const documentValues = Object.values(forDocuments);
  const apiNames = Object.keys(forApi);
  const apiValues = Object.values(forApi);
  app.addHook('onRoute', (route) => {
    if (route.helmet === false) {
      route.config = { ...route.config, securityHeaders: false } as typeof route.config;
    }
  });
  app.addHook('onRequest', (request, reply, done) => {
    if ((request.routeOptions.config as { securityHeaders?: false }).securityHeaders !== false) {
      const api = request.url.startsWith('/api/');
      const names = api ? apiNames : documentNames;
      const values = api ? apiValues : documentValues;
      for (let i = 0; i < names.length; i++) reply.header(names[i]!, values[i]);
    }
    done();
  });
}
