import type pg from 'pg';
import { JOB_SCHEMA } from './jobs';

/** A job that used up its retries (pg-boss's `failed` state), for `npm run jobs:failed`. */
export interface FailedJob {
  id: string;
  name: string;
  attempts: number;
  failedAt: Date | null;
  error: string | null;
  data: unknown;
}

async function hasJobTable(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query<{ table: string | null }>(
    `select to_regclass('${JOB_SCHEMA}.job')::text as table`,
  );
  return (rows[0]?.table ?? null) !== null;
}

/** The failed jobs, newest first. */
export async function listFailedJobs(pool: pg.Pool, limit = 200): Promise<FailedJob[]> {
  if (!(await hasJobTable(pool))) return [];
  const { rows } = await pool.query<{
    id: string;
    name: string;
    retry_count: number;
    completed_on: Date | null;
    output: unknown;
    data: unknown;
  }>(
    `select id, name, retry_count, completed_on, output, data from ${JOB_SCHEMA}.job
      where state = 'failed' order by completed_on desc nulls last limit $1`,
    [limit],
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    attempts: row.retry_count + 1,
    failedAt: row.completed_on,
    error: errorText(row.output),
    data: row.data,
  }));
}

function errorText(output: unknown): string | null {
  if (output === null || output === undefined) return null;
  if (typeof output === 'object' && 'message' in output) return String(output.message);
  return JSON.stringify(output);
}

/**
 * Puts failed jobs back in the queue for one more attempt (pg-boss's own retry: the state
 * becomes `retry` and the limit grows by one). `ids`: those jobs; 'all': every failed job.
 * Returns how many were put back.
 */
export async function retryFailedJobs(
  pool: pg.Pool,
  ids: readonly string[] | 'all',
): Promise<number> {
  if (!(await hasJobTable(pool))) return 0;
  const { rowCount } = await pool.query(
    `update ${JOB_SCHEMA}.job set state = 'retry', retry_limit = retry_limit + 1, start_after = now()
      where state = 'failed' and ($1::uuid[] is null or id = any($1::uuid[]))`,
    [ids === 'all' ? null : [...ids]],
  );
  return rowCount ?? 0;
}
