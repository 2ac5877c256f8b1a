import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';

/*
 * Platform-wide figures for the metrics (no school: the series stay few). Each is one statement on
 * a partial or primary-key index, cheap whatever the number of payments.
 */

/** Provider notifications stored and not processed yet (`provider_events_unprocessed_idx`). */
export async function providerEventBacklog(db: DbOrTx) {
  const { rows } = await db.execute<{ waiting: number; oldest: number }>(sql`
    select count(*)::int as waiting,
           coalesce(extract(epoch from now() - min(received_at))::float8, 0) as oldest
      from provider_events where processed_at is null`);
  return { waiting: rows[0]!.waiting, oldestSeconds: rows[0]!.oldest };
}

/** Attempts the poller still watches, by provider and state (`payment_attempts_next_check_idx`). */
export async function paymentsInFlight(db: DbOrTx) {
  const { rows } = await db.execute<{ provider: string; state: string; count: number }>(sql`
    select provider, status as state, count(*)::int as count
      from payment_attempts where next_check_at is not null
     group by provider, status`);
  return rows;
}

/** The last transitions a 15-minute window can hold: the scan stays bounded in a rush. */
const RECENT_TRANSITIONS_SCANNED = 100_000;

/**
 * Attempts that entered each state in the last 15 minutes, read backwards from the newest
 * transition by primary key (at most the last 100,000: beyond ~110 a second the count is capped).
 */
export async function recentPaymentTransitions(db: DbOrTx) {
  const { rows } = await db.execute<{ state: string; count: number }>(sql`
    select to_status as state, count(*)::int as count
      from payment_transitions
     where id > (select coalesce(max(id), 0) from payment_transitions) - ${RECENT_TRANSITIONS_SCANNED}
       and at > now() - interval '15 minutes'
     group by to_status`);
  return rows;
}
