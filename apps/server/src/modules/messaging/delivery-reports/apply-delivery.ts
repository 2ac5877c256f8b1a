import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import type { DeliveryEvent } from '../channels/channel-adapter';
import { queueFallbackSms } from '../fallback';
import type { MessageChannel } from '../messaging.repository';
import { outboundMessages, type OutboundMessage } from '../messaging.tables';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type DeliveryApplied = 'applied' | 'unchanged' | 'unknown';

type Status = OutboundMessage['status'];

/**
 * Where a report moves a message (research §7.7): monotonic, `queued < sent < delivered`
 * (`read` is delivered); `failed` is terminal but a later `delivered` overrides it (reports
 * arrive out of order); a duplicate or an older report changes nothing. A `sent` report also
 * rescues a message that was given up for an unknown outcome (ambiguous, or dead after one).
 */
export function nextStatus(message: OutboundMessage, event: DeliveryEvent): Status | null {
  const current = message.status;
  if (current === 'captured') return null;
  const doubtful = message.metadata.ambiguous === true || current === 'dead';
  switch (event.state) {
    case 'delivered':
    case 'read':
      return current === 'delivered' ? null : 'delivered';
    case 'queued':
    case 'sent':
      if (current === 'queued' || current === 'sending') return 'sent';
      return (current === 'failed' || current === 'dead') && doubtful ? 'sent' : null;
    case 'failed':
      if (current === 'delivered' || current === 'failed') return null;
      return 'failed';
  }
}

async function lockMessage(
  tx: DbOrTx,
  channel: MessageChannel,
  provider: string,
  event: DeliveryEvent,
): Promise<OutboundMessage | undefined> {
  if (event.messageId && UUID.test(event.messageId)) {
    const [row] = await tx
      .select()
      .from(outboundMessages)
      .where(and(eq(outboundMessages.id, event.messageId), eq(outboundMessages.channel, channel)))
      .for('update');
    if (row) return row;
  }
  if (!event.providerMessageId) return undefined;
  const [row] = await tx
    .select()
    .from(outboundMessages)
    .where(
      and(
        eq(outboundMessages.provider, provider),
        eq(outboundMessages.providerMessageId, event.providerMessageId),
      ),
    )
    .limit(1)
    .for('update');
  return row;
}

/**
 * Applies one delivery event to its message inside the caller's transaction (row locked): the
 * status it moves to, when; a WhatsApp message that failed has its SMS queued (once).
 */
export async function applyDeliveryEvent(
  tx: DbOrTx,
  channel: MessageChannel,
  provider: string,
  event: DeliveryEvent,
): Promise<DeliveryApplied> {
  const message = await lockMessage(tx, channel, provider, event);
  if (!message) return 'unknown';
  const status = nextStatus(message, event);
  if (!status) return 'unchanged';
  const [updated] = await tx
    .update(outboundMessages)
    .set({
      status,
      ...(status === 'delivered'
        ? { deliveredAt: event.occurredAt, lastError: null }
        : status === 'failed'
          ? { lastError: event.error ?? 'non distribué' }
          : {}),
      ...(status === 'sent' && message.sentAt === null ? { sentAt: event.occurredAt } : {}),
      ...(event.providerMessageId && !message.providerMessageId
        ? { providerMessageId: event.providerMessageId, provider }
        : {}),
      ...(event.state === 'read' || event.noWhatsApp
        ? {
            metadata: sql`${outboundMessages.metadata} || ${JSON.stringify({
              ...(event.state === 'read' ? { readAt: event.occurredAt.toISOString() } : {}),
              ...(event.noWhatsApp ? { noWhatsApp: true } : {}),
            })}::jsonb`,
          }
        : {}),
    })
    .where(eq(outboundMessages.id, message.id))
    .returning();
  if (updated && status === 'failed') {
    await queueFallbackSms(tx, updated, event.noWhatsApp ? 'no_whatsapp' : 'failed');
  }
  return 'applied';
}
