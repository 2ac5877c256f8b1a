import type { Database } from '../../platform/db/database';
import type { JobDefinition } from '../../platform/jobs/jobs';
import type { FileStorage } from '../../platform/storage';
import { findOrganizationById, readSchoolLogoPng, smallLogo } from '../organizations';
import { deliverOrFail, errorText, type ChannelSender } from './delivery';
import { emailHtml, type EmailSchool } from './email-layout';
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

/** The `cid:` of the school's logo in its e-mails (an inline attachment). */
const LOGO_CID = 'logo-ecole@ecolage';

interface EmailHeader {
  schoolName: string;
  school: EmailSchool | null;
  /** The logo, sent inline with the message. */
  attachments: { filename: string; contentType: string; content: Buffer; cid: string }[];
}

/**
 * Who the message speaks for: the school (its name, colour and logo — « Apparence ») or
 * « Écolage » for account messages. A logo that cannot be read leaves the header with the name.
 */
async function headerOf(
  db: Database,
  files: FileStorage | undefined,
  organizationId: string | null,
): Promise<EmailHeader> {
  const school = organizationId ? await findOrganizationById(db, organizationId) : undefined;
  if (!school) return { schoolName: 'Écolage', school: null, attachments: [] };
  let logo: Buffer | null = null;
  if (files && school.logoFile) {
    const read = () => readSchoolLogoPng(db, files, school.id);
    logo = await smallLogo(`${school.id}:${school.logoVersion}`, read).catch(() => null);
  }
  return {
    schoolName: school.name,
    school: { name: school.name, brandColor: school.brandColor, logoCid: logo ? LOGO_CID : null },
    attachments: logo
      ? [{ filename: 'logo.png', contentType: 'image/png', content: logo, cid: LOGO_CID }]
      : [],
  };
}

/** `<id@domain-of-the-sender>`: the same on a resend, so mail clients show it once. */
function messageIdOf(message: OutboundMessage, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'ecolage.local';
  return `<${message.id}@${domain}>`;
}

/** An SMTP refusal no retry can change (5xx: no such mailbox, rejected). */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** Sends e-mails over SMTP; `files` holds the schools' logos (without it, headers carry no logo). */
export function emailSender(db: Database, files?: FileStorage): ChannelSender {
  return {
    channel: 'email',
    maxAttempts: EMAIL_RETRIES + 1,
    retryDelaySeconds: EMAIL_RETRY_DELAY_SECONDS,
    // nodemailer bounds its own waits (transports.ts).
    callTimeoutMs: 120_000,
    provider: () => (emailTransport() ? 'smtp' : null),
    async send(message) {
      const transport = emailTransport();
      if (!transport) throw new Error('SMTP_URL non configuré dans ce processus');
      const subject = message.subject ?? '';
      const header = await headerOf(db, files, message.organizationId);
      try {
        const info = await transport.transporter.sendMail({
          from: transport.settings.from,
          to: message.recipient,
          subject,
          text: message.body,
          html: emailHtml({
            schoolName: header.schoolName,
            school: header.school,
            subject,
            text: message.body,
          }),
          attachments: [...header.attachments, ...attachmentsOf(message)],
          messageId: messageIdOf(message, transport.settings.from),
        });
        return { kind: 'accepted', providerMessageId: info.messageId };
      } catch (error) {
        // A resent e-mail keeps its Message-ID: a mail client shows it once.
        return isPermanent(error)
          ? { kind: 'permanent', error: errorText(error) }
          : { kind: 'retryable', error: errorText(error) };
      }
    },
  };
}

/** Sends one queued e-mail (`{ messageId }`); a refusal fails the job, which pg-boss retries. */
export function sendEmailJob(
  db: Database,
  files?: FileStorage,
): JobDefinition<{ messageId: string }> {
  const sender = emailSender(db, files);
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
