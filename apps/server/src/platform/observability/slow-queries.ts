import type pg from 'pg';
import { currentContext, type WorkContext } from './request-context';
import { slowQueries } from './registry';

export interface SlowQueryLogger {
  warn(object: object, message?: string): void;
}

export interface SlowQueryOptions {
  /** SLOW_QUERY_MS: queries at least this slow are logged; 0 logs none (and times none). */
  thresholdMs: number;
  logger: SlowQueryLogger;
}

const WATCHED = Symbol('ecolage.slowQueries');
const MAX_SQL_LENGTH = 2_000;

/**
 * The statement without any value in it: parameters are never logged, and literals written in the
 * text (quoted strings, numbers) become `?` — a person's phone or e-mail never reaches the log.
 */
export function normalizeSql(text: string): string {
  const normalized = text
    .replace(/\$([A-Za-z_]\w*)?\$[^]*?\$\1\$/g, '?') // dollar-quoted strings
    .replace(/[EeBbXxUu]?&?'(?:[^']|'')*'/g, '?') // quoted strings, E'' U&'' B'' X''
    .replace(/(?<![\w$."])-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?(?![\w"])/g, '?') // numbers, not $1
    .replace(/\s+/g, ' ')
    .trim();
  return normalized.length > MAX_SQL_LENGTH
    ? `${normalized.slice(0, MAX_SQL_LENGTH)}…`
    : normalized;
}

function queryText(first: unknown): string | undefined {
  if (typeof first === 'string') return first;
  if (
    first &&
    typeof first === 'object' &&
    typeof (first as { text?: unknown }).text === 'string'
  ) {
    return (first as { text: string }).text;
  }
  return undefined;
}

type QueryFunction = (...args: unknown[]) => unknown;

/** Times each query of this connection (promise or callback; not streams). */
function watchClient(client: pg.PoolClient | pg.Client, options: SlowQueryOptions) {
  const target = client as unknown as { query: QueryFunction; [WATCHED]?: true };
  if (target[WATCHED]) return;
  target[WATCHED] = true;
  const query = target.query;
  target.query = function timedQuery(this: unknown, ...args: unknown[]) {
    const first = args[0] as { submit?: unknown } | undefined;
    // A stream (pg-cursor, pg-query-stream) is read at the caller's pace: not a slow query.
    if (typeof first?.submit === 'function') return query.apply(this, args);
    // Read now: a callback runs in the socket's context, not the caller's.
    const context = currentContext();
    const startedAt = performance.now();
    const done = () => {
      const durationMs = performance.now() - startedAt;
      if (durationMs >= options.thresholdMs) logSlowQuery(options, args[0], durationMs, context);
    };
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      // The pool's own `query` calls its connection's this way.
      args[last] = function timedCallback(this: unknown, ...results: unknown[]) {
        done();
        return (callback as QueryFunction).apply(this, results);
      };
      return query.apply(this, args);
    }
    const result = query.apply(this, args);
    if (result instanceof Promise) result.then(done, done);
    return result;
  };
}

function logSlowQuery(
  options: SlowQueryOptions,
  first: unknown,
  durationMs: number,
  context: WorkContext | undefined,
) {
  slowQueries.inc();
  const text = queryText(first);
  options.logger.warn(
    {
      durationMs: Math.round(durationMs),
      sql: text === undefined ? '(inconnue)' : normalizeSql(text),
      ...context,
    },
    'requête lente',
  );
}

/**
 * The slow-query log: every connection of the pool — those it opens from now on and those it
 * holds — has its queries timed, so Drizzle's, pg-boss's and raw ones are all covered; one slower
 * than SLOW_QUERY_MS is logged at warn with its duration, its statement without values and the
 * request, job or event delivery under way (`request-context.ts`).
 */
export function watchSlowQueries(pool: pg.Pool, options: SlowQueryOptions): void {
  if (options.thresholdMs <= 0) return;
  pool.on('connect', (client) => watchClient(client, options));
  // Connections opened before (the migrations'): pg keeps them in `_clients`.
  const opened = (pool as unknown as { _clients?: pg.PoolClient[] })._clients ?? [];
  for (const client of opened) watchClient(client, options);
}
