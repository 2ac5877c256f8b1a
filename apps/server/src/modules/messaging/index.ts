/**
 * The outbox of messages to people — e-mail, SMS, WhatsApp (docs/decisions/0020): written in the
 * caller's transaction, taken after the commit by each process's sending loop (message-pump.ts:
 * batches claimed with SKIP LOCKED, 16 calls in flight) or by the pg-boss jobs
 * `messaging.send-email|send-sms|send-whatsapp` the minute's `messaging.sweep` enqueues for what
 * was left behind; sent through one adapter per provider (Twilio, Infobip, an HTTP aggregator,
 * the WhatsApp Cloud API, SMTP), retried with backoff, then `dead`; delivery reports stored and
 * applied (`messageWebhookRoutes`); WhatsApp falls back to one SMS.
 */
export type { MessageCategory, MessageStatus as OutboundMessageStatus } from '@ecolage/contracts';
export {
  messageCountsByBatch,
  queueEmail,
  queueMessageBatch,
  queueSms,
  queueWhatsApp,
  type EmailToSend,
  type MessageBatch,
  type SmsToSend,
  type WhatsAppTemplate,
  type WhatsAppToSend,
} from './messaging.service';
export type { OutboundMessage } from './messaging.tables';
export type { EmailAttachment } from './email-sender';
export { createMessaging, type Messaging } from './message-dispatch';
export {
  configureEmailTransport,
  configureSmsGateway,
  configureWhatsApp,
  type EmailSettings,
  type SmsGateway,
  type WhatsAppSettings,
} from './transports';
export { messagingSettingsFromEnv } from './channels/settings-from-env';
export {
  countMessagesTo,
  findMessageStatuses,
  type MessageStatusRow,
} from './messages/messages.service';
export { messagesRoutes } from './messages/messages.routes';
// Platform-wide figures for the metrics (composition/database-gauges.ts).
export { waitingMessages } from './message-backlog.repository';
export { messageWebhookRoutes } from './delivery-reports/webhooks.routes';
// Our own short links `/s/<code>` and the opt-out by a link (short-links/, opt-outs/).
export {
  createShortLink,
  shortLinkFor,
  shortLinkUrl,
  type CreatedShortLink,
  type ShortLinkToCreate,
} from './short-links/short-links.service';
export type { ShortLinkRow } from './short-links/short-links.tables';
export { shortLinkClicks } from './short-links/short-links.repository';
export { shortLinkRoutes, type LinkRoutesOptions } from './short-links/short-links.routes';
export { configureMessageLinks } from './opt-outs/opt-out-tokens';
export {
  cancelOptOut,
  isOptedOut,
  optedOutRecipients,
  optOutUrl,
  optOutUrls,
  recordOptOut,
} from './opt-outs/opt-outs.service';
export type { MessageOptOutRow } from './opt-outs/opt-outs.tables';
export { optOutRoutes } from './opt-outs/opt-outs.routes';
