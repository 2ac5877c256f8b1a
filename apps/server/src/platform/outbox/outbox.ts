import {
  parseEventPayload,
  type EventName,
  type EventPayload,
  type EventPayloadInput,
} from '@ecolage/contracts';
import type { Transaction } from '../db/database';
import { notifyLive } from '../live';
import { outboxEvents } from './outbox.tables';

/** Whose event it is: the school, and the thing it is about (a payment…). */
export interface EventSubject {
  organizationId: string;
  aggregateId: string;
}

/** An event as its handlers read it: the payload parsed with the catalogue's schema. */
export interface PublishedEvent<Name extends EventName = EventName> extends EventSubject {
  id: number;
  name: Name;
  payload: EventPayload<Name>;
  createdAt: Date;
}

/** One event to publish, with its name, subject and payload. */
export type EventToPublish = {
  [Name in EventName]: EventSubject & { name: Name; payload: EventPayloadInput<Name> };
}[EventName];

/**
 * A reaction that must commit with the fact itself (what a person sees at once in the answer that
 * caused it). Registered at the composition root: the publisher never knows who subscribes.
 */
export interface InTransactionSubscriber<Name extends EventName = EventName> {
  /** `module.what`, as in the logs. */
  name: string;
  event: Name;
  handle(tx: Transaction, event: PublishedEvent<Name>): Promise<void>;
}

/** A subscriber to any event of the catalogue. */
export type AnyInTransactionSubscriber = {
  [Name in EventName]: InTransactionSubscriber<Name>;
}[EventName];

/** The live topic told, at commit, that events wait for their handlers. */
export const OUTBOX_TOPIC = 'outbox';

const subscribers = new Map<string, AnyInTransactionSubscriber>();

/**
 * Registers in-transaction subscribers (by name: registering again replaces). Called by the
 * composition root of each process or thread that publishes events.
 */
export function subscribeInTransaction(...added: AnyInTransactionSubscriber[]): void {
  for (const subscriber of added) {
    subscribers.set(subscriber.name, subscriber);
  }
}

/**
 * Records events in the facts' transaction (checked against the catalogue: a bad payload throws
 * and rolls the fact back), then runs the in-transaction subscribers of each. The handlers
 * registered for their names get them after commit, from the dispatcher.
 */
export async function publishEvents(tx: Transaction, events: readonly EventToPublish[]) {
  if (events.length === 0) return;
  const parsed = events.map((event) => ({
    organizationId: event.organizationId,
    aggregateId: event.aggregateId,
    type: event.name,
    payload: parseEventPayload(event.name, event.payload) as Record<string, unknown>,
  }));
  const rows = await tx.insert(outboxEvents).values(parsed).returning();
  // Every process's dispatcher hears of it at commit (PostgreSQL sends one per transaction).
  await notifyLive(tx, OUTBOX_TOPIC);
  for (const row of rows) {
    const published = publishedEvent(row);
    for (const subscriber of subscribers.values()) {
      if (subscriber.event !== published.name) continue;
      await (subscriber as InTransactionSubscriber).handle(tx, published);
    }
  }
}

/** `publishEvents` for one event: `publishEvent(tx, 'payment.refunded', payload, subject)`. */
export async function publishEvent<Name extends EventName>(
  tx: Transaction,
  name: Name,
  payload: EventPayloadInput<Name>,
  subject: EventSubject,
): Promise<void> {
  await publishEvents(tx, [{ ...subject, name, payload } as EventToPublish]);
}

/** The stored row as handlers read it (its payload parsed: a row that no longer parses throws). */
export function publishedEvent(row: typeof outboxEvents.$inferSelect): PublishedEvent {
  const name = row.type as EventName;
  return {
    id: row.id,
    name,
    organizationId: row.organizationId,
    aggregateId: row.aggregateId,
    payload: parseEventPayload(name, row.payload),
    createdAt: row.createdAt,
  };
}
