import { and, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/database';
import { outboxDeliveries, outboxEvents } from './outbox.tables';

/** A delivery that is failing (waiting for its next attempt) or dead, for `npm run events:failed`. */
export interface FailedDelivery {
  id: number;
  organizationId: string;
  eventId: number;
  event: string;
  aggregateId: string;
  handler: string;
  status: 'pending' | 'dead';
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
}

/** Dead deliveries and those failing, newest first. */
export async function listFailedDeliveries(db: DbOrTx, limit = 200): Promise<FailedDelivery[]> {
  const rows = await db
    .select({
      id: outboxDeliveries.id,
      organizationId: outboxDeliveries.organizationId,
      eventId: outboxDeliveries.eventId,
      event: outboxEvents.type,
      aggregateId: outboxEvents.aggregateId,
      handler: outboxDeliveries.handler,
      status: outboxDeliveries.status,
      attempts: outboxDeliveries.attempts,
      nextAttemptAt: outboxDeliveries.nextAttemptAt,
      lastError: outboxDeliveries.lastError,
    })
    .from(outboxDeliveries)
    .innerJoin(outboxEvents, eq(outboxEvents.id, outboxDeliveries.eventId))
    .where(
      or(
        eq(outboxDeliveries.status, 'dead'),
        and(eq(outboxDeliveries.status, 'pending'), gt(outboxDeliveries.attempts, 0)),
      ),
    )
    .orderBy(desc(outboxDeliveries.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, status: row.status as FailedDelivery['status'] }));
}

/**
 * Replays deliveries now, once their cause is fixed: dead or failing ones go back to pending, due
 * at once, with a fresh count of attempts (the last error stays until one succeeds). `ids`: those
 * deliveries; 'all': every dead or failing one. Returns how many.
 */
export async function retryDeliveries(db: DbOrTx, ids: readonly number[] | 'all'): Promise<number> {
  const failed = or(
    eq(outboxDeliveries.status, 'dead'),
    and(eq(outboxDeliveries.status, 'pending'), gt(outboxDeliveries.attempts, 0)),
  );
  if (ids !== 'all' && ids.length === 0) return 0;
  const replayed = await db
    .update(outboxDeliveries)
    .set({
      status: 'pending',
      nextAttemptAt: sql`now()`,
      attempts: 0,
    })
    .where(ids === 'all' ? failed : and(failed, inArray(outboxDeliveries.id, [...ids])))
    .returning({ id: outboxDeliveries.id });
  return replayed.length;
}
