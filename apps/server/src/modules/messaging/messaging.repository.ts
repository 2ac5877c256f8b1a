import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { outboundMessages, type OutboundMessage } from './messaging.tables';

export type NewOutboundMessage = typeof outboundMessages.$inferInsert;
export type MessageChannel = OutboundMessage['channel'];

/**
 * The Postgres channel told of each queued message (`email:<id>`, `sms:<id>`). A notification
 * is delivered when the transaction that queued the message commits, and never if it rolls back:
 * that is when its sending job is enqueued (message-dispatch.ts).
 */
export const QUEUED_MESSAGES_CHANNEL = 'outbound_message_queued';

/** What the sending jobs keep of their tries, under `metadata.delivery`. */
export interface MessageDelivery {
  attempts: number;
  /** When the last try took the message (status `sending`). */
  claimedAt?: string;
  sentAt?: string;
  /** The provider's own id of the message (SMTP Message-ID, the gateway's id). */
  providerMessageId?: string;
  /** The last try's error (SMTP answer, HTTP status or network failure). */
  error?: string;
  /** Not tried again before about this instant (ISO): the job's retry. */
  retryAt?: string;
  failedAt?: string;
}

export function deliveryOf(message: OutboundMessage): MessageDelivery {
  const delivery = message.metadata.delivery as Partial<MessageDelivery> | undefined;
  return { ...delivery, attempts: typeof delivery?.attempts === 'number' ? delivery.attempts : 0 };
}

/** Inserts a message; a `queued` one is announced on QUEUED_MESSAGES_CHANNEL at commit. */
export async function insertOutboundMessage(
  db: DbOrTx,
  message: NewOutboundMessage,
): Promise<OutboundMessage> {
  const [row] = await db.insert(outboundMessages).values(message).returning();
  if (!row) throw new Error('outbound message not inserted');
  if (row.status === 'queued') {
    await db.execute(
      sql`select pg_notify(${QUEUED_MESSAGES_CHANNEL}, ${`${row.channel}:${row.id}`})`,
    );
  }
  return row;
}

/**
 * Takes a queued message for one try: `sending`, its attempts counted. One statement (its own
 * short transaction): of two jobs for the same message, only one gets it; a message sent,
 * failed, captured or being sent is not taken again.
 */
export async function claimOutboundMessage(
  db: DbOrTx,
  id: string,
  channel: MessageChannel,
  now: Date,
): Promise<OutboundMessage | null> {
  const delivery = sql`coalesce(${outboundMessages.metadata} -> 'delivery', '{}'::jsonb)`;
  const [row] = await db
    .update(outboundMessages)
    .set({
      status: 'sending',
      metadata: sql`jsonb_set(${outboundMessages.metadata}, '{delivery}', ${delivery} || jsonb_build_object(
        'attempts', coalesce((${delivery} ->> 'attempts')::int, 0) + 1,
        'claimedAt', ${now.toISOString()}::text))`,
    })
    .where(
      and(
        eq(outboundMessages.id, id),
        eq(outboundMessages.channel, channel),
        eq(outboundMessages.status, 'queued'),
      ),
    )
    .returning();
  return row ?? null;
}

/** Records the outcome of a try of a message this process holds (`sending`). */
export async function recordDelivery(
  db: DbOrTx,
  id: string,
  status: 'queued' | 'sent' | 'failed',
  delivery: MessageDelivery,
): Promise<void> {
  await db
    .update(outboundMessages)
    .set({
      status,
      metadata: sql`jsonb_set(${outboundMessages.metadata}, '{delivery}', ${JSON.stringify(delivery)}::jsonb)`,
    })
    .where(and(eq(outboundMessages.id, id), eq(outboundMessages.status, 'sending')));
}

export async function findOutboundMessage(
  db: DbOrTx,
  id: string,
): Promise<OutboundMessage | undefined> {
  const [row] = await db.select().from(outboundMessages).where(eq(outboundMessages.id, id));
  return row;
}

/**
 * Messages held `sending` since before `claimedBefore` (their process died during the call) go
 * back to `queued`: the sweep offers them again.
 */
export async function releaseAbandonedMessages(db: DbOrTx, claimedBefore: Date): Promise<number> {
  const claimedAt = sql`(${outboundMessages.metadata} -> 'delivery' ->> 'claimedAt')::timestamptz`;
  const rows = await db
    .update(outboundMessages)
    .set({ status: 'queued' })
    .where(
      and(
        eq(outboundMessages.status, 'sending'),
        sql`${claimedAt} < ${claimedBefore.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: outboundMessages.id });
  return rows.length;
}

/**
 * Queued messages of these channels due since before `dueBefore` (queued, or their retry time
 * passed): their job should have taken them. Oldest first (`outbound_messages_queued_idx`).
 */
export async function findWaitingMessages(
  db: DbOrTx,
  channels: readonly MessageChannel[],
  dueBefore: Date,
  limit: number,
): Promise<{ id: string; channel: MessageChannel }[]> {
  if (channels.length === 0) return [];
  const retryAt = sql`(${outboundMessages.metadata} -> 'delivery' ->> 'retryAt')::timestamptz`;
  return db
    .select({ id: outboundMessages.id, channel: outboundMessages.channel })
    .from(outboundMessages)
    .where(
      and(
        eq(outboundMessages.status, 'queued'),
        inArray(outboundMessages.channel, [...channels]),
        lt(outboundMessages.createdAt, dueBefore),
        sql`coalesce(${retryAt}, ${outboundMessages.createdAt}) < ${dueBefore.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(outboundMessages.createdAt))
    .limit(limit);
}
