import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/database';

/**
 * The outbox's backlog for the metrics, in one statement on its partial indexes: events not handed
 * out (`outbox_events_undispatched_idx`), deliveries due and the oldest of them
 * (`outbox_deliveries_due_idx`), dead deliveries (`outbox_deliveries_dead_idx`).
 */
export async function outboxBacklog(db: DbOrTx) {
  const { rows } = await db.execute<{
    undispatched: number;
    oldest_undispatched: number;
    due: number;
    oldest_due: number;
    dead: number;
  }>(sql`
    select
      (select count(*)::int from outbox_events where dispatched_at is null) as undispatched,
      coalesce((select extract(epoch from now() - min(created_at))::float8
                  from outbox_events where dispatched_at is null), 0) as oldest_undispatched,
      (select count(*)::int from outbox_deliveries
        where status = 'pending' and next_attempt_at <= now()) as due,
      coalesce((select extract(epoch from now() - min(next_attempt_at))::float8
                  from outbox_deliveries where status = 'pending' and next_attempt_at <= now()),
               0) as oldest_due,
      (select count(*)::int from outbox_deliveries where status = 'dead') as dead`);
  const row = rows[0]!;
  return {
    undispatched: row.undispatched,
    oldestUndispatchedSeconds: row.oldest_undispatched,
    due: row.due,
    oldestDueSeconds: row.oldest_due,
    dead: row.dead,
  };
}
