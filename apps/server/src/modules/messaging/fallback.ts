import type { DbOrTx } from '../../platform/db/database';
import type { OutboundMessage } from './messaging.tables';
import { queueSms } from './messaging.service';

/**
 * The SMS that replaces a WhatsApp message that failed (refused, undelivered, no WhatsApp on the
 * number: 131026) or died: its `fallbackText`, to the same number, in the same category, in the
 * caller's transaction. Once: `fallback_of` is unique, a second call returns the first SMS.
 */
export async function queueFallbackSms(
  tx: DbOrTx,
  whatsapp: OutboundMessage,
  reason: string,
): Promise<OutboundMessage | null> {
  if (whatsapp.channel !== 'whatsapp') return null;
  return queueSms(tx, {
    organizationId: whatsapp.organizationId,
    recipient: whatsapp.recipient,
    body: whatsapp.body,
    template: whatsapp.template,
    category: whatsapp.category,
    fallbackOf: whatsapp.id,
    metadata: { fallbackReason: reason },
  });
}
