/**
 * Named read-only query: a workflow's run history — its sends with the student, the guardian,
 * the invoice's number and what became of the message (sent, delivered, failed) — and its counts
 * by outcome. Reads students' `students`, `guardians`, billing's `invoices` and messaging's
 * `outbound_messages` (status only).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { SendStatusValue } from '@ecolage/contracts';
import type { DbOrTx } from '../../../platform/db/database';
import { invoices } from '../../billing/billing.tables';
import { outboundMessages } from '../../messaging/messaging.tables';
import { guardians, students } from '../../students/students.tables';
import { workflowSends, type WorkflowSend } from '../sends/workflow-sends.tables';

/** A queued send's outcome is its message's: sent, delivered, failed (dead is failed). */
const effectiveStatus = sql`case
  when ws.status = 'queued' and m.status in ('sent', 'delivered') then m.status
  when ws.status = 'queued' and m.status in ('failed', 'dead') then 'failed'
  else ws.status end`;

export interface RunRow {
  id: string;
  studentId: string | null;
  studentName: string | null;
  matricule: string | null;
  guardianId: string | null;
  guardianName: string | null;
  invoiceId: string | null;
  invoiceNumber: string | null;
  channel: WorkflowSend['channel'];
  recipient: string;
  occurrence: string;
  scheduledFor: Date;
  processedAt: Date | null;
  status: SendStatusValue;
  skipReason: WorkflowSend['skipReason'];
  deferredReason: WorkflowSend['deferredReason'];
  outboundMessageId: string | null;
}

const from = (organizationId: string, workflowId: string) => sql`
  from ${workflowSends} ws
  left join ${outboundMessages} m on m.id = ws.outbound_message_id
  left join ${students} s on s.organization_id = ws.organization_id and s.id = ws.student_id
  left join ${guardians} g on g.organization_id = ws.organization_id and g.id = ws.guardian_id
  left join ${invoices} i on i.organization_id = ws.organization_id and i.id = ws.invoice_id
  where ws.organization_id = ${organizationId} and ws.workflow_id = ${workflowId}`;

export async function findRuns(
  db: DbOrTx,
  organizationId: string,
  workflowId: string,
  page: { status?: SendStatusValue; offset: number; limit: number },
): Promise<{ rows: RunRow[]; total: number }> {
  const filter: SQL = page.status ? sql` and ${effectiveStatus} = ${page.status}` : sql``;
  const total = await db.execute<{ total: number }>(
    sql`select count(*)::int as total ${from(organizationId, workflowId)}${filter}`,
  );
  const result = await db.execute<Record<string, unknown>>(sql`
    select ws.id, ws.student_id, s.full_name as student_name, s.matricule,
      ws.guardian_id, g.full_name as guardian_name, ws.invoice_id, i.number as invoice_number,
      ws.channel, ws.recipient, ws.occurrence, ws.scheduled_for, ws.processed_at,
      ${effectiveStatus} as status, ws.skip_reason, ws.deferred_reason, ws.outbound_message_id
    ${from(organizationId, workflowId)}${filter}
    order by ws.scheduled_for desc, ws.id
    limit ${page.limit} offset ${page.offset}`);
  return {
    total: Number(total.rows[0]?.total ?? 0),
    rows: result.rows.map((row) => ({
      id: row.id as string,
      studentId: row.student_id as string | null,
      studentName: row.student_name as string | null,
      matricule: row.matricule as string | null,
      guardianId: row.guardian_id as string | null,
      guardianName: row.guardian_name as string | null,
      invoiceId: row.invoice_id as string | null,
      invoiceNumber: row.invoice_number as string | null,
      channel: row.channel as RunRow['channel'],
      recipient: row.recipient as string,
      occurrence: row.occurrence as string,
      scheduledFor: new Date(row.scheduled_for as string),
      processedAt: row.processed_at ? new Date(row.processed_at as string) : null,
      status: row.status as SendStatusValue,
      skipReason: row.skip_reason as RunRow['skipReason'],
      deferredReason: row.deferred_reason as RunRow['deferredReason'],
      outboundMessageId: row.outbound_message_id as string | null,
    })),
  };
}

/** How many sends of the workflow ended each way (skipped ones by reason). */
export async function countRuns(
  db: DbOrTx,
  organizationId: string,
  workflowId: string,
): Promise<{ status: SendStatusValue; skipReason: WorkflowSend['skipReason']; count: number }[]> {
  const result = await db.execute<{
    status: string;
    skip_reason: string | null;
    count: number;
  }>(sql`
    select ${effectiveStatus} as status, ws.skip_reason, count(*)::int as count
    ${from(organizationId, workflowId)}
    group by 1, 2`);
  return result.rows.map((row) => ({
    status: row.status as SendStatusValue,
    skipReason: row.skip_reason as WorkflowSend['skipReason'],
    count: Number(row.count),
  }));
}

/** The sends of a workflow already handed over (« Simuler » says « déjà envoyé »). */
export async function findHandledSendKeys(
  db: DbOrTx,
  organizationId: string,
  workflowId: string,
): Promise<Set<string>> {
  const result = await db.execute<{ key: string }>(sql`
    select concat_ws('|', ws.subject_id, ws.occurrence, ws.channel, ws.recipient) as key
    from ${workflowSends} ws
    where ws.organization_id = ${organizationId} and ws.workflow_id = ${workflowId}
      and ws.status in ('queued', 'sent', 'delivered')`);
  return new Set(result.rows.map((row) => row.key));
}
