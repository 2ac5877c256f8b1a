import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { providerEvents, type ProviderEventRow } from './payments.tables';

export type NewProviderEvent = typeof providerEvents.$inferInsert;

/** Stores a delivery; a retry of one already stored (same dedupe key) returns undefined. */
export async function insertProviderEvent(
  db: DbOrTx,
  event: NewProviderEvent,
): Promise<ProviderEventRow | undefined> {
  const [row] = await db.insert(providerEvents).values(event).onConflictDoNothing().returning();
  return row;
}

/** Events not processed yet, oldest first: the worker's queue (it survives a crash). */
export async function findUnprocessedEvents(db: DbOrTx, limit: number, maxTries: number) {
  return db
    .select()
    .from(providerEvents)
    .where(and(isNull(providerEvents.processedAt), lt(providerEvents.tries, maxTries)))
    .orderBy(asc(providerEvents.receivedAt))
    .limit(limit);
}

/**
 * Records how an event was processed, once: when two workers process the same event (they share
 * the queue), the one that applied it keeps its `applied`, not the other's later `unchanged`.
 */
export async function markEventProcessed(
  db: DbOrTx,
  eventId: string,
  outcome: 'applied' | 'unchanged' | 'flagged' | 'deferred',
  lastError?: string,
): Promise<void> {
  await db
    .update(providerEvents)
    .set({ processedAt: sql`now()`, outcome, lastError: lastError ?? null })
    .where(and(eq(providerEvents.id, eventId), isNull(providerEvents.processedAt)));
}

export async function recordEventFailure(db: DbOrTx, eventId: string, error: string) {
  await db
    .update(providerEvents)
    .set({ tries: sql`${providerEvents.tries} + 1`, lastError: error.slice(0, 500) })
    .where(eq(providerEvents.id, eventId));
}
