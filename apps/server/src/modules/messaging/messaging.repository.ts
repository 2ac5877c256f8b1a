import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx, Transaction } from '../../platform/db/database';
import { outboundMessages, type OutboundMessage } from './messaging.tables';

export type NewOutboundMessage = typeof outboundMessages.$inferInsert;

/** What the SMS sender keeps of its tries, under `metadata.delivery`. */
export interface SmsDelivery {
  attempts: number;
  sentAt?: string;
  /** The last try's error (HTTP status or network failure). */
  error?: string;
  /** Not tried again before this instant (ISO). */
  retryAt?: string;
  failedAt?: string;
}

export async function insertOutboundMessage(
  db: DbOrTx,
  message: NewOutboundMessage,
): Promise<OutboundMessage> {
  const [row] = await db.insert(outboundMessages).values(message).returning();
  if (!row) throw new Error('outbound message not inserted');
  return row;
}

/**
 * The oldest queued SMS due for a try, locked until the transaction ends; rows another sender
 * holds are skipped, so two senders never take the same SMS (`outbound_messages_queued_idx`).
 */
export async function lockQueuedSms(
  tx: Transaction,
  limit: number,
  now: Date,
): Promise<OutboundMessage[]> {
  const retryAt = sql`(${outboundMessages.metadata} -> 'delivery' ->> 'retryAt')`;
  return tx
    .select()
    .from(outboundMessages)
    .where(
      and(
        eq(outboundMessages.status, 'queued'),
        eq(outboundMessages.channel, 'sms'),
        or(sql`${retryAt} is null`, sql`${retryAt}::timestamptz <= ${now.toISOString()}`),
      ),
    )
    .orderBy(asc(outboundMessages.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Records a try of a locked SMS: `sent`, `failed` for good, or still `queued` for another try. */
export async function recordSmsDelivery(
  tx: Transaction,
  message: OutboundMessage,
  status: 'queued' | 'sent' | 'failed',
  delivery: SmsDelivery,
): Promise<void> {
  await tx
    .update(outboundMessages)
    .set({ status, metadata: { ...message.metadata, delivery } })
    .where(eq(outboundMessages.id, message.id));
}
