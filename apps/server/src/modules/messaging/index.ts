/**
 * The outbox of messages to people (e-mails and SMS now; WhatsApp later): written in the caller's
 * transaction, sent after the commit by the pg-boss jobs `messaging.send-email` and
 * `messaging.send-sms` (retries, then `failed`), with `messaging.sweep` every minute for what a
 * crash left behind.
 */
export { queueEmail, queueSms, type EmailToSend, type SmsToSend } from './messaging.service';
export type { OutboundMessage } from './messaging.tables';
export type { EmailAttachment } from './email-sender';
export { createMessaging, type Messaging } from './message-dispatch';
export {
  configureEmailTransport,
  configureSmsGateway,
  type EmailSettings,
  type SmsGateway,
} from './transports';
// Our own short links `/s/<code>` and the opt-out by a link (short-links/, opt-outs/).
export {
  createShortLink,
  shortLinkFor,
  shortLinkUrl,
  type CreatedShortLink,
  type ShortLinkToCreate,
} from './short-links/short-links.service';
export type { ShortLinkRow } from './short-links/short-links.tables';
export { shortLinkRoutes, type LinkRoutesOptions } from './short-links/short-links.routes';
export { configureMessageLinks } from './opt-outs/opt-out-tokens';
export {
  cancelOptOut,
  isOptedOut,
  optedOutRecipients,
  optOutUrl,
  recordOptOut,
} from './opt-outs/opt-outs.service';
export type { MessageOptOutRow } from './opt-outs/opt-outs.tables';
export { optOutRoutes } from './opt-outs/opt-outs.routes';
