import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';

/**
 * Messages waiting to go out, by channel and status, platform-wide (the metrics): one statement on
 * the sweep's partial index (`outbound_messages_waiting_idx`), whatever the size of the outbox.
 */
export async function waitingMessages(db: DbOrTx) {
  const { rows } = await db.execute<{ channel: string; status: string; count: number }>(sql`
    select channel, status, count(*)::int as count
      from outbound_messages where status in ('queued', 'sending')
     group by channel, status`);
  return rows;
}
