/** The outbox of messages to people (e-mails and SMS now; WhatsApp later). */
export { queueEmail, queueSms, type EmailToSend, type SmsToSend } from './messaging.service';
export { outboundMessages, type OutboundMessage } from './messaging.tables';
