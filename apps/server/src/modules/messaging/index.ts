/** The outbox of messages to people (e-mail now; SMS and WhatsApp later). */
export { queueEmail, type EmailToSend } from './messaging.service';
export { outboundMessages, type OutboundMessage } from './messaging.tables';
