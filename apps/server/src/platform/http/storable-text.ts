import { domainErrorMessage } from '@ecolage/contracts';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { domainError, type AppError } from '../errors';

/**
 * A NUL character, or half of a UTF-16 surrogate pair: PostgreSQL stores neither (text columns
 * refuse the first, jsonb both), and no person types them. Refused once, at the edge, for every
 * string that comes in, instead of failing deep inside a query or an audit entry.
 */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');

/** The sentences of the two refusals (codes UNSTORABLE_ADDRESS and UNSTORABLE_TEXT). */
export const UnstorableTextMessages = {
  address: domainErrorMessage('UNSTORABLE_ADDRESS', {}),
  field: (field: string) => domainErrorMessage('UNSTORABLE_TEXT', { field }),
} as const;

function isUnstorableText(text: string): boolean {
  return UNSTORABLE.test(text);
}

interface Visit {
  value: unknown;
  key: string;
  parent: Visit | undefined;
}

/** The dotted path of a visited value (kept as parent links: a deep body costs no copies). */
function pathOf(visit: Visit): string {
  const keys: string[] = [];
  for (let at: Visit | undefined = visit; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.').replace(UNSTORABLE_ALL, '\uFFFD');
}

/**
 * Where a value holds a string (or an object key) PostgreSQL cannot store: its dotted path, '' for
 * the value itself, or undefined when all is well. Walked with a stack, not recursion: a deeply
 * nested JSON body must not overflow the call stack.
 */
export function findUnstorableText(value: unknown): string | undefined {
  const pending: Visit[] = [{ value, key: '', parent: undefined }];
  while (pending.length > 0) {
    const visit = pending.pop()!;
    const current = visit.value;
    if (typeof current === 'string') {
      if (isUnstorableText(current)) return pathOf(visit);
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, item] of Object.entries(current)) {
        const child = { value: item, key, parent: visit };
        if (isUnstorableText(key)) return pathOf(child);
        pending.push(child);
      }
    }
  }
  return undefined;
}

/** The French 400 for a value with unstorable text; `path` as the error handler names fields. */
function unstorableText(path: string): AppError {
  return domainError('UNSTORABLE_TEXT', { field: path }, { field: path });
}

/** Throws the French 400 when `value` holds unstorable text (multipart fields, file names…). */
export function assertStorableText(value: unknown, prefix = ''): void {
  const path = findUnstorableText(value);
  if (path === undefined) return;
  throw unstorableText([prefix, path].filter(Boolean).join('.'));
}

/**
 * A multipart upload is read as a stream by its route, after the hooks: the route calls this on the
 * file part it got, to refuse unstorable text in the file's name and in the fields sent before it.
 */
export function assertStorableUpload(part: MultipartFile): void {
  const fields: Record<string, unknown> = {};
  for (const entry of Object.values(part.fields).flat()) {
    if (entry?.type === 'field') fields[entry.fieldname] = entry.value;
  }
  assertStorableText({ ...fields, [part.fieldname]: part.filename });
}

function decodedPath(request: FastifyRequest): string {
  const raw = request.url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    // Malformed escapes: the router answers those itself (FST_ERR_BAD_URL).
    return raw;
  }
}

/**
 * Refuses unstorable text in the URL path, the path parameters and the query before any route runs
 * (so also before the not-found handler), and in the parsed body (JSON or form) before validation.
 * Bodies read as raw bytes (provider notifications) are left to their route, and multipart uploads
 * to `assertStorableUpload`.
 */
export function registerStorableTextGuard(app: FastifyInstance): void {
  // Callback hooks: no promise per request on the hot path (the http bench).
  app.addHook('onRequest', (request, _reply, done) => {
    try {
      if (isUnstorableText(decodedPath(request))) {
        throw domainError('UNSTORABLE_ADDRESS', {}, { field: 'url' });
      }
      assertStorableText(request.params, 'params');
      assertStorableText(request.query, 'query');
    } catch (error) {
      return done(error as Error);
    }
    done();
  });
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      // Body fields by their own name, as validation errors name them (what forms map onto fields).
      assertStorableText(request.body);
    } catch (error) {
      return done(error as Error);
    }
    done();
  });
}
