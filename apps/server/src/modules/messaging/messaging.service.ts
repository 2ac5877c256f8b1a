import { toGsm7, type MessageCategory, type MessageStatus } from '@ecolage/contracts';
import type { DbOrTx } from '../../platform/db/database';
import { storedAttachments, type EmailAttachment } from './email-sender';
import {
  countMessagesByBatch,
  insertOutboundMessage,
  insertOutboundMessageBatch,
} from './messaging.repository';
import type { OutboundMessage } from './messaging.tables';
import { emailTransport, smsGateway, whatsappSettings } from './transports';

interface Queued {
  /** Why it is sent: `transactional` by default (receipts, codes, answers). */
  category?: MessageCategory;
  /**
   * The caller's key for this message (a reminder's invoice × rule × occurrence × channel ×
   * recipient): a second queue with the same key in the school returns the first message.
   */
  dedupeKey?: string;
  metadata?: Record<string, unknown>;
}

export interface EmailToSend extends Queued {
  organizationId: string | null;
  to: string;
  subject: string;
  /** Plain text: readable in any client, and in the log; the HTML part is made from it. */
  text: string;
  template: string;
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
    category: email.category ?? 'transactional',
    recipient: email.to,
    subject: email.subject,
    body: email.text,
    template: email.template,
    status: emailTransport() ? 'queued' : 'captured',
    metadata,
    dedupeKey: email.dedupeKey ?? null,
  });
}

export interface SmsToSend extends Queued {
  organizationId: string | null;
  /** E.164 (`+22890123456`). */
  recipient: string;
  /** Written in GSM-7 before it is queued (see `toGsm7`). */
  body: string;
  template: string;
  /** The WhatsApp message this SMS replaces (its fallback). */
  fallbackOf?: string;
}

/**
 * Puts an SMS in the outbox inside the caller's transaction, its text kept to GSM-7 where it can
 * be (é è à ù É stay) so that a message is one segment per 160 characters. With an SMS provider
 * configured (`configureSmsGateway`) it is `queued`: its `messaging.send-sms` job is enqueued once
 * the transaction commits (a one-time code reaches the phone within a second); without one it is
 * kept as `captured`.
 */
export async function queueSms(db: DbOrTx, sms: SmsToSend): Promise<OutboundMessage> {
  return insertOutboundMessage(db, {
    organizationId: sms.organizationId,
    channel: 'sms',
    category: sms.category ?? 'transactional',
    recipient: sms.recipient,
    subject: null,
    body: toGsm7(sms.body),
    template: sms.template,
    status: smsGateway() ? 'queued' : 'captured',
    metadata: sms.metadata ?? {},
    dedupeKey: sms.dedupeKey ?? null,
    fallbackOf: sms.fallbackOf ?? null,
  });
}

export interface MessageBatch {
  organizationId: string;
  channel: 'email' | 'sms';
  category: MessageCategory;
  template: string;
  /** Names the batch (a campaign: `campaign:<id>`): `messageCountsByBatch` counts by it. */
  batchKey: string;
  /** Not sent before this instant (the school's quiet hours); at once when absent. */
  notBefore?: Date;
  messages: readonly {
    /** A lower-cased e-mail or an E.164 phone. */
    recipient: string;
    /** E-mail only. */
    subject?: string;
    /** The e-mail's text part (its HTML is made from it at sending), or the SMS (GSM-7 kept). */
    text: string;
    /** Unique in the school: a message already made with it is not made again. */
    dedupeKey: string;
  }[];
}

/**
 * Puts many messages of one school, channel and category in the outbox inside the caller's
 * transaction, by statements of 5,000 rows taking arrays (a campaign to 20,000 parents is four
 * statements, not 20,000 round trips): `queued` with a provider for the channel, else `captured`, as `queueEmail` and
 * `queueSms` do one by one. Returns how many were made (a repeated dedupe key makes none).
 */
export async function queueMessageBatch(db: DbOrTx, batch: MessageBatch): Promise<number> {
  const configured = batch.channel === 'email' ? emailTransport() : smsGateway();
  return insertOutboundMessageBatch(db, {
    organizationId: batch.organizationId,
    channel: batch.channel,
    category: batch.category,
    template: batch.template,
    status: configured ? 'queued' : 'captured',
    batchKey: batch.batchKey,
    nextAttemptAt: batch.notBefore ?? null,
    messages: batch.messages.map((message) => ({
      recipient: message.recipient,
      subject: batch.channel === 'email' ? (message.subject ?? '') : null,
      body: batch.channel === 'sms' ? toGsm7(message.text) : message.text,
      dedupeKey: message.dedupeKey,
    })),
  });
}

/** How many messages of each batch of the school are in each status (absent: none). */
export async function messageCountsByBatch(
  db: DbOrTx,
  organizationId: string,
  batchKeys: readonly string[],
): Promise<Map<string, Partial<Record<MessageStatus, number>>>> {
  const counts = new Map<string, Partial<Record<MessageStatus, number>>>();
  for (const row of await countMessagesByBatch(db, organizationId, batchKeys)) {
    counts.set(row.batchKey, { ...counts.get(row.batchKey), [row.status]: row.total });
  }
  return counts;
}

export interface WhatsAppTemplate {
  /** The approved template's name: lowercase `[a-z0-9_]`. */
  name: string;
  language: 'fr';
  /** Its named body parameters (`{{eleve}}` → `eleve`). */
  params: Record<string, string>;
  /** Its URL buttons' dynamic suffixes (« Payer » → `/s/{{1}}`: the short link's code). */
  buttonParams?: string[];
}

export interface WhatsAppToSend extends Queued {
  organizationId: string | null;
  /** E.164 (`+22890123456`). */
  recipient: string;
  template: WhatsAppTemplate;
  /** The SMS sent instead when WhatsApp fails or the number has no WhatsApp. */
  fallbackText: string;
  category: MessageCategory;
}

/**
 * Puts a WhatsApp template message in the outbox inside the caller's transaction. When WhatsApp
 * is not configured, its SMS (`fallbackText`) is queued at once instead, saying so in its
 * metadata (`whatsapp: 'not_configured'`). When WhatsApp refuses it or reports it failed (the
 * number has no WhatsApp: 131026), the SMS is queued then, once (docs/decisions/0020).
 */
export async function queueWhatsApp(db: DbOrTx, message: WhatsAppToSend): Promise<OutboundMessage> {
  if (!/^[a-z0-9_]{1,512}$/.test(message.template.name)) {
    throw new Error(`nom de modèle WhatsApp invalide : ${message.template.name}`);
  }
  if (!whatsappSettings()) {
    return queueSms(db, {
      organizationId: message.organizationId,
      recipient: message.recipient,
      body: message.fallbackText,
      template: message.template.name,
      category: message.category,
      ...(message.dedupeKey ? { dedupeKey: message.dedupeKey } : {}),
      metadata: {
        ...message.metadata,
        whatsapp: 'not_configured',
        whatsappTemplate: message.template,
      },
    });
  }
  return insertOutboundMessage(db, {
    organizationId: message.organizationId,
    channel: 'whatsapp',
    category: message.category,
    recipient: message.recipient,
    subject: null,
    body: message.fallbackText,
    template: message.template.name,
    status: 'queued',
    metadata: { ...message.metadata, whatsapp: message.template },
    dedupeKey: message.dedupeKey ?? null,
  });
}

/** The template a WhatsApp row carries (`metadata.whatsapp`). */
export function whatsappTemplateOf(message: OutboundMessage): WhatsAppTemplate | undefined {
  const template = message.metadata.whatsapp;
  if (!template || typeof template !== 'object') return undefined;
  const { name, language, params, buttonParams } = template as Partial<WhatsAppTemplate>;
  if (typeof name !== 'string' || !params || typeof params !== 'object') return undefined;
  return {
    name,
    language: language ?? 'fr',
    params,
    ...(Array.isArray(buttonParams) ? { buttonParams } : {}),
  };
}
