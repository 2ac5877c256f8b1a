/** The outbox of messages to people (e-mail now; SMS and WhatsApp later). */
export { queueEmail, queueSms, type EmailToSend, type SmsToSend } from './messaging.service';
export { toGsm7 } from './sms-text';
export { outboundMessages, type OutboundMessage } from './messaging.tables';
