import type { DbOrTx } from '../../platform/db/database';
import { outboundMessages, type OutboundMessage } from './messaging.tables';

export interface EmailToSend {
  organizationId: string | null;
  to: string;
  subject: string;
  /** Plain text: readable in any client, and in the log. */
  text: string;
  template: string;
  metadata?: Record<string, unknown>;
}

/**
 * Puts an e-mail in the outbox inside the caller's transaction, so it exists exactly when the
 * change that caused it commits. No SMTP is configured yet: it is kept as `captured`.
 */
export async function queueEmail(db: DbOrTx, email: EmailToSend): Promise<OutboundMessage> {
  const [row] = await db
    .insert(outboundMessages)
    .values({
      organizationId: email.organizationId,
      channel: 'email',
      recipient: email.to,
      subject: email.subject,
      body: email.text,
      template: email.template,
      status: 'captured',
      metadata: email.metadata ?? {},
    })
    .returning();
  if (!row) throw new Error('outbound message not inserted');
  return row;
}
