import type { DbOrTx } from '../../platform/db/database';
import { storedAttachments, type EmailAttachment } from './email-sender';
import { insertOutboundMessage } from './messaging.repository';
import type { OutboundMessage } from './messaging.tables';
import { toGsm7 } from '@ecolage/contracts';
import { emailTransport, smsGateway } from './transports';

export interface EmailToSend {
  organizationId: string | null;
  to: string;
  subject: string;
  /** Plain text: readable in any client, and in the log; the HTML part is made from it. */
  text: string;
  template: string;
  metadata?: Record<string, unknown>;
  attachments?: readonly EmailAttachment[];
}

/**
 * Puts an e-mail in the outbox inside the caller's transaction, so it exists exactly when the
 * change that caused it commits. With an SMTP server configured (`configureEmailTransport`) it is
 * `queued`: its `messaging.send-email` job is enqueued once the transaction commits and sends it
 * (HTML and text parts, with retries); without one it is kept as `captured`.
 */
export async function queueEmail(db: DbOrTx, email: EmailToSend): Promise<OutboundMessage> {
  const metadata = { ...email.metadata };
  if (email.attachments?.length) metadata.attachments = storedAttachments(email.attachments);
  return insertOutboundMessage(db, {
    organizationId: email.organizationId,
    channel: 'email',
    recipient: email.to,
    subject: email.subject,
    body: email.text,
    template: email.template,
    status: emailTransport() ? 'queued' : 'captured',
    metadata,
  });
}

export interface SmsToSend {
  organizationId: string | null;
  /** E.164 (`+22890123456`). */
  recipient: string;
  /** Written in GSM-7 before it is queued (see `toGsm7`). */
  body: string;
  template: string;
  metadata?: Record<string, unknown>;
}

/**
 * Puts an SMS in the outbox inside the caller's transaction, its text kept to GSM-7 so that a
 * message is one segment per 160 characters. With an SMS gateway configured
 * (`configureSmsGateway`) it is `queued`: its `messaging.send-sms` job is enqueued once the
 * transaction commits (a one-time code reaches the phone within a second); without one it is
 * kept as `captured`.
 */
export async function queueSms(db: DbOrTx, sms: SmsToSend): Promise<OutboundMessage> {
  return insertOutboundMessage(db, {
    organizationId: sms.organizationId,
    channel: 'sms',
    recipient: sms.recipient,
    subject: null,
    body: toGsm7(sms.body),
    template: sms.template,
    status: smsGateway() ? 'queued' : 'captured',
    metadata: sms.metadata ?? {},
  });
}
