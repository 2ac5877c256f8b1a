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
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${livePayload(topic, data)})`);
}

function livePayload(topic: string, data: LiveData): string {
  const payload = JSON.stringify({ topic, data });
  if (Buffer.byteLength(payload, 'utf8') < LIVE_PAYLOAD_LIMIT) return payload;
  const bare = JSON.stringify({ topic, data: {} });
  if (Buffer.byteLength(bare, 'utf8') >= LIVE_PAYLOAD_LIMIT) {
    throw new Error(`live topic too long (${topic.length} characters)`);
  }
  return bare;
}

/** Many notifications in one statement (a batch of payments), each as `notifyLive` sends it. */
export async function notifyLiveMany(
  db: DbOrTx,
  messages: readonly { topic: string; data?: LiveData }[],
): Promise<void> {
  if (messages.length === 0) return;
  const payloads = messages.map(({ topic, data = {} }) => livePayload(topic, data));
  await db.execute(
    sql`select pg_notify(${LIVE_CHANNEL}, payload)
        from json_array_elements_text(${JSON.stringify(payloads)}::json) as payload`,
  );
}
