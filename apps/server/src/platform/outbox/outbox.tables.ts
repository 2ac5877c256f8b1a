import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Side effects that may run later (receipt, SMS, notifications, automations), written in the same
 * transaction as the fact that causes them (DESIGN.md §4) and handed to their handlers by the
 * worker. A row stays undispatched until every handler of its type has run.
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: uuid('organization_id').notNull(),
    /** `payment.succeeded`, `payment.failed`, … */
    type: text('type').notNull(),
    aggregateId: uuid('aggregate_id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
  },
  (table) => [
    index('outbox_events_undispatched_idx')
      .on(table.type, table.id)
      .where(sql`dispatched_at is null`),
    index('outbox_events_aggregate_idx').on(table.aggregateId),
  ],
);

export type OutboxEventRow = typeof outboxEvents.$inferSelect;
