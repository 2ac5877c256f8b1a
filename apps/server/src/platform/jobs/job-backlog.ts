import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/database';
import { JOB_SCHEMA } from './jobs';

/**
 * pg-boss jobs due and not started, by queue, and how long the oldest has waited since it became
 * due: one statement on pg-boss's fetch index (`job_i5`: name, start_after where state < active).
 */
export async function jobBacklog(db: DbOrTx) {
  const { rows } = await db.execute<{ queue: string; waiting: number; oldest: number }>(sql`
    select name as queue, count(*)::int as waiting,
           extract(epoch from now() - min(start_after))::float8 as oldest
      from ${sql.identifier(JOB_SCHEMA)}.job
     where state < 'active' and start_after <= now()
     group by name`);
  return rows.map((row) => ({ queue: row.queue, waiting: row.waiting, oldestSeconds: row.oldest }));
}
