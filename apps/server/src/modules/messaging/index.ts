/** The outbox of messages to people (e-mails and SMS now; WhatsApp later). */
export { queueEmail, queueSms, type EmailToSend, type SmsToSend } from './messaging.service';
export { outboundMessages, type OutboundMessage } from './messaging.tables';
export {
  configureSmsGateway,
  deliverQueuedSms,
  sendQueuedSmsSoon,
  startSmsSender,
  type SmsDeliveryReport,
  type SmsGateway,
  type SmsSender,
} from './sms-sender';
