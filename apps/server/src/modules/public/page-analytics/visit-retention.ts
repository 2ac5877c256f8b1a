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

export interface PrunedVisits {
  visits: number;
  payments: number;
}

/**
 * Deletes, school by school, the visits started more than 13 months ago (the school's day) and the
 * payments noted more than 13 months ago (a visit's payments go with it). Repeating it deletes
 * nothing more.
 */
export async function pruneOldVisits(db: Database, now: Date): Promise<PrunedVisits> {
  const cutoff = sql`${now}::timestamptz - make_interval(months => ${VISIT_RETENTION_MONTHS})`;
  const schools = await db.execute<{ id: string }>(sql`
    select distinct organization_id as id from page_visit_days`);
  const pruned: PrunedVisits = { visits: 0, payments: 0 };
  for (const { id } of schools.rows) {
    for (;;) {
      const gone = await db.execute(sql`
        delete from visit_payments
         where organization_id = ${id}
           and attempt_id in (select attempt_id from visit_payments
                               where organization_id = ${id} and created_at < ${cutoff}
                               limit ${BATCH})`);
      pruned.payments += gone.rowCount ?? 0;
      if ((gone.rowCount ?? 0) < BATCH) break;
    }
    for (;;) {
      // The school's visits of a day by their index; the visit's payments go by cascade.
      const gone = await db.execute(sql`
        delete from page_visits
         where id in (select id from page_visits
                       where organization_id = ${id} and day < (${cutoff})::date
                       limit ${BATCH})`);
      pruned.visits += gone.rowCount ?? 0;
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
      context.logger.info(pruned, 'visites de plus de 13 mois supprimées');
    },
  };
}
