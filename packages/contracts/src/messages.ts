import { z } from 'zod';
import { pageOf, pageQuery, pageSizeQuery } from './common';

/**
 * The messages a school sends (the outbox, module `messaging`): every SMS, WhatsApp and e-mail
 * with its status. « Messages » in Automatisations lists them (`GET /api/messages`) and sends a
 * failed or dead one again (`POST /api/messages/:id/retry`).
 */
export const messageChannelValues = ['email', 'sms', 'whatsapp'] as const;
export const messageChannelSchema = z.enum(messageChannelValues);
export type MessageChannel = z.infer<typeof messageChannelSchema>;

/**
 * - `captured`: no provider configured for its channel (development): kept, never sent;
 * - `queued`: waiting for its try (or its retry); `sending`: a try is calling the provider;
 * - `sent`: the provider took it; `delivered`: the provider says the phone or mailbox has it;
 * - `failed`: the provider refused it for good or reported it undelivered;
 * - `dead`: every try failed (the dead letter): a person may send it again.
 */
export const messageStatusValues = [
  'captured',
  'queued',
  'sending',
  'sent',
  'delivered',
  'failed',
  'dead',
] as const;
export const messageStatusSchema = z.enum(messageStatusValues);
export type MessageStatus = z.infer<typeof messageStatusSchema>;

/**
 * Why a message is sent: `transactional` (receipts, one-time codes, answers to what the person
 * did: always sent, at any hour), `reminder` (due-date and overdue reminders: quiet hours, caps,
 * opt-out), `notice` (news from the school: opt-out), `marketing` (the school's e-mail and SMS
 * campaigns, « les annonces de l'école »: opt-out of their own, so a parent who stops them still
 * gets receipts, reminders and notices).
 */
export const messageCategoryValues = ['transactional', 'reminder', 'notice', 'marketing'] as const;
export const messageCategorySchema = z.enum(messageCategoryValues);
export type MessageCategory = z.infer<typeof messageCategorySchema>;

/** The statuses a person may filter the list on. */
export const messageListStatusValues = ['queued', 'sent', 'delivered', 'failed', 'dead'] as const;

/** `GET /api/messages?status=&channel=&page=&pageSize=` */
export const messagesQuerySchema = z.object({
  ...pageQuery,
  pageSize: pageSizeQuery(20),
  status: z.enum(messageListStatusValues).optional(),
  channel: messageChannelSchema.optional(),
});
export type MessagesQuery = z.infer<typeof messagesQuerySchema>;

export const messageItemSchema = z.object({
  id: z.uuid(),
  channel: messageChannelSchema,
  category: messageCategorySchema,
  /** E.164 phone or e-mail address, whole (staff of the school read it). */
  recipient: z.string(),
  /** E-mail subject; null for SMS and WhatsApp. */
  subject: z.string().nullable(),
  /** The text sent (the SMS, the e-mail's text part, WhatsApp's SMS fallback text). */
  body: z.string(),
  status: messageStatusSchema,
  attempts: z.number().int(),
  /** The last try's or the delivery report's error, in the provider's words. */
  error: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  /** What produced it (`receipt`, `reminder`, `payer-code`…) or the WhatsApp template's name. */
  template: z.string(),
  /** Id of the WhatsApp message this SMS replaces (its fallback); null otherwise. */
  fallbackOf: z.uuid().nullable(),
});
export type MessageItem = z.infer<typeof messageItemSchema>;

export const messagesPageSchema = pageOf(messageItemSchema);
export type MessagesPage = z.infer<typeof messagesPageSchema>;

/** `POST /api/messages/:id/retry`: the message queued again, attempts reset. */
export const messageRetryResultSchema = z.object({ message: messageItemSchema });
export type MessageRetryResult = z.infer<typeof messageRetryResultSchema>;

export const MessagesMessages = {
  notFound: 'Message introuvable.',
  notRetryable:
    'Seul un message en échec ou abandonné (lettre morte) peut être renvoyé ; celui-ci ne l’est pas.',
} as const;
