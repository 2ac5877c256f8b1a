import type { Database } from '../../platform/db/database';
import type { JobDefinition } from '../../platform/jobs/jobs';
import { findOrganizationsByIds } from '../organizations';
import { deliverOrFail, type ChannelSender } from './delivery';
import { emailHtml } from './email-layout';
import type { OutboundMessage } from './messaging.tables';
import { emailTransport } from './transports';

export const SEND_EMAIL_JOB = 'messaging.send-email';
/** 6 tries: at once, then about 30 s, 1 min, 2 min, 4 min and 8 min later. */
const EMAIL_RETRIES = 5;
const EMAIL_RETRY_DELAY_SECONDS = 30;

/** A file sent with an e-mail, kept in the outbox row (`metadata.attachments`) until it leaves. */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

interface StoredAttachment {
  filename: string;
  contentType: string;
  /** Base64. */
  content: string;
}

export function storedAttachments(attachments: readonly EmailAttachment[]): StoredAttachment[] {
  return attachments.map((attachment) => ({
    filename: attachment.filename,
    contentType: attachment.contentType,
    content: attachment.content.toString('base64'),
  }));
}

function attachmentsOf(message: OutboundMessage) {
  const stored = message.metadata.attachments as StoredAttachment[] | undefined;
  return (stored ?? []).map((attachment) => ({
    filename: attachment.filename,
    contentType: attachment.contentType,
    content: Buffer.from(attachment.content, 'base64'),
  }));
}

/** The school's name at the top of the HTML part; « Écolage » for account messages. */
async function schoolNameOf(db: Database, organizationId: string | null): Promise<string> {
  if (!organizationId) return 'Écolage';
  const [school] = await findOrganizationsByIds(db, [organizationId]);
  return school?.name ?? 'Écolage';
}

/** `<id@domain-of-the-sender>`: the same on a resend, so mail clients show it once. */
function messageIdOf(message: OutboundMessage, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'ecolage.local';
  return `<${message.id}@${domain}>`;
}

export function emailSender(db: Database): ChannelSender {
  return {
    channel: 'email',
    maxAttempts: EMAIL_RETRIES + 1,
    retryDelaySeconds: EMAIL_RETRY_DELAY_SECONDS,
    async send(message) {
      const transport = emailTransport();
      if (!transport) throw new Error('SMTP_URL non configuré dans ce processus');
      const subject = message.subject ?? '';
      const info = await transport.transporter.sendMail({
        from: transport.settings.from,
        to: message.recipient,
        subject,
        text: message.body,
        html: emailHtml({
          schoolName: await schoolNameOf(db, message.organizationId),
          subject,
          text: message.body,
        }),
        attachments: attachmentsOf(message),
        messageId: messageIdOf(message, transport.settings.from),
      });
      return { providerMessageId: info.messageId };
    },
    isPermanent(error) {
      const code = (error as { responseCode?: unknown }).responseCode;
      return typeof code === 'number' && code >= 500 && code < 600;
    },
  };
}

/** Sends one queued e-mail (`{ messageId }`); a refusal fails the job, which pg-boss retries. */
export function sendEmailJob(db: Database): JobDefinition<{ messageId: string }> {
  const sender = emailSender(db);
  return {
    name: SEND_EMAIL_JOB,
    retryLimit: EMAIL_RETRIES,
    retryDelaySeconds: EMAIL_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    concurrency: 2,
    async run({ messageId }) {
      await deliverOrFail(db, messageId, sender);
    },
  };
}
