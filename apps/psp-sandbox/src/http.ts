// HTTP plumbing shared by the provider routes: raw-body parsers, credentials in headers, the
// response-side faults (delay, 5xx or hang after creating).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Sandbox } from './engine';
import type { FaultTarget } from './faults';
import { note, type ProviderId, type SimTransaction } from './state';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as received (signatures and MTN's « no body on /token » rule need it). */
    rawBody: string;
  }
}

const DEFAULT_DELAY_MS = 2_000;
const DEFAULT_HANG_MS = 30_000;

/**
 * JSON is parsed leniently (an empty body is `undefined`, invalid JSON is `null`) so each provider
 * answers bad input in its own error shape instead of Fastify's. Forms are parsed too: Orange's
 * token endpoint and the sandbox's own pages use them.
 */
export function registerBodyParsers(app: FastifyInstance): void {
  app.decorateRequest('rawBody', '');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    request.rawBody = text;
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(null, null);
    }
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (request, body, done) => {
      request.rawBody = body as string;
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
}

/** The token of an `Authorization: Bearer …` header. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1]?.trim();
}

/** The user and password of an `Authorization: Basic …` header. */
export function basicCredentials(
  request: FastifyRequest,
): { user: string; password: string } | undefined {
  const match = /^Basic\s+(.+)$/i.exec(request.headers.authorization ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1].trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** One header's value as a string (the first when repeated). */
export function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** Base of the links the sandbox hands out: the configured public URL or the request's origin. */
export function publicBase(sandbox: Sandbox, request: FastifyRequest): string {
  return (sandbox.config.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/$/, '');
}

/** The delay fault on API responses of one provider (registered in that provider's scope). */
export function delayResponses(
  app: FastifyInstance,
  sandbox: Sandbox,
  provider: FaultTarget,
): void {
  app.addHook('onRequest', async () => {
    const delay = sandbox.faults.take(
      provider,
      'delay',
      (options) => options.target !== 'callbacks',
    );
    if (delay) await sandbox.sleep(delay.ms ?? DEFAULT_DELAY_MS);
  });
}

/**
 * Answers a request that has just stored a transaction, unless a fault says otherwise:
 * error_after_create answers a 5xx, timeout_after_create hangs then closes the connection without
 * an answer. Either way the transaction exists and goes on, which is the `unknown` path clients
 * must handle by querying the status. (Through `app.inject` a hang never settles: test it on a
 * listening server.)
 */
export async function answerCreated(
  sandbox: Sandbox,
  transaction: SimTransaction,
  request: FastifyRequest,
  reply: FastifyReply,
  ok: { status: number; body?: unknown },
  errorBody: unknown = { message: 'Internal Server Error' },
): Promise<FastifyReply> {
  const provider = transaction.provider;
  const error = sandbox.faults.take(provider, 'error_after_create');
  if (error) {
    const status = error.status ?? 500;
    note(transaction, sandbox.now(), 'fault_error_after_create', { status });
    return reply.code(status).send(errorBody);
  }
  const hang = sandbox.faults.take(provider, 'timeout_after_create');
  if (hang) {
    const ms = hang.ms ?? DEFAULT_HANG_MS;
    note(transaction, sandbox.now(), 'fault_timeout_after_create', { ms });
    reply.hijack();
    await sandbox.sleep(ms);
    request.raw.socket?.destroy();
    return reply;
  }
  reply.code(ok.status);
  return ok.body === undefined ? reply.send() : reply.send(ok.body);
}

/** Redirects a browser only to an http(s) address the client gave; otherwise undefined. */
export function safeRedirect(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

export type TokenCheck =
  { ok: true; subject: string } | { ok: false; why: 'missing' | 'invalid' | 'expired' };

/** Remembers an access token the sandbox has just issued (for one product, with `scope`). */
export function issueToken(
  sandbox: Sandbox,
  provider: ProviderId,
  token: string,
  subject: string,
  seconds: number,
  scope?: string,
): void {
  const expiresAt = new Date(sandbox.now().getTime() + seconds * 1000);
  sandbox.store.tokens.set(token, { provider, subject, expiresAt, ...(scope ? { scope } : {}) });
}

/** Checks the request's Bearer token against the tokens issued by that provider's token endpoint. */
export function checkBearer(
  sandbox: Sandbox,
  provider: ProviderId,
  request: FastifyRequest,
): TokenCheck {
  const token = bearerToken(request);
  if (!token) return { ok: false, why: 'missing' };
  const issued = sandbox.store.tokens.get(token);
  if (!issued || issued.provider !== provider) return { ok: false, why: 'invalid' };
  if (sandbox.now() >= issued.expiresAt) return { ok: false, why: 'expired' };
  return { ok: true, subject: issued.subject };
}
