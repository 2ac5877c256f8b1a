import { sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database';
import type { JobDefinition } from '../../../platform/jobs/jobs';

/**
 * How long the raw visits are kept: 13 months, so that a month can still be compared with the same
 * month a year before; the daily rollup (`page_visit_days`) is kept, so « Statistiques » still
 * shows every year's traffic.
 */
export const VISIT_RETENTION_MONTHS = 13;
/** Rows deleted per statement: a first run over years of visits never holds a long lock. */
const BATCH = 5_000;

/**
 * Deletes, school by school, the visits started more than 13 months ago (the school's day). The
 * payments' channels (`visit_payments`: an attempt, a visit id, a channel — nothing about the
 * person) stay: « Statistiques » rebuilds a payment's slices with its channel at any time.
 * Repeating it deletes nothing more.
 */
export async function pruneOldVisits(db: Database, now: Date): Promise<number> {
  const cutoff = sql`(${now}::timestamptz - make_interval(months => ${VISIT_RETENTION_MONTHS}))::date`;
  const schools = await db.execute<{ id: string }>(sql`
    select distinct organization_id as id from page_visit_days`);
  let pruned = 0;
  for (const { id } of schools.rows) {
    for (;;) {
      // The school's visits of a day by their index, deleted by their key.
      const gone = await db.execute(sql`
        delete from page_visits
         where organization_id = ${id}
           and id in (select id from page_visits
                       where organization_id = ${id} and day < ${cutoff}
                       limit ${BATCH})`);
      pruned += gone.rowCount ?? 0;
      if ((gone.rowCount ?? 0) < BATCH) break;
    }
  }
  return pruned;
}

/** Every night in Lomé, after the salts' rotation: the visits older than 13 months go. */
export function pruneOldVisitsJob(db: Database, now: () => Date = () => new Date()): JobDefinition {
  return {
    name: 'public.prune-visits',
    schedule: { cron: '20 0 * * *' },
    async run(_data, context) {
      const pruned = await pruneOldVisits(db, now());
      context.logger.info({ visits: pruned }, 'visites de plus de 13 mois supprimées');
    },
  };
}
