import type { EventName } from '@ecolage/contracts';
import { runInContext } from '../observability/request-context';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/database';
import { isConcurrencyFailure } from '../db/errors';
import { publishedEvent, type PublishedEvent } from './outbox';
import { outboxDeliveries, outboxEvents } from './outbox.tables';

/**
 * A reaction to an event after its fact committed, registered at the composition root. It runs in
 * the transaction that marks its delivery done, so its writes commit with the mark, at most once
 * per event; it must still be idempotent (a crash between its outside effects and the commit
 * runs it again).
 */
export interface EventHandler<Name extends EventName = EventName> {
  /** `module.what`: `receipts.issue-receipt`. Stored with each delivery: renaming one starts over. */
  name: string;
  event: Name;
  handle(tx: Transaction, event: PublishedEvent<Name>): Promise<void>;
}

/** A handler of any event of the catalogue. */
export type AnyEventHandler = { [Name in EventName]: EventHandler<Name> }[EventName];

/** How often a failing delivery is tried: 10 s, 20 s, 40 s… (at most an hour) then dead. */
export interface DeliveryPolicy {
  maxAttempts: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
}

export const defaultDeliveryPolicy: DeliveryPolicy = {
  maxAttempts: 8,
  firstDelaySeconds: 10,
  maxDelaySeconds: 3_600,
};

/** Seconds before the next attempt after `attempts` failures (exponential backoff). */
export function retryDelaySeconds(attempts: number, policy = defaultDeliveryPolicy): number {
  return Math.min(policy.maxDelaySeconds, policy.firstDelaySeconds * 2 ** (attempts - 1));
}

/**
 * Hands undispatched events to their handlers: one delivery row per (event, handler), the event
 * marked dispatched, in one statement (events locked by another dispatcher are skipped). Events of
 * a name nobody handles here wait. Returns how many events were handed over.
 */
export async function fanOutEvents(
  db: Database,
  handlers: readonly AnyEventHandler[],
  limit = 200,
): Promise<number> {
  if (handlers.length === 0) return 0;
  const pairs = JSON.stringify(
    handlers.map((handler) => ({ type: handler.event, handler: handler.name })),
  );
  const { rows } = await db.execute<{ events: number }>(sql`
    with handled as (
      select type, handler from jsonb_to_recordset(${pairs}::jsonb) as h(type text, handler text)
    ), taken as (
      select id, type, organization_id from outbox_events
       where dispatched_at is null and type in (select type from handled)
       order by id limit ${limit} for update skip locked
    ), marked as (
      update outbox_events e set dispatched_at = now() from taken where e.id = taken.id
    ), delivered as (
      insert into outbox_deliveries (event_id, handler, organization_id)
      select taken.id, handled.handler, taken.organization_id
        from taken join handled on handled.type = taken.type
       order by taken.id, handled.handler
      on conflict (event_id, handler) do nothing
    )
    select count(*)::int as events from taken`);
  return rows[0]?.events ?? 0;
}

export type DeliveryOutcome =
  | { kind: 'delivered'; deliveryId: number }
  | {
      kind: 'failed';
      deliveryId: number;
      handler: string;
      eventId: number;
      attempts: number;
      dead: boolean;
      error: Error;
    };

/**
 * Takes the oldest due delivery of these handlers (skipping those another dispatcher holds) and
 * runs its handler in a savepoint of the transaction that records the outcome: done with the
 * handler's writes, or failed (attempts, next attempt, last error; dead after the last one) with
 * them rolled back. Null when nothing is due.
 */
export async function deliverNext(
  db: Database,
  handlers: ReadonlyMap<string, AnyEventHandler>,
  policy: DeliveryPolicy = defaultDeliveryPolicy,
): Promise<DeliveryOutcome | null> {
  if (handlers.size === 0) return null;
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ delivery: outboxDeliveries, event: outboxEvents })
      .from(outboxDeliveries)
      .innerJoin(outboxEvents, eq(outboxEvents.id, outboxDeliveries.eventId))
      .where(
        and(
          eq(outboxDeliveries.status, 'pending'),
          lte(outboxDeliveries.nextAttemptAt, sql`now()`),
          inArray(outboxDeliveries.handler, [...handlers.keys()]),
        ),
      )
      .orderBy(asc(outboxDeliveries.nextAttemptAt), asc(outboxDeliveries.id))
      .limit(1)
      .for('update', { of: outboxDeliveries, skipLocked: true });
    if (!due) return null;
    const { delivery, event } = due;
    const handler = handlers.get(delivery.handler)!;
    const attempts = delivery.attempts + 1;
    try {
      // The event and handler on a slow query's log line (observability).
      await runInContext({ eventId: event.id, handler: delivery.handler }, () =>
        tx.transaction(async (savepoint) => {
          const published = publishedEvent(event);
          await (handler as EventHandler).handle(savepoint, published);
        }),
      );
    } catch (thrown) {
      // Deadlocks and serialization failures: the whole transaction runs again, uncounted.
      if (isConcurrencyFailure(thrown)) throw thrown;
      const error = thrown instanceof Error ? thrown : new Error(String(thrown));
      const dead = attempts >= policy.maxAttempts;
      await tx
        .update(outboxDeliveries)
        .set({
          attempts,
          status: dead ? 'dead' : 'pending',
          lastError: (error.message || error.name).slice(0, 2_000),
          nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(attempts, policy)})`,
        })
        .where(eq(outboxDeliveries.id, delivery.id));
      return {
        kind: 'failed' as const,
        deliveryId: delivery.id,
        handler: delivery.handler,
        eventId: event.id,
        attempts,
        dead,
        error,
      };
    }
    await tx
      .update(outboxDeliveries)
      .set({ attempts, status: 'done', deliveredAt: sql`now()`, lastError: null })
      .where(eq(outboxDeliveries.id, delivery.id));
    return { kind: 'delivered' as const, deliveryId: delivery.id };
  });
}
