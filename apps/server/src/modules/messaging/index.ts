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
