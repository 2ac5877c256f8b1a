import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/database';
import { LIVE_CHANNEL, type LiveData } from './live-bus';

/** PostgreSQL refuses a notification payload of 8000 bytes or more. */
export const LIVE_PAYLOAD_LIMIT = 8000;

/**
 * Tells every process's live bus that `topic` moved (`payment:<id>`, `member:<userId>`…), with a
 * few facts (ids, a state: subscribers read the rest themselves). PostgreSQL delivers it when the
 * transaction commits, never when it rolls back (a savepoint rolled back takes it along), and once
 * for identical notifications of one transaction. Data that would exceed the payload limit is
 * left out rather than failing the caller's transaction: the topic alone still goes.
 */
export async function notifyLive(db: DbOrTx, topic: string, data: LiveData = {}): Promise<void> {
  let payload = JSON.stringify({ topic, data });
  if (Buffer.byteLength(payload, 'utf8') >= LIVE_PAYLOAD_LIMIT) {
    payload = JSON.stringify({ topic, data: {} });
    if (Buffer.byteLength(payload, 'utf8') >= LIVE_PAYLOAD_LIMIT) {
      throw new Error(`live topic too long (${topic.length} characters)`);
    }
  }
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`);
}
