import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import {
  workflowSends,
  type NewWorkflowSend,
  type SendDeferReason,
  type SendSkipReason,
  type WorkflowSend,
} from './workflow-sends.tables';

/** Rows per INSERT (each column is one array parameter: no limit from the parameter count). */
const INSERT_CHUNK = 10_000;

const ts = (value: Date | string | null | undefined) =>
  value === null || value === undefined
    ? null
    : value instanceof Date
      ? value.toISOString()
      : value;

/**
 * Inserts planned (or already skipped) sends; a send whose key exists — the same workflow,
 * subject, occurrence, channel and recipient — is left as it is: planning again, two planners at
 * once or a clock moved back insert nothing twice. Returns how many rows were new. One statement
 * per 10,000 rows, the columns sent as arrays (`unnest`): tens of thousands of sends in a second.
 */
export async function insertPlannedSends(
  db: DbOrTx,
  rows: readonly NewWorkflowSend[],
): Promise<number> {
  let inserted = 0;
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    const chunk = rows.slice(start, start + INSERT_CHUNK);
    const column = <T>(read: (row: NewWorkflowSend) => T) => sql.param(chunk.map(read));
    const result = await db.execute<{ inserted: number }>(sql`
      with added as (
        insert into ${workflowSends} (organization_id, workflow_id, subject_kind, subject_id,
          occurrence, channel, recipient, guardian_id, student_id, invoice_id, scheduled_for,
          status, skip_reason, processed_at)
        select * from unnest(
          ${column((row) => row.organizationId)}::uuid[],
          ${column((row) => row.workflowId)}::uuid[],
          ${column((row) => row.subjectKind)}::text[],
          ${column((row) => row.subjectId)}::text[],
          ${column((row) => row.occurrence)}::text[],
          ${column((row) => row.channel)}::text[],
          ${column((row) => row.recipient)}::text[],
          ${column((row) => row.guardianId ?? null)}::uuid[],
          ${column((row) => row.studentId ?? null)}::uuid[],
          ${column((row) => row.invoiceId ?? null)}::uuid[],
          ${column((row) => ts(row.scheduledFor))}::timestamptz[],
          ${column((row) => row.status ?? 'planned')}::text[],
          ${column((row) => row.skipReason ?? null)}::text[],
          ${column((row) => ts(row.processedAt))}::timestamptz[])
        on conflict (organization_id, workflow_id, subject_kind, subject_id, occurrence, channel,
          recipient) do nothing
        returning 1)
      select count(*)::int as inserted from added`);
    inserted += Number(result.rows[0]?.inserted ?? 0);
  }
  return inserted;
}

/**
 * A workflow resumed: its sends skipped because it was paused, whose time has not passed, are
 * planned again (what was sent stays sent: the key keeps it).
 */
export async function revivePausedSends(
  db: DbOrTx,
  organizationId: string,
  workflowId: string,
  notBefore: Date,
): Promise<number> {
  const result = await db
    .update(workflowSends)
    .set({ status: 'planned', skipReason: null, processedAt: null })
    .where(
      and(
        eq(workflowSends.organizationId, organizationId),
        eq(workflowSends.workflowId, workflowId),
        eq(workflowSends.status, 'skipped'),
        eq(workflowSends.skipReason, 'workflow_paused'),
        sql`${workflowSends.scheduledFor} >= ${notBefore}`,
      ),
    )
    .returning({ id: workflowSends.id });
  return result.length;
}

/**
 * Takes up to `limit` planned sends that are due, of every school, locked until the caller's
 * transaction ends; those another dispatcher holds are skipped (SKIP LOCKED), so any number of
 * processes share the queue without taking a send twice.
 */
export async function claimDueSends(tx: DbOrTx, now: Date, limit: number): Promise<WorkflowSend[]> {
  return tx
    .select()
    .from(workflowSends)
    .where(and(eq(workflowSends.status, 'planned'), lte(workflowSends.scheduledFor, now)))
    .orderBy(asc(workflowSends.scheduledFor))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * The due planned sends that belong in the same messages as those claimed (one workflow's
 * invoices to one recipient by one channel: the digest), not held by another dispatcher.
 */
export async function claimSiblingSends(
  tx: DbOrTx,
  now: Date,
  claimed: readonly WorkflowSend[],
): Promise<WorkflowSend[]> {
  const invoiceSends = claimed.filter((send) => send.subjectKind === 'invoice');
  if (invoiceSends.length === 0) return [];
  const keys = sql.join(
    [
      ...new Set(
        invoiceSends.map((send) =>
          JSON.stringify([send.organizationId, send.workflowId, send.channel, send.recipient]),
        ),
      ),
    ].map((key) => {
      const [organizationId, workflowId, channel, recipient] = JSON.parse(key) as string[];
      return sql`(${organizationId}::uuid, ${workflowId}::uuid, ${channel}, ${recipient})`;
    }),
    sql`, `,
  );
  return tx
    .select()
    .from(workflowSends)
    .where(
      and(
        eq(workflowSends.status, 'planned'),
        eq(workflowSends.subjectKind, 'invoice'),
        lte(workflowSends.scheduledFor, now),
        sql`(${workflowSends.organizationId}, ${workflowSends.workflowId}, ${workflowSends.channel}, ${workflowSends.recipient}) in (${keys})`,
        sql`${workflowSends.id} not in (${sql.join(
          claimed.map((send) => sql`${send.id}::uuid`),
          sql`, `,
        )})`,
      ),
    )
    .for('update', { skipLocked: true });
}

/**
 * Serialises the dispatchers on these recipients until the transaction ends (in a fixed order:
 * no deadlock), so that the caps count what another dispatcher has just handed over.
 */
export async function lockRecipients(tx: DbOrTx, recipients: readonly string[]): Promise<void> {
  const keys = [...new Set(recipients)].sort();
  if (keys.length === 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('reminders:' || k, 0))
    from (select k from unnest(${sql.param(keys)}::text[]) k order by k) keys`);
}

export async function markSendsSkipped(
  tx: DbOrTx,
  organizationId: string,
  ids: readonly string[],
  reason: SendSkipReason,
  now: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(workflowSends)
    .set({ status: 'skipped', skipReason: reason, processedAt: now })
    .where(
      and(eq(workflowSends.organizationId, organizationId), inArray(workflowSends.id, [...ids])),
    );
}

export async function markSendsQueued(
  tx: DbOrTx,
  organizationId: string,
  ids: readonly string[],
  outboundMessageId: string | null,
  now: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(workflowSends)
    .set({ status: 'queued', outboundMessageId, processedAt: now })
    .where(
      and(eq(workflowSends.organizationId, organizationId), inArray(workflowSends.id, [...ids])),
    );
}

/** Moves planned sends later (quiet hours, today's cap), saying why. */
export async function deferSends(
  tx: DbOrTx,
  organizationId: string,
  ids: readonly string[],
  until: Date,
  reason: SendDeferReason,
): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(workflowSends)
    .set({ scheduledFor: until, deferredReason: reason })
    .where(
      and(eq(workflowSends.organizationId, organizationId), inArray(workflowSends.id, [...ids])),
    );
}

/**
 * Reminders already handed over since `since` to each of these recipients: in this school
 * (`organizationId`), or on the whole platform (null: every school, SMS only).
 */
export async function countQueuedSince(
  tx: DbOrTx,
  organizationId: string | null,
  recipients: readonly string[],
  since: Date,
  channels: readonly NewWorkflowSend['channel'][],
): Promise<Map<string, number>> {
  if (recipients.length === 0) return new Map();
  // One message may serve several sends (a digest): count messages, not sends.
  const rows = await tx
    .select({
      recipient: workflowSends.recipient,
      count: sql<number>`count(distinct coalesce(${workflowSends.outboundMessageId}::text, ${workflowSends.id}::text))::int`,
    })
    .from(workflowSends)
    .where(
      and(
        organizationId ? eq(workflowSends.organizationId, organizationId) : undefined,
        inArray(workflowSends.recipient, [...recipients]),
        inArray(workflowSends.channel, [...channels]),
        inArray(workflowSends.status, ['queued', 'sent', 'delivered']),
        sql`${workflowSends.processedAt} >= ${since}`,
      ),
    )
    .groupBy(workflowSends.recipient);
  return new Map(rows.map((row) => [row.recipient, Number(row.count)]));
}

/** Planned, sent (handed over) and skipped sends of each workflow: the list's counters. */
export async function countSendsOfWorkflows(
  db: DbOrTx,
  organizationId: string,
  workflowIds: readonly string[],
): Promise<Map<string, { planned: number; sent: number; skipped: number }>> {
  const counts = new Map(workflowIds.map((id) => [id, { planned: 0, sent: 0, skipped: 0 }]));
  if (workflowIds.length === 0) return counts;
  const rows = await db
    .select({
      workflowId: workflowSends.workflowId,
      status: workflowSends.status,
      count: sql<number>`count(*)::int`,
    })
    .from(workflowSends)
    .where(
      and(
        eq(workflowSends.organizationId, organizationId),
        inArray(workflowSends.workflowId, [...workflowIds]),
      ),
    )
    .groupBy(workflowSends.workflowId, workflowSends.status);
  for (const row of rows) {
    const entry = counts.get(row.workflowId);
    if (!entry) continue;
    if (row.status === 'planned') entry.planned += Number(row.count);
    else if (row.status === 'skipped') entry.skipped += Number(row.count);
    else entry.sent += Number(row.count);
  }
  return counts;
}
