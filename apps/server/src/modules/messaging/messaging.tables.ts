import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/organizations.tables';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Every message Écolage sends: e-mail, SMS, WhatsApp (docs/decisions/0020). A channel without a
 * provider keeps its messages here as `captured`, so nothing is lost and a developer can read
 * them. With a provider a message is `queued`, taken (`sending`, `attempts` counted) by the job
 * that sends it, then `sent` (the provider took it: `provider`, `provider_message_id`), then
 * `delivered` when its delivery report says so; `queued` again for a retry (not before
 * `next_attempt_at`); `failed` when the provider refused it for good or reported it undelivered;
 * `dead` when every try failed (the dead letter, sent again by a person).
 */
export const outboundMessages = pgTable(
  'outbound_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for messages about an account rather than a school (password reset). */
    organizationId: uuid('organization_id').references(() => organizations.id),
    channel: text('channel', { enum: ['email', 'sms', 'whatsapp'] }).notNull(),
    /** transactional (receipts, codes: always sent), reminder, notice, marketing (opt-out per category). */
    category: text('category', { enum: ['transactional', 'reminder', 'notice', 'marketing'] })
      .notNull()
      .default('transactional'),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    /** The text sent; for WhatsApp, the SMS sent instead when WhatsApp fails. */
    body: text('body').notNull(),
    /** What produced it (`receipt`, `payer.code`…); for WhatsApp, the template's name. */
    template: text('template').notNull(),
    status: text('status', {
      enum: ['captured', 'queued', 'sending', 'sent', 'delivered', 'failed', 'dead'],
    }).notNull(),
    /** The caller's details; `whatsapp` holds the template (name, language, params). */
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    /** Tries made (a retry by a person starts again at 0). */
    attempts: integer('attempts').notNull().default(0),
    /** Not tried before this instant (a retry's backoff, a provider's Retry-After). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the try in progress took it (`sending`): a process that died is noticed by it. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** The last try's error or the delivery report's, in the provider's words. */
    lastError: text('last_error'),
    /** twilio, infobip, http, gateway, whatsapp, smtp: who took it. */
    provider: text('provider'),
    providerMessageId: text('provider_message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** The WhatsApp message this SMS replaces (its fallback): one at most per WhatsApp message. */
    fallbackOf: uuid('fallback_of').references((): AnyPgColumn => outboundMessages.id),
    /** The caller's key: a second message with the same key in the school is never made. */
    dedupeKey: text('dedupe_key'),
    /**
     * The caller's name for messages sent together (a campaign: `campaign:<id>`): their statuses
     * are counted by it (`countMessagesByBatch`).
     */
    batchKey: text('batch_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Serves a school's outbox screen, newest first.
    index('outbound_messages_organization_created_idx').on(table.organizationId, table.createdAt),
    index('outbound_messages_organization_status_created_idx').on(
      table.organizationId,
      table.status,
      table.createdAt,
    ),
    // The sweep's queue: what is waiting to go out (or was being sent by a process that died).
    index('outbound_messages_waiting_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} in ('queued', 'sending')`),
    // Delivery reports name the provider's id.
    index('outbound_messages_provider_message_idx')
      .on(table.provider, table.providerMessageId)
      .where(sql`${table.providerMessageId} is not null`),
    // Per-recipient caps count a phone's recent messages.
    index('outbound_messages_recipient_created_idx').on(table.recipient, table.createdAt),
    uniqueIndex('outbound_messages_dedupe_key_unique')
      .on(
        sql`coalesce(${table.organizationId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
        table.dedupeKey,
      )
      .where(sql`${table.dedupeKey} is not null`),
    // A sending's delivery figures: its messages' statuses counted without reading the rows.
    index('outbound_messages_organization_batch_status_idx')
      .on(table.organizationId, table.batchKey, table.status)
      .where(sql`${table.batchKey} is not null`),
    uniqueIndex('outbound_messages_fallback_of_unique')
      .on(table.fallbackOf)
      .where(sql`${table.fallbackOf} is not null`),
    check('outbound_messages_channel_check', sql`${table.channel} in ('email', 'sms', 'whatsapp')`),
    check(
      'outbound_messages_category_check',
      sql`${table.category} in ('transactional', 'reminder', 'notice', 'marketing')`,
    ),
    check(
      'outbound_messages_status_check',
      sql`${table.status} in ('captured', 'queued', 'sending', 'sent', 'delivered', 'failed', 'dead')`,
    ),
  ],
);

export type OutboundMessage = typeof outboundMessages.$inferSelect;

/**
 * Every delivery report a provider sent, stored as received before anything else — those whose
 * signature or token is wrong too (refused, kept for review). `dedupe_key` (the provider's
 * idempotency token, else the body's hash, apart for the unverified) makes a retried report one
 * row; `processed_at` and `outcome` say what applying it did.
 */
export const messageDeliveryReports = pgTable(
  'message_delivery_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    /** The path called, its secret token masked. */
    path: text('path').notNull(),
    /** The headers that matter: content type, signature, idempotency token, user agent. */
    headers: jsonb('headers').$type<Record<string, string>>().notNull(),
    rawBody: bytea('raw_body').notNull(),
    signatureValid: boolean('signature_valid').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** refused, applied (n events), unchanged, unknown (no such message), unreadable. */
    outcome: text('outcome'),
  },
  (table) => [
    uniqueIndex('message_delivery_reports_dedupe_key').on(table.provider, table.dedupeKey),
    index('message_delivery_reports_received_idx').on(table.receivedAt),
  ],
);

export type MessageDeliveryReport = typeof messageDeliveryReports.$inferSelect;
