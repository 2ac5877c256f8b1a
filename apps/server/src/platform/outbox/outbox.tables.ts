import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Domain events (the catalogue in @ecolage/contracts), written in the same transaction as the fact
 * that causes them (DESIGN.md §4) by `publishEvent`. The dispatcher hands each one to the handlers
 * registered for its name: `dispatched_at` is when it was handed over (one delivery per handler).
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: uuid('organization_id').notNull(),
    /** The event's name in the catalogue: `payment.succeeded`, `payment.refunded`. */
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

export const deliveryStatusValues = ['pending', 'done', 'dead'] as const;
export type DeliveryStatus = (typeof deliveryStatusValues)[number];

/**
 * One event for one handler: each handler's progress on its own, so that a failing handler or
 * event holds nobody else back. `pending` with attempts > 0 is failing and waits for
 * `next_attempt_at` (exponential backoff); `dead` after the last attempt, until an operator
 * replays it (`npm run events:retry`); `done` when the handler's writes committed.
 */
export const outboxDeliveries = pgTable(
  'outbox_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => outboxEvents.id),
    /** The handler's name, `module.what`: `receipts.issue-receipt`. */
    handler: text('handler').notNull(),
    organizationId: uuid('organization_id').notNull(),
    status: text('status', { enum: deliveryStatusValues }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('outbox_deliveries_event_handler_key').on(table.eventId, table.handler),
    index('outbox_deliveries_due_idx')
      .on(table.nextAttemptAt, table.id)
      .where(sql`status = 'pending'`),
    index('outbox_deliveries_dead_idx')
      .on(table.id)
      .where(sql`status = 'dead'`),
    check('outbox_deliveries_status_check', sql`${table.status} in ('pending', 'done', 'dead')`),
  ],
);

export type OutboxEventRow = typeof outboxEvents.$inferSelect;
export type OutboxDeliveryRow = typeof outboxDeliveries.$inferSelect;
