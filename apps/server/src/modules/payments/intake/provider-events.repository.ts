import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { paymentAttempts, providerEvents } from '../payments.tables';

export type NewProviderEvent = typeof providerEvents.$inferInsert;
export type ProviderEvent = typeof providerEvents.$inferSelect;

/** A delivery to store, with what names its payment: our id, else the provider's reference. */
export interface InboundEventInput extends Omit<
  NewProviderEvent,
  'id' | 'organizationId' | 'attemptId' | 'receivedAt'
> {
  id: string;
  receivedAt: Date;
  /** Our attempt id as the delivery gives it (a UUID, else null). */
  attemptHint: string | null;
  providerRefHint: string | null;
}

/**
 * Stores deliveries in one statement, each with the payment it names (looked up in the same
 * statement: by our id, else by the provider's reference). A retry of one already stored — same
 * provider and dedupe key, in the table or earlier in the batch — is skipped. Returns the ids of
 * the deliveries stored.
 */
export async function insertProviderEvents(
  db: DbOrTx,
  events: readonly InboundEventInput[],
): Promise<Set<string>> {
  if (events.length === 0) return new Set();
  const column = <T>(pick: (event: InboundEventInput) => T) => sql.param(events.map(pick));
  const { rows } = await db.execute<{ id: string }>(sql`
    insert into provider_events (id, provider, dedupe_key, organization_id, attempt_id, method,
      path, headers, raw_body, authenticity, auth_failure, hinted_status, event_type, received_at)
    select event.id, event.provider, event.dedupe_key, named.organization_id, named.id,
      event.method, event.path, event.headers::jsonb, event.raw_body, event.authenticity,
      event.auth_failure, event.hinted_status, event.event_type, event.received_at
    from unnest(${column((e) => e.id)}::uuid[], ${column((e) => e.provider)}::text[],
      ${column((e) => e.dedupeKey)}::text[], ${column((e) => e.attemptHint)}::uuid[],
      ${column((e) => e.providerRefHint)}::text[], ${column((e) => e.method)}::text[],
      ${column((e) => e.path)}::text[], ${column((e) => JSON.stringify(e.headers))}::text[],
      ${column((e) => e.rawBody)}::bytea[], ${column((e) => e.authenticity)}::text[],
      ${column((e) => e.authFailure ?? null)}::text[],
      ${column((e) => e.hintedStatus ?? null)}::text[],
      ${column((e) => e.eventType ?? null)}::text[],
      ${column((e) => e.receivedAt.toISOString())}::timestamptz[])
      with ordinality as event(id, provider, dedupe_key, attempt_hint, ref_hint, method, path,
        headers, raw_body, authenticity, auth_failure, hinted_status, event_type, received_at,
        position)
    left join lateral (
      (select id, organization_id from payment_attempts where id = event.attempt_hint)
      union all
      (select id, organization_id from payment_attempts
        where provider = event.provider and provider_ref = event.ref_hint)
      limit 1) named on true
    order by event.position
    on conflict do nothing
    returning id`);
  return new Set(rows.map((row) => row.id));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a notification names one of this provider's payments, as the insert would find it: by
 * our attempt id, or by the provider's reference.
 */
export async function namesProviderPayment(
  db: DbOrTx,
  provider: string,
  named: { attemptId: string | undefined; providerRef: string | undefined },
): Promise<boolean> {
  const byId = named.attemptId && UUID.test(named.attemptId) ? named.attemptId : undefined;
  if (!byId && !named.providerRef) return false;
  const [row] = await db
    .select({ id: paymentAttempts.id })
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.provider, provider),
        or(
          byId ? eq(paymentAttempts.id, byId.toLowerCase()) : undefined,
          named.providerRef ? eq(paymentAttempts.providerRef, named.providerRef) : undefined,
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A batch of 200 is applied in seconds; a lease of a minute leaves room for a slow database. */
export const EVENT_LEASE_SECONDS = 60;

/**
 * Claims the oldest events not processed yet that no other worker holds (SKIP LOCKED, then a
 * lease of `leaseSeconds`): the workers share the queue without applying the same batch twice,
 * and the events of a worker killed mid-batch are taken over once its lease has run out. The
 * queue survives a crash.
 */
export async function claimUnprocessedEvents(
  db: DbOrTx,
  limit: number,
  maxTries: number,
  leaseSeconds = EVENT_LEASE_SECONDS,
): Promise<ProviderEvent[]> {
  const free = db
    .select({ id: providerEvents.id })
    .from(providerEvents)
    .where(
      and(
        isNull(providerEvents.processedAt),
        lt(providerEvents.tries, maxTries),
        or(isNull(providerEvents.claimedUntil), lt(providerEvents.claimedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(providerEvents.receivedAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(providerEvents)
    .set({ claimedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(inArray(providerEvents.id, free))
    .returning();
  return claimed.sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime());
}

/**
 * Seconds until the first lease another worker holds on a waiting event runs out (null: none):
 * the events of a worker that died are taken over then, without waiting for a new notification.
 */
export async function secondsToNextLeaseEnd(db: DbOrTx, maxTries: number): Promise<number | null> {
  const { rows } = await db.execute<{ seconds: number | null }>(sql`
    select extract(epoch from min(claimed_until) - now())::float8 as seconds from provider_events
    where processed_at is null and tries < ${maxTries} and claimed_until > now()`);
  return rows[0]?.seconds ?? null;
}

/**
 * Records how an event was processed, once: when two workers process the same event (they share
 * the queue), the one that applied it keeps its `applied`, not the other's later `unchanged`.
 */
export async function markEventsProcessed(
  db: DbOrTx,
  eventIds: string[],
  outcome: 'applied' | 'unchanged' | 'flagged' | 'deferred',
  lastError?: string,
): Promise<void> {
  if (eventIds.length === 0) return;
  await db
    .update(providerEvents)
    .set({ processedAt: sql`now()`, outcome, lastError: lastError ?? null })
    .where(and(inArray(providerEvents.id, eventIds), isNull(providerEvents.processedAt)));
}

export async function markEventProcessed(
  db: DbOrTx,
  eventId: string,
  outcome: 'applied' | 'unchanged' | 'flagged' | 'deferred',
  lastError?: string,
): Promise<void> {
  await markEventsProcessed(db, [eventId], outcome, lastError);
}

export async function recordEventFailure(db: DbOrTx, eventId: string, error: string) {
  await db
    .update(providerEvents)
    // Given back at once: the next round tries it again (up to its tries), whoever runs it.
    .set({
      tries: sql`${providerEvents.tries} + 1`,
      lastError: error.slice(0, 500),
      claimedUntil: null,
    })
    .where(eq(providerEvents.id, eventId));
}
