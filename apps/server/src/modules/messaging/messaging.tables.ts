import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/organizations.tables';

/**
 * Every message Écolage sends (e-mail and SMS now; WhatsApp later). A channel without a provider
 * keeps its messages here as `captured`, so nothing is lost and a developer can read them. With a
 * provider (`SMTP_URL`, `SMS_GATEWAY_URL`) a message is `queued`, taken (`sending`) by the pg-boss
 * job that sends it, then `sent`, or `queued` again for a retry, or `failed` after its last try.
 * What the tries did is kept under `metadata.delivery` (attempts, error, provider's message id).
 */
export const outboundMessages = pgTable(
  'outbound_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for messages about an account rather than a school (password reset). */
    organizationId: uuid('organization_id').references(() => organizations.id),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    template: text('template').notNull(),
    status: text('status', { enum: ['captured', 'queued', 'sending', 'sent', 'failed'] }).notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Serves a school's outbox screen, newest first.
    index('outbound_messages_organization_created_idx').on(table.organizationId, table.createdAt),
    // The sweep's queue: what is waiting to go out (or was being sent by a process that died).
    index('outbound_messages_queued_idx')
      .on(table.createdAt)
      .where(sql`${table.status} in ('queued', 'sending')`),
    check('outbound_messages_channel_check', sql`${table.channel} in ('email', 'sms')`),
    check(
      'outbound_messages_status_check',
      sql`${table.status} in ('captured', 'queued', 'sending', 'sent', 'failed')`,
    ),
  ],
);

export type OutboundMessage = typeof outboundMessages.$inferSelect;
