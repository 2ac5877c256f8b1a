import { and, asc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { outboundMessages, type OutboundMessage } from './messaging.tables';

export type NewOutboundMessage = typeof outboundMessages.$inferInsert;
export type MessageChannel = OutboundMessage['channel'];

/**
 * The Postgres channel told of each queued message (`email:<id>`, `sms:<id>`, `whatsapp:<id>`).
 * A notification is delivered when the transaction that queued the message commits, and never if
 * it rolls back: that is when its sending job is enqueued (message-dispatch.ts).
 */
export const QUEUED_MESSAGES_CHANNEL = 'outbound_message_queued';

const NO_SCHOOL = '00000000-0000-0000-0000-000000000000';

/**
 * Inserts a message; a `queued` one is announced on QUEUED_MESSAGES_CHANNEL at commit. A message
 * whose dedupe key the school already used, or a second fallback of one WhatsApp message, is not
 * made: the existing row is returned (`created: false`).
 */
export async function insertOutboundMessage(
  db: DbOrTx,
  message: NewOutboundMessage,
): Promise<OutboundMessage & { created?: boolean }> {
  const [row] = await db.insert(outboundMessages).values(message).onConflictDoNothing().returning();
  if (!row) {
    const existing = await findExisting(db, message);
    if (!existing) throw new Error('outbound message not inserted');
    return { ...existing, created: false };
  }
  if (row.status === 'queued') {
    await db.execute(
      sql`select pg_notify(${QUEUED_MESSAGES_CHANNEL}, ${`${row.channel}:${row.id}`})`,
    );
  }
  return row;
}

/** Rows per statement of a batch: the arrays of 5,000 messages are a few megabytes at most. */
const BATCH_CHUNK = 5000;

export interface NewMessageBatch {
  organizationId: string;
  channel: MessageChannel;
  category: OutboundMessage['category'];
  template: string;
  status: 'queued' | 'captured';
  batchKey: string;
  /** Null: at once (the database's now). */
  nextAttemptAt: Date | null;
  messages: readonly {
    recipient: string;
    subject: string | null;
    body: string;
    dedupeKey: string;
  }[];
}

/**
 * Inserts a batch of one school's messages that share all but their recipient, subject, text and
 * dedupe key (a campaign's), by statements of 5,000 rows taking four arrays (`unnest`): a
 * handful of parameters, whatever the count. A message whose dedupe key the school already used
 * is not made. One notification at commit wakes the sending loops for all of them. Returns how
 * many were made.
 */
export async function insertOutboundMessageBatch(
  db: DbOrTx,
  batch: NewMessageBatch,
): Promise<number> {
  let created = 0;
  for (let start = 0; start < batch.messages.length; start += BATCH_CHUNK) {
    const chunk = batch.messages.slice(start, start + BATCH_CHUNK);
    const column = (pick: (message: (typeof chunk)[number]) => string | null) =>
      sql.param(chunk.map(pick));
    const nextAttemptAt = batch.nextAttemptAt ? batch.nextAttemptAt.toISOString() : null;
    const result = await db.execute(sql`
      insert into ${outboundMessages} (organization_id, channel, category, recipient, subject, body,
        template, status, dedupe_key, batch_key, next_attempt_at)
      select ${batch.organizationId}::uuid, ${batch.channel}, ${batch.category}, m.recipient,
        m.subject, m.body, ${batch.template}, ${batch.status}, m.dedupe_key, ${batch.batchKey},
        coalesce(${nextAttemptAt}::timestamptz, now())
      from unnest(${column((message) => message.recipient)}::text[],
        ${column((message) => message.subject)}::text[], ${column((message) => message.body)}::text[],
        ${column((message) => message.dedupeKey)}::text[]) as m(recipient, subject, body, dedupe_key)
      on conflict do nothing
      returning 1`);
    created += result.rows.length;
  }
  if (created > 0 && batch.status === 'queued') {
    await db.execute(sql`select pg_notify(${QUEUED_MESSAGES_CHANNEL}, 'batch')`);
  }
  return created;
}

/** How many messages of each of these batches of the school are in each status. */
export async function countMessagesByBatch(
  db: DbOrTx,
  organizationId: string,
  batchKeys: readonly string[],
): Promise<{ batchKey: string; status: OutboundMessage['status']; total: number }[]> {
  if (batchKeys.length === 0) return [];
  const rows = await db
    .select({
      batchKey: outboundMessages.batchKey,
      status: outboundMessages.status,
      total: sql<number>`count(*)::int`,
    })
    .from(outboundMessages)
    .where(
      and(
        eq(outboundMessages.organizationId, organizationId),
        sql`${outboundMessages.batchKey} = any(${sql.param([...batchKeys])}::text[])`,
      ),
    )
    .groupBy(outboundMessages.batchKey, outboundMessages.status);
  return rows.flatMap((row) => (row.batchKey ? [{ ...row, batchKey: row.batchKey }] : []));
}

async function findExisting(db: DbOrTx, message: NewOutboundMessage) {
  if (message.dedupeKey) {
    const [row] = await db
      .select()
      .from(outboundMessages)
      .where(
        and(
          sql`coalesce(${outboundMessages.organizationId}, ${NO_SCHOOL}::uuid) = ${message.organizationId ?? NO_SCHOOL}::uuid`,
          eq(outboundMessages.dedupeKey, message.dedupeKey),
        ),
      );
    if (row) return row;
  }
  if (message.fallbackOf) {
    const [row] = await db
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.fallbackOf, message.fallbackOf));
    if (row) return row;
  }
  return undefined;
}

/**
 * Takes a queued message that is due for one try: `sending`, its attempts counted. One statement
 * (its own short transaction): of two jobs or processes after the same message, only one gets it;
 * a message sent, failed, captured, being sent or not yet due is not taken.
 */
export async function claimOutboundMessage(
  db: DbOrTx,
  id: string,
  channel: MessageChannel,
  now: Date,
): Promise<OutboundMessage | null> {
  const [row] = await db
    .update(outboundMessages)
    .set({ status: 'sending', attempts: sql`${outboundMessages.attempts} + 1`, claimedAt: now })
    .where(
      and(
        eq(outboundMessages.id, id),
        eq(outboundMessages.channel, channel),
        eq(outboundMessages.status, 'queued'),
        lte(outboundMessages.nextAttemptAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Takes up to `limit` due queued messages of these channels for one try each, oldest due first,
 * in one statement: rows another process is taking are skipped (SKIP LOCKED), so two processes
 * never take the same message.
 */
export async function claimDueMessages(
  db: DbOrTx,
  channels: readonly MessageChannel[],
  now: Date,
  limit: number,
): Promise<OutboundMessage[]> {
  if (channels.length === 0 || limit <= 0) return [];
  const due = db
    .select({ id: outboundMessages.id })
    .from(outboundMessages)
    .where(
      and(
        eq(outboundMessages.status, 'queued'),
        inArray(outboundMessages.channel, [...channels]),
        lte(outboundMessages.nextAttemptAt, now),
      ),
    )
    .orderBy(asc(outboundMessages.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return (
    db
      .update(outboundMessages)
      .set({ status: 'sending', attempts: sql`${outboundMessages.attempts} + 1`, claimedAt: now })
      // `= any(array(…))`: the locking subquery runs once (an IN could be re-scanned and lock past
      // its LIMIT, SKIP LOCKED finding new rows each time).
      .where(
        and(
          sql`${outboundMessages.id} = any(array(${due}))`,
          eq(outboundMessages.status, 'queued'),
        ),
      )
      .returning()
  );
}

/**
 * The provider took the message: `sent` with its id — unless a delivery report already moved it
 * on (delivered or failed before the answer came back), which stays.
 */
export async function recordAccepted(
  db: DbOrTx,
  id: string,
  provider: string,
  providerMessageId: string,
  now: Date,
): Promise<void> {
  await db
    .update(outboundMessages)
    .set({
      status: sql`case when ${outboundMessages.status} = 'sending' then 'sent' else ${outboundMessages.status} end`,
      provider,
      providerMessageId: sql`coalesce(${outboundMessages.providerMessageId}, ${providerMessageId})`,
      sentAt: sql`coalesce(${outboundMessages.sentAt}, ${now.toISOString()}::timestamptz)`,
      lastError: null,
    })
    .where(eq(outboundMessages.id, id));
}

/** A try that did not send: `queued` again, not before `nextAttemptAt`. */
export async function recordRetry(
  db: DbOrTx,
  id: string,
  error: string,
  nextAttemptAt: Date,
): Promise<void> {
  await db
    .update(outboundMessages)
    .set({ status: 'queued', lastError: error, nextAttemptAt })
    .where(and(eq(outboundMessages.id, id), eq(outboundMessages.status, 'sending')));
}

/**
 * A try that ends the message: `failed` (refused for good, or an outcome that must not be sent
 * again) or `dead` (every try failed). Returns the row when this call ended it.
 */
export async function recordGivenUp(
  db: DbOrTx,
  id: string,
  status: 'failed' | 'dead',
  error: string,
  provider: string | null,
  metadata: Record<string, unknown> = {},
): Promise<OutboundMessage | null> {
  const [row] = await db
    .update(outboundMessages)
    .set({
      status,
      lastError: error,
      ...(provider ? { provider } : {}),
      metadata: sql`${outboundMessages.metadata} || ${JSON.stringify(metadata)}::jsonb`,
    })
    .where(and(eq(outboundMessages.id, id), eq(outboundMessages.status, 'sending')))
    .returning();
  return row ?? null;
}

export async function findOutboundMessage(
  db: DbOrTx,
  id: string,
): Promise<OutboundMessage | undefined> {
  const [row] = await db.select().from(outboundMessages).where(eq(outboundMessages.id, id));
  return row;
}

/**
 * Messages held `sending` since before `claimedBefore` (their process died during the call) go
 * back to `queued`: the sweep offers them again.
 */
export async function releaseAbandonedMessages(db: DbOrTx, claimedBefore: Date): Promise<number> {
  const rows = await db
    .update(outboundMessages)
    .set({ status: 'queued' })
    .where(
      and(eq(outboundMessages.status, 'sending'), lt(outboundMessages.claimedAt, claimedBefore)),
    )
    .returning({ id: outboundMessages.id });
  return rows.length;
}

/**
 * Queued messages of these channels due since before `dueBefore` (queued, or their retry time
 * passed): their job should have taken them. Oldest first (`outbound_messages_waiting_idx`).
 */
export async function findWaitingMessages(
  db: DbOrTx,
  channels: readonly MessageChannel[],
  dueBefore: Date,
  limit: number,
): Promise<{ id: string; channel: MessageChannel }[]> {
  if (channels.length === 0) return [];
  return db
    .select({ id: outboundMessages.id, channel: outboundMessages.channel })
    .from(outboundMessages)
    .where(
      and(
        eq(outboundMessages.status, 'queued'),
        inArray(outboundMessages.channel, [...channels]),
        lt(outboundMessages.nextAttemptAt, dueBefore),
      ),
    )
    .orderBy(asc(outboundMessages.nextAttemptAt))
    .limit(limit);
}
