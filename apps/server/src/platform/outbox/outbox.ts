import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/database';
import { outboxEvents, type OutboxEventRow } from './outbox.tables';

export interface OutboxEventInput {
  organizationId: string;
  type: string;
  aggregateId: string;
  payload: Record<string, unknown>;
}

/** Records side effects to run after commit; call it inside the facts' transaction. */
export async function recordOutboxEvents(
  tx: Transaction,
  events: OutboxEventInput[],
): Promise<void> {
  if (events.length === 0) return;
  await tx.insert(outboxEvents).values(events);
}

export async function recordOutboxEvent(tx: Transaction, event: OutboxEventInput): Promise<void> {
  await recordOutboxEvents(tx, [event]);
}

/** Runs inside the transaction that marks the event dispatched: its writes commit with the mark. */
export type OutboxHandler = (tx: Transaction, event: OutboxEventRow) => Promise<void>;

/**
 * Hands undispatched events of the types that have handlers to them, oldest first, and marks each
 * dispatched in the same transaction as its handlers' writes. Events of a type nobody handles yet wait for their handler.
 */
export async function dispatchOutbox(
  db: Database,
  handlers: ReadonlyMap<string, readonly OutboxHandler[]>,
  batchSize = 100,
): Promise<number> {
  const types = [...handlers.keys()];
  if (types.length === 0) return 0;
  return db.transaction(async (tx) => {
    const batch = await tx
      .select()
      .from(outboxEvents)
      .where(and(isNull(outboxEvents.dispatchedAt), inArray(outboxEvents.type, types)))
      .orderBy(asc(outboxEvents.id))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    for (const event of batch) {
      for (const handler of handlers.get(event.type) ?? []) await handler(tx, event);
      await tx
        .update(outboxEvents)
        .set({ dispatchedAt: sql`now()` })
        .where(eq(outboxEvents.id, event.id));
    }
    return batch.length;
  });
}
