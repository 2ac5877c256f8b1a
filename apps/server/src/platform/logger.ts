import { pino } from 'pino';
import type { Config } from './env';

/**
 * Properties of an error that may carry people's data: a failed query's parameters (Drizzle), the
 * row values PostgreSQL puts in `detail` (« Key (phone)=(+228…) already exists »), and the raw
 * object pino would keep.
 */
const PERSONAL_KEYS = new Set(['params', 'detail', 'raw']);
/** Errors nested deeper (causes of causes…, or a cycle) are named, not detailed. */
const MAX_DEPTH = 5;

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/**
 * A data exception (PostgreSQL class 22) quotes the value it refused
 * (« invalid input syntax for type uuid: "Ama Mensah" »): the quote is masked.
 */
function safeMessage(error: Error & { code?: unknown; query?: unknown; params?: unknown }) {
  if (typeof error.query === 'string' && 'params' in error) {
    return `Failed query: ${error.query}\nparams: [masqué]`;
  }
  if (typeof error.code === 'string' && error.code.startsWith('22')) {
    return error.message.replace(/"[^]*"/, '"[masqué]"');
  }
  return error.message;
}

function serialize(error: Error, depth: number): SerializedError {
  const message = safeMessage(error);
  const serialized: SerializedError = {
    type: error.constructor?.name ?? error.name,
    message,
    stack: error.stack?.replace(error.message, message) ?? '',
  };
  for (const [key, item] of Object.entries(error)) {
    if (PERSONAL_KEYS.has(key) || key === 'cause' || item === undefined) continue;
    serialized[key] = serializeError(item, depth + 1);
  }
  if (error.cause !== undefined) {
    serialized.cause = serializeError(error.cause, depth + 1);
  }
  if (error instanceof AggregateError) {
    serialized.errors = error.errors.map((item: unknown) => serializeError(item, depth + 1));
  }
  return serialized;
}

/**
 * pino's `err` serializer without personal data: the SQL text of a failed query is kept (it has
 * placeholders only), its parameters never are, nor the values PostgreSQL quotes in `detail`.
 * Causes are serialized the same way; anything but an error is returned as it is.
 */
export function serializeError(value: unknown, depth = 0): unknown {
  if (!(value instanceof Error)) return value;
  return depth > MAX_DEPTH ? `${value.name} (non détaillée)` : serialize(value, depth);
}

/** Fields that name a person's contact, masked wherever a log line carries them (top level or one down). */
const PERSONAL_FIELDS = new Set(['phone', 'email', 'payerPhone', 'recipient']);
/** Headers that carry a session, masked if a request or an answer is ever logged with its headers. */
const SECRET_HEADERS: Record<string, readonly string[]> = {
  req: ['authorization', 'cookie'],
  res: ['set-cookie'],
};
const MASK = '[masqué]';

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !(value instanceof Error);
}

/** `value` with its own personal fields masked: the same object when it has none (no copy). */
function withPersonalFieldsMasked(value: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const key in value) {
    if (PERSONAL_FIELDS.has(key)) (copy ??= { ...value })[key] = MASK;
  }
  return copy ?? value;
}

/** A logged request or answer whose headers carry a session: the headers masked, in a copy. */
function withSecretHeadersMasked(value: Record<string, unknown>, names: readonly string[]) {
  const headers = value.headers;
  if (!isPlainRecord(headers) || !names.some((name) => headers[name] !== undefined)) return value;
  const masked = { ...headers };
  for (const name of names) if (masked[name] !== undefined) masked[name] = MASK;
  return { ...value, headers: masked };
}

/**
 * A log line's object with people's contacts masked, at its top level and one level down, and the
 * session headers of a logged request or answer: the caller's object is never changed (a copy is
 * made only when something is masked). A safety net: code logs ids, never a person's phone or
 * e-mail. It replaces pino's `redact`, whose wildcard paths are compiled into every child logger:
 * with one child per request, that was a fifth of a cheap request's time (decision 0027).
 */
export function maskPersonalData(object: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const key in object) {
    const value = object[key];
    if (PERSONAL_FIELDS.has(key)) {
      (copy ??= { ...object })[key] = MASK;
    } else if (isPlainRecord(value)) {
      const secretHeaders = SECRET_HEADERS[key];
      let masked = withPersonalFieldsMasked(value);
      if (secretHeaders) masked = withSecretHeadersMasked(masked, secretHeaders);
      if (masked !== value) (copy ??= { ...object })[key] = masked;
    }
  }
  return copy ?? object;
}

/**
 * The process's logger (the API and worker processes, the payments thread, the command-line tools):
 * `LOG_LEVEL`, errors without personal data, and `maskPersonalData` on every line's own fields and
 * on what a child logger binds (a request's, a job's). pino applies a bindings formatter to the
 * root's bindings only, so `child` masks the bindings it is given; children inherit it.
 */
export function createLogger(
  config: Pick<Config, 'LOG_LEVEL'>,
  options: Pick<pino.LoggerOptions, 'base' | 'name'> = {},
  destination?: pino.DestinationStream,
): pino.Logger {
  const logger = pino(
    {
      ...options,
      level: config.LOG_LEVEL,
      // Plain values pass through: the error handler hands over errors it has already serialized.
      serializers: { err: serializeError as (error: Error) => SerializedError },
      formatters: { log: maskPersonalData, bindings: maskPersonalData },
    },
    destination,
  );
  const child = logger.child;
  logger.child = function maskedChild(this: pino.Logger, bindings, childOptions) {
    return child.call(this, maskPersonalData(bindings), childOptions);
  } as typeof logger.child;
  return logger;
}
