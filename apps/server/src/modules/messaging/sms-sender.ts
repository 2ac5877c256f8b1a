import type { Database } from '../../platform/db/database';
import type { JobDefinition } from '../../platform/jobs/jobs';
import { deliverOrFail, type ChannelSender } from './delivery';
import { whatsappTemplateOf } from './messaging.service';
import { smsAdapter, whatsappChannel } from './transports';

export const SEND_SMS_JOB = 'messaging.send-sms';
export const SEND_WHATSAPP_JOB = 'messaging.send-whatsapp';
/** 4 tries: at once, then about 10 s, 20 s and 40 s later (or the provider's Retry-After). */
const SMS_RETRIES = 3;
const SMS_RETRY_DELAY_SECONDS = 10;
const CALL_TIMEOUT_MS = 5_000;

export const smsSender: ChannelSender = {
  channel: 'sms',
  maxAttempts: SMS_RETRIES + 1,
  retryDelaySeconds: SMS_RETRY_DELAY_SECONDS,
  callTimeoutMs: CALL_TIMEOUT_MS,
  provider: () => smsAdapter()?.provider ?? null,
  async send(message, options) {
    const adapter = smsAdapter();
    if (!adapter) throw new Error('aucun fournisseur SMS configuré dans ce processus');
    return adapter.send(
      {
        id: message.id,
        channel: 'sms',
        to: message.recipient,
        text: message.body,
        category: message.category,
      },
      options,
    );
  },
};

export const whatsappSender: ChannelSender = {
  channel: 'whatsapp',
  maxAttempts: SMS_RETRIES + 1,
  retryDelaySeconds: SMS_RETRY_DELAY_SECONDS,
  callTimeoutMs: 10_000,
  provider: () => (whatsappChannel() ? 'whatsapp' : null),
  async send(message, options) {
    const adapter = whatsappChannel();
    if (!adapter) throw new Error('WhatsApp non configuré dans ce processus');
    const template = whatsappTemplateOf(message);
    if (!template) return { kind: 'permanent', error: 'modèle WhatsApp absent du message' };
    return adapter.send(
      {
        id: message.id,
        channel: 'whatsapp',
        to: message.recipient,
        text: message.body,
        category: message.category,
        template,
      },
      options,
    );
  },
};

/**
 * Sends one queued SMS (`{ messageId }`); a try to retry fails the job, which pg-boss retries.
 * 16 at once per process: a reminder batch of 50,000 keeps the provider busy.
 */
export function sendSmsJob(db: Database): JobDefinition<{ messageId: string }> {
  return {
    name: SEND_SMS_JOB,
    retryLimit: SMS_RETRIES,
    retryDelaySeconds: SMS_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    concurrency: 16,
    async run({ messageId }) {
      await deliverOrFail(db, messageId, smsSender);
    },
  };
}

/** Sends one queued WhatsApp template message; its SMS is queued when it fails for good. */
export function sendWhatsAppJob(db: Database): JobDefinition<{ messageId: string }> {
  return {
    name: SEND_WHATSAPP_JOB,
    retryLimit: SMS_RETRIES,
    retryDelaySeconds: SMS_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    concurrency: 8,
    async run({ messageId }) {
      await deliverOrFail(db, messageId, whatsappSender);
    },
  };
}
